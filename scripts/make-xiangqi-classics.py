#!/usr/bin/env python3
"""Build tests/fixtures/xiangqi_classics.tsv: classic composed xiangqi mates (杀局) from
《适情雅趣》 (1570) in which Red mates in exactly 4, 5 or 6 moves and Black, were Red to pass,
would mate at once — every key found with Fairy-Stockfish and cross-checked with `fenboard solve`.

The positions are the book's own diagrams, in the order of the 551-position edition of 李浭, as
the xiangqi-tools project (kuiba1949/xiangqi-tools, fen/shiqingyaqu551.fen, BSD-3-Clause)
transcribed them to FEN; the book is the oldest large collection of xiangqi compositions and its
first half's problems are of one kind: Red must keep checking, for Black's mate is one move
away. CANDIDATES below holds every diagram of the book whose shortest mate is 4 to 6 moves with
Black's mate in one pending, as a first pass with Fairy-Stockfish found them (`go mate 6`, 1.5 s
a position; all are among the first 281, the later ones being mostly endgames without such a
threat). The script takes them in book order and keeps the first PER_N of each length that pass
every check, with their Fairy-Stockfish `go mate n` time; `--per-n 100` checks all 73.

A xiangqi #n: Red leaves Black without a legal move (mate or stalemate: both lose in xiangqi)
within n of its moves, against every defence. A key is a first move that forces it; a position
may have several and the fixture lists every one.

Checks, all with Fairy-Stockfish (Debian `fairy-stockfish`, /usr/games/fairy-stockfish; path
from --fsf or $FENBOARD_FSF), one process, UCI_Variant xiangqi, Threads 1, Hash 64:
  - legal setup (as scripts/make-xiangqi-solve-fixtures.py: generals in their palaces and not
    facing, advisors, elephants and soldiers only on their points, at most two of each piece and
    five soldiers) and neither side in check (`d`'s Checkers: line, with each side to move);
  - Black's threat, exactly: with Black to move instead (the FEN's side flipped), `go perft 2`
    shows a Black move after which Red has no legal move;
  - the length n: `go mate 6 depth 24` finds a mate in n, and `go mate n-1 depth 4(n-1)` none;
  - every key: for each legal Red first move m, decided exactly where it can be — m leaves Black
    no move (a key), or Black then has a move that leaves Red none (`go perft 2` after m: no key,
    Red has lost) — and otherwise by `go mate n depth 4n searchmoves m`: a key if and only if
    it reports a mate within n. Searching m at the root of the whole position (rather than
    searching Black's replies after m) keeps Fairy-Stockfish's mate search as it is meant to be
    used: a mate it reports is a forced line it found (Black's every reply searched), so a key is
    proved; a mate it misses within the depth would make a key look like none, and that is what
    the cross-check below would catch.
  - fenboard (`fenboard solve --json --stip '#n'`, release build; path from --fenboard) must
    find exactly the same keys, and nothing for #n-1. A position where the two disagree, or where
    fenboard does not finish within --fenboard-timeout, is left out and reported on stderr.

The time recorded is Fairy-Stockfish's wall time from `go mate n` to `bestmove` (after
`ucinewgame` and `isready`; the best of three), what the solver is measured against.

Fairy-Stockfish numbers ranks 1–10; fenboard's point names count ranks 0–9 from Red's side
(`h2e2`), so every rank is written one lower.

Usage: scripts/make-xiangqi-classics.py [--fsf PATH] [--fenboard PATH] [--per-n N] [--out FILE]
Deterministic for a Fairy-Stockfish version (searches are bounded by depth, not time; no
randomness) except for the recorded times. Stdlib only.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

FILES = "abcdefghi"
ROOT = Path(__file__).resolve().parent.parent

# How many positions of each length the fixture keeps.
PER_N = 5

# (book number and title, FEN): 《适情雅趣》, 551-position edition, every diagram whose shortest
# mate is 4 to 6 moves with Black's mate in one pending if Red passed (as a first pass with
# Fairy-Stockfish found them; the script checks every claim again).
CANDIDATES = [
    ("第017局 退闲式步", "C3ka3/4aP1r1/nR2c4/p8/6b2/9/9/2C6/3p1p3/c1rAK4 w - - 0 1"),
    ("第039局 博望烧屯", "2bak1b2/4aR2C/6N1n/9/9/9/5c3/4BC3/3p1r1n1/4K2c1 w - - 0 1"),
    ("第043局 精忠报国", "C4kbN1/R2Pa4/4ca3/4rNR2/6b2/6c2/9/4C4/4p3r/5K3 w - - 0 1"),
    ("第051局 下车伏谒", "R2akab2/3n3P1/1NC1b4/5R3/2p3p2/9/9/5p3/4r3r/5K3 w - - 0 1"),
    ("第052局 担雪填井", "3ak3r/4a1R2/b1C1bc3/1N2C3N/9/3p5/2n6/3K5/9/r8 w - - 0 1"),
    ("第053局 开窗邀月", "1n1k1a3/R8/b2ab4/2R6/9/6C2/9/4C4/3pArn1c/4K4 w - - 0 1"),
    ("第057局 放弥六合", "3ack3/1NR1a1P2/3n2R2/9/2C6/9/9/9/1r2p2r1/3K5 w - - 0 1"),
    ("第058局 中外二圣", "4kab1r/4a4/4b4/CR2R4/8r/2C6/9/9/c3p4/5K3 w - - 0 1"),
    ("第059局 变现出没", "2b1ka1r1/3Pa4/5Rc2/5Nr2/9/9/9/7C1/C2p5/4K4 w - - 0 1"),
    ("第061局 群虎争餐", "2bk1a3/1R2a2N1/rCc1b4/9/9/9/9/4C2R1/3r1p3/4K4 w - - 0 1"),
    ("第067局 凫罗鱼网", "1n1ck3C/2PPa1R2/5a3/9/8N/9/9/3n5/4p2r1/5K3 w - - 0 1"),
    ("第070局 鸢飞泪天", "4k3C/5N1rC/5c3/4p4/4N4/9/9/6n2/2r2p3/3RK4 w - - 0 1"),
    ("第075局 豪帅心服", "4rc3/4ak3/9/9/9/9/9/2R6/3pA4/cr1AKC3 w - - 0 1"),
    ("第083局 沉鱼落雁", "2bk5/1R5N1/9/9/9/9/9/5Cr2/r2p1p3/4K2R1 w - - 0 1"),
    ("第084局 双蜓点水", "1C3k3/1N2P4/1nN1b4/9/9/9/9/4p4/3p1p3/4K4 w - - 0 1"),
    ("第093局 鱼骇月钩", "3k2b1r/C4R3/P3b4/n2c1R3/9/1N7/9/4BA3/3p1p3/c1BAK4 w - - 0 1"),
    ("第094局 负笈追师", "2baka3/1R7/4b2nn/4R2CN/4N4/9/9/5p3/2rc4r/5K3 w - - 0 1"),
    ("第097局 敌居万人", "4k3N/3Pn4/4b4/c1p3n1R/4P3r/9/5R3/5C3/2r1p4/5K3 w - - 0 1"),
    ("第099局 偷营劫寨", "c2a1k3/3Ra4/4c1P2/7R1/9/9/9/1C2B4/1r7/2BK5 w - - 0 1"),
    ("第100局 飞黄结路", "2r6/4akN2/C3P2c1/1C4P2/7r1/8R/9/5p3/4p4/5K3 w - - 0 1"),
    ("第102局 金门待漏", "3ak4/R3a1P1R/b3b4/1C7/4c4/9/9/9/2r3r2/4K4 w - - 0 1"),
    ("第103局 双鹭窥鱼", "3ak3N/4aP3/8R/1rr5N/9/9/9/9/5p3/4K4 w - - 0 1"),
    ("第105局 战如烈火", "2b1ka3/4a3c/4b4/6n2/7RN/9/9/3CCR3/2rp1p3/4KAr1c w - - 0 1"),
    ("第108局 争舟走渡", "2bak4/4aPP2/4b4/3N5/2r1C4/9/9/C2R2nr1/4Ap3/3AK3c w - - 0 1"),
    ("第111局 兴戎出好", "2b1ka3/3Ra4/1c2b3c/N8/R8/6B2/4C1r2/C8/4Ap1n1/3AK4 w - - 0 1"),
    ("第112局 飞鲸吞钓", "2bak4/C3a2NR/4b4/9/6p2/1C2c4/9/4B4/1r2A1c2/3RKAr2 w - - 0 1"),
    ("第120局 龟玉毁椟", "R2rk4/4nP3/2n1b4/6N2/9/1r2C4/4c4/4B4/3pN4/4KC3 w - - 0 1"),
    ("第126局 叶落归秋", "2ba2n2/4ak3/4b4/4R4/4N4/9/9/5C3/3rAp3/c1rAK4 w - - 0 1"),
    ("第129局 凿壁偷光", "2bk1a3/1R2RN3/c3ba3/2n6/9/1C7/9/9/3r1p2r/1Cc1K4 w - - 0 1"),
    ("第131局 入幕之宾", "2bak3C/2C1aR2n/2n5N/9/7N1/9/9/1r6B/5p2r/3RK4 w - - 0 1"),
    ("第137局 匹马平胡", "3k1a1R1/9/2cab4/2n1R4/2b6/4P4/3N5/3CB4/1r1p4r/4K4 w - - 0 1"),
    ("第153局 死敌为忠", "N2k1a3/5P3/3a5/9/9/9/9/C3RA3/4Nr3/2p1K1pnc w - - 0 1"),
    ("第158局 暴虎凭河", "C3kab2/4a4/N3b4/2N6/9/3C5/9/3A2r2/3K3c1/3A2n1c w - - 0 1"),
    ("第159局 前后绝伦", "3ak4/4a4/4b4/6N2/9/3rC4/4c4/4BR2C/1n1rA4/4KA3 w - - 0 1"),
    ("第162局 朱云折槛", "2bakab2/5RP2/7P1/2P6/9/2N6/9/4Cp2C/r3p4/5K3 w - - 0 1"),
    ("第164局 凿壁借光", "3a1k3/2R1a4/3cb1n2/1C2N4/2b1C3R/9/9/9/r1r2p3/4K4 w - - 0 1"),
    ("第166局 立倾敌国", "4ka3/2R1aR3/3cb4/9/3N5/9/9/C3C4/3p1pnr1/4K4 w - - 0 1"),
    ("第170局 面缚自首", "6b2/3PR1P1c/3P1k3/7c1/2b3p2/2N6/9/2C6/3p1r3/4K4 w - - 0 1"),
    ("第173局 水枯见鱼", "4ka3/4aR3/4N4/4p4/9/9/4P4/4C4/c1nrAR3/4KA3 w - - 0 1"),
    ("第174局 三气周瑜", "2b1ka3/3Pa4/4b1c2/6RC1/3R2c2/8C/9/2n6/3p3r1/4K4 w - - 0 1"),
    ("第178局 黾勉同心", "4ka3/3RaP1n1/6R2/9/4P4/6C2/9/9/2rrp4/c4K3 w - - 0 1"),
    ("第185局 酸毒道路", "5k1n1/c3a4/5aR1b/6N2/2r5C/9/9/9/3p1p3/4K1R2 w - - 0 1"),
    ("第194局 步设陷阱", "3a1a3/3k3c1/1n2RN3/5r3/8R/9/2n6/9/3r1p3/2c1K4 w - - 0 1"),
    ("第196局 雪拥蓝关", "2ba1kb2/1P2a1R2/3cnrN2/C8/9/9/9/9/4p4/3K5 w - - 0 1"),
    ("第198局 惊鸟藏枝", "4kC3/3RaP3/3C2n1c/Nr1R5/9/9/9/4p4/6r2/4K4 w - - 0 1"),
    ("第199局 雕鹰捉兔", "5k3/3Pa2R1/4ba2b/4C4/4N4/9/4c4/9/5p3/1r1nK4 w - - 0 1"),
    ("第212局 雁惊云网", "1R3a3/3k3C1/3a4b/6pN1/9/9/4n3c/5p2C/4r4/5K3 w - - 0 1"),
    ("第218局 路隔星河", "r2aka3/3P5/8R/4r3C/6C2/6R2/9/3p5/4p4/3K1p3 w - - 0 1"),
    ("第223局 军中烈士", "3akr3/R4r2C/3a5/9/9/9/9/6n2/C2pA4/1R2K4 w - - 0 1"),
    ("第224局 随形助胜", "3a1k3/1Nc1a1R2/5rN2/9/9/9/9/9/3p5/4K1Rrc w - - 0 1"),
    ("第226局 脱网逢钩", "4k4/4a4/4Pa3/4p1pCR/3N5/9/9/5p3/6r2/5K3 w - - 0 1"),
    ("第229局 游鱼吞钩", "4k1b2/4aPN2/5a3/9/N8/6C2/4c4/9/2nr1p3/4K4 w - - 0 1"),
    ("第230局 猛虎入山", "2bakcb2/4a4/9/2N6/1C7/3R5/4R4/4K4/5r3/2n2r3 w - - 0 1"),
    ("第231局 胡骑迫背", "2bak1b2/4aR3/9/3NR4/9/9/9/6n2/r2r1p3/4K4 w - - 0 1"),
    ("第232局 用舍相碍", "5a3/3ka4/2Ncb4/9/9/C8/9/3R3r1/3pAp3/4K4 w - - 0 1"),
    ("第235局 居中反祸", "2bk2r2/P3aR3/n1r1b4/9/9/6R2/9/3n5/4p4/1C3K3 w - - 0 1"),
    ("第238局 长鲸授首", "5a1C1/3ka4/4b4/7N1/1Rb6/9/9/5n3/2r1p4/c4K3 w - - 0 1"),
    ("第240局 弃短取长", "4kab2/5P3/4b1n2/1N1N5/9/1n4C2/9/3p5/4p4/3K5 w - - 0 1"),
    ("第241局 凭马渡江", "2b2a3/C3a4/3kb4/9/9/5RN2/9/1C7/r2r1p3/4K4 w - - 0 1"),
    ("第243局 明修栈道", "3r1k3/C5P2/b4a3/CR2R4/9/9/9/2n6/5pr2/4K4 w - - 0 1"),
    ("第251局 惊心破胆", "2rak1C2/5R3/3a5/6N2/9/9/9/r3C4/4p4/3K4R w - - 0 1"),
    ("第253局 二龙绕室", "3a1kb2/4a4/4b4/5NN2/9/9/9/8C/3r4c/4K1n2 w - - 0 1"),
    ("第260局 直造竹所", "3k5/4R4/4b3R/2r1p4/9/7C1/9/9/5pr2/4K4 w - - 0 1"),
    ("第263局 增补隘口", "4k4/4a3R/4Pa3/7C1/4p4/9/9/2r6/5r3/3K5 w - - 0 1"),
    ("第264局 跃鲤吞饵", "6b2/1N1R5/5k3/9/9/9/9/4p4/2Rp1p2r/4K4 w - - 0 1"),
    ("第266局 入穴取虎", "3k1a3/9/3a5/3rRN2C/9/9/9/6n2/5r3/4K4 w - - 0 1"),
    ("第269局 投躯帝廷", "1c2k1C2/c4P3/5a3/9/9/9/9/7R1/3rp4/5K1C1 w - - 0 1"),
    ("第271局 吐胆倾心", "3a1k3/c2P5/2r2a3/6N2/9/6R2/9/4C4/4r4/5K3 w - - 0 1"),
    ("第272局 赤心报国", "3k1aP2/8C/5a3/4R1N2/9/9/9/6n2/3r1p3/4K4 w - - 0 1"),
    ("第273局 舍命如归", "9/r2k5/1R1ab4/3N5/2b6/1C7/9/3n1p3/9/5K3 w - - 0 1"),
    ("第274局 辎重塞途", "3k1a3/nPR1a4/2Nr5/9/9/9/9/9/5r3/2c1K4 w - - 0 1"),
    ("第279局 火炎昆岗", "3ak1b1r/4a2Pn/4b4/4C4/9/9/cR7/n8/4A1p2/3AKC3 w - - 0 1"),
    ("第281局 诳楚救主", "3ak4/4aR3/n3N4/4P4/2b6/8C/4c4/N3B1n2/1r2A4/3RKAr2 w - - 0 1"),
]


class Fsf:
    """One Fairy-Stockfish process speaking UCI: variant xiangqi, one thread, 64 MB hash."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.read_until(lambda l: l == "uciok")
        for option in ("UCI_Variant value xiangqi", "Threads value 1", "Hash value 64"):
            self.send(f"setoption name {option}")
        self.ready()

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

    def ready(self):
        self.send("isready")
        self.read_until(lambda l: l == "readyok")

    def position(self, fen, moves=()):
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

    def in_check(self, fen):
        """Whether the side to move is in check (`d`'s Checkers: line)."""
        self.position(fen)
        self.send("d")
        line = self.read_until(lambda l: l.startswith("Checkers:"))[-1]
        return bool(line[len("Checkers:"):].strip())

    def mate(self, fen, n, depth=None, searchmoves=None, fresh=False):
        """`go mate n` (bounded by `depth` plies when given, at the root only `searchmoves`):
        (the mate in moves it reports, or None; the wall time from `go` to `bestmove`)."""
        if fresh:
            self.send("ucinewgame")
            self.ready()
        self.position(fen)
        command = f"go mate {n}"
        if depth:
            command += f" depth {depth}"
        if searchmoves:
            command += " searchmoves " + " ".join(searchmoves)
        start = time.perf_counter()
        self.send(command)
        lines = self.read_until(lambda l: l.startswith("bestmove"))
        seconds = time.perf_counter() - start
        score = None
        for line in lines:
            words = line.split()
            if words[:1] == ["info"] and "score" in words and "pv" in words:
                i = words.index("score")
                bound = words[i + 3] if len(words) > i + 3 else ""
                if bound not in ("lowerbound", "upperbound"):
                    score = (words[i + 1], int(words[i + 2]))
        found = score[1] if score and score[0] == "mate" and 0 < score[1] <= n else None
        return found, seconds

    def close(self):
        self.send("quit")
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def to_fenboard(move):
    """Fairy-Stockfish's `b3b10` (ranks 1–10) as fenboard's `b2b9` (ranks 0–9)."""
    i = 1
    while move[i].isdigit():
        i += 1
    return f"{move[0]}{int(move[1:i]) - 1}{move[i]}{int(move[i + 1:]) - 1}"


