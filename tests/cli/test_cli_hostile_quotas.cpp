// Quotas no candidate can meet (issue 11, item 3): count and level quotas given up with
// a warning, in a whole run and in a resumed one, and killer runs whose cages cannot
// avoid a repeat.
#include <signal.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/cli_run.h"
#include "tests/support/test_files.h"
#include "tests/support/test_folders.h"

namespace fs = std::filesystem;

namespace {

// A configuration of one recipe whose cages all aim at 9 cells, in folder.
std::string only_big_cages(const fs::path& folder) {
    const std::string config = (folder / "big.toml").string();
    write_file(config,
               "[run]\nmax_singletons = 0.5\n[[recipes]]\nname = \"only-big\"\n"
               "tiling = { strategy = \"random-edges\", size_weights = [0.0, 0.0, 0.0, 0.0, "
               "0.0, 0.0, 0.0, 0.0, 1.0], max_cage = 9 }\n");
    return config;
}

}  // namespace

TEST_CASE("a count quota given up in a resumed run is given up where the whole run gives it up",
          "[cli][hostile][quota]") {
    // Issue 11 item 3 with --resume: 3x3 grids of dominoes always keep a single cell, and
    // max_singletons = 0 refuses every one. Stopped and resumed, the run must count its
    // 60,000 candidates on from where it stopped, not start the count again.
    SharedFolder folder("review-give-up");
    const std::string config = folder / "impossible.toml";
    write_file(config,
               "[run]\nsizes = \"3\"\ncount = 5\nmax_singletons = 0\n[[recipes]]\nname = "
               "\"pairs\"\ntiling = { strategy = \"random-edges\", size_weights = [0, 1], "
               "max_cage = 2 }\n");
    const auto candidates = [](const std::string& db) {
        const CliResult r = run_kenken("stats --db " + db);
        REQUIRE(r.status == 0);
        CHECK_THAT(r.out, Catch::Contains("finished"));
        return r.out.substr(r.out.find("wall time"));
    };
    const std::string whole = folder / "whole.db";
    const CliResult w = run_kenken("generate -q -j 2 --db " + whole + " --config " + config);
    REQUIRE(w.status == 0);
    CHECK_THAT(w.err, Catch::Contains("its count quota is given up"));
    CHECK_THAT(w.out, Catch::Contains("quotas given up") && Catch::Contains("\n  3x3: 0 of 5\n"));
    CHECK_THAT(candidates(whole), Catch::Contains("for 60000 candidates"));
    for (int ms : {20, 60}) {
        const std::string db = folder / ("parts" + std::to_string(ms) + ".db");
        // Counted from the corpus's making, after the handlers are set: a signal before
        // them ends the process by its default action (a slow start under the
        // sanitizers took 20 ms).
        const CliResult stopped =
            run_shell("{ " + kKenken + " generate -q -j 2 --db " + db + " --config " + config +
                      " & p=$!; i=0; while [ ! -e " + db +
                      " ] && [ $i -lt 500 ]; do sleep 0.01; "
                      "i=$((i+1)); done; sleep 0." +
                      (ms < 100 ? "0" : "") + std::to_string(ms) + "; kill -TERM $p; wait $p; }");
        INFO("stopped after " << ms << " ms: " << stopped.out);
        if (stopped.status == 130) {
            const CliResult resumed = run_kenken("generate -q -j 2 --db " + db + " --resume");
            CHECK(resumed.status == 0);
            // Said at the end of the run that gave it up, resumed or not.
            CHECK_THAT(resumed.out, Catch::Contains("\n  3x3: 0 of 5\n"));
        } else {
            // Finished before the signal; one that came as the report was printed, after
            // the run was recorded finished, ends the process by its default action.
            CHECK((stopped.status == 0 || stopped.status == 128 + SIGTERM));
        }
        CHECK_THAT(candidates(db), Catch::Contains("for 60000 candidates"));
    }
}

