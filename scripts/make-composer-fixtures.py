#!/usr/bin/env python3
"""Build tests/fixtures/solve_popeye_composers.tsv: problems as composers write them (series and
reflex play, helpmates in their fixed order, set play, twins, the variations of a #2 with a
threat), each solved by Popeye, the reference solver.

One row per twin of a problem (an untwinned problem is one row, twin `a`). Columns:

  id          the problem's number; the rows of one problem's twins share it
  twin        a, b, c … (the diagram is a)
  fen         the diagram, with White to move for #n, =n, s#n, r#n, r=n, ser-#n, ser-=n and
              ser-s#n; any side for h#n, h#n.5 and ser-h#n, whose order of play is fixed
              (Black begins h#n and ser-h#n, White begins h#n.5) whatever the FEN says
  stipulation the diagram's stipulation in fenboard's spelling (`ser-h#3`, `r#2`, `h#1.5`)
  setplay     yes when set play was asked for (Popeye's `option setplay`), else no
  twins       the twins as the EPD operation `twins` holds them (`b) move c3 d4 c) cont add
              black pe4`), `-` when the problem has none; the same on every row of a problem
  board       this twin's piece placement (the FEN's first field) after its twin commands
  twin_stipulation this twin's stipulation (a `stipulation` twin changes it)
  keys        #n, =n, s#n, s=n, r#n, r=n: Popeye's keys (its `!` lines, short mates
              included); `.` for help and series play, which have no keys
  solutions   help and series play: every whole solution Popeye prints (short ones
              included), moves separated by spaces; `.` for the other families
  set         set play, when asked for: for #n, s#n, r#n every `defence answer` pair Popeye
              prints before the key (Black's move in the diagram and each of White's first
              answers); for h#n every whole set line, White's move first; `.` when not asked
  defences    for a #2 solved with Popeye's `option variation`: every `key defence answer`
              triple Popeye prints under a key's threat (the defences after which the threat no
              longer works, each with every mate that follows); keys that mate at once or
              threaten nothing (zugzwang) give none; `.` for every other problem
  source      random (seeded), popeye:FILE#N (Popeye's own examples) or examples:ID
              (assets/examples/chess-mates.epd)

Every list is sorted and ',' separated; `-` is an empty list. Moves are UCI: from-square,
to-square, promotion letter; castling as the king's move (e1g1). Every Popeye move is replayed
with python-chess on the twin's own board (series moves with the other side standing still)
before it is written, and every solution is checked to reach its goal, so a misread twin or a
misparsed line fails here, not in the test.

The goals of the last move (`x` capture, `%` win a piece, which in orthodox chess is a capture,
`+` check, `ep` en passant, `00` castling) come in direct (`x3`), help (`hx2`, `h002`) and series
(`ser-x3`, `ser-hep2`) play, from random positions of their own random stream (positions with
an en passant or a castling to come for `ep` and `00`); `--goals-only` draws only those and
keeps every other row of --out as it is.

Problems come from random positions with few men (seeded, each family drawn with a bias toward
positions that have a solution, kept up to a quota of solved and unsolved ones), from
selfmate-in-one seeds grown backwards by series moves (ser-s#n), and from Popeye's own orthodox
examples (EXAMPLES/, BEISPIEL/, TESTS/, REGRESSIONS/ in Popeye's source tree: no condition, no
fairy piece, English twin commands one per twin, options among setplay and the harmless ones),
kept when Popeye solves them within --example-timeout seconds. Positions where a reflex problem's
constraint already binds in the diagram (Popeye's `?!?` lines: White could mate at once) are
left out: they are not problems; so are series problems where a printed solution comes back to
a position it has been in (Popeye lists only some of those lines). A problem Popeye takes
longer than --timeout seconds for is dropped, so a heavily loaded machine may draw a slightly
different set for the same seed.

Requires Popeye (see scripts/make-solve-fixtures.py; its code is never part of fenboard),
python-chess 1.11 (`pip install chess==1.11.2`) and, with --fenboard, a fenboard binary to drop
the positions it proves unreachable.

Usage: scripts/make-composer-fixtures.py [--popeye PATH] [--popeye-src DIR] [--fenboard BIN]
                                         [--seed N] [--out FILE]
"""

import argparse
import concurrent.futures
import importlib.util
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import chess

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("solve_fixtures", HERE / "make-solve-fixtures.py")
base = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(base)

STIP_RE = re.compile(r"^(ser-h|ser-s|ser-|h|s|r|)(#|=|\+|x|%|ep|00)([1-9][0-9]?)(\.5)?$")


# ---------------------------------------------------------------- stipulations


def family(stip):
    """`ser-h#`, `r=`, `h#`, `#` …: the stipulation without its number."""
    m = STIP_RE.match(stip)
    return m.group(1) + m.group(2)


def length(stip):
    m = STIP_RE.match(stip)
    return int(m.group(3)) + (0.5 if m.group(4) else 0)


def is_listed(stip):
    """Help and series play: Popeye prints whole solutions, not keys."""
    return stip.startswith("h") or stip.startswith("ser-")


def starter(stip):
    """Who moves first in Popeye (and in the composers' convention)."""
    if stip.startswith("ser-h") or (stip.startswith("h") and not stip.endswith(".5")):
        return chess.BLACK
    return chess.WHITE


def movers(stip, plies):
    """The colour of each of a solution's `plies` moves."""
    if stip.startswith("ser-"):
        side = chess.BLACK if stip.startswith("ser-h") else chess.WHITE
        last = (not side) if stip.startswith(("ser-h", "ser-s")) else side
        return [side] * (plies - 1) + [last]
    first = starter(stip)
    return [first if i % 2 == 0 else (not first) for i in range(plies)]


def goal(stip):
    """The stipulation's goal sign: `#`, `=`, or one of the goals of the last move (`+`
    check, `x` capture, `%` win a piece, `ep` en passant, `00` castling)."""
    return STIP_RE.match(stip).group(2)


