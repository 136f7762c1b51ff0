#!/usr/bin/env bash
# Yield of the factory per variant: for each variant and size (6 and 9 by default),
# generates COUNT puzzles of any level (2 threads, seed 1), and prints the puzzles
# per second of each level (that level's puzzles / the run's wall time) and in all.
# Then `kenken verify` checks every stored puzzle. A run stops after YIELD_SECONDS (default
# 60; it keeps what it stored): the rates are then stored puzzles / SECONDS.
# Usage: [YIELD_SECONDS=S] scripts/variant-yield.sh [COUNT6] [COUNT9] [VARIANTS...]
#   defaults: 200 60 standard hidden mult-only add-sub killer hidden,killer
set -euo pipefail
# Numbers as awk and bc write them: under a decimal comma (de_DE) bash's printf
# took "1.5" for no number, printed 1,00 and failed.
export LC_ALL=C
usage="usage: [YIELD_SECONDS=S] $0 [COUNT6] [COUNT9] [VARIANTS...]   (whole numbers from 1)"
case "${1-}" in -h | --help) echo "$usage"; exit 0 ;; esac
cd "$(dirname "$(readlink -f "$0")")/.."
count6=${1:-200}
count9=${2:-60}
seconds=${YIELD_SECONDS:-60}
# YIELD_SECONDS 0 was no limit at all (timeout 0), a COUNT 'abc' a table of zeros.
if ! [[ "$count6" =~ ^[1-9][0-9]*$ && "$count9" =~ ^[1-9][0-9]*$ && "$seconds" =~ ^[1-9][0-9]*$ ]]; then
    echo "$usage" >&2
    exit 2
fi
for tool in bc timeout; do
    command -v "$tool" >/dev/null || { echo "variant-yield: $tool is missing (scripts/setup.sh)" >&2; exit 1; }
done
shift $(( $# > 2 ? 2 : $# ))
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(standard hidden mult-only add-sub killer hidden,killer)
if [ ! -f build/CMakeCache.txt ]; then
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build build -j2 --target kenken >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
levels=(easy normal hard extreme unreasonable)
failed=0

echo "# $(uname -m), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ), kenken $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "# puzzles per second by level (any level accepted; 2 threads; seed 1)"
printf '%-14s %-5s %6s %8s' variant size stored wall_s
for l in "${levels[@]}"; do printf ' %12s' "$l"; done
printf ' %8s\n' all/s
for v in "${variants[@]}"; do
    for n in 6 9; do
        count=$count6
        [ "$n" = 9 ] && count=$count9
        db="$work/$v-$n.db"
        start=$(date +%s.%N)
        status=0
        # --foreground: in its own process group timeout never saw Ctrl-C, which was
        # ignored until the limit, and then the next run began.
        timeout --foreground "$seconds" build/kenken generate -q --db "$db" --variant "$v" --sizes "$n" \
            --count "$count" --seed 1 --threads 2 >"$work/generate.log" 2>&1 || status=$?
        # 124: stopped by timeout, a result; any other failure (a variant misspelt) gave
        # a row of zeros and status 0.
        [ "$status" != 130 ] || exit 130  # Ctrl-C: the run stopped as asked
        if [ "$status" != 0 ] && [ "$status" != 124 ]; then
            echo "variant-yield: generate --variant $v --sizes $n failed (status $status):" >&2
            tail -5 "$work/generate.log" >&2
            exit 1
        fi
        secs=$(echo "$(date +%s.%N) - $start" | bc -l)
        stored=$(build/kenken query --db "$db" --format neknek | grep -c '^#' || true)
        printf '%-14s %-5s %6s %8.1f' "$v" "${n}x${n}" "$stored/$count" "$secs"
        for l in "${levels[@]}"; do
            k=$(build/kenken query --db "$db" --variant "$v" --level "$l" --format neknek | grep -c '^#' || true)
            printf ' %12.2f' "$(echo "$k / $secs" | bc -l)"
        done
        printf ' %8.2f\n' "$(echo "$stored / $secs" | bc -l)"
        build/kenken verify --db "$db" >/dev/null || { echo "  verify FAILED for $v ${n}x${n}"; failed=1; }
    done
done
# A verify that failed is the script's failure too (it ended with status 0).
exit "$failed"
