#!/usr/bin/env bash
# ctest scripts_hostile: the user-facing scripts of scripts/ under careless use (no
# build needed: a fake kenken and fake fuzz targets stand in). A few seconds.
# Usage: scripts_test.sh SOURCE_DIR
set -uo pipefail
src=$(cd "$1" && pwd -P)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# usage_error COMMAND...: the command exits 2 with a message, no Python traceback.
usage_error() {
    local status=0
    "$@" >/dev/null 2>"$tmp/err" || status=$?
    [ "$status" = 2 ] && ! grep -q Traceback "$tmp/err" || fail "$*: status $status: $(tail -1 "$tmp/err")"
}

# fuzz.sh short before fuzz.sh build: exited 1 without a word (the message went
# into the grep that filters the fuzzer's output).
mkdir "$tmp/nofuzz"
status=0
KENKEN_FUZZ_DIR=$tmp/nofuzz "$src/scripts/fuzz.sh" short 5 >"$tmp/out" 2>"$tmp/err" || status=$?
[ "$status" = 1 ] || fail "fuzz.sh short without targets: status $status"
grep -q "no target" "$tmp/err" || fail "fuzz.sh short without targets says: $(cat "$tmp/err")"

# A target that passes without printing a stats line failed the whole run.
mkdir "$tmp/fuzz"
for t in $("$src/scripts/fuzz.sh" list); do
    printf '#!/bin/sh\nexit 0\n' >"$tmp/fuzz/fuzz_$t"
    chmod +x "$tmp/fuzz/fuzz_$t"
done
KENKEN_FUZZ_DIR=$tmp/fuzz "$src/scripts/fuzz.sh" short 5 >"$tmp/out" 2>&1 ||
    fail "fuzz.sh short with quiet passing targets: $(cat "$tmp/out")"
status=0
KENKEN_FUZZ_DIR=$tmp/fuzz "$src/scripts/fuzz.sh" short many >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "fuzz.sh short many: status $status"
"$src/scripts/fuzz.sh" --help >/dev/null || fail "fuzz.sh --help is not a success"

# kill-trials.sh through a symlink from another folder: the tree is the script's own.
mkdir "$tmp/bin"
ln -s "$src/scripts/kill-trials.sh" "$tmp/bin/kill-trials"
status=0
(cd "$tmp" && env -u KENKEN bin/kill-trials 1 --no-such-option) >/dev/null 2>"$tmp/err" || status=$?
[ "$status" = 2 ] || fail "kill-trials through a symlink: status $status"
grep -qF "$src/build/kenken generate" "$tmp/err" ||
    fail "kill-trials through a symlink ran another kenken: $(head -1 "$tmp/err")"

# cluster/parallel.sh through a symlink: it sourced shard-options.sh from the link's folder.
ln -s "$src/scripts/cluster/parallel.sh" "$tmp/bin/kenken-parallel"
status=0
"$tmp/bin/kenken-parallel" many "$tmp/out.db" >/dev/null 2>"$tmp/err" || status=$?
[ "$status" = 2 ] && grep -q "number of shards" "$tmp/err" ||
    fail "parallel.sh through a symlink: status $status: $(cat "$tmp/err")"

# bench-threads.sh, in a copy of the tree whose build/kenken fails, run through a
# symlink: a failed generate gave a table of zeros and status 0; ROUNDS 'abc' too.
mkdir -p "$tmp/tree/scripts" "$tmp/tree/build"
cp "$src/scripts/bench-threads.sh" "$tmp/tree/scripts/"
printf '#!/bin/sh\necho "fake kenken: no such option" >&2\nexit 2\n' >"$tmp/tree/build/kenken"
chmod +x "$tmp/tree/build/kenken"
ln -s "$tmp/tree/scripts/bench-threads.sh" "$tmp/bin/bench-threads"
status=0
(cd "$tmp" && bin/bench-threads 1) >/dev/null 2>"$tmp/err" || status=$?
[ "$status" = 1 ] && grep -q "fake kenken: no such option" "$tmp/err" ||
    fail "bench-threads with a failing generate: status $status: $(cat "$tmp/err")"
status=0
"$tmp/tree/scripts/bench-threads.sh" abc >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "bench-threads abc: status $status"

