#!/bin/bash
# Asks Popeye what src/solve/intelligent/frozen.rs
# (men_far_from_any_corner_are_weighed_with_ten_moves_left) takes from it: neither position
# has a ser-h=10, and Popeye's hpint 417 has no ser-h=8 to ser-h=13, only the ser-h=14
# 1.Qa8 … 14.g4 Ke2=. Prints each problem's solution lines (none where it has none).
# Usage: scripts/popeye-shut-in-examples.sh PATH_TO_POPEYE_PY   (build Popeye from
# thomas-maeder/popeye with `make -f makefile.unx`; its code is not part of fenboard).
set -eu
PY=${1:?usage: $0 PATH_TO_POPEYE_PY}
IN=$(mktemp --suffix=.inp)
trap 'rm -f "$IN"' EXIT
problem() {
    printf 'beginproblem\nstipulation %s\npieces white ke1 black %s\noption intelligent\nendproblem\n' "$1" "$2" > "$IN"
    echo "$1 black $2:"
    "$PY" "$IN" | grep -E '^ +1\.' || echo "  (no solution)"
}
problem ser-h=10 "kc8 qd8 bc7 bd7 pg5 pg4 pg3"
problem ser-h=10 "kc8 qf3 bc7 bd7 bg1 pg5 pg4"
for n in 8 9 10 11 12 13 14; do
    problem "ser-h=$n" "kc8 qf3 bc7 bd7 pg5 pg4 pg3"
done
