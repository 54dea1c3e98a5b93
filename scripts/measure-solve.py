#!/usr/bin/env python3
"""Measures what a solve running in the editor costs the keys, and how fast Esc frees its CPU.

Runs BIN (default target/release/fenboard) in a 120x40 tmux pane on a problem (Bull 1923, a
#3, asked as #6: minutes of search) and sends 2,000 arrow keys (one `send-keys` each, so each
costs a frame) three times: before a solve, while `S` `#6` searches, and after Esc stopped it.
FEN=… STIP=… choose another problem. For each
round it prints the CPU per key of the editor's own threads (every thread but the solver's,
which are named `solve`; from /proc/PID/task/*/schedstat) and the wall time per key. Then it
times Esc until no `solve` thread is left, and the process's CPU use in the 100 ms after.

Usage: scripts/measure-solve.py [BIN]      Needs tmux. Leaves no process behind.
"""

import os
import subprocess
import sys
import time

BIN = os.path.realpath(sys.argv[1] if len(sys.argv) > 1 else "target/release/fenboard")
FEN = os.environ.get("FEN", "7n/1p2N1K1/n2Qp3/6N1/2k3p1/8/8/1R6 w - - 0 1")
STIP = os.environ.get("STIP", "#6")
SOCKET = f"fbsolve{os.getpid()}"
KEYS = 2000


def tmux(*args):
    return subprocess.run(
        ["tmux", "-L", SOCKET, *args], capture_output=True, text=True, check=False
    ).stdout


def screen():
    return tmux("capture-pane", "-p", "-t", "t")


def wait(pred, what, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        s = screen()
        if pred(s):
            return s
        time.sleep(0.01)
    sys.exit(f"timed out waiting for {what}\n{screen()}")


def tasks(pid):
    """(name, ns on CPU) of every thread of pid."""
    out = []
    base = f"/proc/{pid}/task"
    for tid in os.listdir(base):
        try:
            with open(f"{base}/{tid}/comm") as f:
                name = f.read().strip()
            with open(f"{base}/{tid}/schedstat") as f:
                ns = int(f.read().split()[0])
        except OSError:
            continue
        out.append((tid, name, ns))
    return out


def editor_cpu(pid):
    return sum(ns for _, name, ns in tasks(pid) if name != "solve")


def all_cpu(pid):
    return sum(ns for _, _, ns in tasks(pid))


def flipped(s):
    return "h      g      f" in s


def round_of_keys(pid, label):
    """KEYS single arrow keys, then `f` (a flip of the view, no edit) to know all were handled."""
    was = flipped(screen())
    c0, t0 = editor_cpu(pid), time.monotonic()
    for _ in range(KEYS // 2):
        tmux("send-keys", "-t", "t", "Right")
        tmux("send-keys", "-t", "t", "Left")
    tmux("send-keys", "-t", "t", "f")
    wait(lambda s: flipped(s) != was, "the flip after the keys")
    c1, t1 = editor_cpu(pid), time.monotonic()
    print(
        f"{label:<34} {(c1 - c0) / KEYS / 1000:7.1f} µs CPU per key (editor threads), "
        f"{(t1 - t0) / KEYS * 1000:5.2f} ms wall per key"
    )
    return (c1 - c0) / KEYS


def main():
    if not os.access(BIN, os.X_OK):
        sys.exit(f"no binary at {BIN} (cargo build --release)")
    tmux("-f", "/dev/null", "new", "-d", "-s", "t", "-x", "120", "-y", "40",
         f"exec {BIN} '{FEN}'")
    try:
        wait(lambda s: "FEN " in s, "the editor")
        pid = int(tmux("display", "-p", "-t", "t", "#{pane_pid}").strip())
        print(f"cores: {os.cpu_count()}")
        idle = round_of_keys(pid, "no solve:")
        tmux("send-keys", "-t", "t", "S")
        wait(lambda s: "Stipulation:" in s, "the prompt")
        tmux("send-keys", "-t", "t", "-l", STIP)
        tmux("send-keys", "-t", "t", "Enter")
        wait(lambda s: f"solving {STIP}" in s, "the solve")
        time.sleep(1)
        solvers = sum(1 for _, n, _ in tasks(pid) if n == "solve")
        print(f"solve threads while it runs:        {solvers}")
        busy = round_of_keys(pid, f"a solve of {STIP} running:")
        if f"solving {STIP}" not in screen():
            sys.exit("the solve ended before the keys did: no figure")
        print(f"with a solve / without:             {busy / idle:.2f}x")
        # Esc: how long until the solver's threads are gone, and what the process uses after.
        t0 = time.monotonic()
        tmux("send-keys", "-t", "t", "Escape")
        while any(n == "solve" for _, n, _ in tasks(pid)):
            if time.monotonic() - t0 > 10:
                sys.exit("the solve threads did not end")
            time.sleep(0.001)
        gone = time.monotonic() - t0
        c0 = all_cpu(pid)
        time.sleep(0.1)
        c1 = all_cpu(pid)
        print(f"Esc until no solve thread is left:  {gone * 1000:6.1f} ms (tmux send-keys included)")
        print(f"CPU in the 100 ms after that:       {(c1 - c0) / 1e6:6.2f} ms ({(c1 - c0) / 1e6:.1f}% of a core)")
        wait(lambda s: "unfinished (stopped)" in s, "the unfinished result")
        round_of_keys(pid, "after Esc:")
        tmux("send-keys", "-t", "t", "C-c")
    finally:
        tmux("kill-server")


if __name__ == "__main__":
    main()
