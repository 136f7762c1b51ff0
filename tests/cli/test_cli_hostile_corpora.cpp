// Hostile corpora (issue 11, item 8): read-only, damaged, edited by hand, empty, a
// folder or a device, removed or replaced under a live run, deeper than SQLite's path
// limit, or shards that do not belong together; each is named as what it is, with one
// exit status per fault.
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <utility>

#include "db/store/corpus.h"
#include "tests/support/cli_run.h"
#include "tests/support/corpus_rows.h"
#include "tests/support/test_files.h"
#include "tests/support/test_folders.h"

namespace fs = std::filesystem;

TEST_CASE("merge refuses its own output as a shard, and a missing or foreign shard, making no file",
          "[cli][hostile][edges]") {
    // "merge --db new.db new.db" made new.db, then failed with "cannot rollback - no
    // transaction is active" (exit 1); a missing shard left an empty output corpus. A
    // shard named twice (or as a link to it) was merged as two: "merged 2 shard
    // files ... 4 already there".
    TempPath shard("merge-shard.db"), out("merge-out.db"), text("merge-text.db"),
        link("merge-link.db");
    REQUIRE(
        run_kenken("generate -q --db " + shard.str() + " --sizes 4 --count 4 --shard 0/2").status ==
        0);
    write_file(text.path, "not a corpus\n");
    // A link is the same shard again (a hard link is refused as any corpus with two
    // names is: test_cli_hostile_one_writer.cpp).
    fs::create_symlink(shard.path, link.path);
    const std::string here = fs::path(out.str()).filename().string();
    const struct {
        std::string shards;
        int status;
        std::string said;
    } cases[] = {
        {out.str(), 2, "is the output corpus itself"},
        {shard.str() + " " + (fs::path(out.str()).parent_path() / "." / here).string(), 2,
         "is the output corpus itself"},
        {shard.str() + " " + out.str() + "-missing", 1, "no such corpus file"},
        {shard.str() + " " + text.str(), 1, "is not a KenKen corpus"},
        {shard.str() + " " + shard.str(), 2,
         "merge: " + shard.str() + " is " + shard.str() + " again: name each shard once"},
        {shard.str() + " " + link.str(), 2,
         "merge: " + link.str() + " is " + shard.str() + " again: name each shard once"},
    };
    for (const auto& c : cases) {
        const CliResult r = run_kenken("merge --db " + out.str() + " " + c.shards);
        INFO(c.shards << ": " << r.err);
        CHECK(r.status == c.status);
        CHECK_THAT(r.err, Catch::Contains(c.said));
        CHECK_FALSE(fs::exists(out.path));
    }
    CHECK(run_kenken("merge --db " + out.str() + " " + shard.str()).status == 0);
}

TEST_CASE("a stored solution edited short or wrong stops export and query by name",
          "[cli][hostile][edges]") {
    // "1 2 3" as a 5x5's solution was read past its end: the answer key and JSON held
    // whatever memory followed (values like 242956801).
    TempPath db("bad-solution.db"), pdf("bad-solution.pdf");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 5 --count 3").status == 0);
    const struct {
        std::string solution, said;
    } cases[] = {
        {"1 2 3", "stored solution has 5 digits, not 25"},
        {std::string(25, '0'), "stored solution holds '0', not a digit 1..5"},
        {std::string(25, '1'), "stored solution does not solve it"},
    };
    TempPath copy("bad-solution-copy.db");
    for (const auto& c : cases) {
        fs::copy_file(db.path, copy.path, fs::copy_options::overwrite_existing);
        exec_sql(copy.str(), "UPDATE puzzles SET solution = '" + c.solution + "' WHERE id = 1");
        for (const std::string& command :
             {"export --solutions -n 3 -o " + pdf.str(), std::string("query --format json"),
              std::string("export --format dataset -n 3 -o -")}) {
            const CliResult r = run_kenken(command + " --db " + copy.str());
            INFO(command << ", solution " << c.solution << ": " << r.err);
            CHECK(r.status == 1);
            CHECK_THAT(r.err, Catch::Contains("puzzle 1: " + c.said));
            CHECK_FALSE(fs::exists(pdf.path));
        }
        CHECK(kk::db::Corpus::open_existing(copy.str()).packs().empty());
        CHECK(run_kenken("verify --db " + copy.str()).status == 5);
    }
}

