#!/usr/bin/env bash
# Benchmarks the factory, side by side with Simon Tatham's Keen in the same run:
#  1. puzzles per second per size 4..9 with the default configuration;
#  2. the time to fill a balanced 9x9 quota (20 per level, 100 puzzles) with
#     2 threads, against `sgt-keen --generate 20 '9d<level>#<seed>'` for the five
#     levels e n h x u (Keen is single-threaded), over ROUNDS seeds; medians and
#     the ratio.
# Usage: scripts/bench-factory.sh [ROUNDS]   (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
keen=/usr/games/sgt-keen
[ -x "$keen" ] || { echo "bench-factory: $keen is missing (Debian package sgt-puzzles)" >&2; exit 1; }
scripts/setup.sh >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
wall_of() { sed -n 's/^wall time: \([0-9.]*\) s.*/\1/p'; }

echo "# $(uname -m), $(nproc) cores, $(date -u +%Y-%m-%d), kenken $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo
echo "## Default configuration: puzzles per second per size (200 puzzles, 2 threads, seed 1)"
printf '%-6s %10s %12s\n' size seconds puzzles/s
for n in 4 5 6 7 8 9; do
    rm -f "$work/size.db"*
    secs=$(build/kenken generate --db "$work/size.db" --sizes "$n" --count 200 --seed 1 \
           --threads 2 2>/dev/null | wall_of)
    printf '%-6s %10.2f %12.1f\n' "${n}x${n}" "$secs" "$(echo "200 / $secs" | bc -l)"
done

echo
echo "## Balanced 9x9 quota: 20 per level (100 puzzles), $rounds rounds"
printf '%-6s %14s %14s %8s\n' round kenken_s keen_s ratio
: > "$work/ours"; : > "$work/theirs"
for r in $(seq 1 "$rounds"); do
    rm -f "$work/quota.db"*
    t0=$(now)
    build/kenken generate --db "$work/quota.db" --sizes 9 --seed "$r" --threads 2 \
        --per-level easy=20,normal=20,hard=20,extreme=20,unreasonable=20 >/dev/null 2>&1
    ours=$(echo "$(now) - $t0" | bc -l)
    t0=$(now)
    for level in e n h x u; do
        "$keen" --generate 20 "9d${level}#${r}" > "$work/keen-$level.txt" 2>/dev/null
    done
    theirs=$(echo "$(now) - $t0" | bc -l)
    echo "$ours" >> "$work/ours"; echo "$theirs" >> "$work/theirs"
    printf '%-6s %14.3f %14.3f %8.1f\n' "$r" "$ours" "$theirs" "$(echo "$theirs / $ours" | bc -l)"
done
mo=$(median < "$work/ours"); mt=$(median < "$work/theirs")
printf '%-6s %14.3f %14.3f %8.1f\n' median "$mo" "$mt" "$(echo "$mt / $mo" | bc -l)"
echo
echo "kenken: build/kenken generate --sizes 9 --per-level easy=20,normal=20,hard=20,extreme=20,unreasonable=20 --threads 2 --seed R"
echo "keen:   for l in e n h x u: $keen --generate 20 '9d\$l#R'"
