// generate, verify and stats end to end through the binary.
#include <sqlite3.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/io/formats.h"
#include "db/store/corpus.h"
#include "tests/support/cli_run.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

TEST_CASE("a second generate into the same corpus makes only what its quotas still lack",
          "[cli][factory]") {
    TempPath db("two-runs.db");
    REQUIRE(run_kenken("generate --db " + db.str() + " --sizes 4-5 --count 20 --seed 1").status ==
            0);
    REQUIRE(run_kenken("generate --db " + db.str() + " --sizes 5-6 --count 30 --seed 2").status ==
            0);
    auto corpus = kk::db::Corpus::open_existing(db.str());
    const auto runs = corpus.runs();
    REQUIRE(runs.size() == 2);
    CHECK(runs[0].status == "finished");
    CHECK(runs[1].status == "finished");
    const auto per_run = corpus.counts_by_run();
    CHECK(per_run.at(runs[0].id) == 20);
    // The 5x5 quota (15) already held 10 from the first run: 5 more, and 15 6x6.
    CHECK(per_run.at(runs[1].id) == 20);
    CHECK(corpus.all_puzzles().size() == 40);
    const auto held = corpus.counts_by_size_level();
    int five = 0;
    for (const auto& [key, n] : held)
        if (key.first == 5) five += n;
    CHECK(five == 15);
    const CliResult stats = run_kenken("stats --db " + db.str());
    CHECK(stats.status == 0);
    CHECK_THAT(stats.out, Catch::Contains("5x5") && Catch::Contains("6x6"));
}

TEST_CASE("verify passes a good corpus and fails one whose stored grade was changed",
          "[cli][factory]") {
    TempPath db("verify.db");
    REQUIRE(run_kenken("generate --db " + db.str() + " --sizes 5 --count 15 --seed 4").status == 0);
    const CliResult good = run_kenken("verify --db " + db.str());
    CHECK(good.status == 0);
    CHECK_THAT(good.out, Catch::Contains("15 agree, 0 do not"));
    {
        // Tamper with one stored score behind the factory's back.
        sqlite3* raw = nullptr;
        REQUIRE(sqlite3_open(db.str().c_str(), &raw) == SQLITE_OK);
        CHECK(sqlite3_exec(raw, "UPDATE puzzles SET score = score + 1 WHERE id = 3", nullptr,
                           nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(raw);
    }
    const CliResult bad = run_kenken("verify --db " + db.str());
    CHECK(bad.status == 5);
    CHECK_THAT(bad.out, Catch::Contains("14 agree, 1 do not"));
    CHECK_THAT(bad.err, Catch::Contains("puzzle 3: score"));
}

TEST_CASE("generate refuses bad settings with a clear message", "[cli][factory]") {
    TempPath db("bad.db");
    const CliResult sizes = run_kenken("generate --db " + db.str() + " --sizes 4-12 --count 5");
    CHECK(sizes.status == 2);
    // The option as typed, not the configuration's key ("generate: sizes: 10 ...").
    CHECK_THAT(sizes.err, Catch::Contains("generate: --sizes: 10 is outside 3..9"));
    const CliResult level = run_kenken("generate --db " + db.str() + " --per-level medium=3");
    CHECK(level.status == 2);
    CHECK_THAT(level.err, Catch::Contains("generate: --per-level: unknown level 'medium'"));

    TempPath config("bad.toml");
    std::ofstream(config.path) << "[run]\nsizes = \"4-6\"\nthreads = \"many\"\n";
    const CliResult cfg = run_kenken("generate --db " + db.str() + " --config " + config.str());
    CHECK(cfg.status == 2);
    CHECK_THAT(cfg.err, Catch::Contains(config.str() + ":3") &&
                            Catch::Contains("run.threads: expected an integer"));
    CHECK_FALSE(fs::exists(db.path));  // nothing half-written

    TempPath text("not-a-corpus.db");
    std::ofstream(text.path) << "just some text\n";
    const CliResult notdb = run_kenken("generate --db " + text.str() + " --count 5");
    CHECK(notdb.status == 1);
    CHECK_FALSE(notdb.err.empty());
    const CliResult absent = run_kenken("generate --db " + db.str() + " --resume");
    CHECK(absent.status == 1);
    CHECK_THAT(absent.err, Catch::Contains("no such corpus file"));
    CHECK_FALSE(fs::exists(db.path));
    REQUIRE(run_kenken("generate --db " + db.str() + " --sizes 4 --count 3").status == 0);
    // Nothing to resume in a sound corpus is a command line that cannot be used.
    const CliResult finished = run_kenken("generate --db " + db.str() + " --resume");
    CHECK(finished.status == 2);
    CHECK_THAT(finished.err, Catch::Contains("no interrupted run to resume"));
}

TEST_CASE("a factory corpus exported as neknek solves back to its stored solutions",
          "[cli][factory][export]") {
    TempPath db("pack.db"), neknek("pack.neknek"), keen("pack.keen");
    REQUIRE(run_kenken("generate --db " + db.str() + " --sizes 5-6 --count 24 --seed 8").status ==
            0);
    const CliResult pack = run_kenken("export --db " + db.str() + " --size 6 --count 8 " +
                                      "--format neknek --out " + neknek.str());
    REQUIRE(pack.status == 0);

    auto corpus = kk::db::Corpus::open_existing(db.str());
    const auto packs = corpus.packs();
    REQUIRE(packs.size() == 1);
    const auto ids = corpus.pack_puzzle_ids(packs[0].id);
    REQUIRE(ids.size() == 8);
    std::map<std::int64_t, kk::db::PuzzleRecord> by_id;
    for (const auto& r : corpus.all_puzzles()) by_id[r.id] = r;

    // kenken solve reads the pack and finds each stored solution, in pack order.
    const CliResult solved = run_kenken("solve --json " + neknek.str());
    REQUIRE(solved.status == 0);
    std::istringstream lines(solved.out);
    std::string line;
    size_t i = 0;
    double last_score = -1;
    while (std::getline(lines, line)) {
        REQUIRE(i < ids.size());
        const auto j = nlohmann::json::parse(line);
        std::string digits;
        for (const auto& row : j["solution"])
            for (const auto& v : row) digits += std::to_string(v.get<int>());
        const auto& stored = by_id.at(ids[i]);
        CHECK(j["solutions"] == 1);
        CHECK(digits == stored.solution);
        CHECK(stored.score >= last_score);  // easiest first
        last_score = stored.score;
        ++i;
    }
    CHECK(i == 8);

    // The same puzzles as Keen ids, read back by the Keen reader.
    REQUIRE(run_kenken("export --db " + db.str() + " --size 6 --count 8 --allow-repeats " +
                       "--format keen --out " + keen.str())
                .status == 0);
    const auto from_keen = kk::read_puzzles(slurp(keen.path), kk::Format::Keen);
    REQUIRE(from_keen.size() == 8);
    std::set<std::string> stored_texts, keen_texts;
    for (auto id : ids) stored_texts.insert(by_id.at(id).neknek);
    for (const auto& pp : from_keen) keen_texts.insert(kk::write_neknek(pp.puzzle));
    CHECK(keen_texts == stored_texts);

    // Fresh puzzles are the ones never exported: 12 6x6 made, 8 published.
    const CliResult fresh =
        run_kenken("query --db " + db.str() + " --size 6 --fresh --format neknek");
    CHECK(kk::read_puzzles(fresh.out).size() == 4);
}