def goal_reached(board, stip):
    """Whether the last move played on `board` reached the stipulation's goal."""
    g = goal(stip)
    if g == "#":
        return board.is_checkmate()
    if g == "=":
        return board.is_stalemate()
    if g == "+":
        return board.is_check()
    before = board.copy()
    last = before.pop()
    if g in ("x", "%"):
        return before.is_capture(last)
    if g == "ep":
        return before.is_en_passant(last)
    return before.is_castling(last)


# ---------------------------------------------------------------- twins


def sq(name):
    return chess.parse_square(name)


def remap(board, fn):
    """`board` with every piece moved from square s to fn(s) (None if one falls off)."""
    out = chess.Board(None)
    for s, piece in board.piece_map().items():
        f, r = fn(chess.square_file(s), chess.square_rank(s))
        if not (0 <= f < 8 and 0 <= r < 8):
            return None
        out.set_piece_at(chess.square(f, r), piece)
    return out


GEOMETRY = {
    "rotate 90": lambda f, r: (7 - r, f),
    "rotate 180": lambda f, r: (7 - f, 7 - r),
    "rotate 270": lambda f, r: (r, 7 - f),
    "mirror a1<-->h1": lambda f, r: (7 - f, r),
    "mirror a1<-->a8": lambda f, r: (f, 7 - r),
    "mirror a1<-->h8": lambda f, r: (7 - r, 7 - f),
    "mirror a8<-->h1": lambda f, r: (r, f),
}
POPEYE_PIECE = {"k": chess.KING, "q": chess.QUEEN, "r": chess.ROOK, "b": chess.BISHOP, "s": chess.KNIGHT, "p": chess.PAWN}


def apply_twin(board, stip, command):
    """(board, stipulation) after one twin command (without `cont`), or None if it does not
    apply (a square without a piece, a piece pushed off the board)."""
    words = command.split()
    op = words[0]
    b = board.copy()
    if op == "stipulation":
        return b, words[1]
    if op in ("move", "exchange"):
        a, c = sq(words[1]), sq(words[2])
        pa, pc = b.piece_at(a), b.piece_at(c)
        if pa is None or (op == "exchange" and pc is None):
            return None
        b.remove_piece_at(a)
        if op == "exchange":
            b.set_piece_at(a, pc)
        b.set_piece_at(c, pa)
        return b, stip
    if op == "remove":
        if b.remove_piece_at(sq(words[1])) is None:
            return None
        return b, stip
    if op == "add":
        colour = chess.WHITE if words[1] == "white" else chess.BLACK
        b.set_piece_at(sq(words[2][1:]), chess.Piece(POPEYE_PIECE[words[2][0]], colour))
        return b, stip
    if op == "polish":
        out = chess.Board(None)
        for s, piece in b.piece_map().items():
            out.set_piece_at(s, chess.Piece(piece.piece_type, not piece.color))
        return out, stip
    if op == "shift":
        a, c = sq(words[1]), sq(words[2])
        df = chess.square_file(c) - chess.square_file(a)
        dr = chess.square_rank(c) - chess.square_rank(a)
        moved = remap(b, lambda f, r: (f + df, r + dr))
        return (moved, stip) if moved is not None else None
    geometry = GEOMETRY.get(command)
    if geometry is not None:
        return remap(b, geometry), stip
    raise ValueError("unknown twin command " + command)


def twin_positions(board, stip, twins):
    """[(label, board, stipulation)] for the diagram and each twin, or None if one does not
    apply; `twins` is [(label, command)], a command may start with `cont`."""
    out = [("a", board, stip)]
    for label, command in twins:
        if command.startswith("cont "):
            prev_board, prev_stip = out[-1][1], out[-1][2]
            res = apply_twin(prev_board, prev_stip, command[5:])
        else:
            res = apply_twin(board, stip, command)
        if res is None:
            return None
        out.append((label, res[0], res[1]))
    return out


def twins_text(twins):
    return " ".join(f"{label}) {command}" for label, command in twins) if twins else "-"


def playable(board, stip):
    """`board` with the stipulation's starter to move, if legal and castling-free (a twin's king
    and rook on their start squares would give Popeye castling rights the twin never had)."""
    b = board.copy()
    b.turn = starter(stip)
    b.castling_rights = 0
    b.ep_square = None
    for colour, home in ((chess.WHITE, chess.E1), (chess.BLACK, chess.E8)):
        if b.piece_at(home) == chess.Piece(chess.KING, colour):
            for corner in (home - 4, home + 3):
                if b.piece_at(corner) == chess.Piece(chess.ROOK, colour):
                    return None
    if any(chess.square_rank(s) in (0, 7) for s in chess.SquareSet(b.pawns)):
        return None
    return b if b.is_valid() and base.material_ok(b) else None


# ---------------------------------------------------------------- Popeye


def castling_and_ep(board):
    """Popeye's `nocastling` and `enpassant` options for `board` (already with the starter to
    move), as in make-solve-fixtures.py."""
    text = base.popeye_input(board, "#1")
    return re.search(r"^option noboard ?(.*)$", text, re.M).group(1)


def popeye_input(board, stip, setplay=False, variation=False, twins=()):
    options = "noboard " + castling_and_ep(board)
    if setplay:
        options += " setplay"
    if variation:
        options += " variation"
    lines = ["begin", "forsyth " + board.board_fen().replace("N", "S").replace("n", "s")]
    lines += ["stipulation " + stip, "option " + options.strip()]
    lines += ["twin " + command for _, command in twins]
    return "\n".join(lines + ["end", ""])


class Refused(Exception):
    pass


def run_popeye(popeye, text, timeout):
    """Popeye's output for `text`, and its solving time; Refused when it refused the problem or
    took longer than `timeout` seconds."""
    with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        proc = subprocess.run([popeye, "-maxmem", "64M", path], capture_output=True, text=True, timeout=timeout + 5)
    except subprocess.TimeoutExpired:
        raise Refused("timeout")
    finally:
        os.unlink(path)
    out = proc.stdout
    took = re.search(r"solution finished\. Time = ([0-9.]+) s", out)
    if proc.returncode != 0 or proc.stderr.strip() or not took or float(took.group(1)) > timeout:
        raise Refused("refused or slow")
    return out, float(took.group(1))


