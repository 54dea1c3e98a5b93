#!/usr/bin/env python3
"""Build tests/fixtures/solve_popeye.tsv: chess problems solved by Popeye, the reference solver.

Every record is a position (FEN, the side to move plays first), a stipulation and
what Popeye found: for #n, =n, s#n, s=n the set of key moves (Popeye's `!` lines), for h#n,
h=n, h#n.5 every whole solution (short ones included). Moves are written in UCI, from-square,
to-square and promotion letter (castling as the king's move, e1g1).

Problems come from two sources:
  * random legal positions with few pieces, drawn per stipulation with a bias toward positions
    that have a solution (the defending king near an edge, the attacker's pieces near it) and
    kept up to a quota of solved and unsolved ones;
  * Popeye's own orthodox examples (BEISPIEL/, EXAMPLES/, TESTS/ in Popeye's source tree):
    problems without fairy conditions, fairy pieces, twins or options that change the play.

Popeye conventions are mapped explicitly: Popeye lets White start #n/=n/s#n/s=n/h#n.5 and
Black start h#n/h=n, so a position whose side to move is the other one is handed to Popeye
colour-swapped and mirrored (and the moves mirrored back); castling rights are mapped with
`option nocastling` (Popeye assumes every king and rook on its start square may castle); an
en passant square becomes `option enpassant FROM MIDDLE TO`.

Requires:
  * Popeye (https://github.com/thomas-maeder/popeye, build with `make -f makefile.unx`), path
    from --popeye, $FENBOARD_POPEYE, or `py` on PATH. Its code is never part of fenboard.
  * python-chess 1.11 (`pip install chess==1.11.2`): random legal positions (`is_valid`),
    FENs of Popeye's examples, and replaying Popeye's moves so every one is checked legal before
    it is written as UCI.

Usage: scripts/make-solve-fixtures.py [--popeye PATH] [--popeye-src DIR] [--seed N] [--out FILE]
The random records are deterministic for a given seed and Popeye version (Popeye is exhaustive,
so its answers do not depend on timing). Popeye's examples are kept only when Popeye solves them
within --example-timeout seconds (keeping the fixture test quick), so a loaded machine keeps
a few fewer of them.
"""

import argparse
import concurrent.futures
import os
import random
import re
import shutil
import subprocess
import json
import sys
import tempfile
from pathlib import Path

import chess

# Per stipulation: (problems with a solution, without one, max random candidates,
#                   attacker's extra pieces (min, max), defender's extra pieces (min, max)).
# "Attacker" is the side that mates (#, =, h#: the side that delivers the goal) — for
# selfmates it is the side the goal is delivered *to*, which wants to be mated.
PLAN = {
    "#1": (26, 8, 400, (1, 3), (0, 3)),
    "#2": (26, 8, 800, (1, 3), (0, 2)),
    "#3": (22, 8, 800, (1, 2), (0, 2)),
    "=1": (10, 4, 600, (1, 3), (0, 2)),
    "=2": (22, 8, 1200, (1, 3), (0, 2)),
    "s#1": (22, 8, 600, None, None),  # grown from seeds, see self_seeds
    "s#2": (20, 8, 600, None, None),
    "s=1": (16, 8, 600, None, None),
    "h#1": (24, 8, 500, (1, 3), (0, 3)),
    "h#2": (24, 8, 800, (1, 2), (0, 2)),
    "h#3": (20, 6, 800, (1, 2), (0, 1)),
    "h=2": (20, 6, 1200, (1, 2), (0, 2)),
    "h#1.5": (22, 8, 800, (1, 3), (0, 2)),
    "h#2.5": (20, 6, 800, (1, 2), (0, 1)),
}

STIP_RE = re.compile(r"^(#|=|s#|s=|h#|h=)([1-9])(\.5)?$")
MOVE_RE = re.compile(r"(0-0-0|0-0|[KQRBS]?([a-h][1-8])[-*]([a-h][1-8])(?:=([QRBS]))?)")
POPEYE_PROMO = {"Q": "q", "R": "r", "B": "b", "S": "n"}


