#!/usr/bin/env bash
# Writer trials: the commands that write a corpus or a pack, other than generate
# (scripts/kill-trials.sh does generate), stopped and raced at random moments.
#
#   scripts/writer-trials.sh [-n PUZZLES] [TRIALS] [PART...]
#
#   export  Each trial starts an export (pdf, pdf --solutions, pdf --book, svg,
#           svg --solutions, neknek, json, neknek --force over an earlier pack's file)
#           and sends it SIGKILL, SIGTERM, SIGINT or SIGHUP at a random moment (up to
#           1.25 times that kind's uninterrupted time, at most 2 s; every other trial
#           aims at its last fifth; every fourth, with strace, comes at a system call of
#           the pack's recording and placing: the rename to its ready name, the commit's
#           syncs, the rename into place), then runs the next export into the same
#           folder. Checked: the exit status (0, or the signal's); a stop signal leaves
#           no part file; after the next export no part file at all; every recorded pack
#           has its whole file or folder (text packs byte for byte as recorded), every
#           file there is a recorded (or deleted) pack's; no puzzle is in two packs;
#           `kenken verify` exits 0.
#   merge   Four shards and an uninterrupted merge of them; each trial merges them anew,
#           killed (SIGKILL or SIGTERM) at a random moment, again with probability 1/2
#           on each rerun, until a merge finishes. Checked: every exit is 0, 130 or the
#           signal's; the corpus equals the uninterrupted merge (every column of puzzles
#           and runs, and `query --format json` without ids); integrity and verify pass.
#   mixed   Each round starts at once, in a random order, on one corpus: generate
#           --resume, a merge into it, two exports into one folder (one killed with
#           SIGKILL in a third of the rounds, at random or, with strace, at its rename
#           into place), packs --delete, verify and stats; the generate is stopped
#           (SIGTERM) once the other writers have ended. Checked: of generate and merge,
#           which need the one writer, one writes and the other exits 9 naming its pid
#           (or the merge ended before the generate began); the others exit with their
#           documented statuses (docs/usage.md); then the pack invariants and verify.
#           Every other round also starts an `export -o -` whose reader stalls for a
#           random 0 to STALL s first (it holds the write lock all that while, and the
#           others wait it out): every command must end within the stall and a margin
#           (what is still running is printed), its pack be recorded and whole. Every
#           fourth round starts the others once it holds the lock and stops one writer
#           (SIGTERM or SIGINT) at a random moment while it waits for that lock: it must
#           end within a second with its documented status (generate and merge 130,
#           export and packs --delete by the signal), nothing of it half-written or
#           recorded.
#
# TRIALS is per part (default 20); PARTs default to all three. -n: puzzles in the
# corpora (default 24000; packs are a sixteenth of it). -s: the longest stall of the
# stalled reader in mixed, in seconds (default 12). KENKEN names the binary.
# Prints one line a trial and a summary; exit 0 only when every invariant held.
set -euo pipefail
export LC_ALL=C # EPOCHREALTIME with a decimal point
usage="usage: $0 [-n PUZZLES] [-s STALL] [TRIALS] [export|merge|mixed...]   (TRIALS: a whole number from 1 to 100000)"
puzzles=24000
max_stall=12
while [ $# -gt 0 ]; do
    case "$1" in
        -h | --help) echo "$usage"; exit 0 ;;
        -n)
            [[ "${2-}" =~ ^[1-9][0-9]*$ ]] && [ "$2" -ge 320 ] ||
                { echo "$usage (PUZZLES: 320 or more)" >&2; exit 2; }
            puzzles=$2; shift 2 ;;
        -s)
            [[ "${2-}" =~ ^[0-9]+$ ]] && [ "$2" -le 600 ] ||
                { echo "$usage (STALL: whole seconds, 0 to 600)" >&2; exit 2; }
            max_stall=$2; shift 2 ;;
        *) break ;;
    esac
done
trials="${1:-20}"
shift || true
# 99999999999999999999 trials built $(seq 1 N) in memory once the corpora were made, and
# never started.
if ! [[ "$trials" =~ ^[1-9][0-9]{0,5}$ ]] || [ "$trials" -gt 100000 ]; then
    echo "writer-trials: TRIALS is '$trials'" >&2
    echo "$usage" >&2
    exit 2
fi
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(export merge mixed)
for p in "${parts[@]}"; do
    case "$p" in export | merge | mixed) ;; *) echo "$usage" >&2; exit 2 ;; esac
done
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
kenken="${KENKEN:-$root/build/kenken}"
for tool in sqlite3 bc sha256sum jq pdfinfo python3; do
    command -v "$tool" >/dev/null || { echo "writer-trials: $tool is missing (scripts/setup.sh)" >&2; exit 1; }
