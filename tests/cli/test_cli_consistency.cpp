// The same thing done the same way in every command: undecided puzzles, option
// combinations a command cannot honour, the files a corpus's readers leave behind.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

// SQLite's companions of a corpus that are there now.
std::string companions_of(const std::string& db) {
    std::string there;
    for (const char* suffix : {"-wal", "-shm", "-journal"})
        if (fs::exists(db + suffix)) there += db + suffix + " ";
    return there;
}

}  // namespace

TEST_CASE(
    "solve, grade and bench report an undecided puzzle alike: result on stdout, why on "
    "stderr",
    "[cli][consistency][max-seconds]") {
    // grade wrote its row to stdout and the reason to stderr, solve the reason to stdout
    // only (nothing on stderr, with --json nothing at all), bench to stderr only, and
    // grade --json said nothing on stderr either.
    const std::string puzzle = kTestData + "/long-plain-search.neknek";
    const std::string name = puzzle + "#1";
    const std::string why = name + ": undecided: no answer within --max-seconds 1e-06\n";
    for (const std::string command : {"solve", "grade", "bench --repeat 1"})
        for (const std::string json : {"", " --json"}) {
            INFO(command << json);
            const CliResult r = run_kenken(command + json + " --max-seconds 0.000001 " + puzzle);
            CHECK(r.status == 8);
            CHECK(r.err == why);
            CHECK_THAT(r.out, !Catch::Contains("within --max-seconds"));
            if (json.empty()) {
                CHECK_THAT(r.out, Catch::Contains("undecided"));
                continue;
            }
            const nlohmann::json j = nlohmann::json::parse(r.out);
            if (command == "solve") CHECK(j.at("undecided") == true);
            if (command == "grade") CHECK(j.at("level") == "undecided");
            if (command != "solve" && command != "grade")
                CHECK(j.at("sizes").at(0).at("undecided") == 1);
        }
    CHECK(run_kenken("solve --max-seconds 0.000001 " + puzzle).out ==
          name + ": undecided (0 solutions found so far)\n");
}

TEST_CASE("bench --grade refuses --limit and --warm, which only the solver's timing uses",
          "[cli][consistency][bench]") {
    // Both were ignored under --grade while the JSON still reported "limit": 5 and
    // "cache": "warm".
    const std::string puzzle = kTestData + "/seed001-4x4.neknek";
    for (const std::string option : {"--limit 5", "--warm"}) {
        INFO(option);
        const CliResult r = run_kenken("bench --grade --json --repeat 1 " + option + " " + puzzle);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("--grade") &&
                              Catch::Contains(option.substr(0, option.find(' '))));
        CHECK(r.out.empty());
    }
    const CliResult graded = run_kenken("bench --grade --json --repeat 1 " + puzzle);
    CHECK(graded.status == 0);
    const nlohmann::json j = nlohmann::json::parse(graded.out);
    CHECK(j.at("limit") == 2);
    CHECK(j.at("cache") == "cold");
    CHECK(run_kenken("bench --json --repeat 1 --limit 5 --warm " + puzzle).status == 0);
    CHECK_THAT(run_kenken("bench --help").out, Catch::Contains("--limit and --warm"));
    // A warm bench runs a puzzle once: --repeat 3 ran once, "repeat": 1, exit 0.
    const CliResult repeated = run_kenken("bench --json --repeat 3 --warm " + puzzle);
    CHECK(repeated.status == 2);
    CHECK_THAT(repeated.err, Catch::Contains("--repeat 3") && Catch::Contains("--warm"));
    CHECK(repeated.out.empty());
    // Only a --repeat given: the default refused help's own `bench --warm --json`.
    const CliResult warm = run_kenken("bench --warm --json " + puzzle);
    CHECK(warm.status == 0);
    CHECK(warm.err.empty());
    if (warm.status == 0) CHECK(nlohmann::json::parse(warm.out).at("repeat") == 1);
}

