// Shards: the quota split, the candidate streams, and merging (incl. a schema-1 shard).
#include <catch2/catch.hpp>
#include <set>

#include "db/store/corpus.h"
#include "db/store/sqlite.h"
#include "pipeline/factory/factory.h"
#include "pipeline/factory/shard.h"
#include "tests/support/test_files.h"

using namespace kk;

TEST_CASE("shard shares add up to the quota and differ by at most one", "[shard]") {
    for (int n : {1, 2, 3, 4, 7, 8}) {
        for (int q : {0, 1, 2, 5, 7, 100, 1001}) {
            for (int cell = 0; cell < 6; ++cell) {
                int sum = 0, lo = q, hi = 0;
                for (int i = 0; i < n; ++i) {
                    const int s = shard_share(q, {i, n}, cell);
                    sum += s;
                    lo = std::min(lo, s);
                    hi = std::max(hi, s);
                }
                CHECK(sum == q);
                CHECK(hi - lo <= 1);
            }
        }
    }
    // Small level quotas go to different shards, not all to shard 0.
    Quotas q;
    q.sizes = {4};
    q.per_size = {0};
    q.per_level = {1, 1, 0, 0, 0};
    CHECK(shard_quotas(q, {0, 2}).total() == 1);
    CHECK(shard_quotas(q, {1, 2}).total() == 1);
    // A shard whose level shares are all zero makes nothing (not the per-size quota).
    q.per_level = {1, 0, 0, 0, 0};
    q.per_size = {600};
    CHECK(shard_quotas(q, {0, 2}).total() + shard_quotas(q, {1, 2}).total() == 1);
    // The top-up stream (N/N) keeps the whole quotas.
    CHECK(shard_quotas(q, {2, 2}).total() == q.total());
}

TEST_CASE("every shard has a candidate stream of its own", "[shard]") {
    CHECK(stream_seed(42, {0, 1}) == 42);  // an unsplit run is unchanged
    std::set<std::uint64_t> seeds{42};
    for (int n : {2, 3, 4, 8})
        for (int i = 0; i <= n; ++i) seeds.insert(stream_seed(42, {i, n}));
    CHECK(seeds.size() == 1 + 3 + 4 + 5 + 9);
}

TEST_CASE("shard text I/N is checked", "[shard]") {
    std::string why;
    CHECK(parse_shard("3/4", &why).has_value());
    CHECK(parse_shard("9999/10000", &why).has_value());
    // More shards than one merge command line can name.
    for (const char* bad : {"4/4", "-1/4", "1/0", "1", "a/b", "1/4x", "/4", "", "0/10001"}) {
        CHECK_FALSE(parse_shard(bad, &why).has_value());
        CHECK_FALSE(why.empty());
    }
    // A count past int is too many shards, not "not I/N".
    CHECK_FALSE(parse_shard("1/99999999999", &why).has_value());
    CHECK_THAT(why, Catch::Contains("need 0 <= I < N <= 10000"));
}

TEST_CASE("a schema-1 corpus merges as an unsplit run and migrates", "[shard][merge]") {
    TempPath old_db("v1.db"), out_db("out.db");
    FactoryConfig c = default_config();
    c.quotas.sizes = {4};
    c.quotas.per_size = {12};
    c.quotas.per_level = {};
    c.seed = 3;
    {
        auto corpus = db::Corpus::open(old_db.str());
        FactoryOptions o;
        o.threads = 1;
        REQUIRE(run_factory(corpus, c, o).finished);
    }
    {
        // Take the file back to schema 1: what an older kenken wrote.
        auto raw = db::open_connection(old_db.str(), SQLITE_OPEN_READWRITE);
        db::exec(raw.get(),
                 "ALTER TABLE puzzles DROP COLUMN shard; ALTER TABLE runs DROP COLUMN shard_index;"
                 "ALTER TABLE runs DROP COLUMN shard_count; ALTER TABLE runs DROP COLUMN origin;"
                 "ALTER TABLE runs DROP COLUMN origin_run; DROP INDEX puzzles_rules_size_level;"
                 "ALTER TABLE puzzles DROP COLUMN rules; DROP TABLE merged_packs;"
                 "PRAGMA user_version = 1");
    }
    auto out = db::Corpus::open(out_db.str());
    std::vector<db::RunRow> runs;
    out.attach_shard(old_db.str(), [&runs](const db::RunRow& run) { runs.push_back(run); });
    REQUIRE(runs.size() == 1);
    CHECK(runs[0].shard_index == 0);
    CHECK(runs[0].shard_count == 1);
    out.begin();
    const auto into = out.copy_shard_run(runs[0], old_db.str());
    const auto m = out.merge_shard_puzzles(runs[0].id, into);
    out.commit();
    out.detach_shard();
    CHECK(m.read == 12);
    CHECK(m.added == 12);
    // Again: nothing new, and the same run copy.
    out.attach_shard(old_db.str());
    out.begin();
    CHECK(out.copy_shard_run(runs[0], old_db.str()) == into);
    CHECK(out.merge_shard_puzzles(runs[0].id, into).added == 0);
    out.commit();
    out.detach_shard();
    CHECK(out.runs().size() == 1);
    CHECK(out.runs()[0].origin == old_db.str());
    // Opening the old file brings it to the current schema, puzzles intact.
    auto migrated = db::Corpus::open_existing(old_db.str());
    CHECK(migrated.all_puzzles().size() == 12);
    CHECK(migrated.runs()[0].shard_count == 1);
}