def sections(out):
    """Popeye's output split by twin: {label: [lines]} (`a` alone when there are no twins)."""
    parts = {"a": []}
    current = "a"
    for line in out.splitlines()[1:]:
        m = re.match(r"^\+?([a-z])\) ", line)
        if m:
            current = m.group(1)
            parts[current] = []
            continue
        if "solution finished" in line:
            continue
        parts[current].append(line)
    return parts


class Repeats(Exception):
    """A series that comes back to a position it has been in: Popeye prints some such lines and
    leaves out others of the same kind (after 1.Kd8 2.Kc8 it lists 3.Kd8 4.Kc8 but not 3.Kb8
    4.Kc8), so a problem with one is no reference."""


def replay(board, stip, tokens):
    """The UCI moves of one whole line of help or series play, checked legal move by move."""
    b = board.copy()
    out = []
    seen = {b.board_fen()}
    for token, mover in zip(tokens, movers(stip, len(tokens))):
        if b.turn != mover:
            b.push(chess.Move.null())
        move = base.parse_move(b, token)
        out.append(move.uci())
        b.push(move)
        if stip.startswith("ser-") and b.board_fen() in seen:
            raise Repeats()
        seen.add(b.board_fen())
    return out, b


def parse_listed(board, stip, lines, set_play):
    """Whole solutions (and, with set play, the set lines) of help or series play."""
    solutions, sets = [], []
    for line in lines:
        if re.match(r"^  1\.\.\.", line) and not stip.endswith(".5"):
            if not set_play:
                raise ValueError("a set line without set play: " + line)
            # h#n's set play: White first, then the h#(n-0.5) order.
            tokens = base.moves_of(line)
            set_stip = "h" + stip[1] + str(length(stip) - 0.5)
            b = board.copy()
            b.turn = chess.WHITE
            moves, end = replay(b, set_stip, tokens)
            if not goal_reached(end, stip):
                raise ValueError("set line does not reach the goal: " + line)
            sets.append(" ".join(moves))
        elif re.match(r"^  1\.", line):
            moves, end = replay(board, stip, base.moves_of(line))
            if not goal_reached(end, stip):
                raise ValueError("solution does not reach the goal: " + line)
            solutions.append(" ".join(moves))
    return sorted(set(solutions)), sorted(set(sets))


def parse_direct(board, stip, lines):
    """Keys, set play pairs, `key defence answer` triples of the keys that threaten, and whether
    Popeye printed a reflex `?!?` line (White forced to mate in the diagram)."""
    keys, sets, defences = [], [], []
    reflex_bound = False
    state = "set"  # set play before the first key, then a key's tree
    key = defence = None
    after = board.copy()
    for line in lines:
        if "?!?" in line:
            reflex_bound = True
        if re.match(r"^   1\.", line) and "!" in line.split():
            key = base.parse_move(board, base.moves_of(line)[0])
            keys.append(key.uci())
            state = "threat" if "threat:" in line else "other"
            after = board.copy()
            after.push(key)
            defence = None
            continue
        m_def = re.match(r"^      1\.\.\.(\S+)", line)
        m_ans = re.match(r"^          2\.(?!\.)(\S+)", line)
        if m_def and state in ("set", "threat"):
            b = board.copy() if state == "set" else after.copy()
            if state == "set":
                b.turn = chess.BLACK
                b.ep_square = None
            defence = (base.parse_move(b, base.moves_of(line)[0]), b)
        elif m_ans and state in ("set", "threat") and defence is not None:
            mv, b = defence
            b2 = b.copy()
            b2.push(mv)
            ans = base.parse_move(b2, base.moves_of(line)[0])
            if state == "set":
                sets.append(f"{mv.uci()} {ans.uci()}")
            else:
                defences.append(f"{key.uci()} {mv.uci()} {ans.uci()}")
    return sorted(set(keys)), sorted(set(sets)), sorted(set(defences)), reflex_bound


def solve(popeye, board, stip, timeout, setplay=False, variation=False, twins=()):
    """The fixture rows' results for one problem: [(label, board, stip, keys, solutions, set,
    defences)], or None when Popeye refused it, or when it is not a problem."""
    positions = twin_positions(board, stip, list(twins))
    if positions is None:
        return None, 0.0
    ready = []
    for label, b, s in positions:
        p = playable(b, s) if twins else b
        if p is None:
            return None, 0.0
        ready.append((label, p, s))
    try:
        out, took = run_popeye(popeye, popeye_input(ready[0][1], stip, setplay, variation, twins), timeout)
    except Refused:
        return None, 0.0
    parts = sections(out)
    if sorted(parts) != [label for label, _, _ in ready]:
        return None, took  # Popeye refused a twin
    rows = []
    for label, b, s in ready:
        lines = parts[label]
        if is_listed(s):
            try:
                solutions, sets = parse_listed(b, s, lines, setplay)
            except Repeats:
                return None, took
            keys, defences = None, None
            if setplay and not s.startswith("h"):
                sets = None
        else:
            keys, sets, defences, bound = parse_direct(b, s, lines)
            solutions = None
            if bound:
                return None, took
            if not (variation and s == "#2"):
                defences = None
        if not setplay:
            sets = None
        rows.append((label, b, s, keys, solutions, sets, defences))
    return rows, took


# ---------------------------------------------------------------- random positions


def near(rng, center, dist):
    return base.near(rng, center, dist)


ATTACK = [chess.QUEEN] * 2 + [chess.ROOK] * 3 + [chess.BISHOP] * 2 + [chess.KNIGHT] * 2 + [chess.PAWN] * 2
DEFEND = [chess.PAWN] * 4 + [chess.KNIGHT] * 2 + [chess.BISHOP] * 2 + [chess.ROOK] * 2 + [chess.QUEEN]