# ---------------------------------------------------------------- legal setups
# Points as (file 0–8, rank 0–9), rank 0 = Red's back rank.

PALACE = {"w": {(f, r) for f in (3, 4, 5) for r in (0, 1, 2)}, "b": {(f, r) for f in (3, 4, 5) for r in (7, 8, 9)}}
ADVISOR = {"w": {(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)}, "b": {(3, 9), (5, 9), (4, 8), (3, 7), (5, 7)}}
ELEPHANT = {
    "w": {(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)},
    "b": {(2, 9), (6, 9), (0, 7), (4, 7), (8, 7), (2, 5), (6, 5)},
}


def soldier_points(side):
    pts = set()
    for f in range(9):
        for r in range(10):
            rel = r if side == "w" else 9 - r
            if rel >= 5 or (rel in (3, 4) and f % 2 == 0):
                pts.add((f, r))
    return pts


SOLDIER = {"w": soldier_points("w"), "b": soldier_points("b")}


def board_of(fen):
    board = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                board[(f, 9 - i)] = c
                f += 1
    return board


def setup_fault(fen):
    """Why the placement is no legal xiangqi setup, or None."""
    board = board_of(fen)
    counts = {}
    for (f, r), piece in board.items():
        side = "w" if piece.isupper() else "b"
        kind = piece.upper()
        counts[piece] = counts.get(piece, 0) + 1
        points = {"K": PALACE, "A": ADVISOR, "B": ELEPHANT, "P": SOLDIER}.get(kind)
        if points and (f, r) not in points[side]:
            return f"{piece} on {FILES[f]}{r}"
    for piece, count in counts.items():
        if count > {"K": 1, "P": 5}.get(piece.upper(), 2):
            return f"{count} x {piece}"
    if counts.get("K") != 1 or counts.get("k") != 1:
        return "not one general a side"
    kings = {p: sq for sq, p in board.items() if p in "Kk"}
    (fk, rk), (fo, ro) = kings["K"], kings["k"]
    if fk == fo and not any((fk, r) in board for r in range(rk + 1, ro)):
        return "the generals face each other"
    return None