def is_help(stip):
    return stip.startswith("h")


def popeye_white_starts(stip):
    """Popeye: White starts everything but h#n / h=n with a whole n."""
    return not (is_help(stip) and not stip.endswith(".5"))


# ---------------------------------------------------------------- Popeye input and output


def popeye_input(board, stip):
    """Popeye's input for `board` with `stip`; the board is already in Popeye's orientation."""
    placement = board.board_fen().replace("N", "S").replace("n", "s")
    options = ["noboard"]
    nocastle = []
    for color, rank in ((chess.WHITE, 0), (chess.BLACK, 7)):
        king = chess.square(4, rank)
        if board.piece_at(king) != chess.Piece(chess.KING, color):
            continue
        rights = [board.has_queenside_castling_rights(color), board.has_kingside_castling_rights(color)]
        if not any(rights):
            nocastle.append(chess.square_name(king))
            continue
        for file, right in ((0, rights[0]), (7, rights[1])):
            rook = chess.square(file, rank)
            if board.piece_at(rook) == chess.Piece(chess.ROOK, color) and not right:
                nocastle.append(chess.square_name(rook))
    if nocastle:
        options.append("nocastling " + " ".join(nocastle))
    if board.ep_square is not None:
        ep = board.ep_square
        step = 8 if board.turn == chess.WHITE else -8  # the pawn that just moved went away from us
        options.append(
            "enpassant "
            + chess.square_name(ep + step)
            + chess.square_name(ep)
            + chess.square_name(ep - step)
        )
    return "begin\nforsyth {}\nstipulation {}\noption {}\nend\n".format(
        placement, stip, " ".join(options)
    )


def popeye_ready(board, stip):
    """The board Popeye gets and whether it was colour-flipped."""
    flip = board.turn != (chess.WHITE if popeye_white_starts(stip) else chess.BLACK)
    return (board.mirror() if flip else board.copy()), flip


def parse_move(board, token):
    """One Popeye move (`Sg1-f3`, `e7*d8=Q`, `0-0-0`, `e5*d6`) as a legal python-chess move."""
    if token.startswith("0-0"):
        rank = 0 if board.turn == chess.WHITE else 7
        to_file = 2 if token == "0-0-0" else 6
        move = chess.Move(chess.square(4, rank), chess.square(to_file, rank))
    else:
        m = MOVE_RE.fullmatch(token)
        promo = POPEYE_PROMO[m.group(4)] if m.group(4) else None
        move = chess.Move.from_uci(m.group(2) + m.group(3) + (promo or ""))
    if move not in board.legal_moves:
        raise ValueError("Popeye move {} is not legal in {}".format(token, board.fen()))
    return move


def moves_of(line):
    return [m.group(1) for m in MOVE_RE.finditer(line)]


def parse_popeye(board, stip, out):
    """Keys (list of UCI) or solutions (list of UCI lists) from Popeye's output."""
    results = []
    for line in out.splitlines():
        if not re.match(r"^\s+1\.", line):
            continue
        if is_help(stip):
            # `  1.Ka8-b8 h7-h8=S   2.Kb8-a8 g7-g8=Q #`; h#n.5 starts `1...` for the half move.
            b = board.copy()
            seq = []
            for token in moves_of(line):
                move = parse_move(b, token)
                seq.append(move)
                b.push(move)
            goal_reached = b.is_checkmate() if "#" in stip else b.is_stalemate()
            if not goal_reached:
                raise ValueError("Popeye solution {!r} does not reach the goal".format(line))
            results.append(seq)
        else:
            if not line.rstrip().endswith("!"):
                continue  # a try (`?`) — not requested, but never a key
            tokens = moves_of(line)
            results.append(parse_move(board, tokens[0]))
    return results