TEST_CASE("resuming a run whose stored records were damaged says so, exit 1",
          "[cli][hostile][edges]") {
    // Bad progress JSON was "kenken: internal error: [json.exception...]"; an empty stored
    // configuration resumed with the default quotas (100 puzzles for a run of 8).
    TempPath db("damaged-run.db"), copy("damaged-run-copy.db");
    REQUIRE(
        run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 8 --stop-after 4").status ==
        130);
    const struct {
        std::string sql, said;
    } cases[] = {
        {"UPDATE runs SET progress = '{'", "its saved progress cannot be read"},
        {"UPDATE runs SET progress = '{\"next_index\": \"x\"}'",
         "its saved progress cannot be read"},
        {"UPDATE runs SET counters = '['", "its saved progress cannot be read"},
        {"UPDATE runs SET config = ''", "has no stored configuration"},
        {"UPDATE runs SET config = '{{{'", "stored configuration: the corpus is damaged"},
    };
    for (const auto& c : cases) {
        fs::copy_file(db.path, copy.path, fs::copy_options::overwrite_existing);
        exec_sql(copy.str(), c.sql);
        const std::size_t before = kk::db::Corpus::open_existing(copy.str()).all_puzzles().size();
        const CliResult r = run_kenken("generate --db " + copy.str() + " --resume");
        INFO(c.sql << ": " << r.err);
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::Contains(c.said));
        CHECK_THAT(r.err, !Catch::Contains("internal error"));
        CHECK(kk::db::Corpus::open_existing(copy.str()).all_puzzles().size() == before);
    }
}

TEST_CASE("a read-only corpus can be read by stats, query, verify and export --dry-run",
          "[cli][hostile][edges]") {
    TempPath folder("read-only");
    fs::create_directory(folder.path);
    const std::string db = (folder.path / "corpus.db").string();
    REQUIRE(run_kenken("generate --db " + db + " --sizes 4 --count 6 --seed 2").status == 0);
    fs::remove(db + ".lock");
    chmod(db.c_str(), 0444);
    chmod(folder.str().c_str(), 0555);
    // root writes anything: run the reads as nobody when we are root.
    const std::string as =
        getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
    // export --dry-run opened the corpus to write: "attempt to write a readonly database".
    for (const char* command :
         {"stats", "query", "verify", "export --dry-run -n 3 -o /tmp/never-dry.json"}) {
        const CliResult r = run_shell(as + kKenken + " " + command + " --db " + db);
        INFO(command << ": " << r.out);
        CHECK(r.status == 0);
        CHECK_THAT(r.out, !Catch::Contains("not a KenKen corpus"));
    }
    const std::string listed = run_shell(as + kKenken + " query --db " + db).out;
    CHECK(std::count(listed.begin(), listed.end(), '\n') == 7);  // a header and 6 puzzles
    // The commands that write say why they cannot: SQLite's "attempt to write a readonly
    // database" said it alone, and generate's "cannot open the lock file" no more.
    for (const char* command : {"generate --sizes 4 --count 2 --add",
                                "export -n 1 -o /tmp/never.json", "packs --delete 1"}) {
        const CliResult r = run_shell(as + kKenken + " " + std::string(command) + " --db " + db);
        INFO(command << ": " << r.out);
        CHECK(r.status == 1);
        CHECK_THAT(r.out, Catch::Contains("read-only") || Catch::Contains("Read-only") ||
                              Catch::Contains("Permission denied"));
        CHECK_THAT(r.out, Catch::Contains("write"));
    }
    CHECK_FALSE(fs::exists("/tmp/never.json"));
    chmod(folder.str().c_str(), 0755);
    fs::remove_all(folder.path);
}

