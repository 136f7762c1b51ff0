#!/usr/bin/env bash
# An outside check of the solver: CaDiCaL on a CNF encoding of each plain test puzzle
# and of the Keen ids (scripts/bench-big-cages-sat.py), or CBC on a 0/1 program of them,
# must find the same 0, 1 or 2+ solutions as `kenken solve`; the script stops on the
# first disagreement. Exit 77 (skipped) without the solver or python3.
#   sat_peer_test.sh KENKEN SOURCE_DIR [cadical|cbc]
set -u
kenken=$1 src=$2 solver=${3:-cadical}
command -v "$solver" >/dev/null && command -v python3 >/dev/null || exit 77
puzzles=("$src"/tests/data/seed*.neknek "$src"/tests/data/keen-ids.txt
         "$src"/tests/data/sat-peer-given-past-n.neknek)
# A big-cage puzzle takes CaDiCaL a second; CBC, a branch and bound on linear
# relaxations, finds no second solution of one in minutes (docs/big-cages.md).
[ "$solver" = cadical ] && puzzles+=("$src"/tests/data/big-cages-2.neknek)
out=$(python3 "$src/scripts/bench-big-cages-sat.py" --solver "$solver" --kenken "$kenken" --limit 60 "${puzzles[@]}") || {
    echo "$out"
    exit 1
}
echo "$out"
grep -q "^kenken: " <<<"$out" || { echo "no summary"; exit 1; }
! grep -q " undec" <<<"$out" || { echo "not every puzzle was decided by both"; exit 1; }