def flipped(fen):
    """The FEN with the other side to move: Red passes."""
    fields = fen.split()
    fields[1] = "b" if fields[1] == "w" else "w"
    return " ".join(fields)


# ---------------------------------------------------------------- the checks


def depth(n):
    """The plies a search for a mate in n may go: twice the mate's own, as Fairy-Stockfish's
    reductions can hide a mate from a search only a little deeper than it (第093局's mate in
    six needs 20)."""
    return 4 * n


def threat(fsf, fen):
    """Black's moves that would leave Red without a move if Red passed (exact: `go perft 2`)."""
    return sorted(m for m, replies in fsf.divide(flipped(fen), [], 2).items() if replies == 0)


def length(fsf, fen, most):
    """The shortest mate within `most` moves Fairy-Stockfish finds, confirmed minimal by a
    search one move shorter that finds none; None without one."""
    n, _ = fsf.mate(fen, most, depth=depth(most), fresh=True)
    while n and n > 1:
        shorter, _ = fsf.mate(fen, n - 1, depth=depth(n - 1), fresh=True)
        if not shorter:
            break
        n = shorter
    return n


def keys(fsf, fen, n):
    """Every key of #n, in Fairy-Stockfish's notation, deciding each first move as the
    docstring says; also how many moves were decided exactly."""
    found, exact = [], 0
    for m in fsf.divide(fen, [], 1):
        replies = fsf.divide(fen, [m], 2)
        if not replies:
            found.append(m)
            exact += 1
        elif any(count == 0 for count in replies.values()):
            exact += 1
        elif n > 1:
            mate, _ = fsf.mate(fen, n, depth=depth(n), searchmoves=[m], fresh=True)
            if mate:
                found.append(m)
    return sorted(found), exact


