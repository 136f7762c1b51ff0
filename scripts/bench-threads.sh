#!/usr/bin/env bash
# Two threads against one on the mixed job of issue 12: wall seconds of
#   build/kenken generate --sizes 6-9 \
#       --per-level easy=300,normal=300,hard=300,extreme=100,unreasonable=300 --threads T
# for T = 1 and 2, over ROUNDS seeds (default 3), alternating 1 and 2 in each round;
# medians and the speed-up (wall of 1 thread over wall of 2). Wall time is the measure
# here, so run it on a quiet machine with at least 2 free cores; it also prints CPU
# seconds (user + sys), whose ratio to wall shows how busy the threads were kept.
#
# scripts/bench-threads.sh [ROUNDS] [PER_LEVEL] [SIZES]
set -euo pipefail
# Numbers as awk and bc write them: under a decimal comma (de_DE) bash's printf
# took "1.5" for no number, printed 1,00 and failed.
export LC_ALL=C
usage="usage: $0 [ROUNDS] [PER_LEVEL] [SIZES]   (ROUNDS: a whole number from 1)"
case "${1-}" in -h | --help) echo "$usage"; exit 0 ;; esac
cd "$(dirname "$(readlink -f "$0")")/.."
rounds=${1:-3}
per_level=${2:-easy=300,normal=300,hard=300,extreme=100,unreasonable=300}
sizes=${3:-6-9}
if [ $# -gt 3 ] || ! [[ "$rounds" =~ ^[1-9][0-9]*$ ]]; then
    echo "$usage" >&2
    exit 2
fi
[ -x build/kenken ] || { echo "bench-threads: build/kenken is missing (cmake --build build)" >&2; exit 1; }
for tool in bc /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "bench-threads: $tool is missing (scripts/setup.sh)" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

# run THREADS SEED: sets wall and cpu. In the main shell, so that a failed run ends the
# script (from inside $(...) its exit left a table of zeros and status 0).
run() {
    rm -f "$work/t.db"*
    if ! /usr/bin/time -f '%e %U %S' -o "$work/time" build/kenken generate --db "$work/t.db" \
        --sizes "$sizes" --per-level "$per_level" --seed "$2" --threads "$1" --quiet \
        >"$work/log" 2>&1; then
        echo "bench-threads: generate --threads $1 --seed $2 failed:" >&2
        tail -5 "$work/log" >&2
        exit 1
    fi
    read -r wall cpu < <(awk '{printf "%.3f %.3f\n", $1, $2 + $3}' "$work/time")
}

echo "# $(uname -m), $(nproc) cores, $(date -u +%Y-%m-%d), kenken $(git rev-parse --short HEAD 2>/dev/null || echo '?'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# build/kenken generate --sizes $sizes --per-level $per_level --seed R --threads T"
printf '%-6s %10s %10s %10s %10s %8s\n' round wall_1 cpu_1 wall_2 cpu_2 speedup
: > "$work/w1"; : > "$work/w2"
for r in $(seq 1 "$rounds"); do
    run 1 "$r"; w1=$wall c1=$cpu
    run 2 "$r"; w2=$wall c2=$cpu
    echo "$w1" >> "$work/w1"; echo "$w2" >> "$work/w2"
    printf '%-6s %10.2f %10.2f %10.2f %10.2f %8.2f\n' "$r" "$w1" "$c1" "$w2" "$c2" \
        "$(echo "$w1 / $w2" | bc -l)"
done
m1=$(median < "$work/w1"); m2=$(median < "$work/w2")
printf '%-6s %10.2f %10s %10.2f %10s %8.2f\n' median "$m1" "" "$m2" "" "$(echo "$m1 / $m2" | bc -l)"
echo "two threads over one: $(echo "$m1 / $m2" | bc -l | xargs printf '%.2f') (target 1.85)"
