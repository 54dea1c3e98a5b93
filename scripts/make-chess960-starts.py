#!/usr/bin/env python3
"""Writes tests/fixtures/chess960_starts.fen: the 960 Chess960 start positions, numbered by
Scharnagl's scheme (0–959; 518 is the standard setup), with Shredder-FEN castling rights (the
rooks' files, `HFhf`), as Chess960 perft suites write them. The positions come from
python-chess (`chess.Board.from_chess960_pos`), an implementation independent of fenboard's.

Usage: python3 scripts/make-chess960-starts.py
"""

import pathlib

import chess

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "chess960_starts.fen"

lines = ["# The 960 Chess960 start positions, 0–959; written by scripts/make-chess960-starts.py"]
for number in range(960):
    lines.append(chess.Board.from_chess960_pos(number).fen(shredder=True))
OUT.write_text("\n".join(lines) + "\n")
