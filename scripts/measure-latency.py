#!/usr/bin/env python3
"""What a person feels of the editor: key pressed -> the cells on screen.

Runs each BIN in a pseudo-terminal of 120x40, writes a key into it and times how long until the
bytes read back make the screen show the key's result (→ and ← in turn: until the board's
cells show the cursor moved), kept in a virtual screen (pyte). Keys go one at a time, each after
the previous one's frame. Three cases: idle, while a solve runs (`S` on a long problem), and
while the Analysis panel's engine thinks (`l`, Stockfish). Then the editor's CPU over 10 idle
seconds (its threads' time on CPU from /proc). Binaries are measured in turns, in the same run.

Usage: scripts/measure-latency.py BIN [BIN ...]   [KEYS=200]   Needs pyte (pip install pyte),
Linux (/proc) and, for the engine case, stockfish (FENBOARD_ENGINE or /usr/games/stockfish).
"""

import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import termios
import time

import pyte

COLS, ROWS = 120, 40
KEYS = int(os.environ.get("KEYS", "200"))
# A problem whose solve outlasts the measurement (the solver's threads keep the cores busy).
LONG_SOLVE = "r1b2rk1/pp1n1ppp/2p1p3/q7/1bPP4/2N1PN2/PPQ2PPP/R3KB1R w KQ - 0 1"
ENGINE = os.environ.get("FENBOARD_ENGINE", "/usr/games/stockfish")


class Editor:
    def __init__(self, binary, args):
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        pid, fd = pty.fork()
        if pid == 0:
            os.environ["FENBOARD_ENGINE"] = ENGINE
            os.execv(binary, [binary, *args])
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        self.pid, self.fd = pid, fd

    def pump(self, timeout):
        """Reads what arrives within `timeout` seconds into the virtual screen."""
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return False
        self.stream.feed(data)
        return True

    def text(self):
        return "\n".join(self.screen.display)

    def wait_for(self, want, limit=30.0):
        deadline = time.monotonic() + limit
        while want not in self.text():
            if time.monotonic() > deadline:
                raise SystemExit(f"timed out waiting for {want!r}:\n{self.text()}")
            self.pump(0.05)

    def send(self, data):
        os.write(self.fd, data)

    def board(self):
        """The colours of the board's cells (the screen's left half): the cursor shows there."""
        return tuple(
            (cell.bg, cell.reverse)
            for y in range(1, ROWS - 3)
            for cell in (self.screen.buffer[y][x] for x in range(COLS // 2))
        )

    def key_latency(self, key):
        """Sends `key` (a cursor move) and times it until the board's cells show it moved."""
        before = self.board()
        t0 = time.perf_counter()
        self.send(key)
        while self.board() == before:
            self.pump(1.0)
        return time.perf_counter() - t0

    def cpu_seconds(self):
        total = 0
        for tid in os.listdir(f"/proc/{self.pid}/task"):
            with open(f"/proc/{self.pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        return total / 1e9

    def close(self):
        os.kill(self.pid, signal.SIGTERM)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def settle(ed, quiet=0.3):
    while ed.pump(quiet):
        pass


def latencies(ed):
    out = []
    for i in range(KEYS):
        out.append(ed.key_latency(b"\x1b[C" if i % 2 == 0 else b"\x1b[D"))
        # Whatever else the frame wrote.
        while ed.pump(0.002):
            pass
    return out


def figures(xs):
    xs = sorted(xs)
    p99 = xs[min(len(xs) - 1, int(len(xs) * 0.99))]
    return f"median {statistics.median(xs) * 1e3:6.2f} ms   p99 {p99 * 1e3:6.2f} ms"


def measure(binary):
    results = {}
    ed = Editor(binary, [])
    ed.wait_for("FEN rnbqkbnr")
    settle(ed)
    results["idle"] = figures(latencies(ed))
    settle(ed, 1.0)
    before, t0 = ed.cpu_seconds(), time.monotonic()
    while time.monotonic() - t0 < 10:
        ed.pump(0.5)
    idle_cpu = (ed.cpu_seconds() - before) / (time.monotonic() - t0)
    results["idle CPU over 10 s"] = f"{idle_cpu * 100:.3f} % of a core"
    ed.close()

    ed = Editor(binary, [LONG_SOLVE])
    ed.wait_for("FEN r1b2rk1")
    settle(ed)
    ed.send(b"S")
    time.sleep(0.3)
    ed.send(b"\x15#6\r")  # Ctrl-U clears the prefill
    ed.wait_for("Solution")
    settle(ed, 0.05)
    results["while solving"] = figures(latencies(ed))
    ed.close()

    ed = Editor(binary, [])
    ed.wait_for("FEN rnbqkbnr")
    ed.send(b"l")
    ed.wait_for("depth")
    results["engine thinking"] = figures(latencies(ed))
    ed.close()
    return results


def main():
    bins = sys.argv[1:] or ["target/release/fenboard"]
    for b in bins:
        if not os.access(b, os.X_OK):
            raise SystemExit(f"no binary at {b}")
    print(f"{KEYS} keys per case, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    for b in bins:
        print(b)
        for case, fig in measure(b).items():
            print(f"  {case:20} {fig}")


if __name__ == "__main__":
    main()
