#!/usr/bin/env bash
# kill -9 trials: makes a reference corpus with one uninterrupted run, then for each
# trial starts the same run, kills it with SIGKILL at a random moment (and again
# during each resume, while the dice say so), resumes until it finishes, and checks
# that the corpus passes SQLite's integrity check and holds exactly the reference's
# puzzles (same ids, texts, solutions, levels, scores, seeds, candidates).
#
#   scripts/kill-trials.sh [TRIALS] [GENERATE ARGS...]   (default: 20, --sizes 4-6 --count 600)
#
# Prints one line a trial and a summary; exit 0 only when every trial matches.
set -euo pipefail
usage="usage: $0 [TRIALS] [GENERATE ARGS...]   (TRIALS: a whole number from 1 to 100000)"
case "${1-}" in -h | --help) echo "$usage"; exit 0 ;; esac
# Through a symlink, the tree is where the script really is.
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
kenken="${KENKEN:-$root/build/kenken}"
trials="${1:-20}"
shift || true
# 99999999999999999999 trials built $(seq 1 N) in memory after the reference run, and
# never started.
if ! [[ "$trials" =~ ^[1-9][0-9]{0,5}$ ]] || [ "$trials" -gt 100000 ]; then
    echo "kill-trials: TRIALS is '$trials'" >&2
    echo "$usage" >&2
    exit 2
fi
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--sizes 4-6 --count 600 --seed 11)
for a in "${args[@]}"; do
    case "$a" in
        --db | --db=* | --resume | --top-up)
            echo "kill-trials: $a is set by the script" >&2
            exit 2
            ;;
    esac
done
# Checked before the reference run, which may take minutes: then it ended in
# 'sqlite3: command not found' and status 127.
for tool in sqlite3 bc sha256sum; do
    command -v "$tool" >/dev/null || { echo "kill-trials: $tool is missing (scripts/setup.sh)" >&2; exit 1; }
done
# In TMPDIR (default /tmp), removed on every way out: the end, a failure, Ctrl-C,
# SIGTERM or SIGHUP.
pid=
work=
# A run started with & ignores SIGINT (bash does that without job control): Ctrl-C
# ended the script and left that run going, writing into the removed folder. It is
# waited for before the folder goes, so that nothing is written there afterwards.
# Without errexit: under set -e a kill or wait that failed ended the trap before the rm.
cleanup() {
    set +e
    if [ -n "$pid" ]; then
        kill -9 "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
    fi
    [ -z "$work" ] || rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP
work="$(mktemp -d "${TMPDIR:-/tmp}/kenken-kill-trials.XXXXXX")"

contents() {
    sqlite3 "$1" "SELECT id, size, neknek, solution, level, score, canonical, seed, candidate
                  FROM puzzles ORDER BY id" | sha256sum | cut -d' ' -f1
}

start=$(date +%s.%N)
# A reference run that fails (a bad option, a missing binary) ended the script with
# its status and not a word.
if ! "$kenken" generate --db "$work/ref.db" "${args[@]}" >"$work/ref.log" 2>&1; then
    echo "kill-trials: the reference run failed: $kenken generate --db $work/ref.db ${args[*]}" >&2
    tail -5 "$work/ref.log" >&2
    exit 2
fi
ref_seconds=$(echo "$(date +%s.%N) - $start" | bc)
ref=$(contents "$work/ref.db")
ref_count=$(sqlite3 "$work/ref.db" "SELECT count(*) FROM puzzles")
echo "reference: $ref_count puzzles in ${ref_seconds}s"
# Kills land anywhere from the first instant to a little past the run's length.
max_ms=$(echo "$ref_seconds * 1200 / 1" | bc)
[ "$max_ms" -ge 50 ] || max_ms=50

ok=0 kills=0
for ((trial = 1; trial <= trials; trial++)); do
    db="$work/trial.db"
    rm -f "$db" "$db"-wal "$db"-shm "$db".lock "$db".new
    steps=()
    mode=new
    for ((attempt = 1; attempt <= 50; attempt++)); do
        if [ "$mode" = new ]; then cmd=("$kenken" generate --db "$db" "${args[@]}")
        else cmd=("$kenken" generate --db "$db" --resume); fi
        "${cmd[@]}" >"$work/out" 2>&1 &
        pid=$!
        # Kill on the first attempt always, later ones with probability 1/2.
        if [ "$attempt" -eq 1 ] || [ $((RANDOM % 2)) -eq 0 ]; then
            ms=$((RANDOM * 32768 + RANDOM))
            ms=$((ms % max_ms))
            sleep "$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))"
            if kill -9 "$pid" 2>/dev/null; then kills=$((kills + 1)); steps+=("kill@${ms}ms"); fi
        fi
        status=0
        wait "$pid" 2>/dev/null || status=$?
        pid=
        [ "$status" -eq 0 ] && { steps+=("done"); break; }
        # Killed after the run was marked finished: nothing left to resume.
        if [ -f "$db" ] && [ "$(sqlite3 "$db" "SELECT count(*) FROM runs WHERE finished_at IS NOT NULL" 2>/dev/null)" = 1 ]; then
            steps+=("finished"); break
        fi
        # What the next step is: a killed start may have left no corpus or no run.
        if [ ! -f "$db" ] || ! sqlite3 "$db" "SELECT 1 FROM runs LIMIT 1" 2>/dev/null | grep -q 1; then
            mode=new
        else
            mode=resume
        fi
        steps+=("$mode")
    done
    integrity=$(sqlite3 "$db" "PRAGMA integrity_check")
    got=$(contents "$db")
    runs=$(sqlite3 "$db" "SELECT count(*) FROM runs")
    if [ "$got" = "$ref" ] && [ "$integrity" = ok ] && [ "$runs" = 1 ]; then
        ok=$((ok + 1)); verdict=identical
    else
        verdict="DIFFERENT (integrity $integrity, runs $runs)"
    fi
    echo "trial $trial: ${steps[*]}: $verdict"
done
echo "kill-trials: $ok of $trials trials identical to the uninterrupted run ($kills kill -9 in all)"
[ "$ok" -eq "$trials" ]
