#!/bin/bash
# Prints Popeye's solutions of the h#2 that src/solve/tests.rs
# (helpmate_in_two_with_every_solution) compares fenboard with: twelve with Popeye 4.104.
# Usage: scripts/popeye-helpmate-example.sh PATH_TO_POPEYE_PY   (build Popeye from
# thomas-maeder/popeye with `make -f makefile.unx`; its code is not part of fenboard).
set -eu
PY=${1:?usage: $0 PATH_TO_POPEYE_PY}
IN=$(mktemp --suffix=.inp)
trap 'rm -f "$IN"' EXIT
cat > "$IN" <<'INP'
beginproblem
pieces white kf6 sf3 black kh8 rg1 ph7 pa7
stipulation h#2
endproblem
INP
"$PY" "$IN" | grep -E '^ +1\.'