def random_position(rng, goal_side, att, dfd, turn, corner=False):
    """Kings and a few men: the side that suffers the goal near an edge (a corner with
    `corner`), the goal side's men near it; `turn` to move. None if not legal."""
    board = chess.Board(None)
    board.turn = turn
    if corner:
        target = near(rng, rng.choice([chess.A1, chess.H1, chess.A8, chess.H8]), 1)
    else:
        target = base.edge_square(rng) if rng.random() < 0.8 else rng.randrange(64)
    board.set_piece_at(target, chess.Piece(chess.KING, not goal_side))
    king = near(rng, target, 3) if rng.random() < 0.7 else rng.randrange(64)
    if king == target:
        return None
    board.set_piece_at(king, chess.Piece(chess.KING, goal_side))
    for colour, (lo, hi), bag in ((goal_side, att, ATTACK), (not goal_side, dfd, DEFEND)):
        for _ in range(rng.randint(lo, hi)):
            piece = rng.choice(bag)
            s = near(rng, target, 3) if rng.random() < 0.7 else rng.randrange(64)
            if board.piece_at(s) or (piece == chess.PAWN and chess.square_rank(s) in (0, 7)):
                continue
            board.set_piece_at(s, chess.Piece(piece, colour))
    return board if board.is_valid() and base.material_ok(board) else None


def white_to_move_seed(board):
    """A selfmate seed with White to move (seeds come with either side)."""
    return board.copy() if board.turn == chess.WHITE else board.mirror()


def series_unmove(rng, board):
    """The position one White series move earlier: a White man stepped back, not capturing, and
    the move to where it stands gives no check (a series move before the last may not)."""
    squares = list(chess.SquareSet(board.occupied_co[chess.WHITE]))
    rng.shuffle(squares)
    for s in squares:
        piece = board.piece_at(s)
        origins = [o for o in range(64) if not board.piece_at(o)]
        rng.shuffle(origins)
        for origin in origins[:24]:
            if piece.piece_type == chess.PAWN and chess.square_rank(origin) in (0, 7):
                continue
            before = board.copy()
            before.remove_piece_at(s)
            before.set_piece_at(origin, piece)
            before.turn = chess.WHITE
            move = chess.Move(origin, s)
            if before.is_valid() and base.material_ok(before) and move in before.legal_moves and not before.gives_check(move):
                return before
    return None


def candidates(rng, fam, n, seeds):
    """One random candidate for family `fam` with n moves (a board with the FEN's side set)."""
    white = chess.WHITE
    if fam in ("ser-#", "ser-="):
        return random_position(rng, white, (1, 2), (0, 2) if fam == "ser-#" else (0, 1), white, corner=fam == "ser-=")
    if fam in ("ser-h#", "ser-h="):
        return random_position(rng, white, (1, 2), (0, 2), rng.choice([chess.WHITE, chess.BLACK]))
    if fam in ("h#", "h="):
        return random_position(rng, white if rng.random() < 0.5 else chess.BLACK, (1, 2), (0, 2), rng.choice([chess.WHITE, chess.BLACK]))
    if fam in ("r#", "r="):
        # Black mates (or stalemates) White: White's king near an edge, Black's men near it.
        return random_position(rng, chess.BLACK, (1, 3), (0, 2) if fam == "r#" else (0, 3), white, corner=fam == "r=")
    if fam == "ser-s#":
        board = white_to_move_seed(rng.choice(seeds))
        for _ in range(n - 1):
            if board is None:
                return None
            board = series_unmove(rng, board)
        if board is not None and rng.random() < 0.3:
            board = base.neighbour(rng, board)
            if board is not None:
                board.turn = chess.WHITE
        return board
    if fam in ("#", "s#"):
        if fam == "s#":
            board = white_to_move_seed(rng.choice(seeds))
            board = base.neighbour(rng, board) if rng.random() < 0.8 else board
            if board is not None:
                board.turn = chess.WHITE
            return board if board is not None and board.is_valid() else None
        return random_position(rng, white, (1, 3), (0, 3), white)
    raise ValueError(fam)


def ep_position(rng):
    """A White pawn on the fifth rank beside a Black pawn that can step two squares past it,
    kings and a few men: play in which an en passant capture may come."""
    board = chess.Board(None)
    f = rng.randrange(8)
    g = f + rng.choice([-1, 1])
    if not 0 <= g < 8:
        return None
    board.set_piece_at(chess.square(f, 4), chess.Piece(chess.PAWN, chess.WHITE))
    board.set_piece_at(chess.square(g, 6 - rng.choice([0, 0, 1])), chess.Piece(chess.PAWN, chess.BLACK))
    for colour in (chess.WHITE, chess.BLACK):
        s = rng.randrange(64)
        if board.piece_at(s):
            return None
        board.set_piece_at(s, chess.Piece(chess.KING, colour))
    for colour, bag in ((chess.WHITE, ATTACK), (chess.BLACK, DEFEND)):
        for _ in range(rng.randint(0, 2)):
            s = rng.randrange(64)
            piece = rng.choice(bag)
            if board.piece_at(s) or (piece == chess.PAWN and chess.square_rank(s) in (0, 7)):
                continue
            board.set_piece_at(s, chess.Piece(piece, colour))
    board.turn = rng.choice([chess.WHITE, chess.BLACK])
    return board if board.is_valid() and base.material_ok(board) else None