TEST_CASE("a reader of a read-only corpus leaves nothing that stops a writer once it may write",
          "[cli][hostile][edges]") {
    // SQLite gives the -wal and -shm files it makes the corpus's modes: a reader of a
    // read-only corpus in a folder it may write left both read-only, and once the corpus
    // was writable again every writer failed ("attempt to write a readonly database",
    // blaming the corpus or its folder).
    TempPath folder("read-only-then-not");
    fs::create_directory(folder.path);
    const std::string db = (folder.path / "corpus.db").string();
    REQUIRE(run_kenken("generate -q --db " + db + " --sizes 4 --count 6 --seed 2").status == 0);
    fs::remove(db + ".lock");
    const std::string as = as_user();
    if (getuid() == 0) {  // the reads and writes below run as nobody: theirs to write
        REQUIRE(chown(folder.str().c_str(), 65534, 65534) == 0);
        REQUIRE(chown(db.c_str(), 65534, 65534) == 0);
    }
    chmod(db.c_str(), 0444);
    const CliResult read = run_shell(as + kKenken + " stats --db " + db);
    INFO(read.out);
    REQUIRE(read.status == 0);
    chmod(db.c_str(), 0644);
    for (const std::string& command :
         {"generate -q --sizes 4 --count 2 --add --db " + db,
          "export -n 1 -o " + (folder.path / "one.neknek").string() + " --db " + db}) {
        const CliResult r = run_shell(as + kKenken + " " + command);
        INFO(command << ": " << r.out);
        CHECK(r.status == 0);
        CHECK_THAT(r.out, !Catch::Contains("readonly"));
    }
    const std::string listed = run_shell(as + kKenken + " query --db " + db).out;
    CHECK(std::count(listed.begin(), listed.end(), '\n') == 9);  // a header and 8 puzzles
    fs::remove_all(folder.path);
}

TEST_CASE("SQLite's special names are not corpora: ':memory:' is refused, 'file:' is a file",
          "[cli][hostile][edges]") {
    // generate --db :memory: made a file of that name, then wrote its run into SQLite's
    // in-memory database (the file kept an empty schema): the puzzles were lost, exit 0.
    TempPath folder("special-names");
    fs::create_directories(folder.path);
    const std::string in = "cd " + folder.str() + " && " + kKenken + " ";
    for (const char* command : {"generate --sizes 4 --count 2", "stats", "query"}) {
        const CliResult r = run_shell(in + command + " --db :memory:");
        INFO(command << ": " << r.out);
        CHECK(r.status == 1);
        CHECK_THAT(r.out, Catch::Contains("in-memory database"));
    }
    CHECK(fs::is_empty(folder.path));
    // A name that reads as a URI to some SQLite builds is a file here.
    REQUIRE(run_shell(in + "generate -q --sizes 4 --count 2 --db 'file:c.db?mode=memory'").status ==
            0);
    CHECK(fs::is_regular_file(folder.path / "file:c.db?mode=memory"));
    const CliResult listed = run_shell(in + "query --format neknek --db 'file:c.db?mode=memory'");
    CHECK(listed.status == 0);
    CHECK(std::count(listed.out.begin(), listed.out.end(), '#') == 2);
}

TEST_CASE("a folder as the corpus is named as one by writers and readers alike",
          "[cli][hostile][edges]") {
    // Readers said "is a folder, not a KenKen corpus"; writers said "cannot write DIR: Is a
    // directory" and then that a writer needs a corpus it may change, as if it were
    // read-only.
    TempPath folder("corpus-is-a-folder"), shard("corpus-is-a-folder-shard.db");
    fs::create_directory(folder.path);
    REQUIRE(run_kenken("generate -q --db " + shard.str() + " --sizes 4 --count 2").status == 0);
    for (const std::string& command :
         {std::string("generate -q --sizes 4 --count 2 --db "), "merge " + shard.str() + " --db ",
          std::string("packs --delete 1 --db "), std::string("stats --db "),
          std::string("export -n 1 --format json -o - --db ")}) {
        const CliResult r = run_kenken(command + folder.str());
        INFO(command << r.err);
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::Contains(folder.str() + " is a folder, not a KenKen corpus"));
        CHECK_THAT(r.err, !Catch::Contains("may change"));
    }
    CHECK(fs::is_empty(folder.path));
}

