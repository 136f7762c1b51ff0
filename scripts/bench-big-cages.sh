#!/usr/bin/env bash
# Times `kenken solve` and `kenken grade` on each puzzle file of a directory (e.g. the
# big-cage set made by scripts/big-cages.py), one process per puzzle under a timeout,
# and prints the slowest, the median and how many passed 1 s or the timeout.
#   scripts/bench-big-cages.sh DIR [KENKEN] [TIMEOUT_SECONDS]
set -u
dir=${1:?usage: bench-big-cages.sh DIR [KENKEN] [TIMEOUT]}
kenken=${2:-build/kenken}
limit=${3:-10}
out=$(mktemp)
for f in "$dir"/*; do
    for cmd in solve grade; do
        start=$(date +%s.%N)
        timeout "$limit" "$kenken" "$cmd" "$f" >/dev/null 2>&1
        rc=$?
        end=$(date +%s.%N)
        echo "$cmd $(echo "$end - $start" | bc) $rc $f" >>"$out"
    done
done
for cmd in solve grade; do
    grep "^$cmd " "$out" | sort -k2 -g | awk -v cmd="$cmd" -v limit="$limit" '
        { t[NR] = $2; if ($2 > 1) over++; if ($3 == 124) timedout++; worst = $0 }
        END { printf "%s: %d puzzles, median %.3f s, over 1 s: %d, timed out (%d s): %d\n  slowest: %s\n",
              cmd, NR, t[int((NR + 1) / 2)], over, limit, timedout, worst }'
done
echo "per-puzzle times: $out"