# variant-yield.sh and variant-quotas.sh, in the copy of the tree (a fake cmake on PATH):
# a generate that failed (a variant misspelt) gave a row of zeros and status 0, a
# time limit of 0 ran without one.
cp "$src/scripts/variant-yield.sh" "$src/scripts/variant-quotas.sh" "$tmp/tree/scripts/"
touch "$tmp/tree/build/CMakeCache.txt"
mkdir "$tmp/path"
printf '#!/bin/sh\nexit 0\n' >"$tmp/path/cmake"
chmod +x "$tmp/path/cmake"
for script in variant-yield variant-quotas; do
    status=0
    PATH=$tmp/path:$PATH "$tmp/tree/scripts/$script.sh" 1 1 no-such-variant >/dev/null 2>"$tmp/err" || status=$?
    [ "$status" = 1 ] && grep -q "fake kenken: no such option" "$tmp/err" ||
        fail "$script with a failing generate: status $status: $(cat "$tmp/err")"
done
status=0
PATH=$tmp/path:$PATH "$tmp/tree/scripts/variant-quotas.sh" 1 0 >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "variant-quotas 1 0: status $status"
status=0
YIELD_SECONDS=0 PATH=$tmp/path:$PATH "$tmp/tree/scripts/variant-yield.sh" >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "YIELD_SECONDS=0 variant-yield: status $status"

# variant-quotas.sh with a relative KK_QUOTA_DIR: made in the source tree, not where
# the caller is.
(cd "$tmp" && KK_QUOTA_DIR=quotas PATH=$tmp/path:$PATH tree/scripts/variant-quotas.sh 1 1 killer) >/dev/null 2>&1
[ -d "$tmp/quotas" ] || fail "variant-quotas: KK_QUOTA_DIR=quotas was not made where the caller is"

# grade-agreement.sh: a kenken grade that failed (not 3/4, ambiguous/impossible) was
# silenced: 'overall: 0/0 agree (-nan%)' and status 0. KEEN_SECONDS=0 was no limit.
cp "$src/scripts/grade-agreement.sh" "$tmp/tree/scripts/"
if [ -x /usr/games/sgt-keen ]; then
    status=0
    PATH=$tmp/path:$PATH "$tmp/tree/scripts/grade-agreement.sh" 1 >/dev/null 2>"$tmp/err" || status=$?
    [ "$status" = 1 ] && grep -q "fake kenken: no such option" "$tmp/err" ||
        fail "grade-agreement with a failing grade: status $status: $(cat "$tmp/err")"
fi
status=0
KEEN_SECONDS=0 "$tmp/tree/scripts/grade-agreement.sh" >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "KEEN_SECONDS=0 grade-agreement: status $status"

# bench-big-cages.sh from another folder, on a folder with a space: it ran build/kenken
# of the caller's folder and said only 'no results'; a kenken that failed was hidden.
mkdir -p "$tmp/ok/scripts" "$tmp/ok/build" "$tmp/big cages"
echo "4 ..." >"$tmp/big cages/p1.txt"
printf '#!/bin/sh\necho "{\\"source\\":\\"p1\\",\\"micros\\":1500}"\n' >"$tmp/ok/build/kenken"
chmod +x "$tmp/ok/build/kenken"
cp "$src/scripts/bench-big-cages.sh" "$tmp/ok/scripts/"
cp "$src/scripts/bench-big-cages.sh" "$tmp/tree/scripts/"
(cd "$tmp" && ok/scripts/bench-big-cages.sh "big cages") >"$tmp/out" 2>&1 ||
    fail "bench-big-cages from another folder: $(cat "$tmp/out")"
grep -q "solve: 1 puzzles" "$tmp/out" || fail "bench-big-cages printed: $(cat "$tmp/out")"
status=0
"$tmp/tree/scripts/bench-big-cages.sh" "$tmp/big cages" >/dev/null 2>"$tmp/err" || status=$?
[ "$status" = 1 ] && grep -q "fake kenken: no such option" "$tmp/err" ||
    fail "bench-big-cages with a failing kenken: status $status: $(cat "$tmp/err")"
# Piped into head, it ended in Python tracebacks (BrokenPipeError) once head had gone.
(cd "$tmp" && ok/scripts/bench-big-cages.sh "big cages" | head -1) >/dev/null 2>"$tmp/err"
! grep -q Traceback "$tmp/err" || fail "bench-big-cages | head -1: $(cat "$tmp/err")"
status=0
"$tmp/ok/scripts/bench-big-cages.sh" "$tmp/big cages" "" 0 >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "bench-big-cages LIMIT 0: status $status"