TEST_CASE("a run's report ends with the level quotas it gave up and what it stored of them",
          "[cli][hostile][quota]") {
    // Warnings said so as each quota was given up, hours back in a night's log; the
    // report at the end said nothing of it. A 3x3 has no extreme puzzle and few hard
    // ones; one easy puzzle is soon stored, and is not listed.
    TempPath db("review-given-up-levels.db");
    const CliResult r = run_kenken("generate -q --db " + db.str() +
                                   " --sizes 3 --per-level easy=1,hard=3,extreme=3");
    REQUIRE(r.status == 0);
    REQUIRE_THAT(r.out, Catch::Contains("quotas given up"));
    const std::string report = r.out.substr(r.out.find("quotas given up"));
    CHECK_THAT(report, Catch::Contains("\n  3x3 extreme: 0 of 3\n"));
    CHECK_THAT(report, !Catch::Contains("easy"));
    // The hard line says what the corpus holds: stats counts the same.
    const CliResult stats = run_kenken("stats --json --db " + db.str());
    REQUIRE(stats.status == 0);
    const auto j = nlohmann::json::parse(stats.out);
    const int hard = j.at("counts").at("3").value("hard", 0);
    CHECK(hard < 3);
    CHECK_THAT(report, Catch::Contains("\n  3x3 hard: " + std::to_string(hard) + " of 3\n"));
    // Stored with the run: stats shows them the next morning, in JSON too.
    CHECK(j.at("runs").at(0).at("counters").at("given_up") ==
          nlohmann::json({"3x3 hard: " + std::to_string(hard) + " of 3", "3x3 extreme: 0 of 3"}));
    const CliResult table = run_kenken("stats --db " + db.str());
    REQUIRE(table.status == 0);
    CHECK_THAT(table.out, Catch::Contains("quotas given up") &&
                              Catch::Contains("\n        3x3 extreme: 0 of 3\n"));
}

TEST_CASE("a killer candidate whose every tiling repeats a value is dropped before it is solved",
          "[cli][hostile][killer]") {
    // Cages of 9 cells on an 8x8 under the killer rule: every tiling repeats a value of
    // the square, and each such candidate was solved in full to be found without a
    // solution (70 ms a 9x9; the 60,000 candidates a hopeless count quota is given up
    // after took 40 minutes).
    TempPath folder("review4-killer");
    fs::create_directory(folder.path);
    const std::string config = only_big_cages(folder.path);
    const std::string db = (folder.path / "k.db").string();
    const CliResult r = run_kenken("generate --db " + db + " --config " + config +
                                   " --sizes 8 -n 1 --variant killer -j 1 --stop-after 200");
    INFO(r.out << r.err);
    CHECK(r.status == 130);  // --stop-after ends it as an interrupt would
    // The run's report, on stdout.
    CHECK_THAT(r.out, Catch::Contains("a cage repeats a value (killer)"));
    CHECK_THAT(r.out, !Catch::Contains("no solution"));
    // The candidates' stage is the Latin square's: none reached the solver.
    CHECK_THAT(r.out, Catch::Matches("[\\s\\S]*uniqueness +0 +0 [\\s\\S]*"));
}

TEST_CASE("a killer quota no layout of the size can meet is given up without retiling",
          "[cli][hostile][killer]") {
    // Cages of 9 cells only on a 4x4: every layout has a cage of more than 4 cells, so
    // every candidate repeats a value, yet each was tiled again 200 times before it was
    // dropped: the count quota was given up after its 60,000 candidates in 18-23 s.
    TempPath folder("review4-killer-hopeless");
    fs::create_directory(folder.path);
    const std::string config = only_big_cages(folder.path);
    const std::string db = (folder.path / "k.db").string();
    const auto start = std::chrono::steady_clock::now();
    const CliResult r = run_kenken("generate --db " + db + " --config " + config +
                                   " --sizes 4 -n 1 --variant killer -j 1");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK_THAT(r.err, Catch::Contains("its count quota is given up"));
    // Every candidate that passed the single-cell filter, dropped for its repeat.
    CHECK_THAT(r.out, Catch::Matches("[\\s\\S]*latin square +0 +[0-9]+ [\\s\\S]*"));
    CHECK_THAT(r.out,
               Catch::Matches("[\\s\\S]*a cage repeats a value \\(killer\\) +[0-9]+[\\s\\S]*"));
    // 0.25 s here now; the margin is for a loaded machine.
    CHECK(seconds < 6);
}

