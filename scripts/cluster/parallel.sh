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
# OUT.db.shards), SSHLOGINFILE, REMOTE_DIR, JOBS (parallel --jobs: a number, or a share
# of the cores such as 50%; default one per core). Rerun after a failure or a stop:
# finished shards are kept, the others made again (a shard rerun alone makes the same
# puzzles), and the merge adds what is new. Rerun with another N or other generate
# options (what does not change the puzzles aside: --threads, -j, --quiet, -q), every
# shard is made again; but while OUT.db holds the merge of the old ones it is refused
# (exit 2) before anything is deleted or made: merge would refuse them.
#
# Stopped (Ctrl-C, SIGTERM or SIGHUP): the running shards (or the merge) are sent a TERM
# and commit what they made before they stop; the script waits for them, says what was
# kept and exits 130. Run the same command again to continue.
#
# Exit status: 0 made and merged; 2 bad arguments or environment, or an OUT.db or
# SHARD_DIR that cannot be used (nothing made); 9 another parallel.sh (or shards it
# left running) is using SHARD_DIR; 130 stopped by a signal; else the status of the
# shard or merge that failed (kenken generate and merge: 1, 9, 10...).
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
refuse() { echo "parallel.sh: $*" >&2; exit 2; }
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
# A path whose folder is missing: realpath failed first, a bare message and status 1.
if [[ "$kenken" == */* ]]; then
    kenken=$(realpath -m -- "$kenken")
    [ -f "$kenken" ] && [ -x "$kenken" ] || refuse "no kenken binary '$kenken' (set KENKEN)"
fi
command -v "$kenken" >/dev/null || refuse "no kenken binary '$kenken' (set KENKEN)"
command -v parallel >/dev/null || refuse "GNU parallel is not installed (Debian package parallel; scripts/setup.sh)"
command -v sqlite3 >/dev/null || refuse "sqlite3 is not installed (scripts/setup.sh)"
command -v flock >/dev/null || refuse "flock is not installed (Debian package util-linux)"
# JOBS=abc or -3 went to parallel, which printed its usage and exited 255.
if [ -n "${JOBS:-}" ] && ! [[ "$JOBS" =~ ^[1-9][0-9]{0,5}%?$ ]]; then
    refuse "JOBS is '$JOBS': give the shards to run at once (e.g. 4) or a share of the cores (e.g. 50%)"
fi

# OUT.db and the shard folder, checked before anything is made: an OUT.db that was a
# text file, a folder or in a read-only folder got every shard made, then a failed
# merge and a lock file and shard folder left beside it.
can_write_in() { local probe; probe=$(mktemp "$1/.parallel.sh.XXXXXX" 2>/dev/null) && rm -f "$probe"; }
# writable_folder WHAT FOLDER: FOLDER is one to write in, or can be made (mkdir -p).
writable_folder() {
    local up=$2
    [ ! -e "$up" ] || [ -d "$up" ] || refuse "$1: $up is there but is not a folder"
    while [ ! -e "$up" ]; do up=$(dirname -- "$up"); done
    [ -d "$up" ] && can_write_in "$up" || refuse "$1: cannot write in $up"
}
# "-" made every shard into "-.shards/" and then a corpus file called "-".
[ "$out" != - ] || refuse "OUT.db is '-': a corpus cannot be stdin or stdout; name the corpus file (./- for one called '-')"
[ ! -d "$out" ] || refuse "OUT.db $out is a folder: name the corpus file to merge into (e.g. $out/corpus.db)"
out_dir=$(dirname -- "$out")
writable_folder "OUT.db $out (merge writes it, its journal and its lock)" "$out_dir"
if [ -e "$out" ]; then
    why=$("$kenken" stats --db "$out" 2>&1 >/dev/null) ||
        refuse "OUT.db $out is there but is no corpus to merge into (${why:-kenken stats failed}); give another OUT.db"
fi
shard_dir=$(realpath -m -- "${SHARD_DIR:-$out.shards}")
writable_folder "SHARD_DIR $shard_dir" "$shard_dir"

# What makes the shards' puzzles, one line each in a fixed order, as kenken reads the
# options: N, and the generate options with their values (-n 5, -n5, --count=5 and
# --count 5 alike), a --config file with its text's checksum. What does not change the
# puzzles is left out: --threads (a shard makes the same puzzles with any), --quiet.
# Compared by spelling, -q against --quiet was refused as other options.
record_head="# parallel.sh: what made the shards in this folder"
made_with() {
    local k o name value has lines=()
    for ((k = 0; k < ${#opts[@]}; k++)); do
        o=${opts[k]} value="" has=0
        case "$o" in
            --*=*) name=${o%%=*} value=${o#*=} has=1 ;;
            -[nj]?*) name=${o:0:2} value=${o:2} value=${value#=} has=1 ;;
            *) name=$o ;;
        esac
        case "$name" in -n) name=--count ;; -j) name=--threads ;; -q) name=--quiet ;; esac
        if [ "$has" = 0 ]; then
            case "$name" in
                --config | --sizes | --count | --per-level | --variant | --seed | --threads | --max-singletons)
                    k=$((k + 1)) value=${opts[k]-} has=1 ;;
            esac
        fi
        case "$name" in --threads | --quiet) continue ;; esac
        if [ "$has" = 0 ]; then
            lines+=("$(printf '%q' "$name")")
        elif [ "$name" = --config ] && [ -f "$value" ]; then
            lines+=("$(printf '%s %q (text cksum %s)' "$name" "$value" "$(cksum <"$value")")")
        else
            lines+=("$(printf '%s %q' "$name" "$value")")
        fi
    done
    echo "$record_head"
    echo "N $n"
    [ ${#lines[@]} -eq 0 ] || printf '%s\n' "${lines[@]}" | LC_ALL=C sort
}
# The record of the script before N was in it: the options by spelling, in order.
made_with_before() {
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
now=$(made_with)
now_opts=$(grep -v -e '^#' -e '^N ' <<<"$now" || true)
record="$shard_dir/generate-options"
# What differs from the record, or nothing.
changes=()
if [ -f "$record" ]; then
    if [ "$(head -1 "$record")" = "$record_head" ]; then
        old_n=$(sed -n 's/^N //p' "$record")
        old_opts=$(grep -v -e '^#' -e '^N ' "$record" || true)
        [ "$old_n" = "$n" ] || changes+=("a $old_n-way split, now $n")
        if [ "$old_opts" != "$now_opts" ]; then
            then_only=$(LC_ALL=C comm -23 <(echo "$old_opts") <(echo "$now_opts") | paste -sd' ')
            now_only=$(LC_ALL=C comm -13 <(echo "$old_opts") <(echo "$now_opts") | paste -sd' ')
            changes+=("other generate options (${then_only:-none}; now ${now_only:-none})")
        fi
    elif [ "$(cat "$record")" != "$(made_with_before)" ]; then
        changes+=("other generate options ($(grep -v '^config file: ' "$record" | paste -sd' '); now $(paste -sd' ' <<<"$now_opts"))")
    fi
fi
what_changed=$(printf '%s and ' "${changes[@]}")
what_changed=${what_changed% and }
if [ ${#changes[@]} -gt 0 ] && [ -e "$out" ]; then
    refuse "the shards in $shard_dir were made with $what_changed, and $out holds their merge:" \
        "merge refuses shards of another split or other options into it. Give another OUT.db for" \
        "these (its shards go to OUT.db.shards), or remove $out and $shard_dir to make them again"
fi
# A corpus that holds merged shards of another split refuses these (merge exit 10, once
# every shard was made), whatever the shard folder says.
if [ -e "$out" ]; then
    split=$(sqlite3 "$out" "SELECT group_concat(DISTINCT shard_count) FROM runs WHERE origin IS NOT NULL" 2>/dev/null || true)
    [ -z "$split" ] || [ "$split" = "$n" ] ||
        refuse "$out holds the merge of shards of a $split-way split: merge refuses the shards of" \
            "a $n-way split into it. Give another OUT.db, or N $split"
fi

mkdir -p "$shard_dir" "$out_dir" || refuse "cannot make the folders $shard_dir and $out_dir"
# One run at a time in a shard folder: a rerun while shards still ran (left by a killed
# script) deleted their files under them. The lock is held as long as any process of this
# run (parallel, a shard, the merge) has it open, even past this script.
exec 9>>"$shard_dir/lock"
if ! flock -n 9; then
    echo "parallel.sh: another parallel.sh, or shards it left running, is using $shard_dir;" \
        "wait for it to end (or stop it) and run this again" >&2
    exit 9
fi

finished() {  # I: shard I/N is there, finished
    local f="$shard_dir/shard-$1.db" q
    q="SELECT count(*) FROM runs WHERE status = 'finished' AND shard_index = $1 AND shard_count = $n"
    [ -f "$f" ] && [ "$(sqlite3 "$f" "$q" 2>/dev/null || echo 0)" -gt 0 ]
}
# Stopped by a signal: the shards or the merge are stopped (TERM: each commits its batch
# and exits), waited for, and what is left said. Killed at once (no trap), the script
# left parallel and its shards running, reparented to init and still writing.
stage="checking the shards"
stopped() {  # SIGNAL
    set +e
    trap '' INT TERM HUP
    local kids done_count=0 i
    kids=$(jobs -p)
    if [ -n "$kids" ]; then
        echo "parallel.sh: SIG$1 while $stage: stopping them (each commits what it made first)" >&2
        # shellcheck disable=SC2086
        kill -TERM $kids 2>/dev/null
        wait
    fi
    for ((i = 0; i < n; i++)); do finished "$i" && done_count=$((done_count + 1)); done
    echo "parallel.sh: stopped by SIG$1 while $stage; $done_count of $n shards are finished" \
        "(kept in $shard_dir). Run the same command again to continue: the others are made" \
        "again and the merge into $out adds what is new" >&2
    exit 130
}
trap 'stopped INT' INT
trap 'stopped TERM' TERM
trap 'stopped HUP' HUP

if [ ${#changes[@]} -gt 0 ]; then
    echo "parallel.sh: the shards in $shard_dir were made with $what_changed: making every shard again" >&2
    for f in "$shard_dir"/shard-*.db; do rm -f "$f" "$f-wal" "$f-shm"; done
fi
# Written before any shard is made: a rerun after a failure compares with it.
echo "$now" > "$record.part" && mv "$record.part" "$record"

# A shard file with a finished run of shard I/N is kept; any other is made again from
# scratch (a shard of an earlier split, 0/4 for 0/2, was kept: "finished shards: 2 of 4").
todo=()
for ((i = 0; i < n; i++)); do
    finished "$i" && continue
    f="$shard_dir/shard-$i.db"
    rm -f "$f" "$f-wal" "$f-shm"
    todo+=("$i")
done

# run CMD...: in the background, so that a signal reaches the trap at once (a trap waits
# for a command in the foreground to end); the command's status.
run() {
    "$@" &
    local status=0
    wait $! || status=$?
    return "$status"
}
t0=$(date +%s.%N)
if [ ${#todo[@]} -gt 0 ]; then
    # One TERM and time to commit a batch (parallel's own sequence sent KILL after 0.35 s).
    # shellcheck disable=SC2054 # parallel's options are written with commas
    args=(--will-cite --halt now,fail=1 --termseq TERM,30000,KILL,25 --line-buffer
          --tagstring 'shard {}/'"$n" --joblog "$shard_dir/joblog")
    [ -n "${JOBS:-}" ] && args+=(--jobs "$JOBS")
    if [ -n "${SSHLOGINFILE:-}" ]; then
        args+=(--sshloginfile "$SSHLOGINFILE" --workdir "${REMOTE_DIR:-/tmp}"
               --return 'shard-{}.db' --cleanup)
    fi
    stage="making the shards"
    status=0
    # In the shard folder (parallel's own working folder), with the lock open.
    run bash -c 'cd "$1" && shift && exec "$@"' parallel.sh "$shard_dir" \
        parallel "${args[@]}" -q "$kenken" generate --db 'shard-{}.db' --shard '{}/'"$n" \
        "${opts[@]}" ::: "${todo[@]}" || status=$?
    if [ "$status" != 0 ]; then
        echo "parallel.sh: a shard failed (exit $status; its lines are tagged 'shard I/$n', and" \
            "$shard_dir/joblog lists the jobs). Finished shards are kept: run the same command" \
            "again once it is put right" >&2
        exit "$status"
    fi
fi
t1=$(date +%s.%N)

shards=()
for ((i = 0; i < n; i++)); do shards+=("$shard_dir/shard-$i.db"); done
stage="merging"
run "$kenken" merge --db "$out" "${shards[@]}"
t2=$(date +%s.%N)
# In the C locale: under a decimal comma (de_DE) bash's printf refused bc's "12.3",
# printed 0,0 s and, under set -e, ended a finished run with status 1.
LC_ALL=C printf 'parallel.sh: %d shards made in %.1f s, merged in %.1f s into %s\n' \
    "${#todo[@]}" "$(echo "$t1 - $t0" | bc)" "$(echo "$t2 - $t1" | bc)" "$out"
