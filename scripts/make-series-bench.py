#!/usr/bin/env python3
"""Build benches/solve/popeye-series.inp: the orthodox series problems of Popeye's own
intelligent-mode examples (BEISPIEL/intell.inp and BEISPIEL/hpint.inp of its source tree), each
copied as written, for `cargo bench --bench solve -- series`, which solves each with fenboard and
with Popeye side by side. The test fixtures (make-popeye-example-fixtures.py) leave most of them
out: Popeye takes seconds over a few, fenboard minutes over others.

A problem is kept when its stipulation is a series mate or stalemate (ser-#n, ser-=n, ser-h#n,
ser-h=n), it has both kings, no condition and no fairy piece (make-popeye-example-fixtures.py's
test), and no option but those these files give every problem: `intelligent` (fenboard's search is always
goal-directed) and `zug` (move numbers in the output).

Requires Popeye's source tree. Popeye is GPL, as fenboard is.

Usage: scripts/make-series-bench.py [--popeye-src DIR]
"""

import argparse
import importlib.util
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

_spec = importlib.util.spec_from_file_location("examples", HERE / "make-popeye-example-fixtures.py")
ex = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ex)

SOURCES = ("BEISPIEL/intell.inp", "BEISPIEL/hpint.inp")
STIPULATION = re.compile(r"(?im)^\s*(?:forderung|stipulation)\s+(\S+)")
EVERY_PROBLEMS = re.compile(r"(?i)^(?:intel\w*|zug\w*)$")
SERIES = re.compile(r"(?i)^ser-h?[#=]\d+$")


def orthodox(block):
    """Whether a problem is an orthodox series: a series mate or stalemate, no condition, no
    fairy piece, no option but those every problem of these files has."""
    stip = STIPULATION.search(block)
    if not stip or not SERIES.match(stip.group(1)):
        return False
    for line in block.splitlines():
        words = line.split()
        if not words:
            continue
        head = words[0].lower()
        if head.startswith(("bed", "cond")):
            return False
        if head.startswith("opt") and not all(EVERY_PROBLEMS.match(w) for w in words[1:]):
            return False
    return not ex.fairy_words(block) and both_kings(block)


def both_kings(block):
    """Whether each side has a king (fenboard, as the laws of chess, wants both; Popeye solves
    a series without one)."""
    pieces = re.search(r"(?is)^\s*(?:steine|pieces)\b(.*?)(?=^\s*(?:option|forderung|stipulation|"
                       r"zwilling|twin|autor|author|quelle|origin|titel|title)\b|\Z)", block, re.M)
    if not pieces:
        return False
    kings = set()
    colour = None
    for word in pieces.group(1).split():
        w = word.lower()
        if w in ("weiss", "white"):
            colour = "white"
        elif w in ("schwarz", "black"):
            colour = "black"
        elif colour and re.match(r"k[a-h][1-8]", w):
            kings.add(colour)
    return kings == {"white", "black"}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--popeye-src", default="/tmp/popeye")
    ap.add_argument("--out", default=str(ROOT / "benches/solve/popeye-series.inp"))
    args = ap.parse_args()
    kept = []
    for source in SOURCES:
        text = (Path(args.popeye_src) / source).read_text(encoding="latin-1")
        for block in ex.blocks(text):
            if orthodox(block):
                kept.append(block)
    header = ("bemerkung From Popeye's BEISPIEL/intell.inp and BEISPIEL/hpint.inp "
              "(https://github.com/thomas-maeder/popeye, GPL): their orthodox series problems.")
    body = "\nweiteresproblem\n".join(kept)
    Path(args.out).write_text(f"anfangproblem\n{header}\n{body}\nendeproblem\n", encoding="latin-1")
    print(f"{len(kept)} series problems", flush=True)


if __name__ == "__main__":
    main()