# bench-factory.sh --cells with a kenken that fails: the failure was timed all the same
# (|| true) and the calibration never ended (bc syntax errors, forever).
cp "$src/scripts/bench-factory.sh" "$tmp/tree/scripts/"
if [ -x /usr/games/sgt-keen ]; then
    status=0
    timeout 20 "$tmp/tree/scripts/bench-factory.sh" --cells 1 4 >/dev/null 2>"$tmp/err" || status=$?
    [ "$status" = 1 ] && grep -q "fake kenken: no such option" "$tmp/err" ||
        fail "bench-factory --cells with a failing kenken: status $status: $(head -3 "$tmp/err")"
fi
status=0
"$tmp/tree/scripts/bench-factory.sh" --cells many >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "bench-factory --cells many: status $status"
# Sizes out of 3..9: 0 and 99 printed half a table and failed (status 1), ' ' printed an
# empty table (status 0).
for sizes in 0 99 " " "4 x"; do
    status=0
    timeout 20 "$tmp/tree/scripts/bench-factory.sh" --cells 1 "$sizes" >/dev/null 2>"$tmp/err" || status=$?
    [ "$status" = 2 ] && grep -q "SIZES is '$sizes'" "$tmp/err" ||
        fail "bench-factory --cells 1 '$sizes': status $status: $(head -3 "$tmp/err")"
done

# run.sh again after a Ctrl-C: the corpus of the run it stopped was shown as if it were
# whole; the run is resumed. A fake setup.sh and a kenken that logs its calls.
mkdir -p "$tmp/run/scripts" "$tmp/run/build"
cp "$src/scripts/run.sh" "$tmp/run/scripts/"
printf '#!/bin/sh\nexit 0\n' >"$tmp/run/scripts/setup.sh"
cat >"$tmp/run/build/kenken" <<'EOF'
#!/bin/sh
echo "$*" >>"$FAKE_CALLS"
[ "$1 $2" = "stats --json" ] && echo '{"total": 3, "runs": [{"id": 1, "status": "interrupted"}]}'
exit 0
EOF
chmod +x "$tmp/run/scripts/setup.sh" "$tmp/run/build/kenken"
touch "$tmp/stopped.db"
if command -v jq >/dev/null; then
    (cd "$tmp" && FAKE_CALLS=$tmp/calls run/scripts/run.sh stopped.db) >"$tmp/out" 2>&1 ||
        fail "run.sh on a stopped corpus: $(cat "$tmp/out")"
    grep -qx "generate --db $tmp/stopped.db --resume" "$tmp/calls" ||
        fail "run.sh did not resume the stopped run: $(cat "$tmp/calls")"
fi
status=0
"$tmp/run/scripts/run.sh" "" >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "run.sh '': status $status"