def castling_position(rng):
    """White's king on e1 with one or both rooks at home and their castling rights, Black's king
    and a few men that may stand in the way or guard the squares the king crosses."""
    board = chess.Board(None)
    board.set_piece_at(chess.E1, chess.Piece(chess.KING, chess.WHITE))
    rooks = rng.choice([[chess.H1], [chess.A1], [chess.A1, chess.H1]])
    for r in rooks:
        board.set_piece_at(r, chess.Piece(chess.ROOK, chess.WHITE))
    s = rng.randrange(16, 64)
    if board.piece_at(s):
        return None
    board.set_piece_at(s, chess.Piece(chess.KING, chess.BLACK))
    for colour, count, bag in ((chess.BLACK, rng.randint(1, 3), DEFEND + ATTACK), (chess.WHITE, rng.randint(0, 2), ATTACK)):
        for _ in range(count):
            s = rng.randrange(64) if rng.random() < 0.5 else rng.choice([chess.B1, chess.C1, chess.D1, chess.F1, chess.G1, chess.B2, chess.F2, chess.G2, chess.D3, chess.F3])
            piece = rng.choice(bag)
            if board.piece_at(s) or (piece == chess.PAWN and chess.square_rank(s) in (0, 7)):
                continue
            board.set_piece_at(s, chess.Piece(piece, colour))
    board.castling_rights = 0
    for r in rooks:
        board.castling_rights |= chess.BB_SQUARES[r]
    board.castling_rights = board.clean_castling_rights()
    board.turn = rng.choice([chess.WHITE, chess.BLACK])
    return board if board.is_valid() and base.material_ok(board) else None


def goal_candidate(rng, stip):
    """A random candidate for a goal of the last move (`x3`, `hep2`, `h002` …)."""
    g = goal(stip)
    helped = stip.startswith(("h", "ser-h"))
    if g in ("ep", "00"):
        board = ep_position(rng) if g == "ep" else castling_position(rng)
        if board is not None and not helped:
            board.turn = chess.WHITE  # direct and series play: White begins
        return board
    turn = rng.choice([chess.WHITE, chess.BLACK]) if helped else chess.WHITE
    goal_side = chess.WHITE if not helped or rng.random() < 0.7 else chess.BLACK
    board = random_position(rng, goal_side, (1, 2), (1, 3), turn)
    if board is None:
        return None
    if not helped and g != "+":
        # No capture at once: the goal in one would make the longer play pointless.
        white = board.copy()
        white.turn = chess.WHITE
        if any(white.is_capture(m) for m in white.legal_moves):
            return None
    return board


def usable(board, stip):
    """The board Popeye gets (the starter to move; castling kept, en passant only when the FEN's
    side is the starter), or None."""
    b = board.copy()
    if b.turn != starter(stip):
        if b.ep_square is not None:
            return None
        b.turn = starter(stip)
        if not b.is_valid():
            return None
    return b


# Per family: list of (stipulation, with a solution, without one, max candidates).
PLAN = [
    ("ser-#", [("ser-#2", 8, 3, 400), ("ser-#3", 10, 3, 600), ("ser-#4", 10, 3, 600), ("ser-#5", 4, 2, 300)]),
    ("ser-=", [("ser-=2", 6, 3, 800), ("ser-=3", 8, 3, 800), ("ser-=4", 6, 2, 800)]),
    ("ser-h#", [("ser-h#2", 8, 3, 600), ("ser-h#3", 10, 3, 800), ("ser-h#4", 10, 3, 800), ("ser-h#5", 4, 2, 300)]),
    ("ser-h=", [("ser-h=2", 6, 3, 800), ("ser-h=3", 8, 3, 1000), ("ser-h=4", 6, 2, 1000)]),
    ("ser-s#", [("ser-s#1", 6, 3, 400), ("ser-s#2", 8, 3, 800), ("ser-s#3", 8, 3, 800)]),
    ("r#", [("r#1", 12, 5, 800), ("r#2", 14, 5, 1200)]),
    ("r=", [("r=1", 8, 4, 1500), ("r=2", 8, 4, 1500)]),
    ("h#", [("h#1", 8, 3, 500), ("h#2", 12, 3, 800), ("h#3", 8, 3, 800), ("h#1.5", 8, 3, 600), ("h#2.5", 8, 3, 800)]),
]
# Set play: (stipulation, with set play lines, without, max candidates).
SETPLAY = [("#2", 14, 4, 1500), ("#3", 10, 4, 1500), ("s#2", 8, 3, 1500), ("h#2", 14, 4, 1200), ("h#3", 10, 3, 1200)]
# Twinned problems: (stipulation, count, max candidates).
TWINNED = [("#2", 16, 1500), ("#3", 6, 800), ("h#2", 16, 1500), ("h#2.5", 6, 800), ("ser-h#3", 8, 1000),
           ("ser-#3", 8, 1000), ("s#2", 4, 800), ("r#2", 6, 1000)]
THREAT_2 = (40, 3000)
# The goals of the last move: (stipulation, with a solution, without one, max candidates).
GOALS = [("x2", 4, 2, 600), ("x3", 4, 2, 600), ("hx2", 4, 2, 600), ("ser-x3", 4, 2, 600), ("ser-hx3", 3, 2, 600),
         ("%2", 3, 2, 600), ("h%2", 3, 2, 600), ("+2", 3, 2, 600), ("h+2", 3, 2, 600), ("ser-+3", 3, 2, 600),
         ("hep1", 3, 2, 1500), ("hep2", 3, 2, 1500), ("ser-hep2", 3, 2, 1500),
         ("h001", 3, 2, 1000), ("h002", 3, 2, 1000), ("ser-002", 3, 2, 1000), ("002", 3, 2, 1000)]
# The most whole solutions a help or series problem of those goals may have to be kept.
GOAL_LINES = 24

TWIN_KINDS = ["move", "exchange", "remove", "add", "rotate", "mirror", "shift", "polish", "stipulation"]
OTHER_STIP = {"#2": ["#3", "#1", "s#2", "h#2"], "#3": ["#2", "#4"], "h#2": ["h#3", "h#1.5", "h#2.5", "ser-h#3"],
              "h#2.5": ["h#2", "h#3"], "ser-h#3": ["ser-h#4", "ser-h#2", "h#2"], "ser-#3": ["ser-#2", "ser-#4", "#2"],
              "s#2": ["s#1", "s#3"], "r#2": ["r#1", "r#3", "s#2"]}