def mirror_move(move):
    return chess.Move(
        chess.square_mirror(move.from_square),
        chess.square_mirror(move.to_square),
        move.promotion,
    )


def run_popeye(popeye, board, stip, timeout):
    """Popeye's answer for `board` (FEN orientation) as sorted UCI strings, or None when Popeye
    refused the problem or took longer than `timeout` seconds of its own solving time."""
    ready, flip = popeye_ready(board, stip)
    with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as f:
        f.write(popeye_input(ready, stip))
        path = f.name
    try:
        proc = subprocess.run(
            [popeye, "-maxmem", "32M", path],
            capture_output=True,
            text=True,
            timeout=timeout + 5,
        )
    except subprocess.TimeoutExpired:
        return None
    finally:
        os.unlink(path)
    if proc.returncode != 0 or proc.stderr.strip() or "solution finished" not in proc.stdout:
        return None  # Popeye refused the problem (e.g. a position it calls illegal)
    took = re.search(r"solution finished\. Time = ([0-9.]+) s", proc.stdout)
    if not took or float(took.group(1)) > timeout:
        return None
    results = parse_popeye(ready, stip, proc.stdout)
    fix = mirror_move if flip else (lambda m: m)
    if is_help(stip):
        return sorted(" ".join(fix(m).uci() for m in seq) for seq in results)
    return sorted(set(fix(m).uci() for m in results))


# ---------------------------------------------------------------- random positions


def material_ok(board):
    """No side has more pieces than its pawns could have promoted to (python-chess's is_valid
    does not check it; fenboard and shakmaty call such a position illegal)."""
    for color in (chess.WHITE, chess.BLACK):
        extra = sum(
            max(0, len(board.pieces(kind, color)) - start)
            for kind, start in ((chess.QUEEN, 1), (chess.ROOK, 2), (chess.BISHOP, 2), (chess.KNIGHT, 2))
        )
        if len(board.pieces(chess.PAWN, color)) + extra > 8:
            return False
    return True


def edge_square(rng):
    while True:
        sq = rng.randrange(64)
        f, r = chess.square_file(sq), chess.square_rank(sq)
        if f in (0, 7) or r in (0, 7):
            return sq


def near(rng, center, dist):
    while True:
        sq = rng.randrange(64)
        if chess.square_distance(sq, center) <= dist:
            return sq


ATTACK = [chess.QUEEN] * 3 + [chess.ROOK] * 3 + [chess.BISHOP] * 2 + [chess.KNIGHT] * 2 + [chess.PAWN] * 2
DEFEND = [chess.PAWN] * 4 + [chess.KNIGHT] * 2 + [chess.BISHOP] * 2 + [chess.ROOK] * 2 + [chess.QUEEN]


