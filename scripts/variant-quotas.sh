#!/usr/bin/env bash
# Per-level quotas of every variant at sizes 4..9: for each variant and size, runs
#   kenken generate --variant V --sizes N --per-level easy=Q,normal=Q,hard=Q,extreme=Q,unreasonable=Q
# (seed 1, 2 threads) for at most SECONDS (a size still short then is reported with
# the candidates tried and the levels they graded to), then `kenken verify` on each
# variant's corpus. Prints stored/asked per size and level.
# Usage: scripts/variant-quotas.sh [Q] [SECONDS] [VARIANTS...]
#   defaults: 1 120 hidden mult-only add-sub killer hidden,killer
set -euo pipefail
# Numbers as awk and bc write them: under a decimal comma (de_DE) bash's printf
# took "1.5" for no number, printed 1,00 and failed.
export LC_ALL=C
usage="usage: $0 [Q] [SECONDS] [VARIANTS...]   (Q, SECONDS: whole numbers from 1)"
case "${1-}" in -h | --help) echo "$usage"; exit 0 ;; esac
# KK_QUOTA_DIR is where the caller is, not in the source tree the script moves to.
work=${KK_QUOTA_DIR:-}
[[ -z "$work" || "$work" == /* ]] || work=$PWD/$work
cd "$(dirname "$(readlink -f "$0")")/.."
q=${1:-1}
seconds=${2:-120}
# SECONDS 0 was no limit at all (timeout 0), 'abc' a table of errors.
if ! [[ "$q" =~ ^[1-9][0-9]*$ && "$seconds" =~ ^[1-9][0-9]*$ ]]; then
    echo "$usage" >&2
    exit 2
fi
for tool in jq bc timeout; do
    command -v "$tool" >/dev/null || { echo "variant-quotas: $tool is missing (scripts/setup.sh)" >&2; exit 1; }
done
shift $(( $# > 2 ? 2 : $# ))
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(hidden mult-only add-sub killer hidden,killer)
if [ ! -f build/CMakeCache.txt ]; then
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build build -j2 --target kenken >/dev/null
work=${work:-build/variant-quotas}
mkdir -p "$work"
levels=(easy normal hard extreme unreasonable)
failed=0
per_level="easy=$q,normal=$q,hard=$q,extreme=$q,unreasonable=$q"

echo "# $(uname -m), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ), kenken $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "# stored/asked per level; --per-level $per_level, seed 1, 2 threads, at most $seconds s a size"
printf '%-14s %-5s %8s' variant size wall_s
for l in "${levels[@]}"; do printf ' %12s' "$l"; done
printf '  %s\n' "candidates, graded unique (e n h x u) when short"
for v in "${variants[@]}"; do
    db="$work/$v.db"
    rm -f "$db" "$db-wal" "$db-shm"
    for n in 4 5 6 7 8 9; do
        start=$(date +%s.%N)
        # timeout stops the run as Ctrl-C would: what it stored stays, the run stays resumable.
        status=0
        # --foreground: in its own process group timeout never saw Ctrl-C, which was
        # ignored until the limit, and then the next run began.
        timeout --foreground "$seconds" build/kenken generate -q --db "$db" --variant "$v" --sizes "$n" \
            --per-level "$per_level" --seed 1 --threads 2 >"$work/generate.log" 2>&1 || status=$?
        # 124: stopped by timeout, a result; any other failure (a variant misspelt) is not.
        [ "$status" != 130 ] || exit 130  # Ctrl-C: the run stopped as asked
        if [ "$status" != 0 ] && [ "$status" != 124 ]; then
            echo "variant-quotas: generate --variant $v --sizes $n failed (status $status):" >&2
            tail -5 "$work/generate.log" >&2
            exit 1
        fi
        wall=$(echo "$(date +%s.%N) - $start" | bc -l)
        stats=$(build/kenken stats --json --db "$db")
        printf '%-14s %-5s %8.1f' "$v" "${n}x${n}" "$wall"
        short=0
        for l in "${levels[@]}"; do
            have=$(echo "$stats" | jq -r --arg n "$n" --arg l "$l" '.counts[$n][$l] // 0')
            [ "$have" -ge "$q" ] || short=1
            printf ' %12s' "$have/$q"
        done
        if [ "$short" = 1 ]; then
            echo "$stats" | jq -r --arg n "$n" '[.runs[] | select(.sizes == $n)] | last |
                "  \(.counters.candidates), \(.counters.graded | "\(.easy) \(.normal) \(.hard) \(.extreme) \(.unreasonable)")"'
        else
            printf '\n'
        fi
    done
    if build/kenken verify --db "$db" >/dev/null 2>&1; then
        echo "# $v: verify agrees on $(echo "$stats" | jq .total) puzzles"
    else
        echo "# $v: verify FAILED"
        failed=1
    fi
done
# A verify that failed is the script's failure too (it ended with status 0).
exit "$failed"
