#!/bin/bash
# Per-key CPU of binaries side by side: runs scripts/measure-app.sh on each in turn, ROUNDS
# times (alternating, so all see the same machine), and prints every figure, the medians and,
# against the first binary, the median of the differences within a round (which the machine's
# drift over minutes does not move). A lone key's CPU on a virtual machine varies with how idle
# its CPUs are; only figures from the same run compare. scripts/keystroke-floor.c is the floor
# to compare with: a program that only waits for the key, reads it and writes a frame's worth
# of bytes.
#
# Usage: scripts/compare-app.sh BIN_A BIN_B [BIN_C ...] [ROUNDS]   (default 5 rounds)
set -u
ROUNDS=5
bins=("$@")
if [[ ${bins[-1]} =~ ^[0-9]+$ ]]; then
  ROUNDS=${bins[-1]}
  unset 'bins[-1]'
fi
[ ${#bins[@]} -ge 2 ] || { echo "usage: $0 BIN_A BIN_B [BIN_C ...] [ROUNDS]" >&2; exit 1; }
HERE=$(dirname "$0")
declare -A runs diffs
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
for _ in $(seq 1 "$ROUNDS"); do
  first=""
  for bin in "${bins[@]}"; do
    ns=$("$HERE/measure-app.sh" "$bin" | awk '/single arrow keys/ {print $5}')
    runs[$bin]="${runs[$bin]:-} $ns"
    if [ -z "$first" ]; then first=$ns; else diffs[$bin]="${diffs[$bin]:-} $((ns - first))"; fi
    echo "$bin: $ns ns per key (load $(cut -d' ' -f1 /proc/loadavg))"
  done
done
for bin in "${bins[@]}"; do
  # shellcheck disable=SC2086
  echo "median $bin: $(printf '%s\n' ${runs[$bin]} | median) ns per key over$(printf ' %s' ${runs[$bin]})"
done
for bin in "${bins[@]:1}"; do
  # shellcheck disable=SC2086
  echo "median of $bin minus ${bins[0]} within a round: $(printf '%s\n' ${diffs[$bin]} | median) ns"
done