TEST_CASE("verify checks the figures queries filter on: cages, singletons, largest cage, ops",
          "[cli][hostile][edges]") {
    // Edited by hand, they made `query --ops` and `--max-cage` pick the wrong puzzles, and
    // verify said every puzzle agreed.
    TempPath db("verify-figures.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 4 --seed 2").status ==
            0);
    for (const auto& [edit, said] :
         {std::pair<std::string, std::string>{"cages = cages + 1", "cages "},
          {"singletons = singletons + 1", "singletons "},
          {"max_cage = 9", "max_cage 9 stored"},
          {"ops = 'zz'", "ops zz stored"}}) {
        INFO(edit);
        TempPath copy("verify-figures-edited.db");
        fs::copy_file(db.path, copy.path);
        sqlite3* raw = nullptr;
        REQUIRE(sqlite3_open(copy.str().c_str(), &raw) == SQLITE_OK);
        CHECK(sqlite3_exec(raw, ("UPDATE puzzles SET " + edit + " WHERE id = 2").c_str(), nullptr,
                           nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(raw);
        const CliResult r = run_kenken("verify --db " + copy.str());
        CHECK(r.status == 5);
        CHECK_THAT(r.out, Catch::Contains("3 agree, 1 do not"));
        CHECK_THAT(r.err, Catch::Contains("puzzle 2: " + said));
    }
    CHECK(run_kenken("verify --db " + db.str()).status == 0);
}

TEST_CASE("a file size limit is named, and the corpus and the pack stay whole",
          "[cli][hostile][edges]") {
    // Under `ulimit -f` the kernel killed generate with SIGXFSZ (no message, exit 153);
    // with the signal ignored SQLite said only "disk I/O error".
    TempPath db("fsize.db"), pdf("fsize.pdf");
    const std::string kenken = kKenken;
    const CliResult stopped = run_shell("ulimit -f 200; " + kenken + " generate --db " + db.str() +
                                        " --sizes 6 --count 3000 --seed 3");
    CHECK(stopped.status == 1);
    CHECK_THAT(stopped.out, Catch::Contains("(ulimit -f)"));
    CHECK(run_kenken("verify --db " + db.str()).status == 0);
    const CliResult resumed = run_kenken("generate --db " + db.str() + " --resume");
    REQUIRE(resumed.status == 0);

    const CliResult pack = run_shell("ulimit -f 100; " + kenken + " export --db " + db.str() +
                                     " -n 200 -o " + pdf.str());
    CHECK(pack.status == 1);
    CHECK_THAT(pack.out, Catch::Contains("File too large"));
    for (const auto& entry : std::filesystem::directory_iterator(pdf.path.parent_path()))
        CHECK(entry.path().filename().string().find(pdf.path.filename().string()) ==
              std::string::npos);
    CHECK_THAT(run_kenken("packs --db " + db.str()).out, !Catch::Contains("fsize.pdf"));
}

TEST_CASE("a device given as the corpus is refused by name", "[cli][hostile][edges]") {
    // SQLite said "disk I/O error" when writing, "empty database" when reading.
    for (const char* command : {"generate --sizes 4 --count 1", "stats", "query", "verify"}) {
        INFO(command);
        const CliResult r = run_kenken(std::string(command) + " --db /dev/zero");
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::Contains("/dev/zero is not a regular file"));
    }
}

TEST_CASE("a corpus that fails SQLite's integrity check fails verify and is not written to",
          "[cli][hostile][edges]") {
    TempPath db("damaged.db");
    REQUIRE(
        run_kenken("generate --db " + db.str() + " --sizes 4 --count 20 --seed 5 --stop-after 10")
            .status == 130);
    // Point an index at another tree's root page behind SQLite's back: a damaged
    // b-tree that even the quick check finds.
    exec_sql(db.str(),
             "PRAGMA writable_schema = ON; UPDATE sqlite_master SET rootpage = (SELECT rootpage "
             "FROM sqlite_master WHERE name = 'runs') WHERE name = 'puzzles_score'; "
             "PRAGMA writable_schema = OFF;");
    const CliResult verify = run_kenken("verify --db " + db.str());
    CHECK(verify.status == 5);
    CHECK_THAT(verify.err, Catch::Contains("integrity check"));
    for (const std::string& command :
         {"generate --db " + db.str() + " --resume", "generate --db " + db.str() + " --count 4"}) {
        const CliResult r = run_kenken(command);
        INFO(command);
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::Contains("is damaged"));
    }
}

TEST_CASE("a corpus missing a table is damaged for every command, a dropped index fails verify",
          "[cli][hostile][edges]") {
    // A dropped packs table passed verify, and export then said "no such table: packs".
    TempPath db("schema.db"), copy("schema-copy.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 6 --seed 3").status ==
            0);
    fs::copy_file(db.path, copy.path);
    exec_sql(db.str(), "DROP TABLE packs");
    TempPath out("schema-pack.json");
    for (const std::string& command :
         {"verify --db " + db.str(), "stats --db " + db.str(), "query --db " + db.str(),
          "export --db " + db.str() + " --count 2 --format json --out " + out.str(),
          "generate --db " + db.str() + " --sizes 4 --count 8 --seed 4"}) {
        const CliResult r = run_kenken(command);
        INFO(command << ": " << r.err);
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::Contains("is damaged: table packs is missing"));
    }
    CHECK_FALSE(fs::exists(out.path));
    exec_sql(copy.str(), "DROP INDEX puzzles_level_score");
    CHECK(run_kenken("stats --db " + copy.str()).status == 0);
    const CliResult verify = run_kenken("verify --db " + copy.str());
    CHECK(verify.status == 5);
    CHECK_THAT(verify.err, Catch::Contains("the index on puzzles(level, score) is missing"));
}

