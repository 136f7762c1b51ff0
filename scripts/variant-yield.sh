#!/usr/bin/env bash
# Yield of the factory per variant: for each variant and size (6 and 9 by default),
# generates COUNT puzzles of any level (2 threads, seed 1), and prints the puzzles
# per second of each level (that level's puzzles / the run's wall time) and in all.
# Then `kenken verify` checks every stored puzzle.
# Usage: scripts/variant-yield.sh [COUNT6] [COUNT9] [VARIANTS...]
#   defaults: 200 60 standard hidden mult-only add-sub killer hidden,killer
set -euo pipefail
cd "$(dirname "$0")/.."
count6=${1:-200}
count9=${2:-60}
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

echo "# $(uname -m), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ), kenken $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "# puzzles per second by level (any level accepted; 2 threads; seed 1)"
printf '%-14s %-5s %6s %8s' variant size count wall_s
for l in "${levels[@]}"; do printf ' %12s' "$l"; done
printf ' %8s\n' all/s
for v in "${variants[@]}"; do
    for n in 6 9; do
        count=$count6
        [ "$n" = 9 ] && count=$count9
        db="$work/$v-$n.db"
        secs=$(build/kenken generate --db "$db" --variant "$v" --sizes "$n" --count "$count" \
               --seed 1 --threads 2 2>/dev/null | sed -n 's/^wall time: \([0-9.]*\) s.*/\1/p')
        printf '%-14s %-5s %6d %8.1f' "$v" "${n}x${n}" "$count" "$secs"
        for l in "${levels[@]}"; do
            k=$(build/kenken query --db "$db" --variant "$v" --level "$l" --format neknek | grep -c '^#' || true)
            printf ' %12.2f' "$(echo "$k / $secs" | bc -l)"
        done
        printf ' %8.2f\n' "$(echo "$count / $secs" | bc -l)"
        build/kenken verify --db "$db" >/dev/null || echo "  verify FAILED for $v ${n}x${n}"
    done
done
