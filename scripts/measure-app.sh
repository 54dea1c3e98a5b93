#!/bin/bash
# Measures the editor's CPU use in a 120×40 tmux pane: idle for 3 s, per arrow key (2,000 keys,
# one `send-keys` each, so each arrives alone and costs a frame), per key in bursts of 100, and
# resident memory. CPU is the sum over all threads of /proc/PID/task/*/schedstat (time on CPU).
#
# Usage: scripts/measure-app.sh [BIN [ARGS...]]    (default BIN: target/release/fenboard)
# PRE_KEYS="l" first sends these keys (tmux names) and waits a second: `PRE_KEYS=l` measures
# with the Analysis panel's engine thinking (its own CPU, a child process, is not counted).
# Needs tmux. Prints the numbers; leaves no process or file behind.
set -u
BIN=${1:-target/release/fenboard}
[ $# -gt 0 ] && shift
command -v tmux >/dev/null || { echo "tmux is not installed" >&2; exit 1; }
[ -x "$BIN" ] || { echo "no binary at $BIN (cargo build --release)" >&2; exit 1; }
BIN=$(realpath "$BIN")
DIR=$(mktemp -d)
S=fbmeasure$$
cleanup() {
  tmux -L "$S" kill-server 2>/dev/null
  rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$S" # the socket outlives the server
  rm -rf "$DIR"
}
trap cleanup EXIT

# Arguments are passed through quoted, so that a FEN with spaces stays one word each.
printf -v CMD '%q ' "$BIN" "$@"
tmux -L "$S" -f /dev/null new -d -s t -x 120 -y 40 "exec $CMD > $DIR/out"

cpu() { # total ns on CPU over all threads of $1
  local total=0 a b c f
  for f in /proc/"$1"/task/*/schedstat; do read -r a b c < "$f" && total=$((total + a)); done
  echo "$total"
}
switches() { # voluntary context switches (a thread going to sleep) over all threads of $1
  awk '/^voluntary_ctxt_switches/ {n += $2} END {print n}' /proc/"$1"/task/*/status
}
threads() { # per thread: name, ns on CPU, utime and stime in clock ticks
  local f
  for f in /proc/"$1"/task/*; do
    printf '%s %s %s\n' "$(cat "$f/comm")" "$(cut -d' ' -f1 "$f/schedstat")" \
      "$(sed 's/^.*) //' "$f/stat" | cut -d' ' -f12,13)"
  done
}
waitfor() {
  for _ in $(seq 1 500); do
    tmux -L "$S" capture-pane -p -t t | grep -q -- "$1" && return 0
    sleep 0.02
  done
  echo "timeout waiting for '$1'" >&2
  exit 1
}

waitfor "FEN "
PID=$(tmux -L "$S" display -p -t t '#{pane_pid}')
if [ -n "${PRE_KEYS:-}" ]; then
  # shellcheck disable=SC2086
  tmux -L "$S" send-keys -t t $PRE_KEYS
  sleep 1
fi
sleep 0.5
c0=$(cpu "$PID"); sleep 3; c1=$(cpu "$PID")
echo "idle 3 s:                           $(( (c1 - c0) / 1000 )) µs CPU"
echo "resident at start:                  $(awk '/VmRSS/ {print $2, $3}' /proc/"$PID"/status)"

# 2,000 single arrow keys; the final `t` toggles the side so we know all keys were handled.
threads "$PID" > "$DIR/t0"
s0=$(switches "$PID")
c0=$(cpu "$PID")
for _ in $(seq 1 1000); do
  tmux -L "$S" send-keys -t t Right
  tmux -L "$S" send-keys -t t Left
done
tmux -L "$S" send-keys -t t t
waitfor " b KQkq"
c1=$(cpu "$PID")
s1=$(switches "$PID")
threads "$PID" > "$DIR/t1"
echo "2000 single arrow keys:             $(( (c1 - c0) / 2000 )) ns CPU per key"
echo "  threads put to sleep per key:     $(awk -v a="$s0" -v b="$s1" 'BEGIN {printf "%.2f", (b - a) / 2000}')"
# Per thread (a thread started or ended in between is left out).
join <(sort "$DIR/t0") <(sort "$DIR/t1") | awk '{
  printf "  thread %-12s %7.1f µs per key (user %d, system %d ticks)\n",
    $1, ($5 - $2) / 2000 / 1000, $6 - $3, $7 - $4 }'

keys=$(for _ in $(seq 1 50); do printf "Right Left "; done)
c0=$(cpu "$PID")
for _ in $(seq 1 20); do
  # shellcheck disable=SC2086
  tmux -L "$S" send-keys -t t $keys
done
tmux -L "$S" send-keys -t t t
waitfor " w KQkq"
c1=$(cpu "$PID")
echo "2000 arrow keys in bursts of 100:   $(( (c1 - c0) / 2000 )) ns CPU per key"
echo "resident after:                     $(awk '/VmRSS/ {print $2, $3}' /proc/"$PID"/status)"
echo "resident peak:                      $(awk '/VmHWM/ {print $2, $3}' /proc/"$PID"/status)"
tmux -L "$S" send-keys -t t C-q
for _ in $(seq 1 50); do [ -s "$DIR/out" ] && break; sleep 0.02; done
echo "stdout on Ctrl-Q:                   $(cat "$DIR/out")"