# big-cages.py and hostile-puzzles.py: --min above --max, a negative --nudge or a line
# that is not a query record ended in a Python traceback; now a message and status 2.
if command -v python3 >/dev/null; then
    printf '\n{"id": 1}\n' >"$tmp/bad.jsonl"
    usage_error python3 "$src/scripts/big-cages.py" --min 8 --max 6 /dev/null "$tmp/cages"
    usage_error python3 "$src/scripts/big-cages.py" "$tmp/bad.jsonl" "$tmp/cages"
    grep -q "bad.jsonl:2:" "$tmp/err" || fail "big-cages.py names no line: $(cat "$tmp/err")"
    usage_error python3 "$src/scripts/hostile-puzzles.py" "$tmp/hostile" --nudge -1
    usage_error python3 "$src/scripts/hostile-puzzles.py" "$tmp/hostile" --sizes 2-9
    usage_error python3 "$src/scripts/hostile-puzzles.py" "$tmp/hostile" --sizes 9
    usage_error python3 "$src/scripts/hostile-puzzles.py" "$tmp/hostile" --cells 9-6
    usage_error python3 "$src/scripts/hostile-puzzles.py" "$tmp/hostile" --cells 0-3
    # --transfer where no two product cages of 6 cells can be (a 3x3, cages of 1-2 cells)
    # looped for ever and printed nothing; an OUT_DIR that is a file was a traceback.
    usage_error timeout 20 python3 "$src/scripts/hostile-puzzles.py" "$tmp/hostile" --transfer --sizes 3-3 --count 1
    grep -q -- "--sizes 3-3" "$tmp/err" || fail "hostile-puzzles.py --transfer on 3x3 says: $(tail -1 "$tmp/err")"
    usage_error timeout 20 python3 "$src/scripts/hostile-puzzles.py" "$tmp/hostile" --transfer --cells 1-2 --count 1
    grep -q -- "--cells 1-2" "$tmp/err" || fail "hostile-puzzles.py --transfer --cells 1-2 says: $(tail -1 "$tmp/err")"
    usage_error python3 "$src/scripts/hostile-puzzles.py" "$tmp/bad.jsonl" --count 1
    grep -q "bad.jsonl is a file" "$tmp/err" || fail "hostile-puzzles.py into a file says: $(tail -1 "$tmp/err")"
    # big-cages.py on a missing input, a folder for it, a file for OUTDIR, a line that is
    # not UTF-8 or a puzzle of no cages: tracebacks (exit 1); now file:line and what.
    printf '\n\xff\xfe\n' >"$tmp/latin.jsonl"
    printf '{"id": 1, "puzzle": {"size": 2, "cages": []}, "solution": [[1, 2], [2, 1]]}\n' >"$tmp/nocages.jsonl"
    for bad in "$tmp/missing.jsonl:$tmp/cages:missing.jsonl: No such file" "$tmp:$tmp/cages:$tmp: a folder" \
        "/dev/null:$tmp/bad.jsonl:bad.jsonl: a file" "$tmp/latin.jsonl:$tmp/cages:latin.jsonl:2: not UTF-8" \
        "$tmp/nocages.jsonl:$tmp/cages:nocages.jsonl:1: the puzzle has no cages"; do
        IFS=: read -r input outdir says <<<"$bad"
        usage_error python3 "$src/scripts/big-cages.py" "$input" "$outdir"
        grep -qF "$says" "$tmp/err" || fail "big-cages.py $input $outdir says: $(tail -1 "$tmp/err")"
    done
    # --cells LO-HI (the issue's "9x9 with cages of 6-9 cells"): no cage past HI, and
    # most cells in cages of LO or more (the grid leaves a few smaller ones).
    python3 "$src/scripts/hostile-puzzles.py" "$tmp/cells" --sizes 9-9 --cells 6-9 --count 5 \
        --seed 3 >/dev/null || fail "hostile-puzzles.py --cells 6-9 failed"
    cat "$tmp"/cells/p*-n9-c6-9.neknek | awk -F'\t' '
        /^#/ { next }
        { n = split($3, cells, " "); total += n; if (n >= 6) big += n; if (n > 9) over++ }
        END { exit !(total == 5 * 81 && !over && big > total / 2) }' ||
        fail "hostile-puzzles.py --cells 6-9: cages out of 6..9"
    usage_error python3 "$src/scripts/oracle-check.py" --limit 0 "$tmp"
    usage_error python3 "$src/scripts/oracle-check.py" --sat-limit nan "$tmp"
fi

# bench-big-cages-sat.py: run from another folder it took build/kenken from there (a
# FileNotFoundError traceback); an empty folder was an IndexError; --limit 0 no limit.
if command -v python3 >/dev/null && command -v cadical >/dev/null; then
    mkdir -p "$tmp/nobuild/scripts" "$tmp/empty"
    cp "$src/scripts/bench-big-cages-sat.py" "$tmp/nobuild/scripts/"
    status=0
    (cd "$tmp" && python3 nobuild/scripts/bench-big-cages-sat.py "big cages") >/dev/null 2>"$tmp/err" || status=$?
    [ "$status" = 1 ] && grep -q "nobuild/scripts/../build/kenken is missing" "$tmp/err" ||
        fail "bench-big-cages-sat.py without a build: status $status: $(tail -1 "$tmp/err")"
    usage_error python3 "$src/scripts/bench-big-cages-sat.py" --kenken "$tmp/ok/build/kenken" "$tmp/empty"
    usage_error python3 "$src/scripts/bench-big-cages-sat.py" --kenken "$tmp/ok/build/kenken" --limit 0 "$tmp/empty"
fi