def fsf_time(fsf, fen, n, runs=3):
    """The best of `runs` wall times of `go mate n` from a fresh game; None if any run found no
    mate within n."""
    best = None
    for _ in range(runs):
        mate, seconds = fsf.mate(fen, n, fresh=True)
        if not mate:
            return None
        best = seconds if best is None else min(best, seconds)
    return best


def fenboard_keys(binary, fen, n, timeout):
    """fenboard's keys of #n in its point names, or a string saying why there are none to
    compare."""
    try:
        out = subprocess.run(
            [binary, "solve", "--json", "--threads", "1", "--stip", f"#{n}", fen],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return f"no answer within {timeout} s"
    line = next((l for l in out.stdout.splitlines() if l.strip()), "")
    try:
        result = json.loads(line)
    except json.JSONDecodeError:
        return f"exit {out.returncode}: {out.stderr.strip() or line!r}"
    if result.get("result") not in ("solved", "no_solution"):
        return f"result {result.get('result')!r}"
    return sorted(k["uci"] for k in result.get("keys", []))


def find_fsf(arg):
    for cand in (arg, os.environ.get("FENBOARD_FSF"), shutil.which("fairy-stockfish"), "/usr/games/fairy-stockfish"):
        if cand and Path(cand).is_file() and os.access(cand, os.X_OK):
            return cand
    sys.exit("Fairy-Stockfish not found: apt-get install fairy-stockfish, or pass --fsf PATH")


def find_fenboard(arg):
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    cand = Path(arg) if arg else target / "release" / "fenboard"
    if cand.is_file() and os.access(cand, os.X_OK):
        return str(cand)
    sys.exit(f"fenboard not found at {cand}: cargo build --release, or pass --fenboard PATH")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fsf")
    ap.add_argument("--fenboard", help="release binary (default target/release/fenboard)")
    ap.add_argument("--fenboard-timeout", type=int, default=900, help="seconds a solve may take")
    ap.add_argument("--per-n", type=int, default=PER_N)
    ap.add_argument("--out", default=str(ROOT / "tests/fixtures/xiangqi_classics.tsv"))
    args = ap.parse_args()
    fsf = Fsf(find_fsf(args.fsf))
    fenboard = find_fenboard(args.fenboard)
    kept = {4: [], 5: [], 6: []}
    left_out = []
    for name, fen in CANDIDATES:
        if all(len(v) >= args.per_n for v in kept.values()):
            break
        fault = setup_fault(fen)
        if not fault and fsf.in_check(fen):
            fault = "Red is in check"
        if not fault and fsf.in_check(flipped(fen)):
            fault = "Black is in check"
        if fault:
            left_out.append((name, fen, fault))
            continue
        mates = threat(fsf, fen)
        n = length(fsf, fen, 6)
        if not mates or n not in kept or len(kept[n]) >= args.per_n:
            why = "no mate in one for Black" if not mates else f"mate in {n}"
            print(f"{name}: {why}, passed over", file=sys.stderr)
            continue
        ours, exact = keys(fsf, fen, n)
        ours = [to_fenboard(k) for k in ours]
        theirs = fenboard_keys(fenboard, fen, n, args.fenboard_timeout)
        shorter = fenboard_keys(fenboard, fen, n - 1, args.fenboard_timeout)
        seconds = fsf_time(fsf, fen, n)
        if theirs != ours or shorter != [] or seconds is None:
            why = (
                f"Fairy-Stockfish keys {ours}, fenboard #{n} {theirs}, fenboard #{n - 1} {shorter}, "
                f"go mate {n} time {seconds}"
            )
            print(f"DISAGREEMENT {name} {fen}: {why}", file=sys.stderr)
            left_out.append((name, fen, why))
            continue
        kept[n].append((name, fen, ours, seconds))
        print(
            f"{name}: #{n}, keys {','.join(ours)} ({exact} first moves decided exactly), "
            f"black mates by {','.join(to_fenboard(m) for m in mates)}, go mate {n} {seconds:.3f} s",
            file=sys.stderr,
        )
    fsf.close()
    with open(args.out, "w") as f:
        f.write("# Classic xiangqi mates from 《适情雅趣》 (1570; book numbers and titles of the 551-position\n")
        f.write("# edition, FENs as transcribed by kuiba1949/xiangqi-tools, fen/shiqingyaqu551.fen):\n")
        f.write("# Red to move mates in exactly n; if Red passed, Black would mate at once.\n")
        f.write("# Every key found with Fairy-Stockfish 11.1 and the same as fenboard's (the script\n")
        f.write("# scripts/make-xiangqi-classics.py says how); moves in fenboard's point names (ranks 0-9), sorted,\n")
        f.write("# ',' between; fsf_seconds: Fairy-Stockfish `go mate n` on one thread, best of three.\n")
        f.write("source\tfen\tstipulation\tn\texpected\tfsf_seconds\n")
        for n, rows in kept.items():
            for name, fen, ours, seconds in rows:
                f.write(f"{name}\t{fen}\t#{n}\t{n}\t{','.join(ours)}\t{seconds:.3f}\n")
    for name, fen, why in left_out:
        print(f"left out: {name} {fen}: {why}", file=sys.stderr)
    total = sum(len(v) for v in kept.values())
    print(f"wrote {total} problems ({', '.join(f'#{n}: {len(v)}' for n, v in kept.items())}) to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
