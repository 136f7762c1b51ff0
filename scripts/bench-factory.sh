#!/usr/bin/env bash
# Benchmarks the factory, side by side with Simon Tatham's Keen in the same run.
#
# scripts/bench-factory.sh [ROUNDS]          (default 5)
#  1. puzzles per second per size 4..9 with the default configuration;
#  2. the time to fill a balanced 9x9 quota (20 per level, 100 puzzles) with
#     2 threads, against `sgt-keen --generate 20 '9d<level>#<seed>'` for the five
#     levels e n h x u (Keen is single-threaded), over ROUNDS seeds; medians and
#     the ratio.
#
# scripts/bench-factory.sh --cells [ROUNDS] [SIZES]   (default 3 rounds, sizes '4 5 6 7 8 9':
#  sizes 3 to 9 between spaces)
#  Per core, every size x level cell: ours `generate --sizes N --per-level L=K
#  --threads 1` (SQLite writes and dedupe included) against one Keen process
#  `sgt-keen --generate K 'Nd<l>#seed'`. K is calibrated per cell and side so that
#  each run takes about a second; puzzles per second are K over the process's CPU
#  seconds (user + sys, so other sessions on a shared machine do not count), the
#  median of ROUNDS seeds; the ratio is ours over Keen's.
set -euo pipefail
# A failure inside $(...) (calibrate's runs) ends the script too, not only that subshell.
shopt -s inherit_errexit
# Numbers as awk and bc write them: under a decimal comma (de_DE) bash's printf
# took "1.5" for no number, printed 1,00 and failed.
export LC_ALL=C
usage="usage: $0 [ROUNDS] | --cells [ROUNDS] [SIZES]   (ROUNDS: a whole number from 1)"
case "${1-}" in -h | --help) echo "$usage"; exit 0 ;; esac
cd "$(dirname "$(readlink -f "$0")")/.."
cells=0
if [ "${1:-}" = --cells ]; then cells=1; shift; fi
if [ "$cells" = 1 ]; then rounds=${1:-3}; else rounds=${1:-5}; fi
cell_sizes=${2:-"4 5 6 7 8 9"}
# The arguments first, then the tools: a bad ROUNDS on a machine without Keen was
# "sgt-keen is missing", status 1.
if ! [[ "$rounds" =~ ^[1-9][0-9]*$ ]]; then
    echo "$usage" >&2
    exit 2
fi
# SIZES 0 or 99 printed half a table and failed (status 1), " " an empty one (status 0).
if ! [[ "$cell_sizes" =~ ^[[:space:]]*[3-9]([[:space:]]+[3-9])*[[:space:]]*$ ]]; then
    echo "bench-factory: SIZES is '$cell_sizes': give sizes from 3 to 9 between spaces, e.g. '4 5 6'" >&2
    echo "$usage" >&2
    exit 2
fi
keen=/usr/games/sgt-keen
[ -x "$keen" ] || { echo "bench-factory: $keen is missing (Debian package sgt-puzzles)" >&2; exit 1; }
for tool in bc /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "bench-factory: $tool is missing (scripts/setup.sh)" >&2; exit 1; }
done
[ -x build/kenken ] || scripts/setup.sh >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
wall_of() { sed -n 's/^wall time: \([0-9.]*\) s.*/\1/p'; }

# A command that must succeed; its output is dropped, shown when it fails.
must() {
    "$@" >"$work/log" 2>&1 || {
        echo "bench-factory: failed: $*" >&2
        tail -5 "$work/log" >&2
        exit 1
    }
}
# CPU seconds (user + sys) of one command. A run that failed was timed all the same
# (|| true): a kenken that could not start gave millions of puzzles a second.
cpu_of() {
    must /usr/bin/time -f '%U %S' -o "$work/time" "$@"
    awk '{s = $1 + $2; if (s < 0.001) s = 0.001; printf "%.3f", s}' "$work/time"
}
ours_cell() {  # size level count seed
    rm -f "$work/cell.db"*
    cpu_of build/kenken generate --db "$work/cell.db" --sizes "$1" --per-level "$2=$3" \
        --seed "$4" --threads 1
}
keen_cell() {  # size letter count seed
    cpu_of "$keen" --generate "$3" "$1d$2#$4"
}
# A count that takes about a second: grow from 4 until a run takes 0.2 s, then scale.
calibrate() {  # function size level
    local k=4 t
    while :; do
        t=$("$1" "$2" "$3" "$k" 1000)
        if [ "$(echo "$t >= 0.2 || $k >= 200000" | bc -l)" = 1 ]; then break; fi
        k=$((k * 4))
    done
    k=$(echo "$k / $t" | bc)
    [ "$k" -ge 1 ] || k=1
    echo "$k"
}