def random_board(rng, stip, att_range, def_range):
    """A random legal position for `stip`, or None when the draw was not legal."""
    mover = rng.choice([chess.WHITE, chess.BLACK])
    # The side that delivers the goal: the mover in #/=, the other side in s#/s=, and in help
    # play the mover for h#n.5, the other side for h#n.
    if stip.startswith("s") or (is_help(stip) and not stip.endswith(".5")):
        goal_side = not mover
    else:
        goal_side = mover
    board = chess.Board(None)
    board.turn = mover
    target = edge_square(rng) if rng.random() < 0.75 else rng.randrange(64)
    board.set_piece_at(target, chess.Piece(chess.KING, not goal_side))
    king = near(rng, target, 3) if rng.random() < 0.6 else rng.randrange(64)
    if king == target:
        return None
    board.set_piece_at(king, chess.Piece(chess.KING, goal_side))
    castle = rng.random() < 0.25
    if castle:  # kings and rooks on their start squares, some rights
        board.clear()
        board.turn = mover
        for color, rank in ((chess.WHITE, 0), (chess.BLACK, 7)):
            if rng.random() < 0.8:
                board.set_piece_at(chess.square(4, rank), chess.Piece(chess.KING, color))
                for file in (0, 7):
                    if rng.random() < 0.7:
                        board.set_piece_at(chess.square(file, rank), chess.Piece(chess.ROOK, color))
            else:
                board.set_piece_at(rng.randrange(64), chess.Piece(chess.KING, color))
        if len(board.pieces(chess.KING, chess.WHITE)) != 1 or len(board.pieces(chess.KING, chess.BLACK)) != 1:
            return None
        target = board.king(not goal_side)
    for color, (lo, hi), bag in ((goal_side, att_range, ATTACK), (not goal_side, def_range, DEFEND)):
        for _ in range(rng.randint(lo, hi)):
            piece = rng.choice(bag)
            sq = near(rng, target, 3) if rng.random() < 0.6 else rng.randrange(64)
            if board.piece_at(sq) or (piece == chess.PAWN and chess.square_rank(sq) in (0, 7)):
                continue
            board.set_piece_at(sq, chess.Piece(piece, color))
    if castle:
        board.castling_rights = board.clean_castling_rights()
        keep = 0
        for sq in chess.SquareSet(board.castling_rights):
            if rng.random() < 0.75:
                keep |= chess.BB_SQUARES[sq]
        board.castling_rights = keep
    if rng.random() < 0.2:
        add_en_passant(rng, board)
    return board if board.is_valid() and material_ok(board) else None


def add_en_passant(rng, board):
    """Put a pawn of the side not to move that has just made a double step beside a pawn of the
    side to move, and set the en passant square (kept only when the capture is legal)."""
    them = not board.turn
    rank = 4 if them == chess.BLACK else 3
    file = rng.randrange(8)
    sq = chess.square(file, rank)
    behind = sq + (8 if them == chess.BLACK else -8)
    start = sq + (16 if them == chess.BLACK else -16)
    if board.piece_at(sq) or board.piece_at(behind) or board.piece_at(start):
        return
    side = file + rng.choice([-1, 1])
    if not 0 <= side < 8:
        return
    capturer = chess.square(side, rank)
    if board.piece_at(capturer) and board.piece_at(capturer).piece_type == chess.KING:
        return
    saved = board.copy()
    board.set_piece_at(sq, chess.Piece(chess.PAWN, them))
    board.set_piece_at(capturer, chess.Piece(chess.PAWN, board.turn))
    board.ep_square = behind
    if not (board.is_valid() and material_ok(board)) or not board.has_legal_en_passant():
        board.set_fen(saved.fen())


# ---------------------------------------------------------------- selfmates
#
# Random positions almost never hold a selfmate (one in thousands): the defender must have
# nothing but moves that mate. So selfmates grow from seeds: positions with both kings in
# corners and heavy pieces around them are screened in Python for a selfmate in 1 (cheap), and
# each seed's neighbours (one piece added, moved or removed) go to Popeye. Neighbours that lose
# the solution are the no-solution records: they sit right at the edge of being sound.

HEAVY = [chess.QUEEN, chess.ROOK, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN, chess.PAWN]


def self_seed_candidate(rng):
    mover = rng.choice([chess.WHITE, chess.BLACK])
    board = chess.Board(None)
    board.turn = mover
    mated = near(rng, rng.choice([chess.A1, chess.H1, chess.A8, chess.H8]), 1)
    board.set_piece_at(mated, chess.Piece(chess.KING, mover))
    mater = edge_square(rng)
    if chess.square_distance(mater, mated) < 2:
        return None
    board.set_piece_at(mater, chess.Piece(chess.KING, not mover))
    plan = [
        (mover, mated, 1, rng.randint(1, 2), [chess.PAWN, chess.PAWN, chess.BISHOP, chess.KNIGHT, chess.ROOK]),
        (mover, mater, 2, rng.randint(1, 2), HEAVY),
        (not mover, mated, 3, rng.randint(1, 2), HEAVY),
        (not mover, mater, 1, rng.randint(0, 1), [chess.PAWN]),
    ]
    for color, center, dist, count, bag in plan:
        for _ in range(count):
            piece = rng.choice(bag)
            sq = near(rng, center, dist)
            if board.piece_at(sq) or (piece == chess.PAWN and chess.square_rank(sq) in (0, 7)):
                continue
            board.set_piece_at(sq, chess.Piece(piece, color))
    return board if board.is_valid() and material_ok(board) else None


