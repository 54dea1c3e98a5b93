#!/usr/bin/env bash
# Compares `fenboard check` of an older commit with the working tree on the check bench's
# random-game FENs (benches/check.rs writes them, from its fixed seed):
#   - instructions: callgrind's total Ir for `check` on the first 20,000 FENs, both binaries
#     (repeatable even on a busy machine);
#   - user CPU on all 200,000 FENs: both binaries alternated, ROUNDS rounds, medians.
#
# Usage: scripts/compare-check.sh [BASE_COMMIT [ROUNDS]]
#   BASE_COMMIT defaults to 805e5a3, a build without the retro-legality rules: the throughput
#   they are held to (within 10%); ROUNDS to 8. Needs valgrind for the instruction counts (apt-get
#   install valgrind); without it only the CPU times are measured.
#   Files go to ${TMPDIR:-/tmp}/fenboard-compare-check; the base binary is built once and kept.
set -euo pipefail

base=${1:-805e5a3}
rounds=${2:-8}
repo=$(git rev-parse --show-toplevel)
work=${TMPDIR:-/tmp}/fenboard-compare-check
mkdir -p "$work"
base_bin="$work/fenboard-$(git -C "$repo" rev-parse --short "$base")"

if [ ! -x "$base_bin" ]; then
    echo "building $base in $work/tree (release) ..." >&2
    rm -rf "$work/tree"
    mkdir -p "$work/tree/target"
    git -C "$repo" archive "$base" | tar -x -C "$work/tree"
    # The dependencies compiled for this tree usually serve the old one too.
    if [ -d "$repo/target/release" ]; then
        cp -a "$repo/target/release" "$work/tree/target/"
    fi
    (cd "$work/tree" && cargo build --release --locked)
    cp "$work/tree/target/release/fenboard" "$base_bin"
fi
(cd "$repo" && cargo build --release --locked)
cp "$repo/target/release/fenboard" "$work/fenboard-now"
(cd "$repo" && cargo bench --bench check -- --write-fens 200000 "$work/fens200k.fen")
head -n 20000 "$work/fens200k.fen" >"$work/fens20k.fen"

cd "$work"
bins=("$(basename "$base_bin")" fenboard-now)

if command -v valgrind >/dev/null; then
    echo "callgrind, check on 20,000 FENs (total instructions):"
    declare -A ir
    for b in "${bins[@]}"; do
        valgrind --tool=callgrind --collect-atstart=yes --callgrind-out-file="$work/cg.$b" \
            "./$b" check fens20k.fen >/dev/null 2>"$work/cg.$b.log" || true
        ir[$b]=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/cg.$b.log")
        printf '  %-24s %14s\n' "$b" "${ir[$b]}"
    done
    awk -v a="${ir[${bins[0]}]}" -v b="${ir[${bins[1]}]}" \
        'BEGIN { printf "  now / base: %.4f (%+.1f%%)\n", b / a, (b / a - 1) * 100 }'
else
    echo "valgrind is not installed: no instruction counts (apt-get install valgrind)" >&2
fi

echo "user CPU, check on 200,000 FENs, $rounds alternated rounds (medians, seconds):"
TIMEFORMAT='%U %R'
for b in "${bins[@]}"; do : >"$work/times.$b"; done
for _ in $(seq "$rounds"); do
    for b in "${bins[@]}"; do
        { time "./$b" check fens200k.fen >/dev/null; } 2>>"$work/times.$b"
    done
done
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for b in "${bins[@]}"; do
    user=$(cut -d' ' -f1 "$work/times.$b" | median)
    wall=$(cut -d' ' -f2 "$work/times.$b" | median)
    printf '  %-24s user %6s  wall %6s\n' "$b" "$user" "$wall"
done
