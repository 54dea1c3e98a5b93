#!/usr/bin/env python3
"""Time from a key that changes the position to the Analysis panel showing the new position's
lines: the editor runs in a 120x40 tmux pane on a mate in two with Stockfish; each round takes
White's queen off d2 (the mate goes) or undoes that (it comes back), and the screen is polled
until the panel shows a depth and the mate's presence matches the position. Prints the times in
ms and their median (polling through tmux adds a few ms).

Usage: scripts/measure-engine-latency.py [BIN] [ENGINE]
  (defaults: target/release/fenboard, /usr/games/stockfish). Needs tmux.
"""
import subprocess
import sys
import time

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/fenboard"
ENGINE = sys.argv[2] if len(sys.argv) > 2 else "/usr/games/stockfish"
FEN = "r1bq2r1/b4pk1/p1pp1p2/1p2pP2/1P2P1PB/3P4/1PPQ2P1/R3K2R w - - 0 1"
SOCKET = "fbengine%d" % time.time_ns()


def tmux(*args):
    return subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True).stdout


def panel():
    screen = tmux("capture-pane", "-p")
    return screen[screen.find("┌ Analysis"):]


def main():
    tmux("-f", "/dev/null", "new", "-d", "-x", "120", "-y", "40", f"{BIN} --engine {ENGINE} '{FEN}'")
    try:
        time.sleep(0.8)
        tmux("send-keys", "l")
        time.sleep(2)
        times = []
        for i in range(12):
            mate_after = i % 2 == 1  # even rounds take the queen off, odd ones undo it
            keys = ["g", "d", "2", "x"] if not mate_after else ["u"]
            for k in keys[:-1]:
                tmux("send-keys", k)
            time.sleep(0.3)
            before = panel()
            start = time.time()
            tmux("send-keys", keys[-1])
            while time.time() - start < 3:
                now = panel()
                if "· depth" in now and now != before and ("#2" in now) == mate_after:
                    break
            times.append((time.time() - start) * 1000)
            time.sleep(1)
    finally:
        tmux("kill-server")
    times.sort()
    print("ms:", [round(t) for t in times], "median", round(times[len(times) // 2]))


if __name__ == "__main__":
    main()
