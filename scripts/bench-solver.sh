#!/usr/bin/env bash
# Benchmarks the exact solver on a fixed, reproducible set: 200 Hard puzzles per
# size 4..9 from Simon Tatham's Keen (seed "#1"), then `kenken bench` on them.
# Extra arguments go to `kenken bench` (e.g. --repeat 9).
set -euo pipefail
usage="usage: $0 [KENKEN BENCH OPTION...]   (e.g. --repeat 9)"
# --help went on to build and generate, then to kenken bench.
case "${1-}" in -h | --help) echo "$usage"; exit 0 ;; esac
cd "$(dirname "$(readlink -f "$0")")/.."

keen=/usr/games/sgt-keen
[ -x "$keen" ] || { echo "bench-solver: $keen is missing (Debian package sgt-puzzles)" >&2; exit 1; }

if [ ! -f build/CMakeCache.txt ]; then
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build build -j "$(nproc 2>/dev/null || echo 2)" --target kenken >/dev/null
if ! build/kenken --help 2>/dev/null | grep -qE "^ +bench"; then
    echo "bench-solver: build/kenken has no 'bench' subcommand: pipeline/cli/bench.cpp must be" >&2
    echo "linked whole (its static registrar is dropped from a plain static library)" >&2
    exit 1
fi

mkdir -p build/bench
for n in 4 5 6 7 8 9; do
    # Keen accepts Hard ("dh") at every size from 4 up; the seed makes the set fixed.
    "$keen" --generate 200 "${n}dh#1" > "build/bench/keen-hard-$n.txt"
done

cmd=(build/kenken bench build/bench/keen-hard-{4,5,6,7,8,9}.txt "$@")
echo "\$ ${cmd[*]}"
echo "# $(uname -m), $(nproc 2>/dev/null || echo '?') cores, $(date -u +%Y-%m-%d)"
"${cmd[@]}"
