#!/usr/bin/env python3
"""Build tests/fixtures/solve_xiangqi.tsv: xiangqi #1–#3 keys proved by brute force over
Fairy-Stockfish's move generator.

A xiangqi #n: the side to move leaves the other side without a legal move (mate or
stalemate: both lose in xiangqi) within n of its moves, against every defence. With the
continuous-check rule (`--checks`, 连将杀) every move of the attacker, the last included, must
give check. A key is a first move that forces that; this script finds every key by trying every
attacker move against every defence (no pruning besides stopping a branch once it is decided).

Fairy-Stockfish (Debian `fairy-stockfish`, /usr/games/fairy-stockfish; path from --fsf or
$FENBOARD_FSF) is the only move generator: one persistent process, UCI_Variant xiangqi;
`go perft 2` lists each attacker move with its number of replies (0 = the defender has no
move), `go perft 1` the defender's replies, and `d` tells whether the side to move is in check
(its `Checkers:` line). Fairy-Stockfish numbers ranks 1–10; fenboard's point names count ranks
0–9 from Red's side (`h2e2`), so every rank is written one lower.

Positions are random and sparse, with legal setups checked here (generals in their palaces and
not facing, advisors, elephants and soldiers only on their points, at most two of each piece
and five soldiers, the side not to move not in check — the last asked of Fairy-Stockfish),
biased toward positions with a solution: the attacker's pieces near the defender's palace.

Usage: scripts/make-xiangqi-solve-fixtures.py [--fsf PATH] [--seed N] [--out FILE]
Deterministic for a seed and Fairy-Stockfish version. Stdlib only.
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

FILES = "abcdefghi"

# Per (n, checks): (with a solution, without, max candidates).
PLAN = {
    (1, False): (16, 6, 4000),
    (2, False): (16, 6, 4000),
    (3, False): (14, 6, 3000),
    (1, True): (16, 6, 4000),
    (2, True): (16, 6, 4000),
    (3, True): (14, 6, 3000),
}


class Fsf:
    """One Fairy-Stockfish process speaking UCI, variant xiangqi."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.read_until(lambda l: l == "uciok")
        self.send("setoption name UCI_Variant value xiangqi")
        self.send("isready")
        self.read_until(lambda l: l == "readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def read_until(self, stop):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish quit")
            line = line.strip()
            lines.append(line)
            if stop(line):
                return lines

    def position(self, fen, moves):
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))

    def divide(self, fen, moves, depth):
        """{move: leaf count} of `go perft depth` after `moves`."""
        self.position(fen, moves)
        self.send(f"go perft {depth}")
        out = {}
        for line in self.read_until(lambda l: l.startswith("Nodes searched")):
            if ":" in line and not line.startswith("Nodes"):
                move, count = line.split(":")
                out[move.strip()] = int(count)
        return out

    def in_check(self, fen, moves):
        """Whether the side to move is in check after `moves` (`d`'s Checkers: line)."""
        self.position(fen, moves)
        self.send("d")
        line = self.read_until(lambda l: l.startswith("Checkers:"))[-1]
        return bool(line[len("Checkers:"):].strip())

    def close(self):
        self.send("quit")
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


class Solver:
    """Brute-force #n keys for one root position, memoised on the move sequence."""

    def __init__(self, fsf, fen, checks):
        self.fsf, self.fen, self.checks = fsf, fen, checks
        self.memo = {}
        self.check_memo = {}

    def gives_check(self, seq):
        if seq not in self.check_memo:
            self.check_memo[seq] = self.fsf.in_check(self.fen, list(seq))
        return self.check_memo[seq]

    def attacker_wins(self, seq, n):
        """The attacker, to move after `seq`, wins within n moves."""
        key = ("a", seq, n)
        if key not in self.memo:
            self.memo[key] = self._attacker_wins(seq, n)
        return self.memo[key]

    def _attacker_wins(self, seq, n):
        moves = self.fsf.divide(self.fen, list(seq), 2)
        allowed = [m for m in moves if not self.checks or self.gives_check(seq + (m,))]
        if any(moves[m] == 0 for m in allowed):
            return True
        if n == 1:
            return False
        return any(self.defender_loses(seq + (m,), n) for m in allowed)

    def defender_loses(self, seq, n):
        """The defender, to move after the attacker's n-th-from-last move `seq`, loses: it has no
        move, or the attacker wins within n-1 after every reply."""
        key = ("d", seq, n)
        if key not in self.memo:
            replies = list(self.fsf.divide(self.fen, list(seq), 1))
            if not replies:
                self.memo[key] = True
            elif n == 1:
                self.memo[key] = False
            else:
                self.memo[key] = all(self.attacker_wins(seq + (r,), n - 1) for r in replies)
        return self.memo[key]

    def keys(self, n):
        first = self.fsf.divide(self.fen, [], 1)
        return sorted(
            m
            for m in first
            if (not self.checks or self.gives_check((m,))) and self.defender_loses((m,), n)
        )


def to_fenboard(move):
    """Fairy-Stockfish's `b3b10` (ranks 1–10) as fenboard's `b2b9` (ranks 0–9)."""
    i = 1
    while move[i].isdigit():
        i += 1
    return f"{move[0]}{int(move[1:i]) - 1}{move[i]}{int(move[i + 1:]) - 1}"