TEST_CASE("a corpus's readers leave no -wal or -shm file behind, as its writers do not",
          "[cli][consistency][wal]") {
    // SQLite removes them when the last connection closes after a checkpoint, which a
    // read-only connection cannot make: stats, query, export --dry-run and verify each
    // left two empty files beside a corpus no one was using.
    TempPath db("reader-leftovers.db"), pack("reader-leftovers.neknek");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 -n 4 --seed 3").status == 0);
    CHECK(companions_of(db.str()).empty());
    const std::vector<std::string> readers = {
        "stats", "query --format neknek", "export -n 2 --dry-run -o " + pack.str(), "verify",
        "packs", "stats --json"};
    for (const std::string& command : readers) {
        INFO(command);
        const CliResult r = run_kenken(command + " --db " + db.str());
        CHECK(r.status == 0);
        CHECK(companions_of(db.str()).empty());
    }
}

TEST_CASE("export refuses two levels of one name, from --level-names or the book file",
          "[cli][consistency][export]") {
    // --level-names A,A,B,C,D made a contents with two sections called A.
    TempPath db("level-names.db"), book("level-names.toml");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 -n 4 --seed 3").status == 0);
    const std::string export_ = "export --db " + db.str() + " -n 2 --dry-run -o book.pdf ";
    const CliResult twice = run_kenken(export_ + "--level-names A,A,B,C,D");
    CHECK(twice.status == 2);
    CHECK_THAT(twice.err,
               Catch::Contains("\"A\" (easy and normal)") && Catch::Contains("--level-names"));
    // A book file naming one level as another's default name.
    write_file(book, "[levels]\nhard = \"Moderate\"\n");
    const CliResult clash = run_kenken(export_ + "--book " + book.str());
    CHECK(clash.status == 2);
    CHECK_THAT(clash.err, Catch::Contains("\"Moderate\" (normal and hard)") &&
                              Catch::Contains("[levels] in " + book.str()));
    // Names that differ only in case are different names.
    CHECK(run_kenken(export_ + "--level-names a,A,B,C,D").status == 0);
}

TEST_CASE("every command's help lists exit 1 and 2, which every command can give",
          "[cli][consistency][help]") {
    // solve, grade and check left out 1 (their output lost to a full disk ends 1), stats
    // and verify 2 (a bad command line ends 2 in every command).
    for (const char* command : {"solve", "grade", "check", "generate", "merge", "verify", "stats",
                                "query", "export", "packs", "bench"}) {
        INFO(command);
        const std::string help = run_kenken(std::string(command) + " --help").out;
        CHECK_THAT(help, Catch::Contains("\n  1    the corpus") &&
                             Catch::Contains("\n  2    bad input or command line"));
    }
    const std::string puzzle = kTestData + "/seed001-4x4.neknek";
    CHECK(run_shell("sh -c '" + kKenken + " solve " + puzzle + " > /dev/full'").status == 1);
    CHECK(run_kenken("stats --db x.db --bogus").status == 2);
}

TEST_CASE("a bad --level or --variant names the option in query and export as in generate",
          "[cli][consistency][filters]") {
    // generate said "generate: --variant: unknown variant 'x' ...", query and export
    // "query: unknown variant 'x' ..." and "unknown level ..." without the option's name.
    TempPath db("filter-names.db"), pack("filter-names.neknek");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 -n 2 --seed 3").status == 0);
    for (const std::string& command :
         {"query --db " + db.str(),
          "export -n 1 --dry-run --db " + db.str() + " -o " + pack.str()}) {
        INFO(command);
        const CliResult variant = run_kenken(command + " --variant sideways");
        CHECK(variant.status == 2);
        CHECK_THAT(variant.err, Catch::Contains(": --variant: unknown variant 'sideways'"));
        const CliResult level = run_kenken(command + " --level medium");
        CHECK(level.status == 2);
        CHECK_THAT(level.err, Catch::Contains(": --level: unknown level \"medium\""));
    }
    CHECK_THAT(run_kenken("generate --db " + db.str() + " --variant sideways").err,
               Catch::Contains("generate: --variant: unknown variant 'sideways'"));
}

TEST_CASE("query --json and export --json point to --format json", "[cli][consistency][json]") {
    // Six commands take --json; these two write JSON as a format, and a user who typed
    // --json was told only that it was not expected.
    for (const std::string command :
         {"query --db x.db --json", "export --db x.db -n 1 -o x.pdf --json"}) {
        INFO(command);
        const CliResult r = run_kenken(command);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("did you mean '--format json' for '--json'?"));
    }
}