# setup.sh --help (in a copy of the script, so that nothing is built): taken for a
# build target, a page of build log and 'build failed'.
mkdir -p "$tmp/setup/scripts"
cp "$src/scripts/setup.sh" "$tmp/setup/scripts/"
"$tmp/setup/scripts/setup.sh" --help >"$tmp/out" 2>&1 && grep -q "^Usage: scripts/setup.sh" "$tmp/out" ||
    fail "setup.sh --help: $(tail -3 "$tmp/out")"
status=0
"$tmp/setup/scripts/setup.sh" --no-such-option >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "setup.sh --no-such-option: status $status"

# kill-trials.sh without sqlite3: found out only after the reference run, as
# 'sqlite3: command not found' and status 127.
mkdir "$tmp/nosqlite"
for tool in bash env mktemp dirname readlink date rm cat tail; do
    ln -s "$(command -v "$tool")" "$tmp/nosqlite/$tool"
done
status=0
PATH=$tmp/nosqlite KENKEN=/bin/true "$tmp/nosqlite/bash" "$src/scripts/kill-trials.sh" 1 >/dev/null 2>"$tmp/err" || status=$?
[ "$status" = 1 ] && grep -q "sqlite3 is missing" "$tmp/err" ||
    fail "kill-trials without sqlite3: status $status: $(cat "$tmp/err")"

# variant-yield.sh interrupted (SIGINT to its process group, as Ctrl-C) during a run
# under timeout: timeout sat in its own process group, so Ctrl-C was ignored until the
# time limit, and then the next run began.
mkdir -p "$tmp/slow/scripts" "$tmp/slow/build"
cp "$src/scripts/variant-yield.sh" "$tmp/slow/scripts/"
touch "$tmp/slow/build/CMakeCache.txt"
printf '#!/bin/sh\n[ "$1" = generate ] && exec sleep 30\nexit 0\n' >"$tmp/slow/build/kenken"
chmod +x "$tmp/slow/build/kenken"
set -m
YIELD_SECONDS=4 PATH=$tmp/path:$PATH "$tmp/slow/scripts/variant-yield.sh" 1 1 standard >/dev/null 2>&1 &
yield_pid=$!
set +m
sleep 1
kill -INT -- -"$yield_pid"
ended=
for _ in $(seq 20); do
    kill -0 "$yield_pid" 2>/dev/null || { ended=1; break; }
    sleep 0.1
done
if [ -z "$ended" ]; then
    kill -9 -- -"$yield_pid" 2>/dev/null
    fail "variant-yield went on after Ctrl-C"
fi
wait "$yield_pid" 2>/dev/null

# kill-trials.sh interrupted (Ctrl-C: SIGINT to its process group, or SIGHUP to it alone)
# while a trial runs: the run it started with & ignores SIGINT and was left
# going. Its folder (in TMPDIR) must be gone too.
if command -v sqlite3 >/dev/null && command -v bc >/dev/null; then
    cat >"$tmp/fake-kenken" <<'EOF'
#!/usr/bin/env bash
echo $$ >>"$FAKE_PIDS"
case "$3" in
*/ref.db)
    sqlite3 "$3" "CREATE TABLE puzzles(id, size, neknek, solution, level, score, canonical, seed, candidate);
                  CREATE TABLE runs(finished_at)"
    sleep 1
    exit 0
    ;;