if [ "$cells" = 1 ]; then
    levels=(easy normal hard extreme unreasonable)
    letters=(e n h x u)
    echo "# $(uname -m), $(nproc) cores, $(date -u +%Y-%m-%d), kenken $(git rev-parse --short HEAD 2>/dev/null || echo '?'), load $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "# per core: puzzles per CPU second, ours (--threads 1) / Keen (one process), median of $rounds rounds"
    echo
    printf '| size |'; for l in "${levels[@]}"; do printf ' %s |' "$l"; done; echo
    printf '|---|'; for l in "${levels[@]}"; do printf -- '---|'; done; echo
    : > "$work/ratios"
    for n in $cell_sizes; do
        printf '| %s |' "$n"
        for i in 0 1 2 3 4; do
            l=${levels[$i]}; x=${letters[$i]}
            ko=$(calibrate ours_cell "$n" "$l"); kt=$(calibrate keen_cell "$n" "$x")
            : > "$work/o"; : > "$work/t"
            for r in $(seq 1 "$rounds"); do
                # Assigned first: a failure inside $(...) ends the script only there.
                co=$(ours_cell "$n" "$l" "$ko" "$r"); ct=$(keen_cell "$n" "$x" "$kt" "$r")
                echo "$ko / $co" | bc -l >> "$work/o"
                echo "$kt / $ct" | bc -l >> "$work/t"
            done
            po=$(median < "$work/o"); pt=$(median < "$work/t")
            ratio=$(echo "$po / $pt" | bc -l)
            echo "$n $l $ratio" >> "$work/ratios"
            printf ' %.0f / %.0f = **%.1f** |' "$po" "$pt" "$ratio"
        done
        echo
    done
    echo
    sort -k3 -g "$work/ratios" | head -1 | awk '{printf "lowest ratio: %sx%s %s, %.1f\n", $1, $1, $2, $3}'
    awk '$3 < 10 {k++} END {printf "cells below 10x Keen: %d of %d\n", k, NR}' "$work/ratios"
    echo "ours: build/kenken generate --db D --sizes N --per-level L=K --seed R --threads 1"
    echo "keen: $keen --generate K 'Nd<l>#R'   (l in e n h x u)"
    exit 0
fi

echo "# $(uname -m), $(nproc) cores, $(date -u +%Y-%m-%d), kenken $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo
echo "## Default configuration: puzzles per second per size (200 puzzles, 2 threads, seed 1)"
printf '%-6s %10s %12s\n' size seconds puzzles/s
for n in 4 5 6 7 8 9; do
    rm -f "$work/size.db"*
    must build/kenken generate --db "$work/size.db" --sizes "$n" --count 200 --seed 1 --threads 2
    secs=$(wall_of < "$work/log")
    printf '%-6s %10.2f %12.1f\n' "${n}x${n}" "$secs" "$(echo "200 / $secs" | bc -l)"
done

echo
echo "## Balanced 9x9 quota: 20 per level (100 puzzles), $rounds rounds"
printf '%-6s %14s %14s %8s\n' round kenken_s keen_s ratio
: > "$work/ours"; : > "$work/theirs"
for r in $(seq 1 "$rounds"); do
    rm -f "$work/quota.db"*
    t0=$(now)
    must build/kenken generate --db "$work/quota.db" --sizes 9 --seed "$r" --threads 2 \
        --per-level easy=20,normal=20,hard=20,extreme=20,unreasonable=20
    ours=$(echo "$(now) - $t0" | bc -l)
    t0=$(now)
    for level in e n h x u; do
        must "$keen" --generate 20 "9d${level}#${r}"
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
