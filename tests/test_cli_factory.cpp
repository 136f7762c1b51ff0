// generate, verify and stats end to end through the binary.
#include <sqlite3.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "cli_run.h"
#include "db/corpus.h"

namespace fs = std::filesystem;

namespace {
struct TempPath {
    fs::path path;
    explicit TempPath(const std::string& name)
        : path(fs::temp_directory_path() /
               ("kenken-cli-" + std::to_string(getpid()) + "-" + name)) {
        clear();
    }
    ~TempPath() { clear(); }
    void clear() {
        for (const char* ext : {"", "-wal", "-shm"}) fs::remove(path.string() + ext);
    }
    std::string str() const { return path.string(); }
};
}  // namespace

TEST_CASE("a second generate into the same corpus adds a new run", "[cli][factory]") {
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
    CHECK(per_run.at(runs[1].id) == 30);
    CHECK(corpus.all_puzzles().size() == 50);
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
    CHECK_THAT(sizes.err, Catch::Contains("outside 3..9"));
    const CliResult level = run_kenken("generate --db " + db.str() + " --per-level medium=3");
    CHECK(level.status == 2);
    CHECK_THAT(level.err, Catch::Contains("unknown level 'medium'"));

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
    const CliResult finished = run_kenken("generate --db " + db.str() + " --resume");
    CHECK(finished.status == 1);
    CHECK_THAT(finished.err, Catch::Contains("no interrupted run to resume"));
}
