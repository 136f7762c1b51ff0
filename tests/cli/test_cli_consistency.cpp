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

const std::string kData = KENKEN_TEST_DATA;

// SQLite's companions of a corpus that are there now.
std::string companions_of(const std::string& db) {
    std::string there;
    for (const char* suffix : {"-wal", "-shm", "-journal"})
        if (fs::exists(db + suffix)) there += db + suffix + " ";
    return there;
}

}  // namespace

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