# ---------------------------------------------------------------- random legal positions
# Points as (file 0–8, rank 0–9), rank 0 = Red's back rank.

PALACE = {"w": [(f, r) for f in (3, 4, 5) for r in (0, 1, 2)], "b": [(f, r) for f in (3, 4, 5) for r in (7, 8, 9)]}
ADVISOR = {"w": [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)], "b": [(3, 9), (5, 9), (4, 8), (3, 7), (5, 7)]}
ELEPHANT = {
    "w": [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)],
    "b": [(2, 9), (6, 9), (0, 7), (4, 7), (8, 7), (2, 5), (6, 5)],
}


def soldier_points(side):
    pts = []
    for f in range(9):
        for r in range(10):
            rel = r if side == "w" else 9 - r
            if rel >= 5 or (rel in (3, 4) and f % 2 == 0):
                pts.append((f, r))
    return pts


SOLDIER = {"w": soldier_points("w"), "b": soldier_points("b")}
ANY = [(f, r) for f in range(9) for r in range(10)]


def fen_of(board, turn):
    rows = []
    for r in range(9, -1, -1):
        row, empty = "", 0
        for f in range(9):
            piece = board.get((f, r))
            if piece is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += piece
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + f" {turn} - - 0 1"


def generals_face(board):
    kings = {p: sq for sq, p in board.items() if p in "Kk"}
    (fk, rk), (fo, ro) = kings["K"], kings["k"]
    if fk != fo:
        return False
    return not any((fk, r) in board for r in range(rk + 1, ro))


def points_for(kind, side):
    return {"A": ADVISOR, "B": ELEPHANT, "P": SOLDIER}.get(kind, {"w": ANY, "b": ANY})[side]


def random_position(rng, fsf):
    attacker = rng.choice("wb")
    defender = "b" if attacker == "w" else "w"
    board = {}

    def put(kind, side, candidates):
        free = [p for p in candidates if p not in board]
        if free:
            board[rng.choice(free)] = kind if side == "w" else kind.lower()

    put("K", defender, PALACE[defender])
    put("K", attacker, PALACE[attacker])
    # The attacker's pieces mostly in the defender's half, near its palace.
    near = [(f, r) for f in range(1, 8) for r in ((6, 7, 8, 9) if defender == "b" else (0, 1, 2, 3))]
    counts = {}
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice("RRNNCCP")
        if counts.get((attacker, kind), 0) >= 2:
            continue
        counts[(attacker, kind)] = counts.get((attacker, kind), 0) + 1
        pts = points_for(kind, attacker)
        if rng.random() < 0.7:
            pts = [p for p in pts if p in near] or pts
        put(kind, attacker, pts)
    for _ in range(rng.randint(0, 3)):
        kind = rng.choice("AABBPRNC")
        if counts.get((defender, kind), 0) >= 2:
            continue
        counts[(defender, kind)] = counts.get((defender, kind), 0) + 1
        put(kind, defender, points_for(kind, defender))
    if generals_face(board):
        return None
    fen = fen_of(board, attacker)
    # The side not to move must not be in check: ask with the other side to move.
    if fsf.in_check(fen_of(board, defender), []):
        return None
    return fen


def find_fsf(arg):
    for cand in (arg, os.environ.get("FENBOARD_FSF"), shutil.which("fairy-stockfish"), "/usr/games/fairy-stockfish"):
        if cand and Path(cand).is_file() and os.access(cand, os.X_OK):
            return cand
    sys.exit("Fairy-Stockfish not found: apt-get install fairy-stockfish, or pass --fsf PATH")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fsf")
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "tests/fixtures/solve_xiangqi.tsv"))
    args = ap.parse_args()
    path = find_fsf(args.fsf)
    fsf = Fsf(path)
    rng = random.Random(args.seed)
    records, seen = [], set()
    for (n, checks), (want_yes, want_no, max_tries) in PLAN.items():
        yes = no = tries = 0
        while (yes < want_yes or no < want_no) and tries < max_tries:
            fen = random_position(rng, fsf)
            if fen is None or (fen, n, checks) in seen:
                continue
            tries += 1
            seen.add((fen, n, checks))
            keys = Solver(fsf, fen, checks).keys(n)
            if keys and yes < want_yes:
                yes += 1
            elif not keys and no < want_no:
                no += 1
            else:
                continue
            records.append((fen, n, checks, [to_fenboard(k) for k in keys]))
        print(f"#{n}{' checks' if checks else ''}: {yes} with a key, {no} without, {tries} candidates", file=sys.stderr)
    fsf.close()
    with open(args.out, "w") as f:
        f.write("# Xiangqi #n keys by brute force over Fairy-Stockfish 11.1's move generator\n")
        f.write(f"# (scripts/make-xiangqi-solve-fixtures.py, seed {args.seed}); moves in fenboard's point names (ranks 0-9),\n")
        f.write("# sorted, ',' between, '-' = none; checks: every attacker move must give check.\n")
        f.write("fen\tstipulation\tchecks\texpected\n")
        for fen, n, checks, keys in records:
            f.write(f"{fen}\t#{n}\t{'yes' if checks else 'no'}\t{','.join(sorted(keys)) if keys else '-'}\n")
    print(f"wrote {len(records)} problems to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
