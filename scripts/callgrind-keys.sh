#!/bin/bash
# User-space instructions per lone arrow key of the editor itself, counted by callgrind: the
# editor runs under valgrind in a 120×40 tmux pane twice, with 100 and with 1,100 keys (one
# `send-keys` each, 20 ms apart, so each costs a frame), and the difference is divided by
# 1,000 (start-up and exit cancel out). Steadier than CPU time on a virtual machine, but blind
# to the kernel's part (the wait, the read, the frame's write) and to cache misses.
#
# Usage: scripts/callgrind-keys.sh [BIN]   (default BIN: target/release/fenboard)
# Needs tmux and valgrind. Leaves no process or file behind.
set -u
BIN=$(realpath "${1:-target/release/fenboard}")
for tool in tmux valgrind; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed" >&2; exit 1; }
done
DIR=$(mktemp -d)
S=fbcallgrind$$
cleanup() {
  tmux -L "$S" kill-server 2>/dev/null
  rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$S"
  rm -rf "$DIR"
}
trap cleanup EXIT

count() { # instructions of a run with $1 keys
  local out="$DIR/cg.$1"
  tmux -L "$S" -f /dev/null new -d -s t -x 120 -y 40 \
    "valgrind --tool=callgrind --callgrind-out-file=$out $(printf '%q' "$BIN") 2> $out.log"
  for _ in $(seq 1 300); do
    tmux -L "$S" capture-pane -p -t t | grep -q "FEN " && break
    sleep 0.1
  done
  sleep 1
  for _ in $(seq 1 $(($1 / 2))); do
    tmux -L "$S" send-keys -t t Right
    sleep 0.02
    tmux -L "$S" send-keys -t t Left
    sleep 0.02
  done
  sleep 1
  tmux -L "$S" send-keys -t t C-q
  for _ in $(seq 1 100); do
    grep -q "Collected" "$out.log" 2>/dev/null && break
    sleep 0.1
  done
  tmux -L "$S" kill-server 2>/dev/null
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out.log"
}
few=$(count 100)
many=$(count 1100)
[ -n "$few" ] && [ -n "$many" ] || { echo "valgrind did not finish" >&2; exit 1; }
echo "$BIN: $(( (many - few) / 1000 )) instructions per lone arrow key (100 keys: $few, 1100 keys: $many)"