esac
exec sleep 60
EOF
    chmod +x "$tmp/fake-kenken"
    # A run killed is gone, or a zombie until its new parent reaps it.
    running() { [ -e "/proc/$1" ] && ! grep -q '^[0-9]* (.*) Z' "/proc/$1/stat" 2>/dev/null; }
    mkdir "$tmp/kt"
    for sig in INT HUP; do
        rm -f "$tmp/pids"
        set -m
        TMPDIR=$tmp/kt FAKE_PIDS=$tmp/pids KENKEN=$tmp/fake-kenken "$src/scripts/kill-trials.sh" 1 >/dev/null 2>&1 &
        trials=$!
        set +m
        for _ in $(seq 100); do
            [ "$(wc -l 2>/dev/null <"$tmp/pids" || echo 0)" -ge 2 ] && break
            sleep 0.1
        done
        [ "$(wc -l <"$tmp/pids")" -ge 2 ] || { kill -9 -- -"$trials"; fail "kill-trials started no trial"; }
        if [ "$sig" = INT ]; then kill -INT -- -"$trials"; else kill -"$sig" "$trials"; fi
        wait "$trials" 2>/dev/null
        left=()
        for _ in $(seq 30); do
            left=()
            while read -r p; do running "$p" && left+=("$p"); done <"$tmp/pids"
            [ ${#left[@]} -eq 0 ] && break
            sleep 0.1
        done
        if [ ${#left[@]} -gt 0 ]; then
            kill -9 "${left[@]}" 2>/dev/null
            fail "kill-trials stopped by SIG$sig left its run going"
        fi
        [ -z "$(ls -A "$tmp/kt")" ] || fail "kill-trials stopped by SIG$sig left $(ls "$tmp/kt")"
    done
fi

# kill-trials.sh and writer-trials.sh with a huge TRIALS: $(seq 1 N) was built in memory
# (once the reference run or the corpora were made) and no trial ever started.
cat >"$tmp/quick-kenken" <<'EOF'
#!/bin/sh
[ "$1" = generate ] && sqlite3 "$3" "CREATE TABLE puzzles(id, size, neknek, solution, level, score,
    canonical, seed, candidate); CREATE TABLE runs(finished_at)"
exit 0
EOF
chmod +x "$tmp/quick-kenken"
mkdir "$tmp/trials-tmp"
for script in kill-trials writer-trials; do
    status=0
    TMPDIR=$tmp/trials-tmp KENKEN=$tmp/quick-kenken timeout -k 2 5 "$src/scripts/$script.sh" 99999999999999999999 \
        >/dev/null 2>"$tmp/err" || status=$?
    [ "$status" = 2 ] && grep -q "TRIALS is '99999999999999999999'" "$tmp/err" ||
        fail "$script.sh 99999999999999999999: status $status: $(head -2 "$tmp/err")"
done
[ -z "$(ls -A "$tmp/trials-tmp")" ] || fail "a huge TRIALS left $(ls "$tmp/trials-tmp")"

# --help and -h of every script that takes arguments: its usage on stdout and status 0
# (they were refused as bad arguments, exit 2; bench-solver.sh and test.sh built and ran
# first). A copy of scripts/ in a tree whose build/kenken fails, a fake cmake on PATH, so
# that a script that did not stop at --help builds nothing. A bad argument is still
# refused: status 2, the usage on stderr.
mkdir -p "$tmp/help/build"
cp -r "$src/scripts" "$tmp/help/"
cp "$tmp/tree/build/kenken" "$tmp/help/build/kenken"
touch "$tmp/help/build/CMakeCache.txt"
for script in run.sh bench-threads.sh bench-factory.sh bench-solver.sh bench-big-cages.sh \
    variant-quotas.sh variant-yield.sh grade-agreement.sh kill-trials.sh writer-trials.sh test.sh fuzz.sh \
    setup.sh cluster/parallel.sh cluster/slurm-array.sbatch cluster/slurm-local-test.sh; do
    for flag in --help -h; do
        status=0
        (cd "$tmp" && PATH=$tmp/path:$PATH KENKEN=/bin/false timeout 20 bash "$tmp/help/scripts/$script" $flag) \
            >"$tmp/out" 2>"$tmp/err" </dev/null || status=$?
        [ "$status" = 0 ] && grep -qF "${script#cluster/}" "$tmp/out" && [ ! -s "$tmp/err" ] ||
            fail "$script $flag: status $status: $(head -c 300 "$tmp/out") / $(head -c 300 "$tmp/err")"
    done
done
for bad in "run.sh a b" "bench-threads.sh x" "bench-factory.sh x" "bench-big-cages.sh" \
    "variant-quotas.sh x" "variant-yield.sh x" "grade-agreement.sh x" "kill-trials.sh x" \
    "writer-trials.sh x" "writer-trials.sh 2 bogus" "writer-trials.sh -n 5" \
    "cluster/parallel.sh 2" "cluster/slurm-array.sbatch 2"; do
    status=0
    # shellcheck disable=SC2086
    (cd "$tmp" && PATH=$tmp/path:$PATH bash "$tmp/help/scripts/"$bad) >"$tmp/out" 2>"$tmp/err" </dev/null || status=$?
    [ "$status" = 2 ] && grep -q "^usage: " "$tmp/err" && [ ! -s "$tmp/out" ] ||
        fail "$bad: status $status: $(head -c 300 "$tmp/err")"
done

echo "scripts_hostile: all passed"