def has_self1(board, goal):
    """Whether the side to move forces the other side to deliver `goal` ('#' or '=') at once."""
    for move in board.legal_moves:
        board.push(move)
        replies = list(board.legal_moves)
        ok = bool(replies)
        for reply in replies:
            board.push(reply)
            reached = board.is_checkmate() if goal == "#" else board.is_stalemate()
            board.pop()
            if not reached:
                ok = False
                break
        board.pop()
        if ok:
            return True
    return False


# Seeds found by self_seeds in earlier runs (each checked by Popeye again like any candidate),
# so a run need not spend minutes screening; --seed-budget screens for more.
KNOWN_SEEDS = {
    "#": [
        "5K1k/4R2q/8/6R1/8/8/8/8 b - - 0 1",
        "8/8/8/8/6r1/8/6RR/5k1K w - - 0 1",
        "Q2r1N1N/B1kPpp1p/p1nb2p1/1pPp4/1rp5/K7/PP2PPPP/2qb4 w - b6 0 1",  # Troitzki, ep.inp
    ],
    "=": [
        "8/8/8/8/8/7k/4nr2/6QK w - - 0 1",
        "8/8/8/8/8/4RRq1/7p/5K1k b - - 0 1",
        "Kb1k4/4q3/8/8/8/8/8/2Q5 w - - 0 1",
    ],
}


def self_seeds(rng, goal, count, budget):
    seeds = [chess.Board(fen) for fen in KNOWN_SEEDS[goal] if has_self1(chess.Board(fen), goal)]
    for _ in range(budget):
        board = self_seed_candidate(rng)
        if board is not None and has_self1(board, goal):
            seeds.append(board)
            if len(seeds) >= count:
                break
    return seeds


def neighbour(rng, board):
    """`board` with one piece added, moved (at most two squares) or removed; None if illegal."""
    b = board.copy()
    occupied = list(chess.SquareSet(b.occupied))
    op = rng.random()
    if op < 0.5:
        sq = rng.choice(occupied)
        piece = b.remove_piece_at(sq)
        to = near(rng, sq, 2)
        if b.piece_at(to) or to == sq:
            return None
        b.set_piece_at(to, piece)
    elif op < 0.8:
        to = rng.randrange(64)
        if b.piece_at(to):
            return None
        b.set_piece_at(to, chess.Piece(rng.choice(DEFEND), rng.choice([chess.WHITE, chess.BLACK])))
    else:
        sq = rng.choice(occupied)
        if b.piece_type_at(sq) == chess.KING:
            return None
        b.remove_piece_at(sq)
    if any(chess.square_rank(sq) in (0, 7) for sq in chess.SquareSet(b.pawns)):
        return None
    b.castling_rights = 0
    b.ep_square = None
    return b if b.is_valid() and material_ok(b) else None


def unmove(rng, board):
    """The position one move earlier: a random piece of the side not to move stepped back to a
    square from which its move to where it stands is legal (no capture undone); None if none."""
    them = not board.turn
    squares = list(chess.SquareSet(board.occupied_co[them]))
    rng.shuffle(squares)
    for sq in squares:
        piece = board.piece_at(sq)
        origins = [o for o in range(64) if not board.piece_at(o)]
        rng.shuffle(origins)
        for origin in origins[:24]:
            if piece.piece_type == chess.PAWN and chess.square_rank(origin) in (0, 7):
                continue
            before = board.copy()
            before.remove_piece_at(sq)
            before.set_piece_at(origin, piece)
            before.turn = them
            if before.is_valid() and material_ok(before) and chess.Move(origin, sq) in before.legal_moves:
                return before
    return None


