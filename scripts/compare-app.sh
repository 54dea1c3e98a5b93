#!/bin/bash
# Per-key CPU of two binaries side by side: runs scripts/measure-app.sh on each in turn, ROUNDS
# times (alternating, so both see the same machine), and prints every figure and the medians.
# A lone key's CPU on a virtual machine varies with how idle its CPUs are; only figures from
# the same run compare. scripts/keystroke-floor.c is the floor to compare with: a program that
# only waits for the key, reads it and writes a frame's worth of bytes.
#
# Usage: scripts/compare-app.sh BIN_A BIN_B [ROUNDS]   (default 5 rounds)
set -u
A=$1 B=$2 ROUNDS=${3:-5}
HERE=$(dirname "$0")
declare -A runs
for _ in $(seq 1 "$ROUNDS"); do
  for bin in "$A" "$B"; do
    ns=$("$HERE/measure-app.sh" "$bin" | awk '/single arrow keys/ {print $5}')
    runs[$bin]="${runs[$bin]:-} $ns"
    echo "$bin: $ns ns per key (load $(cut -d' ' -f1 /proc/loadavg))"
  done
done
for bin in "$A" "$B"; do
  # shellcheck disable=SC2086
  median=$(printf '%s\n' ${runs[$bin]} | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}')
  echo "median $bin: $median ns per key over$(printf ' %s' ${runs[$bin]})"
done
