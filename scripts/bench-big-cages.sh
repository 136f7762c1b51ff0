#!/usr/bin/env bash
# Times `kenken solve` and `kenken grade` on every puzzle file of a directory (e.g. the
# big-cage set made by scripts/big-cages.py): one process each, --json --max-seconds
# LIMIT, so the times are the commands' own (micros, steady_clock, per puzzle) and a
# puzzle still undecided at LIMIT is counted, not waited for. Prints the median, the
# slowest, how many passed 1 s and how many were left undecided.
#   scripts/bench-big-cages.sh DIR [KENKEN] [LIMIT_SECONDS]
set -u
usage="usage: $0 DIR [KENKEN] [LIMIT_SECONDS]   (KENKEN: build/kenken of this tree)"
case "${1-}" in -h | --help) echo "$usage"; exit 0 ;; esac
[ $# -ge 1 ] && [ $# -le 3 ] || { echo "$usage" >&2; exit 2; }
dir=$1
# Default: this tree's kenken, wherever the script is run from (build/kenken was taken
# from the caller's folder, and its 'No such file' hidden behind 'no results').
kenken=${2:-$(dirname "$(readlink -f "$0")")/../build/kenken}
limit=${3:-10}
[[ "$limit" =~ ^([0-9]+\.?[0-9]*|\.[0-9]+)$ ]] && [ "$(awk -v l="$limit" 'BEGIN { print (l > 0) }')" = 1 ] ||
    { echo "bench-big-cages: LIMIT_SECONDS is a number above 0, not '$limit'" >&2; exit 2; }
[ -d "$dir" ] && [ -n "$(ls -A -- "$dir")" ] ||
    { echo "bench-big-cages: $dir is not a folder of puzzle files" >&2; exit 2; }
[ -x "$kenken" ] || { echo "bench-big-cages: $kenken is missing (cmake --build build)" >&2; exit 1; }
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
failed=0
for cmd in solve grade; do
    # 3 ambiguous, 4 no solution, 8 undecided at the limit: results. Any other status
    # (a file it cannot read) was hidden and the run still ended with status 0.
    "$kenken" "$cmd" --json --max-seconds "$limit" "$dir"/* 2>"$errors" |
        python3 -c '
import json, signal, sys
signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a reader gone (| head): end quietly
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
    statuses=("${PIPESTATUS[@]}")
    case "${statuses[0]}" in
        0 | 3 | 4 | 8) ;;
        *) echo "bench-big-cages: $kenken $cmd failed (status ${statuses[0]}):" >&2
           tail -5 "$errors" >&2
           failed=1 ;;
    esac
    # Its reader gone (bench-big-cages.sh ... | head -2): stop quietly, as a filter does.
    [ "${statuses[1]}" = 141 ] && exit 141
    [ "${statuses[1]}" = 0 ] || failed=1
done
exit "$failed"