def two_moves_back(rng, board):
    """A selfmate in one with a move of each side undone: seldom a selfmate in two, but a hard
    case for proving there is none."""
    earlier = unmove(rng, board)
    return unmove(rng, earlier) if earlier is not None else None


# ---------------------------------------------------------------- Popeye's own examples

KEYWORDS = {
    "begin": "begin", "anfangproblem": "begin",
    "next": "next", "nextproblem": "next", "weiteresproblem": "next",
    "end": "end", "endproblem": "end", "endeproblem": "end",
    "title": "text", "titel": "text", "author": "text", "autor": "text", "origin": "text",
    "quelle": "text", "award": "text", "auszeichnung": "text", "remark": "text",
    "bemerkung": "text", "protocol": "word", "protokoll": "word",
    "stipulation": "stip", "forderung": "stip",
    "condition": "skip", "bedingung": "skip", "sstipulation": "skip", "sforderung": "skip",
    "twin": "skip", "zwilling": "skip", "zeroposition": "skip", "nullstellung": "skip",
    "forsyth": "skip", "layout": "skip", "input": "skip",
    "option": "option", "pieces": "pieces", "steine": "pieces",
}
COLOURS = {"white": chess.WHITE, "weiss": chess.WHITE, "black": chess.BLACK, "schwarz": chess.BLACK}
PIECE_LETTERS = {  # English and German
    "k": chess.KING, "q": chess.QUEEN, "r": chess.ROOK, "b": chess.BISHOP, "s": chess.KNIGHT, "p": chess.PAWN,
}
GERMAN_LETTERS = {"k": "k", "d": "q", "t": "r", "l": "b", "s": "s", "b": "p"}
HARMLESS_OPTIONS = {
    "variation", "varianten", "try", "verfuehrung", "setplay", "satzspiel", "nothreat",
    "keindrohung", "noboard", "keinbrett", "movenumbers", "zugnummern", "intelligent",
    "noshortvariations", "keinekurzvarianten",
}


def lookup(token, table):
    """Popeye reads any unambiguous prefix of a keyword (e.g. `anfa`, `stei`, `weis`)."""
    token = token.lower()
    if token in table:
        return token
    hits = [k for k in table if k.startswith(token) and len(token) >= 3]
    return hits[0] if len(hits) == 1 else None


def read_examples(src):
    """(title, FEN, stip) of the orthodox problems in Popeye's example files."""
    problems = []
    for path in sorted(list(src.glob("BEISPIEL/*.inp")) + list(src.glob("EXAMPLES/*.inp")) + list(src.glob("TESTS/*.inp"))):
        text = path.read_text(encoding="latin-1")
        german = "anfa" in text.lower()[:200]
        problems += [(f"{path.name}#{i}", *p) for i, p in enumerate(parse_example_file(text, german)) if p]
    return problems


def parse_example_file(text, german):
    lines = text.splitlines()
    out = []
    cur = None

    def finish():
        if cur and not cur.get("bad") and cur.get("stip") and cur.get("pieces"):
            out.append(to_fen(cur, german))
        elif cur is not None:
            out.append(None)

    mode = None  # the command whose arguments follow
    colour = None
    for line in lines:
        tokens = line.split()
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            key = lookup(tok, KEYWORDS)
            in_args = mode in ("pieces", "option") and (
                key is None or (mode == "pieces" and lookup(tok, COLOURS) is not None)
            )
            if key is not None and not in_args:
                kind = KEYWORDS[key]
                if kind in ("begin", "next", "end"):
                    finish()
                    cur = {} if kind != "end" else None
                    mode = None
                    if kind == "end":
                        return out
                elif kind == "text":
                    break  # rest of the line
                elif kind == "word":
                    i += 1
                elif cur is None:
                    pass
                elif kind == "stip":
                    i += 1
                    if i < len(tokens):
                        cur["stip"] = tokens[i]
                    mode = None
                elif kind == "skip":
                    cur["bad"] = True
                    mode = None
                else:
                    mode = kind
                    colour = None
                i += 1
                continue
            if cur is None:
                i += 1
                continue
            if mode == "pieces":
                c = lookup(tok, COLOURS)
                if c is not None:
                    colour = COLOURS[c]
                elif colour is None or not add_pieces(cur, colour, tok.lower(), german):
                    cur["bad"] = True
            elif mode == "option":
                opt = tok.lower()
                if opt in ("enpassant",):
                    sqs = tokens[i + 1] if i + 1 < len(tokens) else ""
                    cur["ep"] = sqs
                    i += 1
                elif opt in ("nocastling", "keinrochade"):
                    cur["nocastle"] = tokens[i + 1] if i + 1 < len(tokens) else ""
                    i += 1
                elif lookup(opt, {o: 1 for o in HARMLESS_OPTIONS}) is None:
                    cur["bad"] = True
            else:
                cur["bad"] = True
            i += 1
    finish()
    return out


