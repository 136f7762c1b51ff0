#!/usr/bin/env bash
# Compares `kenken grade` with Simon Tatham's Keen: Keen's generator only emits a puzzle
# its own solver grades exactly at the asked level, so every puzzle comes with a known
# grade. Generates COUNT (default 30) puzzles per level per size 4..9 with a fixed seed,
# grades them, and prints the agreement matrix per size and overall.
# MODE 'm' asks Keen for multiplication-only puzzles (its 'm' parameter, '6dhm').
# Keen searches until it finds a puzzle of the asked level, which for some cells
# (multiplication-only 5x5 unreasonable) may take hours: each Keen call gets
# KEEN_SECONDS (default 120) and the cells it left short are listed at the end.
# Usage: [KEEN_SECONDS=S] scripts/grade-agreement.sh [COUNT] [SEED] [MODE]
set -euo pipefail
usage="usage: [KEEN_SECONDS=S] $0 [COUNT] [SEED] [MODE]   (COUNT, S: whole numbers from 1)"
case "${1-}" in -h | --help) echo "$usage"; exit 0 ;; esac
cd "$(dirname "$(readlink -f "$0")")/.."
count=${1:-30}
keen_seconds=${KEEN_SECONDS:-120}
seed=${2:-agree}
mode=${3:-}
case "$mode" in ''|m) ;; *) echo "grade-agreement: MODE is '' or 'm'" >&2; exit 2 ;; esac
# KEEN_SECONDS 0 was no limit (timeout 0: hours), a COUNT 'abc' a page of test errors.
if ! [[ "$count" =~ ^[1-9][0-9]*$ && "$keen_seconds" =~ ^[1-9][0-9]*$ ]]; then
    echo "$usage" >&2
    exit 2
fi

keen=/usr/games/sgt-keen
[ -x "$keen" ] || { echo "grade-agreement: $keen is missing (Debian package sgt-puzzles)" >&2; exit 1; }
if [ ! -f build/CMakeCache.txt ]; then
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build build -j "$(nproc 2>/dev/null || echo 2)" --target kenken >/dev/null

dir=build/agreement
mkdir -p "$dir"
levels=(easy normal hard extreme unreasonable)
short=()
declare -A letter=([easy]=e [normal]=n [hard]=h [extreme]=x [unreasonable]=u)  # Keen's codes
: > "$dir/results.txt"
for n in 4 5 6 7 8 9; do
    for l in "${levels[@]}"; do
        file="$dir/keen$mode-$n-$l.txt"
        # Keen prints each puzzle as it finds it: a timeout keeps those found so far.
        # --foreground: in its own process group timeout never saw Ctrl-C.
        timeout --foreground "$keen_seconds" stdbuf -oL "$keen" --generate "$count" \
            "${n}d${letter[$l]}$mode#$seed-$n${letter[$l]}" > "$file" || true
        made=$(grep -c . "$file" || true)
        [ "$made" -ge "$count" ] || short+=("${n}x${n} $l: Keen made $made of $count in ${keen_seconds} s")
        [ "$made" -gt 0 ] || continue
        # grade exits 3/4 on ambiguous/impossible puzzles: that is a result, not a
        # failure; any other status was silenced too and the cell left out unseen.
        status=0
        build/kenken grade --format keen --json "$file" 2>"$dir/grade.err" |
            sed -n "s/.*\"level\":\"\([a-z]*\)\".*/$n $l \1/p" >> "$dir/results.txt" || status=$?
        case "$status" in
            0 | 3 | 4) ;;
            *) echo "grade-agreement: kenken grade $file failed (status $status):" >&2
               tail -5 "$dir/grade.err" >&2
               exit 1 ;;
        esac
    done
done

echo "# $count Keen${mode:+ multiplication-only} puzzles per level and size, seed '$seed'; rows: Keen's level, columns: ours"
awk -v levels="${levels[*]} ambiguous impossible" '
    BEGIN { split(levels, L, " ") }
    { m[$1, $2, $3]++; all[$2, $3]++; size[$1] = 1; t[$1]++; if ($2 == $3) ok[$1]++ }
    END {
        if (NR == 0) { print "no puzzle graded"; exit }
        for (n = 4; n <= 9; n++) if (n in size)
            printf "%dx%d: %d/%d agree (%.1f%%)\n", n, n, ok[n], t[n], 100 * ok[n] / t[n]
        printf "\n%-13s", "keen \\ ours"
        for (j = 1; j <= 7; j++) printf " %12s", L[j]
        printf "\n"
        for (i = 1; i <= 5; i++) {
            printf "%-13s", L[i]
            for (j = 1; j <= 7; j++) printf " %12d", all[L[i], L[j]]
            printf "\n"
        }
        total = 0; agree = 0
        for (n in t) { total += t[n]; agree += ok[n] }
        printf "\noverall: %d/%d agree (%.1f%%)\n", agree, total, 100 * agree / total
    }' "$dir/results.txt"
for line in "${short[@]}"; do echo "short: $line"; done
