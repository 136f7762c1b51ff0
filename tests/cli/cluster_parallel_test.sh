#!/usr/bin/env bash
# ctest cluster_parallel: 4 shards through scripts/cluster/parallel.sh; the merged
# corpus must equal the shards merged by hand in another order, hold each puzzle of
# the shards once (under rotation and reflection), verify, and take a second merge
# of a shard, a top-up and a shard of another seed as it should.
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
# ...one with other options is refused while out.db holds the old shards' merge (they
# were merged as if made with the new options, exit 0)...
status=0
KENKEN=$kenken SHARD_DIR=$s "$src/scripts/cluster/parallel.sh" 4 "$tmp/out.db" \
    --sizes 3-4 --count 40 --seed 7 > "$tmp/options.log" 2>&1 || status=$?
[ "$status" = 2 ] || { cat "$tmp/options.log"; fail "other options into the old merge: exit $status, want 2"; }
grep -q "made with other generate options (--sizes 3-4 --count 200 --seed 5; now --sizes 3-4 --count 40 --seed 7)" \
    "$tmp/options.log" || { cat "$tmp/options.log"; fail "the refusal does not say what changed"; }
# ...and into a new corpus every shard is made again with them.
KENKEN=$kenken SHARD_DIR=$s "$src/scripts/cluster/parallel.sh" 4 "$tmp/seven.db" \
    --sizes 3-4 --count 40 --seed 7 > "$tmp/seven.log" 2>&1 || { cat "$tmp/seven.log"; fail "other options, new corpus"; }
grep -q "parallel.sh: 4 shards made" "$tmp/seven.log" || fail "the old shards were kept for other options"
[ "$(sqlite3 "$tmp/seven.db" "SELECT group_concat(DISTINCT seed) FROM runs")" = 7 ] || fail "shards of seed 5 merged for seed 7"
echo "cluster_parallel: ok"