TEST_CASE("a recipe whose weighed cage sizes all lie above its max_cage is refused with its line",
          "[cli][hostile][config]") {
    // Issue 11 (50th session): size_weights = [0, 0, 0, 0, 1] with max_cage = 3 was
    // taken, the weight capped without a word: every cage aimed at 3 cells.
    TempPath db("above-max-cage.db"), config("above-max-cage.toml");
    const std::string head = "[run]\nsizes = \"4\"\ncount = 1\n[[recipes]]\nname = \"high\"\n";
    for (const auto& [tiling, said] : std::vector<std::pair<std::string, std::string>>{
             {"strategy = \"random-edges\", size_weights = [0.0, 0.0, 0.0, 0.0, 1.0], max_cage = 3",
              "no cage size up to max_cage 3 has weight, only larger ones (5 cells): raise "
              "max_cage to 5, or weigh a size up to 3"},
             {"strategy = \"random-edges\", size_weights = [0.0, 0.0, 1.0], max_cage = 2",
              "no cage size up to max_cage 2 has weight, only larger ones (3 cells)"},
             // Domino-first draws no target of 1 cell: its weight there is no way out.
             {"strategy = \"domino-first\", size_weights = [1.0, 0.0, 0.0, 2.0], max_cage = 3",
              "no cage size from 2 (domino-first) to max_cage 3 has weight, only larger ones (4 "
              "cells)"}}) {
        INFO(tiling);
        write_file(config, head + "tiling = { " + tiling + " }\n");
        const CliResult r =
            run_kenken("generate -q --db " + db.str() + " --config " + config.str());
        CHECK(r.status == 2);  // as every configuration error
        CHECK_THAT(r.err,
                   Catch::StartsWith(config.str() + ":6: recipes.high.tiling.size_weights: ") &&
                       Catch::Contains(said));
        CHECK_FALSE(fs::exists(db.path));
    }
    // Weight up to max_cage, and more above it, is taken as before.
    write_file(config, head + "tiling = { size_weights = [0.0, 1.0, 0.0, 1.0], max_cage = 3 }\n");
    CHECK(run_kenken("generate -q --db " + db.str() + " --config " + config.str()).status == 0);
}

TEST_CASE("max_cage is 2 to 9, as the docs say, and 1 says why it is refused",
          "[cli][hostile][config]") {
    // max_cage = 0 said "must be between 1 and 9", and 1 was then refused as well.
    TempPath db("max-cage-range.db"), config("max-cage-range.toml");
    const std::string head = "[[recipes]]\nname = \"r\"\n";
    for (const std::string value : {"0", "10", "-1"}) {
        write_file(config, head + "tiling = { max_cage = " + value + " }\n");
        const CliResult r =
            run_kenken("generate -q --db " + db.str() + " --config " + config.str());
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::StartsWith(config.str() + ":3: recipes.r.tiling.max_cage: must "
                                                           "be between 2 and 9"));
    }
    write_file(config, head + "tiling = { max_cage = 1 }\n");
    const CliResult one = run_kenken("generate -q --db " + db.str() + " --config " + config.str());
    CHECK(one.status == 2);
    CHECK_THAT(one.err, Catch::StartsWith(config.str() + ":3: recipes.r.tiling.max_cage: max_cage "
                                                         "1 makes every cage a single cell"));
    // The shipped configuration says the same range.
    CHECK_THAT(slurp(kSource / "configs/default.toml"),
               Catch::Contains("tiling.max_cage:      largest cage (2..9"));
    CHECK_FALSE(fs::exists(db.path));
}
