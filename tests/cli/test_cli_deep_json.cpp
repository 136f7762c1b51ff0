// JSON nested hundreds of thousands of levels deep, on kenken's input and in a corpus:
// nlohmann's parser reads it with a stack of its own, but printing a value recurses, so
// such a value that reached a message or an output overflowed the stack (SIGSEGV).
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "tests/support/cli_run.h"
#include "tests/support/corpus_rows.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

std::string nested_arrays(int depth) {
    return std::string(static_cast<std::size_t>(depth), '[') +
           std::string(static_cast<std::size_t>(depth), ']');
}

std::string nested_objects(int depth) {
    std::string s;
    for (int i = 0; i < depth; ++i) s += "{\"a\":";
    s += "1";
    return s + std::string(static_cast<std::size_t>(depth), '}');
}

}  // namespace

TEST_CASE("a JSON record nested past 1,000 levels is refused on its line, not a crash",
          "[cli][deep-json]") {
    // solve and grade of a record whose "schema" nests 300,000 arrays died by SIGSEGV
    // (status 139) while the message "schema [[[[... is not 1" was made.
    TempPath file("deep-record.jsonl");
    write_file(file, "{\"schema\": " + nested_arrays(300000) + ", \"puzzle\": {\"size\": 4}}\n");
    for (const char* command : {"solve", "grade"}) {
        const CliResult r = run_kenken(std::string(command) + " " + file.str());
        INFO(command << ": " << r.err.substr(0, 300));
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::StartsWith(file.str() + ":1: a JSON value nested deeper than "
                                                         "1000 levels"));
    }
    // 1,000 levels in all (the record and 999 arrays) still read: the schema is wrong.
    write_file(file, "{\"schema\": " + nested_arrays(999) + ", \"puzzle\": {\"size\": 4}}\n");
    const CliResult fits = run_kenken("solve " + file.str());
    CHECK(fits.status == 2);
    CHECK_THAT(fits.err, Catch::StartsWith(file.str() + ":1: schema [[[") &&
                             !Catch::Contains("nested deeper"));
}

TEST_CASE(
    "a corpus whose runs and packs hold JSON nested 200,000 deep is read, and named by "
    "verify",
    "[cli][deep-json]") {
    // `packs`, `packs --json` and `stats --json` died by SIGSEGV printing such filters,
    // quotas or counters, and verify passed the runs, exit 0.
    TempPath dir("deep-corpus");
    fs::create_directory(dir.path);
    const std::string db = (dir.path / "corpus.db").string();
    REQUIRE(run_kenken("generate -q --db " + db + " --sizes 4 -n 6 --seed 3").status == 0);
    REQUIRE(run_kenken("export --db " + db + " -n 2 --format neknek -o -").status == 0);
    exec_sql(db, "UPDATE packs SET filters = '" + nested_objects(200000) + "'");
    exec_sql(db, "UPDATE runs SET quotas = '" + nested_arrays(200000) + "', counters = '" +
                     nested_objects(200000) + "'");

    const CliResult packs = run_kenken("packs --db " + db);
    INFO(packs.err);
    CHECK(packs.status == 0);
    CHECK_THAT(packs.out, Catch::Contains("{\"a\":{\"a\":"));  // the text, as stored
    const CliResult packs_json = run_kenken("packs --json --db " + db);
    CHECK(packs_json.status == 0);
    CHECK_THAT(packs_json.out, Catch::StartsWith("{\"id\":1,"));
    const CliResult stats = run_kenken("stats --json --db " + db);
    INFO(stats.err);
    CHECK(stats.status == 0);
    CHECK_THAT(stats.out, Catch::Contains("\"runs\":[{\"id\":1,") && !Catch::Contains("quotas"));
    // The text table shows what does not read as stored, cut and escaped.
    const CliResult table = run_kenken("stats --db " + db);
    CHECK(table.status == 0);
    CHECK_THAT(table.out, Catch::Contains("counters: {\"a\":{\"a\":") &&
                              Catch::Contains("... (1200001 bytes)"));
    CHECK(table.out.size() < 2000);

    const CliResult verify = run_kenken("verify -q --db " + db);
    INFO(verify.err);
    CHECK(verify.status == 5);
    CHECK_THAT(
        verify.err,
        Catch::Contains("pack 1: its filters are not JSON (nested deeper than 1000 levels)"));

    exec_sql(db, "UPDATE packs SET filters = '{}'");
    const CliResult runs = run_kenken("verify -q --db " + db);
    INFO(runs.err);
    CHECK(runs.status == 5);
    CHECK_THAT(runs.err, Catch::Contains("has runs whose saved state does not read") &&
                             Catch::Contains("run 1: its quotas are not JSON (nested deeper") &&
                             Catch::Contains("run 1: its counters are not JSON (nested deeper"));

    // A resume reads the progress through the same bound, and says the corpus is damaged.
    exec_sql(db,
             "UPDATE runs SET status = 'interrupted', finished_at = NULL, counters = '{}', "
             "progress = '{\"next_index\": 6, \"steering\": " +
                 nested_arrays(200000) + "}'");
    const CliResult resume = run_kenken("generate -q --db " + db + " --resume");
    CHECK(resume.status == 1);
    CHECK_THAT(resume.err, Catch::Contains("its saved progress cannot be read, the corpus is "
                                           "damaged (nested deeper than 1000 levels)"));
}
