#!/usr/bin/env bash
# Times `kenken solve` and `kenken grade` on every puzzle file of a directory (e.g. the
# big-cage set made by scripts/big-cages.py): one process each, --json --max-seconds
# LIMIT, so the times are the commands' own (micros, steady_clock, per puzzle) and a
# puzzle still undecided at LIMIT is counted, not waited for. Prints the median, the
# slowest, how many passed 1 s and how many were left undecided.
#   scripts/bench-big-cages.sh DIR [KENKEN] [LIMIT_SECONDS]
set -u
dir=${1:?usage: bench-big-cages.sh DIR [KENKEN] [LIMIT_SECONDS]}
kenken=${2:-build/kenken}
limit=${3:-10}
for cmd in solve grade; do
    "$kenken" "$cmd" --json --max-seconds "$limit" "$dir"/* 2>/dev/null |
        python3 -c '
import json, sys
cmd, limit = sys.argv[1], float(sys.argv[2])
rows = [json.loads(line) for line in sys.stdin if line.strip()]
times = sorted((r["micros"] / 1e6, r["source"], r.get("undecided") or r.get("level") == "undecided") for r in rows)
if not times:
    sys.exit("no results")
undecided = sum(1 for t in times if t[2])
over = sum(1 for t in times if t[0] > 1)
print("%s: %d puzzles, median %.3f s, over 1 s: %d, undecided at %g s: %d" %
      (cmd, len(times), times[len(times) // 2][0], over, limit, undecided))
print("  slowest: %.3f s %s%s" % (times[-1][0], times[-1][1], " (undecided)" if times[-1][2] else ""))
' "$cmd" "$limit"
done