def random_twin(rng, board, stip, kind):
    names = [chess.square_name(s) for s in chess.SquareSet(board.occupied)]
    empty = [chess.square_name(s) for s in range(64) if not board.piece_at(s)]
    men = [chess.square_name(s) for s in chess.SquareSet(board.occupied & ~board.kings)]
    if kind == "move":
        return f"move {rng.choice(names)} {rng.choice(empty)}"
    if kind == "exchange":
        a, c = rng.sample(names, 2)
        return f"exchange {a} {c}"
    if kind == "remove":
        return f"remove {rng.choice(men)}" if men else None
    if kind == "add":
        colour = rng.choice(["white", "black"])
        letter = rng.choice("qrbsp")
        return f"add {colour} {letter}{rng.choice(empty)}"
    if kind == "rotate":
        return "rotate " + rng.choice(["90", "180", "270"])
    if kind == "mirror":
        return "mirror " + rng.choice(["a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1"])
    if kind == "shift":
        a = rng.choice(names)
        f, r = chess.square_file(sq(a)), chess.square_rank(sq(a))
        df, dr = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (2, 0), (0, -2)])
        if not (0 <= f + df < 8 and 0 <= r + dr < 8):
            return None
        return f"shift {a} {chess.square_name(chess.square(f + df, r + dr))}"
    if kind == "polish":
        return "polish"
    if kind == "stipulation":
        return "stipulation " + rng.choice(OTHER_STIP[stip])
    raise ValueError(kind)


def random_twins(rng, board, stip, kinds):
    """Twins b), c) … with the given commands; `cont` now and then from c) on."""
    twins = []
    current = board
    for i, kind in enumerate(kinds):
        label = "bcdef"[i]
        cont = i > 0 and rng.random() < 0.35
        command = random_twin(rng, current if cont else board, stip, kind)
        if command is None:
            return None
        twins.append((label, ("cont " if cont else "") + command))
        res = twin_positions(board, stip, twins)
        if res is None:
            return None
        current = res[-1][1]
    return twins


# ---------------------------------------------------------------- Popeye's own examples

TWIN_WORDS = {"move": "move", "exchange": "exchange", "remove": "remove", "add": "add", "rotate": "rotate",
              "mirror": "mirror", "shift": "shift", "polish": "polish", "polishtype": "polish",
              "stipulation": "stipulation"}
EXAMPLE_OPTIONS = base.HARMLESS_OPTIONS - {"try", "verfuehrung"}


def example_problems(src):
    """(name, board, stip, setplay, twins) of the orthodox problems in Popeye's examples."""
    found = []
    for folder in ("EXAMPLES", "BEISPIEL", "TESTS", "REGRESSIONS"):
        for path in sorted((src / folder).glob("*.inp")):
            text = path.read_text(encoding="latin-1")
            for i, block in enumerate(re.split(r"(?im)^\s*(?:nex|weit)\w*\s*$", text)):
                p = parse_example(block)
                if p is not None:
                    found.append((f"{folder}/{path.name}#{i}",) + p)
    return found


def parse_example(block):
    """One problem of an example file, or None when it is not orthodox or not of ours."""
    holder = {"pieces": []}
    pieces = holder["pieces"]
    stip = None
    setplay = False
    twins = []
    nocastle, ep = "", None
    colour = None
    mode = None
    german = False
    for raw in block.splitlines():
        tokens = raw.split()
        if not tokens:
            continue
        head = tokens[0].lower()
        if head.startswith(("beg", "anf", "end")):
            mode = None
            continue
        if head.startswith(("tit", "aut", "ori", "que", "awa", "ausz", "rem", "bem", "pro")):
            mode = None
            continue
        if head.startswith(("sti", "for")) and not head.startswith("fors"):
            if len(tokens) != 2:
                return None
            stip = tokens[1].lower()
            mode = None
            continue
        if head.startswith("opt"):
            mode = "option"
            tokens = tokens[1:]
        elif head.startswith("pie") or head.startswith("ste"):
            german = head.startswith("stei")
            mode = "pieces"
            tokens = tokens[1:]
        elif head.startswith("twi"):
            words = [w.lower() for w in tokens[1:]]
            cont = bool(words) and words[0].startswith("cont")
            if cont:
                words = words[1:]
            twin = example_twin(words)
            if twin is None:
                return None
            twins.append(("bcdefghij"[len(twins)], ("cont " if cont else "") + twin))
            mode = None
            continue
        elif mode is None:
            return None  # condition, sstipulation, forsyth, zeroposition, German words …
        i = 0
        while i < len(tokens):
            tok = tokens[i].lower()
            if mode == "pieces":
                word = base.lookup(tok, base.COLOURS)
                if word is not None:
                    colour = base.COLOURS[word]
                elif colour is None or not base.add_pieces(holder, colour, tok, german):
                    return None
            else:
                if tok in ("setplay", "satzspiel"):
                    setplay = True
                elif tok == "nocastling" and i + 1 < len(tokens):
                    nocastle = tokens[i + 1]
                    i += 1
                elif tok == "enpassant" and i + 1 < len(tokens):
                    ep = tokens[i + 1]
                    i += 1
                elif base.lookup(tok, {o: 1 for o in EXAMPLE_OPTIONS}) is None:
                    return None
            i += 1
    if not stip or not pieces or not STIP_RE.match(stip) or len(twins) > 6:
        return None
    if length(stip) > 6 or (stip.endswith(".5") and not stip.startswith("h")):
        return None
    board = chess.Board(None)
    for s, piece in pieces:
        board.set_piece_at(sq(s), piece)
    board.turn = starter(stip)
    board.castling_rights = chess.BB_A1 | chess.BB_H1 | chess.BB_A8 | chess.BB_H8
    board.castling_rights = board.clean_castling_rights()
    for s in re.findall(r"[a-h][1-8]", nocastle):
        s = sq(s)
        if chess.square_file(s) == 4:
            board.castling_rights &= ~(chess.BB_RANK_1 if chess.square_rank(s) == 0 else chess.BB_RANK_8)
        board.castling_rights &= ~chess.BB_SQUARES[s]
    if ep:
        squares = re.findall(r"[a-h][1-8]", ep)
        if len(squares) != 3 or twins:
            return None
        board.ep_square = sq(squares[1])
    if twins:
        board.castling_rights = 0
    if not (board.is_valid() and base.material_ok(board)):
        return None
    return board, stip, setplay, twins


