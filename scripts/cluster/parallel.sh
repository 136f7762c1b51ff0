#!/usr/bin/env bash
# parallel.sh N OUT.db [generate options]
#
# Makes one corpus in N deterministic shards with GNU parallel, then merges them:
#   kenken generate --db SHARD_DIR/shard-I.db --shard I/N [generate options]
#   kenken merge --db OUT.db SHARD_DIR/shard-*.db
# Shards run on this machine's cores (one job and one thread per core unless the
# options give --threads), or on several hosts when SSHLOGINFILE names a GNU
# parallel --sshloginfile: each host writes its shard on its own local disk
# (REMOTE_DIR, default /tmp: SQLite's WAL needs a local disk, not NFS) and parallel
# copies it back (--return) for the merge. kenken and any --config file must then
# be at the same path on every host.
#
# Environment: KENKEN (the binary, default `kenken` on PATH), SHARD_DIR (default
# OUT.db.shards), SSHLOGINFILE, REMOTE_DIR, JOBS (parallel --jobs, default one per
# core). Rerun after a failure: finished shards are kept, the others made again
# (a shard rerun alone makes the same puzzles), and the merge adds what is new. Rerun
# with other generate options (threads aside), every shard is made again; but while
# OUT.db holds the merge of the old ones it is refused (exit 2): merge would refuse them.
set -euo pipefail
usage="usage: $0 N OUT.db [kenken generate options]"
case "${1-}" in -h | --help) echo "$usage"; exit 0 ;; esac

if [ $# -lt 2 ]; then
    echo "$usage" >&2
    exit 2
fi
# shellcheck source=scripts/cluster/shard-options.sh
. "$(dirname "$(readlink -f "$0")")/shard-options.sh"
check_shard_options parallel.sh "$1" "" "${@:3}" || exit 2
n=$1
out=$2
shift 2
opts=("$@")
# -j N counts too: adding --threads 1 beside it failed every shard ("--threads: At Most
# 1 required but received 2").
has_threads=0
for o in "${opts[@]}"; do [[ "$o" == --threads* || "$o" == -j* ]] && has_threads=1; done
[ "$has_threads" = 1 ] || opts+=(--threads 1)
# The shards run in the shard folder: a --config file named relative to here is given
# by its full path (a name such as "overnight" is left for kenken to look up).
for ((k = 0; k < ${#opts[@]}; k++)); do
    case "${opts[k]}" in
        --config) [ $((k + 1)) -lt ${#opts[@]} ] && [ -f "${opts[k + 1]}" ] &&
            opts[k + 1]=$(realpath "${opts[k + 1]}") ;;
        --config=*) [ -f "${opts[k]#--config=}" ] &&
            opts[k]=--config=$(realpath "${opts[k]#--config=}") ;;
    esac
done

kenken=${KENKEN:-kenken}
if [[ "$kenken" == */* ]]; then kenken=$(realpath "$kenken"); fi
command -v "$kenken" >/dev/null || { echo "parallel.sh: no kenken binary '$kenken' (set KENKEN)" >&2; exit 2; }
command -v parallel >/dev/null || { echo "parallel.sh: GNU parallel is not installed (Debian package parallel; scripts/setup.sh)" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "parallel.sh: sqlite3 is not installed (scripts/setup.sh)" >&2; exit 2; }

shard_dir=${SHARD_DIR:-$out.shards}
mkdir -p "$shard_dir"
shard_dir=$(realpath "$shard_dir")

# What makes the shards' puzzles: the generate options (threads aside: a shard makes
# the same puzzles with any) and the --config file's text. A rerun with other options
# kept the shards of the first ones: they were merged as if asked for now (exit 0 with
# the old seed's puzzles), or merge refused the mix (exit 10).
made_with() {
    local k o
    for ((k = 0; k < ${#opts[@]}; k++)); do
        o=${opts[k]}
        case "$o" in
            --threads | -j) k=$((k + 1)); continue ;;
            --threads=* | -j*) continue ;;
            --config) [ -f "${opts[k + 1]:-}" ] && echo "config file: $(cksum < "${opts[k + 1]}")" ;;
            --config=*) [ -f "${o#--config=}" ] && echo "config file: $(cksum < "${o#--config=}")" ;;
        esac
        printf '%q\n' "$o"
    done
}
record="$shard_dir/generate-options"
if [ -f "$record" ] && [ "$(cat "$record")" != "$(made_with)" ]; then
    before=$(grep -v '^config file: ' "$record" | paste -sd' ')
    now=$(made_with | grep -v '^config file: ' | paste -sd' ')
    [ "$before" = "$now" ] && before="$before (another --config file text)"
    if [ -e "$out" ]; then
        echo "parallel.sh: the shards in $shard_dir were made with other generate options" \
            "(${before:-none}; now ${now:-none}), and $out holds their merge: merge refuses" \
            "shards of other options into it. Give another OUT.db for these options (its shards" \
            "go to OUT.db.shards), or remove $out and $shard_dir to make them again" >&2
        exit 2
    fi
    echo "parallel.sh: the shards in $shard_dir were made with other generate options" \
        "(${before:-none}; now ${now:-none}): making every shard again" >&2
    for f in "$shard_dir"/shard-*.db; do rm -f "$f" "$f-wal" "$f-shm"; done
fi
# Written before any shard is made: a rerun after a failure compares with it.
made_with > "$record.part" && mv "$record.part" "$record"

# A shard file with a finished run of shard I/N is kept; any other is made again from
# scratch (a shard of an earlier split, 0/4 for 0/2, was kept: "finished shards: 2 of 4").
todo=()
for ((i = 0; i < n; i++)); do
    f="$shard_dir/shard-$i.db"
    finished="SELECT count(*) FROM runs WHERE status = 'finished' AND shard_index = $i AND shard_count = $n"
    if [ -f "$f" ] && [ "$(sqlite3 "$f" "$finished" 2>/dev/null || echo 0)" -gt 0 ]; then
        continue
    fi
    rm -f "$f" "$f-wal" "$f-shm"
    todo+=("$i")
done

t0=$(date +%s.%N)
if [ ${#todo[@]} -gt 0 ]; then
    args=(--will-cite --halt now,fail=1 --line-buffer --tagstring 'shard {}/'"$n"
          --joblog "$shard_dir/joblog")
    [ -n "${JOBS:-}" ] && args+=(--jobs "$JOBS")
    if [ -n "${SSHLOGINFILE:-}" ]; then
        args+=(--sshloginfile "$SSHLOGINFILE" --workdir "${REMOTE_DIR:-/tmp}"
               --return 'shard-{}.db' --cleanup)
    fi
    (cd "$shard_dir" &&
        parallel "${args[@]}" -q "$kenken" generate --db 'shard-{}.db' --shard '{}/'"$n" \
            "${opts[@]}" ::: "${todo[@]}")
fi
t1=$(date +%s.%N)

shards=()
for ((i = 0; i < n; i++)); do shards+=("$shard_dir/shard-$i.db"); done
"$kenken" merge --db "$out" "${shards[@]}"
t2=$(date +%s.%N)
# In the C locale: under a decimal comma (de_DE) bash's printf refused bc's "12.3",
# printed 0,0 s and, under set -e, ended a finished run with status 1.
LC_ALL=C printf 'parallel.sh: %d shards made in %.1f s, merged in %.1f s into %s\n' \
    "${#todo[@]}" "$(echo "$t1 - $t0" | bc)" "$(echo "$t2 - $t1" | bc)" "$out"
