#!/usr/bin/env python3
"""Writes mutated copies of chess FENs, for comparing what two builds of `fenboard check` say
about positions that are often illegal: each record gets one to three random swaps or changes
of squares (pieces, pawns, empties) and, three times in ten, other castling rights. Fixed seed:
the same input gives the same output.

Usage: scripts/mutate-fens.py IN.fen COUNT > OUT.fen
  e.g. on the check bench's FENs (cargo bench --bench check -- --write-fens 200000 IN.fen), then
  diff `check` and `check --json` of two binaries on OUT.fen.
"""
import random
import sys


def expand(placement):
    grid = []
    for rank in placement.split("/"):
        row = []
        for ch in rank:
            row += ["."] * int(ch) if ch.isdigit() else [ch]
        grid.append(row)
    return grid


def pack(grid):
    ranks = []
    for row in grid:
        text, empty = "", 0
        for c in row:
            if c == ".":
                empty += 1
                continue
            if empty:
                text, empty = text + str(empty), 0
            text += c
        ranks.append(text + (str(empty) if empty else ""))
    return "/".join(ranks)


def main():
    source, count = sys.argv[1], int(sys.argv[2])
    rng = random.Random(7)
    with open(source) as lines:
        for i, line in enumerate(lines):
            if i >= count:
                break
            fields = line.rstrip("\n").split(" ")
            grid = expand(fields[0])
            if len(grid) != 8 or any(len(row) != 8 for row in grid):
                continue
            for _ in range(rng.randint(1, 3)):
                a = (rng.randrange(8), rng.randrange(8))
                b = (rng.randrange(8), rng.randrange(8))
                if rng.random() < 0.5:
                    grid[a[0]][a[1]], grid[b[0]][b[1]] = grid[b[0]][b[1]], grid[a[0]][a[1]]
                else:
                    grid[a[0]][a[1]] = rng.choice("PNBRQpnbrq.")
            fields[0] = pack(grid)
            if len(fields) > 2 and rng.random() < 0.3:
                fields[2] = rng.choice(["KQkq", "Kk", "Qq", "K", "q", "-"])
            print(" ".join(fields))


if __name__ == "__main__":
    main()