def example_twin(words):
    """An English one-command twin as the EPD text spells it, or None."""
    if not words:
        return None
    hits = [full for w, full in TWIN_WORDS.items() if w.startswith(words[0]) and len(words[0]) >= 3]
    if len(set(hits)) != 1:
        return None
    op = hits[0]
    args = words[1:]
    want = {"move": 2, "exchange": 2, "remove": 1, "add": 2, "rotate": 1, "mirror": 1, "shift": 2, "polish": 0,
            "stipulation": 1}[op]
    if len(args) != want:
        return None
    if op == "add":
        if args[0] not in ("white", "black") or not re.fullmatch(r"[kqrbsp][a-h][1-8]", args[1]):
            return None
    if op in ("move", "exchange", "shift", "remove") and not all(re.fullmatch(r"[a-h][1-8]", a) for a in args):
        return None
    if op == "rotate" and args[0] not in ("90", "180", "270"):
        return None
    if op == "mirror" and args[0] not in ("a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1"):
        return None
    if op == "stipulation" and not STIP_RE.match(args[0]):
        return None
    return " ".join([op] + args)


def chess_mates_twos(path):
    """The #2 records of assets/examples/chess-mates.epd: (id, board)."""
    out = []
    for line in path.read_text().splitlines():
        if line.startswith("#") or "dm 2;" not in line:
            continue
        fields = line.split()
        board = chess.Board(" ".join(fields[:4]) + " 0 1")
        out.append((re.search(r'id "([^"]+)"', line).group(1), board))
    return out


# ---------------------------------------------------------------- main


def reachable(problems, fenboard):
    """The problems whose every position fenboard calls legal (see make-solve-fixtures.py)."""
    if not fenboard:
        print("no --fenboard: positions are not checked for retro-legality", file=sys.stderr)
        return problems
    fens = []
    for p in problems:
        fens.append(p["board"].fen())
        fens += [b.fen() for _, b, *_ in p["rows"]]
    out = subprocess.run([fenboard, "check", "--json", "-"], input="\n".join(fens) + "\n", capture_output=True, text=True)
    valid = iter([json.loads(line)["valid"] for line in out.stdout.splitlines()])
    kept = [p for p in problems if all([next(valid) for _ in range(1 + len(p["rows"]))])]
    print(f"dropped {len(problems) - len(kept)} problems with a position fenboard proves unreachable", file=sys.stderr)
    return kept