TEST_CASE("an empty corpus file: generate takes it as new, --resume says what happened",
          "[cli][hostile][edges]") {
    TempPath db("empty.db");
    write_file(db.path, "");
    const CliResult resume = run_kenken("generate --db " + db.str() + " --resume");
    CHECK(resume.status == 1);
    CHECK_THAT(resume.err, Catch::Contains("empty file") && Catch::Contains("without --resume"));
    CHECK(run_kenken("generate --db " + db.str() + " --sizes 4 --count 4").status == 0);
    CHECK(kk::db::Corpus::open_existing(db.str()).all_puzzles().size() == 4);
}

TEST_CASE("a new corpus appears whole: no temporary file is left, none is half made",
          "[cli][hostile][edges]") {
    TempPath db("atomic.db");
    REQUIRE(run_kenken("generate --db " + db.str() + " --sizes 4 --count 4").status == 0);
    CHECK_FALSE(fs::exists(db.str() + ".new"));
    // The file a killed start would leave is a whole corpus or none: SIGKILL right away.
    TempPath early("early.db");
    for (int delay_ms : {0, 5, 20, 50}) {
        early.clear();
        run_shell(kKenken + " generate --db " + early.str() + " --sizes 9 --count 1000 & sleep " +
                  std::to_string(delay_ms / 1000.0) + "; kill -9 $!; wait");
        if (!fs::exists(early.path)) continue;
        INFO("killed after " << delay_ms << " ms");
        CHECK(fs::file_size(early.path) > 0);
        const CliResult stats = run_kenken("stats --db " + early.str());
        CHECK(stats.status == 0);
    }
}

TEST_CASE("one fault, one exit status: a missing corpus is 1 for every command",
          "[cli][hostile][exit]") {
    TempPath db("missing.db");
    for (const char* command :
         {"generate --resume", "stats", "query", "verify",
          "export --count 1 --format neknek --out kenken-hostile-never-written.neknek"}) {
        const CliResult r = run_kenken(std::string(command) + " --db " + db.str());
        INFO(command << ": " << r.err);
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::Contains(db.str()));
    }
    CHECK_FALSE(fs::exists(db.path));
}

TEST_CASE("merge refuses shards of two splits of one run", "[cli][hostile][merge]") {
    // Shard 0/2 and shard 0/3 merged (exit 0), then "finished shards: 1 of 3": the 2-way
    // split's shards counted as the 3-way's, and --top-up waited for shards never made.
    TempPath half("split-2.db"), third("split-3.db"), out("split-out.db");
    for (const auto& [db, shard] : {std::pair{&half, "0/2"}, std::pair{&third, "0/3"}})
        REQUIRE(
            run_kenken("generate -q --db " + db->str() + " --sizes 4 --count 6 --shard " + shard)
                .status == 0);
    const CliResult r =
        run_kenken("merge --db " + out.str() + " " + half.str() + " " + third.str());
    INFO(r.err);
    CHECK(r.status == 10);
    CHECK_THAT(r.err, Catch::Contains("is shard 0/3") && Catch::Contains("was split 2 ways"));
    CHECK_FALSE(fs::exists(out.path));  // made by the refused merge, and removed
    CHECK(run_kenken("merge --force --db " + out.str() + " " + half.str() + " " + third.str())
              .status == 0);
}

TEST_CASE("a stored score edited to no number stops query and export with the puzzle's id",
          "[cli][hostile][damaged]") {
    // 1e999 (inf) and 1e300 printed as -9223372036854775808 in every output, 'abc' as 0,
    // exit 0; export sorted on them.
    TempPath db("score-edited.db"), out("score-edited.json"), pdf("score-edited.pdf");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 3").status == 0);
    for (const std::string score : {"1e999", "-1e999", "1e300", "'abc'", "'nan'"}) {
        exec_sql(db.str(), "UPDATE puzzles SET score = " + score + " WHERE id = 2");
        for (const std::string& command :
             {"query --db " + db.str(), "query --db " + db.str() + " --format json",
              "query --db " + db.str() + " --format dataset",
              "export --db " + db.str() + " -n 3 --force -o " + out.str(),
              "export --db " + db.str() + " -n 3 --force -o " + pdf.str()}) {
            const CliResult r = run_kenken(command);
            INFO(score << ": " << command << ": " << r.err);
            CHECK(r.status == 1);
            CHECK_THAT(r.err, Catch::Contains("puzzle 2: stored score ") &&
                                  Catch::Contains("run kenken verify"));
            CHECK_THAT(r.out, !Catch::Contains("-9223372036854775808"));
        }
        const CliResult v = run_kenken("verify -q --db " + db.str());
        INFO(v.out << v.err);
        CHECK(v.status == 5);
        CHECK_THAT(v.out + v.err, Catch::Contains("puzzle 2: score "));
    }
    CHECK_FALSE(fs::exists(out.path));
    CHECK_FALSE(fs::exists(pdf.path));
    CHECK(kk::db::Corpus::open_existing(db.str()).packs().empty());
}