def add_pieces(cur, colour, tok, german):
    m = re.fullmatch(r"([a-z])((?:[a-h][1-8])+)", tok)
    if not m:
        return False
    letter = m.group(1)
    if german:
        letter = GERMAN_LETTERS.get(letter)
    if letter not in PIECE_LETTERS:
        return False
    for k in range(0, len(m.group(2)), 2):
        cur.setdefault("pieces", []).append((m.group(2)[k : k + 2], chess.Piece(PIECE_LETTERS[letter], colour)))
    return True


def to_fen(cur, german):
    stip = cur["stip"].lower()
    m = STIP_RE.match(stip)
    if not m or (stip.endswith(".5") and not is_help(stip)) or int(m.group(2)) > 3:
        return None
    board = chess.Board(None)
    for sq, piece in cur["pieces"]:
        board.set_piece_at(chess.parse_square(sq), piece)
    board.turn = chess.WHITE if popeye_white_starts(stip) else chess.BLACK
    board.castling_rights = chess.BB_A1 | chess.BB_H1 | chess.BB_A8 | chess.BB_H8
    board.castling_rights = board.clean_castling_rights()
    for sq in re.findall(r"[a-h][1-8]", cur.get("nocastle", "")):
        s = chess.parse_square(sq)
        if chess.square_file(s) == 4:
            board.castling_rights &= ~(chess.BB_RANK_1 if chess.square_rank(s) == 0 else chess.BB_RANK_8)
        board.castling_rights &= ~chess.BB_SQUARES[s]
    if "ep" in cur:
        sqs = re.findall(r"[a-h][1-8]", cur["ep"])
        if len(sqs) != 3:
            return None
        board.ep_square = chess.parse_square(sqs[1])
    if not (board.is_valid() and material_ok(board)):
        return None
    return board.fen(), stip


# ---------------------------------------------------------------- main


def find_popeye(arg):
    for cand in (arg, os.environ.get("FENBOARD_POPEYE"), shutil.which("py"), "/work/popeye/py"):
        if cand and Path(cand).is_file() and os.access(cand, os.X_OK):
            return cand
    sys.exit("Popeye not found: pass --popeye PATH or set FENBOARD_POPEYE")


