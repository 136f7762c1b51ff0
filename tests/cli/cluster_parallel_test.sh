#!/usr/bin/env bash
# ctest cluster_parallel: 4 shards through scripts/cluster/parallel.sh; the merged
# corpus must equal the shards merged by hand in another order, hold each puzzle of
# the shards once (under rotation and reflection), verify, and take a second merge
# of a shard, a top-up and a shard of another seed as it should. Reruns with other
# options or another N, an OUT.db or environment it cannot use (refused before anything
# is made), and a stop by SIGTERM or Ctrl-C while the shards run (they stop too).
# Usage: cluster_parallel_test.sh KENKEN_BINARY SOURCE_DIR
set -euo pipefail
kenken=$1
src=$2
command -v parallel >/dev/null || { echo "GNU parallel is not installed (scripts/setup.sh)"; exit 77; }
command -v sqlite3 >/dev/null || { echo "sqlite3 is not installed (scripts/setup.sh)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# 3x3 has few puzzles: the shards are bound to make some of the same ones.
KENKEN=$kenken SHARD_DIR=$tmp/shards "$src/scripts/cluster/parallel.sh" 4 "$tmp/out.db" \
    --sizes 3-4 --count 200 --seed 5 > "$tmp/parallel.log" 2>&1 || { cat "$tmp/parallel.log"; fail "parallel.sh"; }
s=$tmp/shards
for i in 0 1 2 3; do [ -f "$s/shard-$i.db" ] || fail "no shard $i"; done

rows="SELECT canonical, neknek, solution, level, score, seed, shard, candidate FROM puzzles ORDER BY canonical"
"$kenken" merge --db "$tmp/hand.db" "$s/shard-3.db" "$s/shard-1.db" "$s/shard-2.db" "$s/shard-0.db" > "$tmp/hand.log"
cmp <(sqlite3 "$tmp/out.db" "$rows") <(sqlite3 "$tmp/hand.db" "$rows") || fail "merge order changed the corpus"

# Each distinct puzzle of the shards once: the union of their canonical forms.
union=$(for i in 0 1 2 3; do sqlite3 "$s/shard-$i.db" "SELECT canonical FROM puzzles"; done | sort -u | wc -l)
shard_rows=$(for i in 0 1 2 3; do sqlite3 "$s/shard-$i.db" "SELECT count(*) FROM puzzles"; done | paste -sd+ | bc)
merged=$(sqlite3 "$tmp/out.db" "SELECT count(*) FROM puzzles")
distinct=$(sqlite3 "$tmp/out.db" "SELECT count(DISTINCT canonical) FROM puzzles")
[ "$merged" = "$union" ] && [ "$merged" = "$distinct" ] || fail "merged $merged, distinct $distinct, union of shards $union"
[ "$shard_rows" -gt "$union" ] || fail "the shards made no common puzzle ($shard_rows rows): the test lost its point"
echo "shards: $shard_rows puzzles, $union distinct; merged: $merged"
"$kenken" verify --db "$tmp/out.db" || fail "verify"

# Merging a shard again adds nothing.
"$kenken" merge --db "$tmp/out.db" "$s/shard-2.db" > "$tmp/again.log"
cmp <(sqlite3 "$tmp/out.db" "$rows") <(sqlite3 "$tmp/hand.db" "$rows") || fail "a second merge changed the corpus"
[ "$(sqlite3 "$tmp/out.db" "SELECT count(*) FROM runs")" = 4 ] || fail "a second merge added a run"

# Provenance: each puzzle names its shard and its run's copy names the shard file.
bad=$(sqlite3 "$tmp/out.db" "SELECT count(*) FROM puzzles p JOIN runs r ON r.id = p.run_id
      WHERE r.shard_index != p.shard OR r.shard_count != 4 OR r.origin NOT LIKE '%shard-' || p.shard || '.db'")
[ "$bad" = 0 ] || fail "$bad puzzles with wrong provenance"

# The shortfall left by duplicates, topped up deterministically.
grep -q "shortfall: $((shard_rows - union)) puzzles" "$tmp/hand.log" || { cat "$tmp/hand.log"; fail "shortfall not reported"; }
cp "$tmp/hand.db" "$tmp/top.db"
"$kenken" generate --db "$tmp/hand.db" --top-up > /dev/null 2>&1 || fail "top-up"
"$kenken" generate --db "$tmp/top.db" --top-up > /dev/null 2>&1 || fail "top-up"
[ "$(sqlite3 "$tmp/hand.db" "SELECT count(*) FROM puzzles")" = 200 ] || fail "top-up did not fill the quotas"
cmp <(sqlite3 "$tmp/hand.db" "$rows") <(sqlite3 "$tmp/top.db" "$rows") || fail "top-up not deterministic"

# A shard of another seed is refused, and nothing is merged.
"$kenken" generate --db "$tmp/other.db" --sizes 3-4 --count 200 --seed 6 --shard 1/4 --threads 1 > /dev/null 2>&1
status=0
"$kenken" merge --db "$tmp/out.db" "$s/shard-0.db" "$tmp/other.db" 2> "$tmp/refused.log" || status=$?
[ "$status" = 10 ] || fail "another seed: exit $status, want 10"
grep -q "seed = 6" "$tmp/refused.log" || fail "refusal does not say what differs"
cmp <(sqlite3 "$tmp/out.db" "$rows") <(sqlite3 "$tmp/hand.db" "SELECT canonical, neknek, solution, level, score, seed, shard, candidate FROM puzzles WHERE shard < 4 ORDER BY canonical") || fail "a refused merge changed the corpus"

# A rerun with other threads keeps the shards (they make the same puzzles)...
KENKEN=$kenken SHARD_DIR=$s "$src/scripts/cluster/parallel.sh" 4 "$tmp/out.db" \
    --sizes 3-4 --count 200 --seed 5 -j 1 > "$tmp/threads.log" 2>&1 || { cat "$tmp/threads.log"; fail "rerun with -j 1"; }
grep -q "parallel.sh: 0 shards made" "$tmp/threads.log" || fail "another --threads made the shards again"
# ...and so does one with the options spelt otherwise, or --quiet: compared by spelling,
# -q was refused (exit 2) as "other generate options".
KENKEN=$kenken SHARD_DIR=$s "$src/scripts/cluster/parallel.sh" 4 "$tmp/out.db" \
    --seed=5 -n200 --sizes 3-4 -q > "$tmp/spelling.log" 2>&1 || { cat "$tmp/spelling.log"; fail "rerun with -q, -n200, --seed=5"; }
grep -q "parallel.sh: 0 shards made" "$tmp/spelling.log" || fail "-q, -n200 or --seed=5 made the shards again"
# Another N while out.db holds the merge of the 4 shards: refused before a shard is
# deleted or made (they were all made again, then merge refused them: exit 10).
sums=$(cksum "$s"/shard-*.db)
status=0
KENKEN=$kenken SHARD_DIR=$s "$src/scripts/cluster/parallel.sh" 3 "$tmp/out.db" \
    --sizes 3-4 --count 200 --seed 5 > "$tmp/split.log" 2>&1 || status=$?
[ "$status" = 2 ] || { cat "$tmp/split.log"; fail "another N into the old merge: exit $status, want 2"; }
grep -q "made with a 4-way split, now 3" "$tmp/split.log" || { cat "$tmp/split.log"; fail "the refusal does not say N changed"; }
[ "$(cksum "$s"/shard-*.db)" = "$sums" ] || fail "another N touched the shards before it was refused"
# The same from another shard folder: out.db's split is checked too.
status=0
KENKEN=$kenken SHARD_DIR=$tmp/other "$src/scripts/cluster/parallel.sh" 3 "$tmp/out.db" \
    --sizes 3-4 --count 200 --seed 5 > "$tmp/split.log" 2>&1 || status=$?
[ "$status" = 2 ] && grep -q "merge of shards of a 4-way split" "$tmp/split.log" && [ ! -e "$tmp/other" ] ||
    { cat "$tmp/split.log"; fail "another N from another shard folder: exit $status"; }
# ...one with other options is refused while out.db holds the old shards' merge (they
# were merged as if made with the new options, exit 0)...
status=0
KENKEN=$kenken SHARD_DIR=$s "$src/scripts/cluster/parallel.sh" 4 "$tmp/out.db" \
    --sizes 3-4 --count 40 --seed 7 > "$tmp/options.log" 2>&1 || status=$?
[ "$status" = 2 ] || { cat "$tmp/options.log"; fail "other options into the old merge: exit $status, want 2"; }
grep -q "made with other generate options (--count 200 --seed 5; now --count 40 --seed 7)" \
    "$tmp/options.log" || { cat "$tmp/options.log"; fail "the refusal does not say what changed"; }
# ...and into a new corpus every shard is made again with them.
KENKEN=$kenken SHARD_DIR=$s "$src/scripts/cluster/parallel.sh" 4 "$tmp/seven.db" \
    --sizes 3-4 --count 40 --seed 7 > "$tmp/seven.log" 2>&1 || { cat "$tmp/seven.log"; fail "other options, new corpus"; }
grep -q "parallel.sh: 4 shards made" "$tmp/seven.log" || fail "the old shards were kept for other options"
[ "$(sqlite3 "$tmp/seven.db" "SELECT group_concat(DISTINCT seed) FROM runs")" = 7 ] || fail "shards of seed 5 merged for seed 7"

# OUT.db and the environment checked before anything is made (exit 2): every shard was
# made first, then the merge failed and left OUT.db.lock and OUT.db.shards/ beside a
# text file; KENKEN in a missing folder was a bare realpath error (1), a bad JOBS
# parallel's usage (255), a read-only folder a bare mkdir error.
echo "notes" > "$tmp/notes.txt"
mkdir "$tmp/folder.db" "$tmp/ro"
chmod 555 "$tmp/ro"
# Root writes in a mode 555 folder: /sys refuses new files even to root.
ro=$tmp/ro
if touch "$ro/probe" 2>/dev/null; then rm -f "$ro/probe"; ro=/sys; fi
refused() {  # PATTERN OUT [ENV...]: parallel.sh into OUT exits 2 saying PATTERN, makes nothing
    local pattern=$1 target=$2 status=0
    shift 2
    env KENKEN="$kenken" "$@" "$src/scripts/cluster/parallel.sh" 2 "$target" --sizes 3 --count 8 \
        > "$tmp/refused.log" 2>&1 || status=$?
    [ "$status" = 2 ] && grep -q -- "$pattern" "$tmp/refused.log" ||
        { cat "$tmp/refused.log"; fail "parallel.sh into $target ($*): exit $status, want 2 and '$pattern'"; }
    [ ! -e "$target.shards" ] && [ ! -e "$target.lock" ] || fail "parallel.sh into $target ($*) left files"
}
refused "is no corpus to merge into" "$tmp/notes.txt"
[ "$(cat "$tmp/notes.txt")" = notes ] || fail "notes.txt changed"
refused "is a folder" "$tmp/folder.db"
if ! touch "$ro/probe" 2>/dev/null; then
    refused "cannot write in $ro" "$ro/out.db"
    refused "cannot write in $ro" "$ro/new/out.db"
fi
refused "no kenken binary" "$tmp/k.db" KENKEN=/nonexist/dir/kenken
refused "JOBS is 'abc'" "$tmp/k.db" JOBS=abc
refused "JOBS is '-3'" "$tmp/k.db" JOBS=-3
chmod 755 "$tmp/ro"

# Stopped (SIGTERM to the script, or Ctrl-C: SIGINT to its process group) while the
# shards run: it exited at once (143, or 255 on Ctrl-C, no word) and left parallel and
# both shards running, reparented to init and writing. Now the shards are stopped (each
# commits its batch), waited for, and the script says so and exits 130.
tree() { local c; for c in $(pgrep -P "$1"); do echo "$c"; tree "$c"; done; }
running() { [ -e "/proc/$1" ] && ! grep -q '^[0-9]* (.*) Z' "/proc/$1/stat" 2>/dev/null; }
has_run() { [ -f "$1" ] && [ -n "$(sqlite3 "$1" "SELECT id FROM runs" 2>/dev/null)" ]; }
for sig in TERM INT; do
    db=$tmp/stop-$sig.db
    [ "$sig" = INT ] && set -m
    KENKEN=$kenken JOBS=2 "$src/scripts/cluster/parallel.sh" 2 "$db" --sizes 9 --count 40000 \
        > "$tmp/stop.log" 2>&1 &
    pid=$!
    set +m
    kids=()
    for _ in $(seq 300); do
        mapfile -t kids < <(tree "$pid")
        # Each shard's run recorded (a stop before it is there leaves no run to check).
        [ ${#kids[@]} -ge 3 ] && has_run "$db.shards/shard-0.db" && has_run "$db.shards/shard-1.db" && break
        sleep 0.1
    done
    [ ${#kids[@]} -ge 3 ] || { kill -9 "$pid" "${kids[@]}"; cat "$tmp/stop.log"; fail "parallel.sh started no shards"; }
    if [ "$sig" = TERM ]; then
        # A second run into that shard folder is refused while the shards run (exit 9):
        # it deleted their files under them.
        status=0
        KENKEN=$kenken timeout 20 "$src/scripts/cluster/parallel.sh" 2 "$db" --sizes 9 --count 40000 \
            > "$tmp/second.log" 2>&1 || status=$?
        [ "$status" = 9 ] && grep -q "is using $db.shards" "$tmp/second.log" ||
            { kill -9 "$pid" "${kids[@]}"; cat "$tmp/second.log"; fail "a second run while the shards ran: exit $status, want 9"; }
        kill -TERM "$pid"
    else
        kill -INT -- -"$pid"
    fi
    status=0
    wait "$pid" || status=$?
    left=()
    for _ in $(seq 100); do
        left=()
        for k in "${kids[@]}"; do running "$k" && left+=("$k"); done
        [ ${#left[@]} -eq 0 ] && break
        sleep 0.1
    done
    if [ ${#left[@]} -gt 0 ]; then
        kill -9 "${left[@]}" 2>/dev/null
        fail "SIG$sig: parallel.sh (exit $status) left running: $(ps -o args= -p "${left[*]// /,}" | head -c 300)"
    fi
    [ "$status" = 130 ] || { cat "$tmp/stop.log"; fail "SIG$sig: exit $status, want 130"; }
    grep -q "stopped by SIG$sig while making the shards; 0 of 2 shards are finished" "$tmp/stop.log" &&
        grep -q "Run the same command again" "$tmp/stop.log" || { cat "$tmp/stop.log"; fail "SIG$sig: no word of what happened"; }
    # Each shard unfinished and whole. Usually "interrupted"; but on Ctrl-C a shard gets
    # the terminal's SIGINT and then parallel's TERM, and a second stop signal ends
    # kenken at once (by design), leaving its run "running": resumable all the same.
    for i in 0 1; do
        st=$(sqlite3 "$db.shards/shard-$i.db" "SELECT status FROM runs")
        [ "$st" = interrupted ] || [ "$st" = running ] ||
            fail "SIG$sig: shard $i ended as '$st', not interrupted"
        [ "$(sqlite3 "$db.shards/shard-$i.db" "PRAGMA integrity_check")" = ok ] ||
            fail "SIG$sig: shard $i is damaged"
    done
done
echo "cluster_parallel: ok"