TEST_CASE("verify names rows that point at nothing, packs --show names a deleted puzzle",
          "[cli][hostile][damaged]") {
    // A puzzle's run_id edited to no run, or a published puzzle deleted by hand: verify
    // passed (exit 0), and packs --show listed 4 puzzles of a pack of 5.
    TempPath db("dangling.db"), out("dangling.json");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 5").status == 0);
    REQUIRE(run_kenken("export --db " + db.str() + " -n 5 -o " + out.str()).status == 0);
    REQUIRE(run_kenken("verify -q --db " + db.str()).status == 0);
    exec_sql(db.str(), "UPDATE puzzles SET run_id = 77 WHERE id = 1");
    CliResult r = run_kenken("verify -q --db " + db.str());
    INFO(r.err);
    CHECK(r.status == 5);
    CHECK_THAT(r.err, Catch::Contains("point at nothing") &&
                          Catch::Contains("puzzle 1: its run 77 is not in the runs table"));
    exec_sql(db.str(), "UPDATE puzzles SET run_id = 1 WHERE id = 1");
    exec_sql(db.str(), "DELETE FROM puzzles WHERE id = 3");
    r = run_kenken("verify -q --db " + db.str());
    INFO(r.err);
    CHECK(r.status == 5);
    CHECK_THAT(r.err, Catch::Contains("puzzle 3 is not in the puzzles table"));
    r = run_kenken("packs --db " + db.str() + " --show 1");
    INFO(r.err);
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains("pack 1, number ") &&
                          Catch::Contains(": puzzle 3 is not in the corpus"));
    exec_sql(db.str(), "DELETE FROM puzzles; DELETE FROM packs");
    r = run_kenken("verify -q --db " + db.str());
    INFO(r.err);
    CHECK(r.status == 5);
    CHECK_THAT(r.err, Catch::Contains("pack 1 has puzzles listed but is not in the packs table"));
}

TEST_CASE("packs lists and shows the packs of a read-only corpus", "[cli][hostile][read]") {
    // stats, query, verify and export --dry-run read a read-only corpus; packs said
    // "attempt to write a readonly database", exit 1.
    TempPath folder("review-read-only");
    fs::create_directory(folder.path);
    const std::string db = (folder.path / "corpus.db").string();
    REQUIRE(run_kenken("generate -q --db " + db + " --sizes 4 -n 6 --seed 3").status == 0);
    REQUIRE(run_kenken("export --db " + db + " -n 2 --format neknek -o " +
                       (folder.path / "pack.txt").string())
                .status == 0);
    fs::remove(db + ".lock");
    chmod(db.c_str(), 0444);
    chmod(folder.str().c_str(), 0555);
    // The list names the pack's file; the pack's listing has its two puzzles.
    for (const auto& [command, shown] :
         {std::pair{"packs", "pack.txt"}, std::pair{"packs --json", "pack.txt"},
          std::pair{"packs --show 1", "size"}, std::pair{"packs --show 1 --json", "\"size\":4"}}) {
        const CliResult r = run_shell(as_user() + kKenken + " " + command + " --db " + db);
        INFO(command << ": " << r.out);
        CHECK(r.status == 0);
        CHECK_THAT(r.out, Catch::Contains(shown));
        CHECK_THAT(r.out, !Catch::Contains("readonly"));
    }
    chmod(folder.str().c_str(), 0755);
}