def reachable(records, fenboard):
    """The records whose position fenboard calls legal: python-chess's `is_valid` misses the
    retro-legality errors (pawns that need more captures than the other side has lost, caged
    pieces), and fenboard refuses to solve such a position (exit 2), as it must."""
    if not fenboard:
        print("no --fenboard: records are not checked for retro-legality", file=sys.stderr)
        return records
    text = "".join(fen + "\n" for fen, *_ in records)
    out = subprocess.run([fenboard, "check", "--json", "-"], input=text, capture_output=True, text=True)
    valid = [json.loads(line)["valid"] for line in out.stdout.splitlines()]
    kept = [r for r, ok in zip(records, valid) if ok]
    print(f"dropped {len(records) - len(kept)} positions fenboard proves unreachable", file=sys.stderr)
    return kept


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--popeye")
    ap.add_argument("--popeye-src", default="/work/popeye", help="Popeye's source tree (examples)")
    ap.add_argument("--fenboard", help="fenboard binary: drops positions it proves unreachable")
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--timeout", type=float, default=1.0)
    ap.add_argument("--example-timeout", type=float, default=0.3)
    ap.add_argument("--seeds", type=int, default=4, help="selfmate seeds per goal")
    ap.add_argument("--seed-budget", type=int, default=2000, help="candidates screened for seeds")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "tests/fixtures/solve_popeye.tsv"))
    args = ap.parse_args()
    popeye = find_popeye(args.popeye)
    version = subprocess.run([popeye, "-version"], capture_output=True, text=True).stdout.strip().splitlines()
    version = version[0] if version else "Popeye"
    rng = random.Random(args.seed)
    records = []  # (fen, stip, expected list, source)
    seen = set()

    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)

    # Popeye's orthodox examples.
    src = Path(args.popeye_src)
    examples = [p for p in read_examples(src) if p[1:] and p[1] is not None] if src.is_dir() else []
    futures = {pool.submit(run_popeye, popeye, chess.Board(fen), stip, args.example_timeout): (name, fen, stip) for name, fen, stip in examples}
    for fut in futures:
        name, fen, stip = futures[fut]
        res = fut.result()
        if res is not None and (fen, stip) not in seen:
            seen.add((fen, stip))
            records.append((fen, stip, res, "popeye:" + name))
    print(f"{len(records)} of Popeye's examples", file=sys.stderr)

    # Random positions, quota per stipulation.
    seeds = {goal: self_seeds(rng, goal, args.seeds, args.seed_budget) for goal in "#="}
    print(f"selfmate seeds: {len(seeds['#'])} for s#, {len(seeds['='])} for s=", file=sys.stderr)
    for stip, (want_yes, want_no, max_tries, att, dfd) in PLAN.items():
        yes = no = tries = 0
        pool_of = seeds[stip[1]] if stip.startswith("s") else None
        while (yes < want_yes or no < want_no) and tries < max_tries:
            batch = []
            while len(batch) < 16 and tries < max_tries:
                if pool_of:
                    board = rng.choice(pool_of)
                    if stip == "s#2" and rng.random() < 0.3:
                        board = two_moves_back(rng, board)
                    elif rng.random() < 0.7:
                        board = neighbour(rng, board)
                else:
                    board = random_board(rng, stip, att, dfd)
                if board is None:
                    continue
                tries += 1
                key = (board.fen(), stip)
                if key in seen:
                    continue
                seen.add(key)
                batch.append(board)
            for board, res in zip(batch, pool.map(lambda b: run_popeye(popeye, b, stip, args.timeout), batch)):
                if res is None:
                    continue
                if res and yes < want_yes:
                    yes += 1
                    if pool_of is not None and len(pool_of) < 4 * args.seeds:
                        pool_of.append(board)  # grow the neighbourhood from solved ones
                elif not res and no < want_no:
                    no += 1
                else:
                    continue
                records.append((board.fen(), stip, res, "random"))
        print(f"{stip}: {yes} with a solution, {no} without, {tries} candidates", file=sys.stderr)
    pool.shutdown()
    records = reachable(records, args.fenboard)

    with open(args.out, "w") as f:
        f.write(f"# Chess problems solved by {version} (scripts/make-solve-fixtures.py, seed {args.seed}).\n")
        f.write("# expected: keys (#n =n s#n s=n) or whole solutions (h#), UCI, sorted, ',' between; '-' = none.\n")
        f.write("fen\tstipulation\texpected\tsource\n")
        for fen, stip, res, source in records:
            f.write(f"{fen}\t{stip}\t{','.join(res) if res else '-'}\t{source}\n")
    print(f"wrote {len(records)} problems to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