done
# In TMPDIR (default /tmp), removed on every way out: the end, a failure, Ctrl-C,
# SIGTERM or SIGHUP.
pids=()
work=
# descendants PID: the processes PID started, and theirs.
descendants() {
    local c
    for c in $(pgrep -P "$1"); do
        echo "$c"
        descendants "$c"
    done
}
# The running commands and what they started (strace killed alone leaves the export it
# traces running) are killed and waited for before the folder goes, so that nothing is
# written there afterwards. Without errexit: a kill that failed ended the trap early.
cleanup() {
    set +e
    local p all=() deadline
    for p in "${pids[@]}"; do
        # shellcheck disable=SC2207 # pids: one word each
        all+=("$p" $(descendants "$p"))
    done
    if [ ${#all[@]} -gt 0 ]; then
        kill -9 "${all[@]}" 2>/dev/null
        wait "${all[@]}" 2>/dev/null
        deadline=$((SECONDS + 5))
        for p in "${all[@]}"; do
            while alive "$p" && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.05; done
        done
    fi
    [ -z "$work" ] || rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP
work="$(mktemp -d "${TMPDIR:-/tmp}/kenken-writer-trials.XXXXXX")"

broken=0 # invariants broken, in all
fault() {
    broken=$((broken + 1))
    echo "  BROKEN: $*"
}
now_ms() { echo $(( ${EPOCHREALTIME/./} / 1000 )); }
rand_ms() { # a whole number in [0, $1)
    local r=$((RANDOM * 32768 + RANDOM))
    echo $((r % ($1 > 0 ? $1 : 1)))
}
sleep_ms() { sleep "$(printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)))"; }
signo() { kill -l "$1"; }
# A generate that must work: its failure ends the script, with its words.
must() {
    if ! "$@" >"$work/must.log" 2>&1; then
        echo "writer-trials: this failed: $*" >&2
        tail -5 "$work/must.log" >&2
        exit 2
    fi
}

# alive PID: the process has not ended (a zombie has).
alive() {
    local st
    st=$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1) && [ -n "$st" ] && [ "$st" != Z ]
}
# waiting PID: a thread of it sleeps in SQLite's busy handler (sqlite3_sleep), waiting
# for another process's lock.
waiting() { grep -qs nanosleep /proc/"$1"/task/*/wchan; }
# stopped_in_its_wait PID: PID, sent SIGSTOP, is stopped with a thread in nanosleep or
# clock_nanosleep (SQLite's busy handler), so that a signal sent before SIGCONT reaches
# it in its wait. Seen waiting, then signalled after a random delay, a packs --delete on
# a loaded machine had got the lock and committed in between: "stopped in its wait, but
# pack 4 is gone". A stopped thread's wchan is do_signal_stop; its syscall stays.
case "$(uname -m)" in
    aarch64) sleep_calls=" 101 115 " ;;
    *) sleep_calls=" 35 230 " ;;
esac
stopped_in_its_wait() {
    local t st n rest deadline=$(($(now_ms) + 2000))
    for t in /proc/"$1"/task/*; do
        while :; do
            st=$(sed 's/^.*) //' "$t/stat" 2>/dev/null | cut -d' ' -f1)
            case "$st" in
                T | t | "") break ;;  # stopped, or a thread that has ended
                Z | X) return 1 ;;
            esac
            [ "$(now_ms)" -lt "$deadline" ] || return 1
            sleep 0.005
        done
    done
    for t in /proc/"$1"/task/*; do
        read -r n rest <"$t/syscall" 2>/dev/null || continue
        [[ "$sleep_calls" != *" $n "* ]] || return 0
    done
    return 1
}
# finish_by PID DEADLINE_MS: waits for PID until then; finished_status is its exit
# status, or "hung" (it is left running).
finished_status=""
finish_by() {
    while alive "$1"; do
        if [ "$(now_ms)" -ge "$2" ]; then finished_status=hung; return; fi
        sleep 0.02
    done
    finished_status=0
    wait "$1" 2>/dev/null || finished_status=$?
}
# small_pipe CMD...: runs CMD with its stdout's pipe shrunk to a page (F_SETPIPE_SZ),
# so that a small pack fills it and its writer blocks until the reader reads.
small_pipe() {
    python3 -c 'import fcntl, os, sys
fcntl.fcntl(1, 1031, 4096)
os.execvp(sys.argv[1], sys.argv[1:])' "$@"
}

# --- pack invariants ---------------------------------------------------------------
# released: files of packs deleted by packs --delete (their files stay, unrecorded).
declare -A released=()

# check_packs DB DIR WHEN: every pack recorded with a file in DIR has it whole and as
# recorded; every file in DIR is a recorded (or deleted) pack's; no puzzle in two packs.
check_packs() {
    local db=$1 dir=$2 when=$3 id out count format sol latest f n want
    declare -A recorded=()
    while IFS='|' read -r id out count format sol; do
        [ -n "$id" ] || continue
        [ "$(dirname "$out")" = "$dir" ] || continue
        recorded[$out]=1
        # --force: the file holds the latest pack recorded under its name.
        latest=$(sqlite3 "$db" "SELECT max(id) FROM packs WHERE out = '${out//\'/\'\'}'")
        [ "$latest" = "$id" ] || continue
        if [ ! -e "$out" ]; then
            # Killed after recording, before naming its file: the ready part waits for
            # the next export into the folder (the export part checks after that one).
            compgen -G "$dir/.$(basename "$out").kkpack-$id.kkpart-*" >/dev/null ||
                fault "$when: pack $id is recorded, but $out is missing"
            continue
        fi
        case "$format" in
            neknek)
                sqlite3 -newline '' "$db" "SELECT p.neknek FROM pack_puzzles pp JOIN puzzles p
                    ON p.id = pp.puzzle_id WHERE pp.pack_id = $id ORDER BY pp.number" |
                    cmp -s - "$out" || fault "$when: $out is not pack $id as recorded" ;;
            json)
                "$kenken" packs --db "$db" --show "$id" --json | cmp -s - "$out" ||
                    fault "$when: $out is not pack $id as recorded" ;;
            pdf)
                n=$(pdfinfo "$out" 2>/dev/null | sed -n 's/^Pages: *//p')
                [ -n "$n" ] && [ "$n" -ge 1 ] || fault "$when: pack $id's $out is no whole PDF" ;;
            svg)
                want=$count
                [ "$sol" = 1 ] && want=$((count * 2))
                n=$(find "$out" -mindepth 1 -maxdepth 1 -name '*.svg' | wc -l)
                [ "$n" = "$want" ] || fault "$when: pack $id's folder $out has $n files, not $want"
                if [ "$n" -gt 0 ] && [ -n "$(cd "$out" && grep -L '</svg>' -- *.svg)" ]; then
                    fault "$when: pack $id's folder $out has files cut short"
                fi ;;
        esac
    done < <(sqlite3 "$db" "SELECT id, out, count, format, json_extract(filters, '$.solutions')
                            FROM packs ORDER BY id")
    for f in "$dir"/*; do
        [ -e "$f" ] || continue
        [ -n "${recorded[$f]-}" ] || [ -n "${released[$f]-}" ] ||
            fault "$when: $f is there, but no pack records it"
    done
    n=$(sqlite3 "$db" "SELECT count(*) FROM (SELECT puzzle_id FROM pack_puzzles
                       GROUP BY puzzle_id HAVING count(DISTINCT pack_id) > 1)")
    [ "$n" = 0 ] || fault "$when: $n puzzles are in two packs"
}
parts_in() { find "$1" -maxdepth 1 -name '.*.kkpart-*' | wc -l; }
check_verify() {
    local s=0
    "$kenken" verify --db "$1" >"$work/verify.log" 2>&1 || s=$?
    [ "$s" = 0 ] || fault "$2: verify exit $s: $(tail -1 "$work/verify.log")"
}
fresh_left() {
    sqlite3 "$1" "SELECT count(*) FROM puzzles WHERE id NOT IN (SELECT puzzle_id FROM pack_puzzles)"
}

# --- the corpora -------------------------------------------------------------------
pack=$((puzzles / 16))
start=$(now_ms)
must "$kenken" generate --db "$work/base.db" --sizes 5-7 --count "$puzzles" --seed 5 -q
cat >"$work/book.toml" <<'EOF'
title = "Writer trials"
solutions = true
walkthrough = 2
trim = "6x9"
EOF
echo "corpus: $puzzles puzzles in $(( $(now_ms) - start )) ms; packs of $pack"

# --- export ------------------------------------------------------------------------
export_part() {
    local kinds=("pdf" "pdf --solutions" "pdf --book" "svg" "svg --solutions" "neknek" "json"
        "neknek --force")
    local signals=(KILL TERM INT HUP)
    local db=$work/exp.db dir=$work/packs
    declare -A ref_ms=()
    # Each kind's uninterrupted time, on a corpus of its own.
    cp "$work/base.db" "$work/ref.db"
    mkdir -p "$work/ref"
    local k ext opts t0 i
    for k in "${kinds[@]}"; do
        read -r ext opts <<<"$k"
        opts=${opts/--book/--book $work/book.toml}
        t0=$(now_ms)
        # shellcheck disable=SC2086
        must "$kenken" export --db "$work/ref.db" -n "$pack" -o "$work/ref/r$RANDOM.$ext" $opts
        ref_ms[$k]=$(($(now_ms) - t0))
        [ "$(fresh_left "$work/ref.db")" -ge "$pack" ] || { rm -f "$work"/ref.db*; cp "$work/base.db" "$work/ref.db"; }
    done
    rm -rf "$work"/ref.db* "$work/ref"
    for k in "${kinds[@]}"; do printf '  %s: %d ms;' "$k" "${ref_ms[$k]}"; done
    echo
    local points=("rename:when=1" "fdatasync:when=1" "fdatasync:when=2" "renameat2:when=1"
        "fdatasync:when=3") point strace_ok=0
    strace -f -o /dev/null true 2>/dev/null && strace_ok=1
    local sent=0 finished=0 status sig ms max out pid before after rec note parts_left
    declare -A count=()
    for ((i = 1; i <= trials; i++)); do
        # Every kind with every signal, at random moments and at system calls, over
        # 128 trials.
        k=${kinds[$(((i - 1 + (i - 1) / 8) % 8))]}
        sig=${signals[$((((i - 1) / 3 + (i - 1) / 32) % 4))]}
        read -r ext opts <<<"$k"
        opts=${opts/--book/--book $work/book.toml}
        # A new corpus and folder once the fresh puzzles run short.
        if [ ! -f "$db" ] || [ "$(fresh_left "$db")" -lt $((2 * pack + 100)) ]; then
            rm -rf "$db" "$db"-* "$dir"
            cp "$work/base.db" "$db"
            mkdir -p "$dir"
            released=()
        fi
        out=$dir/t$i.$ext
        if [[ "$opts" == *--force* ]]; then
            must "$kenken" export --db "$db" -n 20 -o "$out"
        fi
        before=$(sqlite3 "$db" "SELECT coalesce(max(id), 0) FROM packs")
        max=$((ref_ms[$k] * 5 / 4))
        [ "$max" -le 2000 ] || max=2000
        [ "$max" -ge 20 ] || max=20
        if ((i % 2 == 0)); then ms=$((max * 3 / 5 + $(rand_ms $((max / 4 + 1))))); else ms=$(rand_ms "$max"); fi
        note=""
        if [ "$strace_ok" = 1 ] && ((i % 4 == 0)); then
            # At a system call of the pack's last steps, where a moment is a few ms wide:
            # the part renamed to name its pack, the commit's syncs, the rename into place.
            point=${points[$(((i / 4) % ${#points[@]}))]}
            ms=0
            note="at $point"
            # shellcheck disable=SC2086
            env --default-signal=INT strace -f -o /dev/null -e trace="${point%%:*}" \
                -e inject="${point%%:*}:signal=SIG$sig:${point#*:}" \
                "$kenken" export --db "$db" -n "$pack" -o "$out" $opts >"$work/out" 2>&1 &
            pid=$!
            pids=("$pid")
            sent=$((sent + 1))
        else
            # shellcheck disable=SC2086
            env --default-signal=INT "$kenken" export --db "$db" -n "$pack" -o "$out" $opts \
                >"$work/out" 2>&1 &
            pid=$!
            pids=("$pid")
            sleep_ms "$ms"
            if kill -s "$sig" "$pid" 2>/dev/null; then sent=$((sent + 1)); else note="finished first"; fi
        fi
        status=0
        wait "$pid" 2>/dev/null || status=$?
        pids=()
        after=$(sqlite3 "$db" "SELECT coalesce(max(id), 0) FROM packs")
        rec=$([ "$after" -gt "$before" ] && echo recorded || echo "not recorded")
        [ "$status" = 0 ] && finished=$((finished + 1))
        if [ "$status" != 0 ] && [ "$status" != $((128 + $(signo "$sig"))) ]; then
            fault "trial $i: export exit $status after SIG$sig: $(tail -1 "$work/out")"
        fi
        parts_left=$(parts_in "$dir")
        if [ "$sig" != KILL ] && [ "$parts_left" != 0 ]; then
            fault "trial $i: SIG$sig left $parts_left part files: $(find "$dir" -maxdepth 1 -name '.*.kkpart-*' -printf '%f ' | head -c 300)"
        fi
        # The next export into the folder settles what the stopped one left.
        local ns=0
        "$kenken" export --db "$db" -n 20 -o "$dir/next$i.neknek" >"$work/next" 2>&1 || ns=$?
        [ "$ns" = 0 ] || fault "trial $i: the next export exit $ns: $(tail -1 "$work/next")"
        local settled=""
        grep -q "put in place" "$work/next" && settled=", put in place by the next"
        if [ "$rec" = recorded ] && [ "$(sqlite3 "$db" "SELECT count(*) FROM packs WHERE id = $after")" = 0 ]; then
            settled=", unpublished by the next"
        fi
        [ "$(parts_in "$dir")" = 0 ] || fault "trial $i: part files left after the next export"
        check_packs "$db" "$dir" "trial $i"
        check_verify "$db" "trial $i"
        local what="$rec$settled"
        [ "$parts_left" = 0 ] || what="$rec, $parts_left part left$settled"
        count["$what"]=$((${count["$what"]:-0} + 1))
        if [[ "$note" == at* ]]; then when=$note; else when="at $ms ms${note:+ ($note)}"; fi
        echo "trial $i: $k, SIG$sig $when: exit $status, $what"
    done
    echo "export: $trials trials, $sent signals sent, $finished finished first; outcomes:"
    for what in "${!count[@]}"; do echo "  ${count[$what]} $what"; done
}

# --- merge -------------------------------------------------------------------------
merge_part() {
    local shards=() i t0 ref_ms
    for i in 0 1 2 3; do
        must "$kenken" generate --db "$work/shard-$i.db" --sizes 5-7 --count "$puzzles" --seed 5 \
            --shard "$i/4" -q
        shards+=("$work/shard-$i.db")
    done
    content() {
        {
            sqlite3 "$1" "SELECT * FROM puzzles ORDER BY id" "SELECT * FROM runs ORDER BY id"
            "$kenken" query --db "$1" --format json | jq -c 'del(.id)'
        } | sha256sum | cut -d' ' -f1
    }
    t0=$(now_ms)
    must "$kenken" merge --db "$work/merged-ref.db" "${shards[@]}"
    ref_ms=$(($(now_ms) - t0))
    local ref n
    ref=$(content "$work/merged-ref.db")
    n=$(sqlite3 "$work/merged-ref.db" "SELECT count(*) FROM puzzles")
    echo "merge reference: 4 shards, $n puzzles in $ref_ms ms"
    local max=$((ref_ms * 5 / 4)) ok=0 kills=0 terms=0 db=$work/merged.db steps status ms sig pid
    [ "$max" -le 2000 ] || max=2000
    for ((i = 1; i <= trials; i++)); do
        rm -f "$db" "$db"-* "$db".*
        steps=()
        for ((attempt = 1; attempt <= 50; attempt++)); do
            "$kenken" merge --db "$db" "${shards[@]}" >"$work/out" 2>&1 &
            pid=$!
            pids=("$pid")
            if [ "$attempt" = 1 ] || [ $((RANDOM % 2)) = 0 ]; then
                ms=$(rand_ms "$max")
                sig=$([ $((RANDOM % 2)) = 0 ] && echo KILL || echo TERM)
                sleep_ms "$ms"
                if kill -s "$sig" "$pid" 2>/dev/null; then
                    steps+=("$sig@${ms}ms")
                    if [ "$sig" = KILL ]; then kills=$((kills + 1)); else terms=$((terms + 1)); fi
                else
                    steps+=("(finished before $sig@${ms}ms)")
                fi
            fi
            status=0
            wait "$pid" 2>/dev/null || status=$?
            pids=()
            case "$status" in
                0) steps+=("done"); break ;;
                130 | 137 | 143) steps+=("exit $status") ;;
                *) fault "trial $i: merge exit $status: $(tail -1 "$work/out")"; break ;;
            esac
        done
        local got integrity
        got=$(content "$db")
        integrity=$(sqlite3 "$db" "PRAGMA integrity_check")
        check_verify "$db" "merge trial $i"
        if [ "$got" = "$ref" ] && [ "$integrity" = ok ]; then
            ok=$((ok + 1))
            echo "trial $i: ${steps[*]}: identical"
        else
            fault "trial $i: ${steps[*]}: DIFFERENT from the uninterrupted merge (integrity $integrity)"
        fi
    done
    echo "merge: $ok of $trials trials identical to the uninterrupted merge ($kills SIGKILL, $terms SIGTERM sent)"
}

# --- mixed -------------------------------------------------------------------------
mixed_part() {
    local db=$work/mixed.db dir=$work/mixed-packs shards=()
    rm -rf "$db" "$db"-* "$dir"
    mkdir -p "$dir"
    released=()
    cp "$work/base.db" "$db"
    # An unfinished run to resume: a big quota, stopped at once.
    # 8x8 only: a slow writer whose puzzles do not make each round's verify much longer.
    "$kenken" generate --db "$db" --sizes 8 --count 10000000 --add --seed 9 -q >/dev/null 2>&1 &
    local gpid=$! s=0
    pids=("$gpid")
    sleep 0.5
    kill -TERM "$gpid"
    wait "$gpid" || s=$?
    pids=()
    [ "$s" = 130 ] || { echo "writer-trials: the run to resume did not stop as interrupted ($s)" >&2; exit 2; }
    for i in 0 1 2 3; do
        [ -f "$work/shard-$i.db" ] ||
            must "$kenken" generate --db "$work/shard-$i.db" --sizes 5-7 --count "$puzzles" --seed 5 \
                --shard "$i/4" -q
        shards+=("$work/shard-$i.db")
    done
    declare -A count=()
    local r names order j pid status victim kill_ms
    local small=$((pack / 4)) at_place strace_ok=0
    # The stalled export's pack, and how long past its stall a round may last.
    local stall_n=$((pack / 2)) round_margin_ms=60000
    # The stalled export's pack: exit 0, recorded, and its reader took it whole.
    check_stalled_pack() {
        local s id n
        s=$(cat "$work/stalled.status" 2>/dev/null || echo none)
        if [ "$s" != 0 ]; then
            fault "round $r: the stalled export -o - exit $s: $(tail -1 "$work/stalled.err")"
            return
        fi
        id=$(sed -n 's/^pack \([0-9]*\): .* to stdout$/\1/p' "$work/stalled.err")
        if [ -z "$id" ]; then
            fault "round $r: the stalled export names no pack: $(tail -1 "$work/stalled.err")"
            return
        fi
        n=$(sqlite3 "$db" "SELECT count FROM packs WHERE id = $id AND out = '-'")
        [ "$n" = "$stall_n" ] || fault "round $r: the stalled pack $id is recorded with '$n' puzzles, not $stall_n"
        "$kenken" packs --db "$db" --show "$id" --json | cmp -s - "$work/stalled.txt" ||
            fault "round $r: what the stalled reader took is not pack $id as recorded"
    }
    # A writer stopped in its wait: its documented status, nothing of it left or recorded.
    check_stopped_waiter() {
        local j=$1 sig=$2 s=${status_of[$1]} want out
        case "$j" in
            generate | merge) want=130 ;;
            *) want=$((128 + $(signo "$sig"))) ;;
        esac
        [ "$s" = "$want" ] ||
            fault "round $r: $j stopped by SIG$sig in its wait: exit $s, not $want: $(tail -1 "$work/$j.out")"
        case "$j" in
            exportA | exportB)
                out=$dir/a$r.pdf
                [ "$j" = exportA ] || out=$dir/b$r.neknek
                [ ! -e "$out" ] || fault "round $r: $j stopped in its wait, but $out is there"
                [ "$(sqlite3 "$db" "SELECT count(*) FROM packs WHERE out = '$out'")" = 0 ] ||
                    fault "round $r: $j stopped in its wait, but its pack is recorded"
                ! compgen -G "$dir/.*.kkpart-${pid_of[$j]}" >/dev/null ||
                    fault "round $r: $j stopped in its wait left its part file" ;;
            delete)
                [ -z "$del" ] || [ "$(sqlite3 "$db" "SELECT count(*) FROM packs WHERE id = $del")" = 1 ] ||
                    fault "round $r: packs --delete stopped in its wait, but pack $del is gone" ;;
        esac
    }
    strace -f -o /dev/null true 2>/dev/null && strace_ok=1
    for ((r = 1; r <= trials; r++)); do
        # When few fresh puzzles are left, every pack is deleted (their files stay).
        if [ "$(fresh_left "$db")" -lt $((4 * small + stall_n)) ]; then
            for j in $(sqlite3 "$db" "SELECT id FROM packs"); do
                f=$(sqlite3 "$db" "SELECT out FROM packs WHERE id = $j")
                must "$kenken" packs --db "$db" --delete "$j"
                released[$f]=1
            done
        fi
        local del del_out
        del=$(sqlite3 "$db" "SELECT id FROM packs ORDER BY random() LIMIT 1")
        del_out=""
        [ -z "$del" ] || del_out=$(sqlite3 "$db" "SELECT out FROM packs WHERE id = $del")
        names=(generate merge exportA exportB delete verify stats)
        declare -A cmds=(
            [generate]="$kenken generate --db $db --resume -q -j 1"
            [merge]="$kenken merge --db $db ${shards[$((r % 4))]} ${shards[$(((r + 1) % 4))]}"
            [exportA]="$kenken export --db $db -n $small -o $dir/a$r.pdf --solutions"
            [exportB]="$kenken export --db $db -n $small -o $dir/b$r.neknek"
            [delete]="$kenken packs --db $db --delete ${del:-999999}"
            [verify]="$kenken verify --db $db"
            [stats]="$kenken stats --db $db"
        )
        # In a third of the rounds one export is killed: at a random moment, or every
        # other time with strace, at its rename into place, after its pack is recorded,
        # so the next round's two exports both find its ready part to settle.
        victim="" at_place=""
        if ((r % 3 == 0)); then
            victim=$([ $((RANDOM % 2)) = 0 ] && echo exportA || echo exportB)
            if [ "$strace_ok" = 1 ] && ((r % 6 == 0)); then
                at_place="strace -f -o /dev/null -e trace=renameat2 -e inject=renameat2:signal=SIGKILL"
                cmds[$victim]="$at_place ${cmds[$victim]}"
            fi
        fi
        # Every other round, an export to stdout whose reader stalls first: it holds the
        # write lock until its reader takes the pack (its pipe made small, so that even
        # a small pack fills it), and every other writer waits it out.
        local stall_ms="" stall_pid="" stop_victim="" stop_sig="" stop_ms="" stop_took="" stop_late=""
        rm -f "$work"/stalled.*
        if ((r % 2 == 0)); then
            if ((r % 4 == 0)); then
                # Long enough to stop a writer in the middle of its wait.
                stall_ms=$((1500 + $(rand_ms $((max_stall * 1000 - 1499 > 1 ? max_stall * 1000 - 1499 : 1)))))
            else
                stall_ms=$(rand_ms $((max_stall * 1000 + 1)))
            fi
        fi
        # A random order; every process started before any is waited for.
        order=($(printf '%s\n' "${names[@]}" | shuf))
        local t_round
        t_round=$(now_ms)
        declare -A pid_of=() status_of=()
        pids=()
        if [ -n "$stall_ms" ]; then
            {
                small_pipe env --default-signal=INT "$kenken" export --db "$db" -n "$stall_n" -o - \
                    --format json 2>"$work/stalled.err"
                echo $? >"$work/stalled.status"
            } | (sleep_ms "$stall_ms"; cat >"$work/stalled.txt") &
            stall_pid=$!
            pids+=($!)
            if ((r % 4 == 0)); then
                # The others start once it holds the lock, so that they all wait (a short
                # export or deletion otherwise ended before it): a probe's BEGIN
                # IMMEDIATE fails while it does.
                for ((j = 1; j <= 150; j++)); do
                    sqlite3 -cmd ".timeout 0" "$db" "BEGIN IMMEDIATE; ROLLBACK;" >/dev/null 2>&1 || break
                    sleep 0.02
                done
            fi
        fi
        for j in "${order[@]}"; do
            # SIGINT too reaches them (a script's background job ignores it otherwise).
            # shellcheck disable=SC2086
            env --default-signal=INT ${cmds[$j]} >"$work/$j.out" 2>&1 &
            pid_of[$j]=$!
            pids+=($!)
        done
        if [ -n "$victim" ] && [ -z "$at_place" ]; then
            kill_ms=$(rand_ms 800)
            sleep_ms "$kill_ms"
            kill -9 "${pid_of[$victim]}" 2>/dev/null || victim=""
        fi
        # Every fourth round, one writer seen waiting for the lock is stopped at a random
        # moment of its wait, and must end within a second.
        if [ -n "$stall_ms" ] && ((r % 4 == 0)); then
            local cands t_end t_sent left
            # Each writer first in turn (generate is nearly always waiting).
            cands=(generate merge exportA exportB delete generate merge exportA exportB)
            cands=($(printf '%s\n' "${cands[@]:$(((r / 4) % 5)):5}" | grep -vx "${victim:-none}"))
            t_end=$((t_round + stall_ms - 300))
            local seen=""
            while [ -z "$stop_victim" ] && [ "$(now_ms)" -lt "$t_end" ]; do
                seen=""
                for j in "${cands[@]}"; do
                    if alive "${pid_of[$j]}" && waiting "${pid_of[$j]}"; then seen=$j; break; fi
                done
                if [ -z "$seen" ]; then
                    sleep 0.02
                    continue
                fi
                left=$((t_end - $(now_ms)))
                stop_ms=$(rand_ms $((left > 1 ? left : 1)))
                sleep_ms "$stop_ms"
                stop_sig=$([ $((RANDOM % 2)) = 0 ] && echo TERM || echo INT)
                if ! kill -STOP "${pid_of[$seen]}" 2>/dev/null; then
                    # It got the lock and ended first: checked as the others are.
                    stop_late="$seen ended before SIG$stop_sig"
                    break
                fi
                if stopped_in_its_wait "${pid_of[$seen]}"; then
                    stop_victim=$seen
                    t_sent=$(now_ms)
                    kill -s "$stop_sig" "${pid_of[$seen]}" 2>/dev/null || true
                else
                    # It got the lock meanwhile: not stopped, and another is looked for.
                    stop_late="$seen left its wait before SIG$stop_sig"
                fi
                kill -CONT "${pid_of[$seen]}" 2>/dev/null || true
            done
            if [ -n "$stop_victim" ]; then
                finish_by "${pid_of[$stop_victim]}" $((t_sent + 1000))
                stop_took=$(($(now_ms) - t_sent))
                if [ "$finished_status" = hung ]; then
                    fault "round $r: $stop_victim still running 1 s after SIG$stop_sig in its wait:"
                    ps -o pid,etimes,wchan:24,args -p "${pid_of[$stop_victim]}" | sed 's/^/    /'
                    kill -9 "${pid_of[$stop_victim]}" 2>/dev/null || true
                    finish_by "${pid_of[$stop_victim]}" $(($(now_ms) + 5000))
                fi
                status_of[$stop_victim]=$finished_status
            fi
        fi
        # The generate goes on until the other writers are done, then is stopped. Every
        # command must end within the stall and a generous margin.
        local deadline=$((t_round + ${stall_ms:-0} + round_margin_ms)) hung=()
        for j in merge exportA exportB delete stall generate verify stats; do
            [ -z "${status_of[$j]-}" ] || continue
            if [ "$j" = stall ]; then
                [ -n "$stall_pid" ] || continue
                pid=$stall_pid
            else
                pid=${pid_of[$j]}
            fi
            [ "$j" != generate ] || kill -TERM "$pid" 2>/dev/null || true
            finish_by "$pid" "$deadline"
            status_of[$j]=$finished_status
            [ "$finished_status" != hung ] || hung+=("$j")
        done
        if [ ${#hung[@]} -gt 0 ]; then
            fault "round $r: still running $(((deadline - t_round) / 1000)) s after the round began (stall ${stall_ms:-0} ms): ${hung[*]}"
            ps -o pid,etimes,wchan:24,args --ppid $$ | sed 's/^/    /'
            for j in "${hung[@]}"; do
                [ "$j" = stall ] && pid=$stall_pid || pid=${pid_of[$j]}
                pkill -9 -P "$pid" 2>/dev/null || true
                kill -9 "$pid" 2>/dev/null || true
                finish_by "$pid" $(($(now_ms) + 5000))
                status_of[$j]=$finished_status
            done
        fi
        pids=()
        t_round=$(($(now_ms) - t_round))
        local g=${status_of[generate]} m=${status_of[merge]} what
        # One writer: generate and merge. A refusal is exit 9 and names the other.
        case "$g/$m" in
            9/9) fault "round $r: generate and merge both refused (9), no writer" ;;
            9/0 | 9/130)
                what="merge wrote, generate refused"
                [ "$m" = 0 ] || what="merge stopped in its wait, generate refused"
                grep -q "kenken merge, pid ${pid_of[merge]} " "$work/generate.out" ||
                    fault "round $r: generate's refusal does not name the merge: $(head -1 "$work/generate.out")" ;;
            0/9 | 130/9)
                what="generate wrote, merge refused"
                grep -q "kenken generate, pid ${pid_of[generate]} " "$work/merge.out" ||
                    fault "round $r: merge's refusal does not name the generate: $(head -1 "$work/merge.out")" ;;
            0/0 | 130/0) what="merge ended before generate began" ;;
            0/130 | 130/130) what="merge stopped in its wait before generate began" ;;
            *) fault "round $r: generate exit $g, merge exit $m: $(tail -1 "$work/generate.out") / $(tail -1 "$work/merge.out")"
               what="generate $g, merge $m" ;;
        esac
        [ "$m" != 130 ] || [ "$stop_victim" = merge ] ||
            fault "round $r: merge exit 130, not stopped: $(tail -1 "$work/merge.out")"
        count["$what"]=$((${count["$what"]:-0} + 1))
        if [ -n "$stop_victim" ]; then check_stopped_waiter "$stop_victim" "$stop_sig"; fi
        for j in exportA exportB; do
            [ "$j" != "$stop_victim" ] || continue
            status=${status_of[$j]}
            if [ "$j" = "$victim" ] && [ "$status" = 137 ]; then continue; fi
            [ "$status" = 0 ] || fault "round $r: $j exit $status: $(tail -1 "$work/$j.out")"
        done
        if [ "$stop_victim" = delete ]; then
            :
        elif [ -n "$del" ]; then
            [ "${status_of[delete]}" = 0 ] || fault "round $r: packs --delete $del exit ${status_of[delete]}: $(tail -1 "$work/delete.out")"
            [ "${status_of[delete]}" = 0 ] && released[$del_out]=1
        else
            [ "${status_of[delete]}" = 2 ] || fault "round $r: packs --delete of no pack exit ${status_of[delete]}"
        fi
        [ "${status_of[verify]}" = 0 ] || fault "round $r: verify during the round exit ${status_of[verify]}: $(tail -1 "$work/verify.out")"
        [ "${status_of[stats]}" = 0 ] || fault "round $r: stats exit ${status_of[stats]}: $(tail -1 "$work/stats.out")"
        [ -z "$stall_ms" ] || check_stalled_pack
        check_packs "$db" "$dir" "round $r"
        check_verify "$db" "round $r"
        local vdesc=""
        [ -z "$victim" ] || vdesc="; $victim killed at ${kill_ms} ms"
        [ -z "$at_place" ] || vdesc="; $victim killed at its rename into place"
        [ -z "$stall_ms" ] || vdesc="$vdesc; stdout export stalled ${stall_ms} ms: exit $(cat "$work/stalled.status" 2>/dev/null)"
        [ -z "$stop_victim" ] || vdesc="$vdesc; $stop_victim stopped (SIG$stop_sig) in its wait: ended in ${stop_took} ms"
        [ -z "$stop_late" ] || vdesc="$vdesc; $stop_late"
        echo "round $r: ${order[*]}$vdesc: generate $g, merge $m, exports ${status_of[exportA]}/${status_of[exportB]}, delete ${status_of[delete]}, verify ${status_of[verify]}, stats ${status_of[stats]} (${t_round} ms): $what"
    done
    # The last round's kill is settled by one more export.
    local s2=0
    "$kenken" export --db "$db" -n 1 -o "$dir/last.neknek" >"$work/out" 2>&1 || s2=$?
    [ "$s2" = 0 ] || fault "the last export exit $s2: $(tail -1 "$work/out")"
    [ "$(parts_in "$dir")" = 0 ] || fault "part files left after the last export"
    check_packs "$db" "$dir" "the end"
    check_verify "$db" "the end"
    echo "mixed: $trials rounds; one writer:"
    for what in "${!count[@]}"; do echo "  ${count[$what]} $what"; done
}

for p in "${parts[@]}"; do
    echo "== $p"
    "${p}_part"
done
echo "writer-trials: ${parts[*]}: $trials trials each, $broken invariants broken"
[ "$broken" = 0 ]