TEST_CASE("a corpus with pages overwritten or cut short is named as damaged by every command",
          "[cli][hostile][damaged]") {
    // dd over every page but the first, then a file cut to half: stats and merge said
    // "database disk image is malformed" with no file named, and a corpus cut short was
    // "not a KenKen corpus".
    TempPath db("review-damaged.db"), out("review-damaged-out.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 -n 60 --seed 9").status == 0);
    const auto size = fs::file_size(db.path);
    REQUIRE(size > 4 * 4096);
    SECTION("pages overwritten") {
        REQUIRE(run_shell("dd if=/dev/zero of=" + db.str() + " bs=4096 seek=1 count=" +
                          std::to_string(size / 4096 - 1) + " conv=notrunc 2>/dev/null")
                    .status == 0);
        for (const std::string& command :
             {"stats --db " + db.str(), "merge --db " + out.str() + " " + db.str()}) {
            const CliResult r = run_kenken(command);
            INFO(command << ": " << r.err);
            CHECK(r.status == 1);
            CHECK_THAT(r.err,
                       Catch::Contains(db.path.filename().string()) && Catch::Contains("damaged"));
        }
    }
    SECTION("cut short") {
        fs::resize_file(db.path, size / 2);
        for (const std::string& command :
             {"stats --db " + db.str(), "query --db " + db.str(), "packs --db " + db.str(),
              "verify --db " + db.str(), "generate -q --add -n 1 --sizes 4 --db " + db.str(),
              "merge --db " + out.str() + " " + db.str()}) {
            const CliResult r = run_kenken(command);
            INFO(command << ": " << r.err);
            CHECK(r.status == 1);
            CHECK_THAT(r.err, Catch::Contains("damaged KenKen corpus"));
            CHECK_THAT(r.err, !Catch::Contains("not a KenKen corpus"));
        }
    }
}

TEST_CASE("a corpus removed or truncated while generate writes it stops the run, exit 1",
          "[cli][hostile][lost]") {
    // The run went on into the unlinked (or emptied) file, said "run 1 finished", exit 0:
    // every puzzle lost.
    for (const auto& [action, said] :
         {std::pair{"rm", "is no longer the file this run was writing"},
          std::pair{"truncate -s 0", "shrank from"}}) {
        TempPath db("review2-lost.db");
        const CliResult r = under_a_live_run(db.str(), std::string(action) + " " + db.str());
        INFO(action << ": " << r.out);
        CHECK_THAT(r.out, Catch::Contains("status 1\n") && Catch::Contains(said));
        CHECK_THAT(r.out, !Catch::Contains("finished"));
    }
}

TEST_CASE("a corpus replaced by another file under a live run stops it, the new file untouched",
          "[cli][hostile][lost]") {
    TempPath db("review2-replaced.db");
    TempPath other("review2-other.db");
    REQUIRE(run_kenken("generate -q --db " + other.str() + " --sizes 4 -n 5 --seed 7").status == 0);
    fs::remove(other.str() + ".lock");
    const std::string before = run_kenken("query --db " + other.str() + " --format neknek").out;
    const CliResult r = under_a_live_run(db.str(), "mv " + other.str() + " " + db.str());
    INFO(r.out);
    CHECK_THAT(r.out, Catch::Contains("status 1\n"));
    CHECK_THAT(r.out, Catch::Contains("removed, renamed or replaced"));
    // What now bears the name is the other corpus, as it was.
    CHECK(run_kenken("query --db " + db.str() + " --format neknek").out == before);
}

TEST_CASE("a corpus deeper than SQLite's path limit is said so, and no lock file is left",
          "[cli][hostile][path]") {
    // "cannot open .../c.db.new: unable to open database file", from generate and
    // stats alike, however short the name given (a relative one from inside).
    TempPath top("review2-deep");
    fs::path folder = top.path;
    for (int i = 0; i < 5; ++i) folder /= std::string(100, 'd');
    fs::create_directories(folder);
    const std::string db = (folder / "c.db").string();
    const CliResult made = run_kenken("generate -q --db " + db + " --sizes 4 -n 2");
    INFO(made.err);
    CHECK(made.status == 1);
    CHECK_THAT(made.err, Catch::Contains("full path is") && Catch::Contains("shorter path"));
    CHECK_THAT(made.err, !Catch::Contains("unable to open"));
    CHECK_FALSE(fs::exists(db + ".lock"));
    const CliResult read =
        run_shell("cd " + folder.string() + " && " + kKenken + " stats --db c.db");
    INFO(read.out);
    CHECK(read.status == 1);
    CHECK_THAT(read.out, Catch::Contains("full path is"));
    // One level up, the same command works.
    const std::string shallower = (folder.parent_path() / "c.db").string();
    CHECK(run_kenken("generate -q --db " + shallower + " --sizes 4 -n 2").status == 0);
}