def cell(items):
    if items is None:
        return "."
    return ",".join(items) if items else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--popeye")
    ap.add_argument("--popeye-src", default="/tmp/popeye", help="Popeye's source tree (examples)")
    ap.add_argument("--fenboard", help="fenboard binary: drops positions it proves unreachable")
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--timeout", type=float, default=0.5)
    ap.add_argument("--example-timeout", type=float, default=0.3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every quota (a quick trial run)")
    ap.add_argument("--out", default=str(HERE.parent / "tests/fixtures/solve_popeye_composers.tsv"))
    ap.add_argument("--goals-only", action="store_true",
                    help="draw only the goals of the last move; the other rows of --out stay as they are")
    args = ap.parse_args()
    popeye = base.find_popeye(args.popeye)
    version = subprocess.run([popeye, "-version"], capture_output=True, text=True).stdout.strip().splitlines()
    version = version[0] if version else "Popeye"
    rng = random.Random(args.seed)
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    started = time.monotonic()
    popeye_seconds = [0.0]
    problems = []
    seen = set()

    def keep(board, stip, setplay, twins, rows, source):
        problems.append({"board": board, "stip": stip, "setplay": setplay, "twins": twins, "rows": rows, "source": source})

    def solve_all(jobs):
        """[(job, rows)] for jobs (board, stip, setplay, variation, twins), in order."""
        def one(job):
            board, stip, setplay, variation, twins = job
            try:
                return solve(popeye, usable(board, stip), stip, args.timeout, setplay, variation, twins)
            except ValueError as e:  # a line that does not replay: say so, keep nothing of it
                print(f"dropped {board.fen()} {stip} {twins_text(twins)}: {e}", file=sys.stderr)
                return None, 0.0
        results = list(pool.map(one, jobs))
        for _, took in results:
            popeye_seconds[0] += took
        return [(job, rows) for job, (rows, _) in zip(jobs, results)]

    def fresh(board, stip, tag=""):
        key = (board.fen(), stip, tag)
        if key in seen or usable(board, stip) is None:
            return False
        seen.add(key)
        return True

    seeds = [] if args.goals_only else base.self_seeds(rng, "#", 6, 3000)
    print(f"{len(seeds)} selfmate seeds", file=sys.stderr)

    def quota(stip, want_yes, want_no, budget, make, setplay=False, variation=False, accept=None, tag=""):
        want_yes = max(1, round(want_yes * args.scale)) if want_yes else 0
        want_no = max(1, round(want_no * args.scale)) if want_no else 0
        yes = no = tries = 0
        while (yes < want_yes or no < want_no) and tries < budget:
            batch = []
            while len(batch) < 16 and tries < budget:
                tries += 1
                job = make()
                if job is None or not fresh(job[0], stip, tag + str(job[4])):
                    continue
                batch.append(job)
            for (board, s, sp, var, twins), rows in solve_all(batch):
                if rows is None:
                    continue
                solved = accept(rows)
                if solved is None:
                    continue
                if solved and yes < want_yes:
                    yes += 1
                elif not solved and no < want_no:
                    no += 1
                else:
                    continue
                keep(board, s, sp, twins, rows, "random")
        print(f"{stip}{' ' + tag if tag else ''}: {yes} with, {no} without, {tries} candidates", file=sys.stderr)
        return yes + no

    def has_result(rows):
        r = rows[0]
        return bool(r[3] if r[3] is not None else r[4])

    # The goals of the last move, each with and without solutions (their own random stream, so
    # that --goals-only draws the same problems as a whole run).
    goal_rng = random.Random(args.seed * 1000 + 7)

    def few_lines(rows):
        """Solved or not; None (not kept) for help and series play with more than
        GOAL_LINES solutions: a random position that any capture ends is no problem."""
        solutions = rows[0][4]
        return None if solutions is not None and len(solutions) > GOAL_LINES else has_result(rows)

    for stip, want_yes, want_no, budget in GOALS:
        quota(stip, want_yes, want_no, budget,
              lambda: (lambda b: None if b is None else (b, stip, False, False, []))(goal_candidate(goal_rng, stip)),
              accept=few_lines, tag="goal")
    if args.goals_only:
        pool.shutdown()
        write(args, version, reachable(problems, args.fenboard), kept_rows(args.out), started, popeye_seconds[0])
        return

    # Every new family, with and without solutions.
    for fam, plan in PLAN:
        for stip, want_yes, want_no, budget in plan:
            n = int(length(stip))
            quota(stip, want_yes, want_no, budget,
                  lambda: (lambda b: None if b is None else (b, stip, False, False, []))(candidates(rng, fam, n, seeds)),
                  accept=has_result)

    # Set play.
    for stip, want_yes, want_no, budget in SETPLAY:
        fam = family(stip)
        quota(stip, want_yes, want_no, budget,
              lambda: (lambda b: None if b is None else (b, stip, True, False, []))(candidates(rng, fam, int(length(stip)), seeds)),
              setplay=True, accept=lambda rows: bool(rows[0][5]) if has_result(rows) else None, tag="setplay")

    # A #2 with a threat and one key: the defences Popeye prints under the threat.
    quota("#2", THREAT_2[0], 0, THREAT_2[1],
          lambda: (lambda b: None if b is None else (b, "#2", False, True, []))(
              random_position(rng, chess.WHITE, (2, 3), (1, 3), chess.WHITE)),
          accept=lambda rows: True if rows[0][6] and len(rows[0][3]) <= 4 else None, tag="threat")
    for name, board in chess_mates_twos(HERE.parent / "assets/examples/chess-mates.epd"):
        for (b, s, sp, var, tw), rows in solve_all([(board, "#2", False, True, [])]):
            if rows is not None and rows[0][6]:
                keep(board, "#2", False, [], rows, "examples:" + name)

    # Twins: every command, now and then `cont`.
    kinds_cycle = TWIN_KINDS * 20
    kind_at = [0]

    def twinned(stip):
        fam = family(stip)
        board = candidates(rng, fam, int(length(stip)), seeds)
        if board is None or board.ep_square is not None or board.castling_rights:
            return None
        board = usable(board, stip)
        if board is None:
            return None
        count = rng.choice([1, 1, 2, 2, 3])
        kinds = [kinds_cycle[(kind_at[0] + i) % len(kinds_cycle)] for i in range(count)]
        twins = random_twins(rng, board, stip, kinds)
        if twins is None:
            return None
        kind_at[0] += count
        return board, stip, rng.random() < 0.2 and stip in ("#2", "h#2"), False, twins

    for stip, count, budget in TWINNED:
        quota(stip, count, 0, budget, lambda: twinned(stip),
              accept=lambda rows: True if any(bool(r[3] if r[3] is not None else r[4]) for r in rows) else None,
              tag="twins")

    # Popeye's own orthodox examples.
    src = Path(args.popeye_src)
    examples = example_problems(src) if src.is_dir() else []
    jobs = [(b, s, sp, False, tw) for _, b, s, sp, tw in examples]
    kept = 0
    saved_timeout = args.timeout
    args.timeout = args.example_timeout
    for (name, *_), (job, rows) in zip(examples, solve_all(jobs)):
        if rows is None or not fresh(job[0], job[1], "example" + str(job[4])):
            continue
        keep(job[0], job[1], job[2], job[4], rows, "popeye:" + name)
        kept += 1
    args.timeout = saved_timeout
    print(f"{kept} of {len(examples)} orthodox examples of Popeye's", file=sys.stderr)
    pool.shutdown()

    write(args, version, reachable(problems, args.fenboard), [], started, popeye_seconds[0])


def kept_rows(path):
    """The rows of `path` whose stipulations end the game (# or =): what --goals-only keeps."""
    rows = []
    for line in Path(path).read_text().splitlines():
        if line.startswith("#") or line.startswith("id\t"):
            continue
        fields = line.split("\t")
        if goal(fields[3]) in ("#", "="):
            rows.append(fields)
    return rows


def write(args, version, problems, kept, started, popeye_seconds):
    """The fixture: the `kept` rows as they were, then `problems` numbered after them."""
    elapsed = time.monotonic() - started
    with open(args.out, "w") as f:
        f.write(f"# Problems as composers write them, solved by {version}\n")
        f.write(f"# (scripts/make-composer-fixtures.py, seed {args.seed}; its docstring explains the columns).\n")
        f.write("# One row per twin; lists sorted, ',' between; '-' = none; '.' = not asked or not applicable.\n")
        f.write("id\ttwin\tfen\tstipulation\tsetplay\ttwins\tboard\ttwin_stipulation\tkeys\tsolutions\tset\tdefences\tsource\n")
        last = 0
        for fields in kept:
            last = int(fields[0])
            f.write("\t".join(fields) + "\n")
        for i, p in enumerate(problems, last + 1):
            for label, b, s, keys, solutions, sets, defences in p["rows"]:
                f.write("\t".join([
                    str(i), label, p["board"].fen(), p["stip"], "yes" if p["setplay"] else "no", twins_text(p["twins"]),
                    b.board_fen(), s, cell(keys), cell(solutions), cell(sets), cell(defences), p["source"],
                ]) + "\n")
    print(f"wrote {len(problems)} problems to {args.out}; Popeye solved for {popeye_seconds:.1f} s, "
          f"{elapsed:.0f} s in all", file=sys.stderr)


if __name__ == "__main__":
    main()
