#!/usr/bin/env python3
"""Writes tests/fixtures/wxf_fairy_stockfish.tsv: every legal xiangqi move of a set of positions
with its WXF name as Fairy-Stockfish writes it (pyffish's get_san with NOTATION_XIANGQI_WXF), an
implementation independent of fenboard.

Positions: the start, the tandem positions of core::notation's hand-worked tests, positions from
random games from a fixed seed, and random positions built with several soldiers, chariots,
horses and cannons of a side on one file (kept only when legal: the side not to move is not in
check). One line per position: the FEN, a tab, then `move=WXF` pairs separated by spaces, the move
in fenboard's point names (ranks 0-9; Fairy-Stockfish counts 1-10).

Usage: python3 -m venv /tmp/ff && /tmp/ff/bin/pip install pyffish
       /tmp/ff/bin/python scripts/make-wxf-fixture.py > tests/fixtures/wxf_fairy_stockfish.tsv
"""

import random
import re
import sys

import pyffish as sf

V = "xiangqi"
MOVE = re.compile(r"^([a-i])(\d+)([a-i])(\d+)$")


def ours(m):
    f1, r1, f2, r2 = MOVE.match(m).groups()
    return f"{f1}{int(r1) - 1}{f2}{int(r2) - 1}"


def legal(fen):
    """Legal by fenboard's rules too: the side not to move is not in check."""
    if sf.validate_fen(fen, V) != sf.FEN_OK:
        return False
    board = expand(fen)
    generals = sorted((sq for sq, p in board.items() if p in "kK"), key=lambda sq: sq[1])
    if len(generals) == 2 and generals[0][0] == generals[1][0]:
        file, low, high = generals[0][0], generals[0][1], generals[1][1]
        if not any((file, r) in board for r in range(low + 1, high)):
            return False  # the generals face each other
    parts = fen.split()
    parts[1] = "b" if parts[1] == "w" else "w"
    # With the turn passed, is the side that was not to move in check?
    return not sf.gives_check(V, " ".join(parts), [])


def expand(fen):
    board = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        rank = 9 - i
        file = 0
        for ch in re.findall(r"\d+|[a-zA-Z]", row):
            if ch.isdigit():
                file += int(ch)
            else:
                board[("abcdefghi"[file], rank)] = ch
                file += 1
    return board


def build(rng):
    """A random legal position with pieces stacked on files."""
    while True:
        cells = {}
        cells[(rng.choice("def"), rng.choice([0, 1, 2]))] = "K"
        cells[(rng.choice("def"), rng.choice([7, 8, 9]))] = "k"
        for side in "wb":
            ranks = list(range(5, 10)) if side == "w" else list(range(0, 5))
            soldier = "P" if side == "w" else "p"
            left = 5
            for _ in range(rng.choice([1, 2])):
                file = rng.choice("abcdefghi")
                for rank in rng.sample(ranks, min(left, rng.choice([2, 3, 4, 5]))):
                    if (file, rank) not in cells:
                        cells[(file, rank)] = soldier
                        left -= 1
            for piece in "RNC":
                if rng.random() < 0.5:
                    file = rng.choice("abcdefghi")
                    for _ in range(2):
                        sq = (file, rng.randrange(10))
                        if sq not in cells:
                            cells[sq] = piece if side == "w" else piece.lower()
        rows = []
        for rank in range(9, -1, -1):
            row, empty = "", 0
            for file in "abcdefghi":
                p = cells.get((file, rank))
                if p is None:
                    empty += 1
                else:
                    row += (str(empty) if empty else "") + p
                    empty = 0
            rows.append(row + (str(empty) if empty else ""))
        fen = "/".join(rows) + f" {rng.choice('wb')} - - 0 1"
        if legal(fen) and sf.legal_moves(V, fen, []):
            return fen


def main():
    rng = random.Random(20261201)
    fens = [
        sf.start_fen(V),
        "3c1k3/9/3c5/1R7/9/9/1R7/9/9/4K4 w - - 0 1",
        "3c1k3/9/3c5/1R7/9/9/1R7/9/9/4K4 b - - 0 1",
        "4k4/9/9/9/9/2B6/9/9/9/2BK5 w - - 0 1",
        "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1",
        "4k4/9/3n5/9/9/9/9/9/9/3K5 b - - 0 1",
    ]
    while len(fens) < 150:
        moves = []
        for _ in range(rng.randrange(1, 120)):
            legal_now = sf.legal_moves(V, sf.start_fen(V), moves)
            if not legal_now:
                break
            moves.append(rng.choice(legal_now))
        fen = sf.get_fen(V, sf.start_fen(V), moves)
        if sf.legal_moves(V, fen, []) and legal(fen):
            fens.append(fen)
    while len(fens) < 250:
        fens.append(build(rng))
    for fen in fens:
        pairs = [
            f"{ours(m)}={sf.get_san(V, fen, m, False, sf.NOTATION_XIANGQI_WXF)}"
            for m in sf.legal_moves(V, fen, [])
        ]
        print(fen + "\t" + " ".join(pairs))
    print(f"{len(fens)} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