TEST_CASE("a file size limit during generate or merge says what is kept and how to go on",
          "[cli][hostile][room]") {
    // A full disk said "what was committed before is kept ... --resume" (merge: "run the
    // same merge again"); the limit said only "disk I/O error (... ulimit -f ...)".
    TempPath a("review2-room-a.db"), b("review2-room-b.db"), out("review2-room-out.db");
    const CliResult made = run_shell("(ulimit -f 200; " + kKenken + " generate -q --db " + a.str() +
                                     " --sizes 5 -n 1000 --shard 0/2 --seed 3)");
    INFO(made.out);
    CHECK(made.status == 1);
    CHECK_THAT(made.out, Catch::Contains("ulimit -f") && Catch::Contains("is kept") &&
                             Catch::Contains("--resume"));
    REQUIRE(run_kenken("generate -q --db " + a.str() + " --resume").status == 0);
    REQUIRE(run_kenken("generate -q --db " + b.str() + " --sizes 5 -n 1000 --shard 1/2 --seed 3")
                .status == 0);
    const CliResult merged = run_shell("(ulimit -f 200; " + kKenken + " merge --db " + out.str() +
                                       " " + a.str() + " " + b.str() + ")");
    INFO(merged.out);
    CHECK(merged.status == 1);
    CHECK_THAT(merged.out, Catch::Contains("ulimit -f") && Catch::Contains("run the same merge"));
    // Without the limit the same merge finishes, every quota full.
    CHECK_THAT(run_kenken("merge --db " + out.str() + " " + a.str() + " " + b.str()).out,
               Catch::Contains("every quota is full"));
}

TEST_CASE("a corpus whose schema version was edited is damaged for readers and writers alike",
          "[cli][hostile][schema]") {
    // PRAGMA user_version set to -5 indexed the migrations out of their bounds (a random
    // "near text: syntax error"); set back to 0 or 2 on a current corpus, writers failed
    // half way ("table runs already exists", "duplicate column name") while stats and
    // verify passed it, exit 0.
    CorpusFolder folder("review3-schema");
    const std::string clean = folder / "clean.db";
    fs::copy_file(folder.db, clean);
    for (const char* version : {"-5", "0", "2"}) {
        DYNAMIC_SECTION("user_version " << version) {
            fs::copy_file(clean, folder.db, fs::copy_options::overwrite_existing);
            exec_sql(folder.db, std::string("PRAGMA user_version = ") + version);
            for (const std::string& command :
                 {std::string("stats"), std::string("verify"), std::string("packs --delete 1"),
                  std::string("export -n 2 --format neknek -o -")}) {
                const CliResult r = run_kenken(command + " --db " + folder.db);
                INFO(command << ": " << r.err);
                CHECK(r.status == 1);
                CHECK_THAT(r.err, Catch::Contains("is damaged") &&
                                      Catch::Contains("schema version") &&
                                      Catch::Contains(version));
                CHECK(r.out.empty());
            }
        }
    }
    // A true older version's corpus is still read (and brought up to date by a writer):
    // only the tables of a later version under an older number are refused.
    fs::copy_file(clean, folder.db, fs::copy_options::overwrite_existing);
    exec_sql(folder.db, "DROP TABLE merged_packs; PRAGMA user_version = 3");
    CHECK(run_kenken("verify -q --db " + folder.db).status == 0);
    CHECK(run_kenken("export -n 2 --format neknek -o - --db " + folder.db).status == 0);
}

TEST_CASE("verify finds a pack whose record was edited to disagree with what it holds",
          "[cli][hostile][verify]") {
    // A pack's count set to 7 over its 3 puzzles, and its filters to text that is not
    // JSON: packs listed the 7, and verify passed the corpus, exit 0.
    CorpusFolder folder("review3-pack-row");
    REQUIRE(run_kenken("export --db " + folder.db + " -n 3 --format neknek -o -").status == 0);
    REQUIRE(run_kenken("verify -q --db " + folder.db).status == 0);
    exec_sql(folder.db, "UPDATE packs SET count = 7, filters = '{not json'");
    const CliResult r = run_kenken("verify -q --db " + folder.db);
    INFO(r.err);
    CHECK(r.status == 5);
    CHECK_THAT(r.err, Catch::Contains("pack 1: its count says 7, but it lists 3 puzzles") &&
                          Catch::Contains("pack 1: its filters are not JSON"));
}
