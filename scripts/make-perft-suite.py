#!/usr/bin/env python3
"""Writes tests/fixtures/perft_suite.epd: a perft suite whose every count comes from
Fairy-Stockfish (`go perft N`), an engine independent of shakmaty and of fenboard.

Positions: the six of the chessprogramming wiki's "Perft Results" page, two Chess960 positions
with Shredder-FEN castling (one from the wiki's "Chess960 Perft Results"), the xiangqi start,
an illegal position (a double check by two bishops on one diagonal, which real suites contain),
and positions from random games played with python-chess from a fixed seed. The records are
written in every form real suites use, so that the reader is tested on all of them.

Usage: python3 scripts/make-perft-suite.py [/usr/games/fairy-stockfish]
"""

import random
import subprocess
import sys

import chess

ENGINE = sys.argv[1] if len(sys.argv) > 1 else "/usr/games/fairy-stockfish"


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.wait("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("the engine stopped")
            if line.startswith(prefix):
                return line

    def perft(self, fen, depth, variant="chess", chess960=False):
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send(f"setoption name UCI_Chess960 value {'true' if chess960 else 'false'}")
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        return int(self.wait("Nodes searched:").split(":")[1])

    def counts(self, fen, depths, **kw):
        return [(d, self.perft(fen, d, **kw)) for d in depths]

    def close(self):
        self.send("quit")
        self.p.wait()


def four(fen):
    return " ".join(fen.split()[:4])


def main():
    e = Engine(ENGINE)
    out = [
        "# A perft suite for fenboard's tests, in every record form real suites use.",
        "# Made by scripts/make-perft-suite.py: every count is Fairy-Stockfish's `go perft N`.",
    ]

    def prefixed(fen, counts, sep=" ;", space=""):
        return fen + "".join(f"{sep}{space}D{d} {n}" for d, n in counts)

    # The chessprogramming wiki's six positions.
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    out.append(prefixed(start, e.counts(start, [1, 2, 3, 4])))
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    out.append(prefixed(four(kiwipete), e.counts(kiwipete, [1, 2, 3])))
    pos3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
    out.append(prefixed(pos3, e.counts(pos3, [1, 2, 3, 4]), sep=";", space=" "))
    pos4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
    out.append(pos4 + " " + " ".join(f"D{d} {n};" for d, n in e.counts(pos4, [1, 2, 3])))
    pos5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
    ops = " ".join(f"D{d} {n};" for d, n in e.counts(pos5, [1, 2, 3]))
    out.append(f'{four(pos5)} id "cpw.5"; {ops} counts from the chessprogramming wiki, by hand')
    pos6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
    out.append(prefixed(pos6, e.counts(pos6, [1, 2, 3]), sep=";"))
    # Chess960 with Shredder-FEN castling.
    c960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    out.append(prefixed(c960, e.counts(c960, [1, 2, 3, 4], chess960=True)))
    c960b = "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9"
    out.append(prefixed(c960b, e.counts(c960b, [1, 2, 3], chess960=True)))
    # Xiangqi.
    xq = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    out.append(prefixed(xq, e.counts(xq, [1, 2, 3], variant="xiangqi")))
    # Illegal: two bishops on one diagonal both give check.
    illegal = "4k3/8/8/4b3/3K4/2b5/8/8 w - - 0 1"
    out.append(prefixed(illegal, e.counts(illegal, [1, 2, 3])))
    # Positions from random games.
    rng = random.Random(20261201)
    for _ in range(20):
        board = chess.Board()
        for _ in range(rng.randrange(10, 60)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.is_game_over():
            continue
        fen = board.fen()
        out.append(prefixed(fen, e.counts(fen, [1, 2, 3])))
    e.close()
    with open("tests/fixtures/perft_suite.epd", "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
