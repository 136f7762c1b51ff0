// Hostile use of `kenken merge` and of what is said about a corpus: shards merged again,
// damaged shards, failed merges into a new corpus, --db -, a killed run's status.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <utility>

#include "tests/support/cli_run.h"
#include "tests/support/corpus_rows.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

// Shard I of 2 (six 4x4 puzzles, seed 3) made in db.
void make_shard(const TempPath& db, int i) {
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --shard " + std::to_string(i) +
                       "/2 --sizes 4 --count 12 --seed 3 --threads 1")
                .status == 0);
}

// The puzzles a corpus holds (-1 when it cannot be read).
int puzzle_rows(const std::string& db) {
    return table_rows(db, "puzzles", -1);
}

}  // namespace

TEST_CASE("a merged pack deleted stays deleted when its shard is merged again",
          "[cli][hostile-merge][packs]") {
    // `packs --delete 1` and the same merge again: the pack came back as pack 2, its
    // puzzles no longer fresh, though merge --help says "merging a shard again adds
    // nothing".
    TempPath s0("deleted-s0.db"), out("deleted-out.db"), pack("deleted-pack.txt");
    make_shard(s0, 0);
    REQUIRE(
        run_kenken("export --db " + s0.str() + " -n 3 --format neknek -o " + pack.str()).status ==
        0);
    const CliResult first = run_kenken("merge --db " + out.str() + " " + s0.str());
    INFO(first.out << first.err);
    REQUIRE(first.status == 0);
    CHECK_THAT(first.out, Catch::Contains("1 pack recorded"));
    REQUIRE(run_kenken("packs --db " + out.str() + " --delete 1").status == 0);
    const CliResult again = run_kenken("merge --db " + out.str() + " " + s0.str());
    INFO(again.out << again.err);
    CHECK(again.status == 0);
    CHECK_THAT(again.out, !Catch::Contains("recorded"));
    CHECK(run_kenken("packs --db " + out.str()).out == "no packs\n");
    // Its puzzles stay fresh: all six can be exported as fresh.
    CHECK(run_kenken("export --db " + out.str() + " -n 6 --dry-run --format neknek -o " +
                     pack.str() + ".new")
              .status == 0);
    // A pack that was not deleted is not recorded twice either.
    REQUIRE(run_kenken("export --db " + s0.str() + " -n 2 --format neknek -o " + pack.str() + "2")
                .status == 0);
    CHECK_THAT(run_kenken("merge --db " + out.str() + " " + s0.str()).out,
               Catch::Contains("1 pack recorded"));
    CHECK_THAT(run_kenken("merge --db " + out.str() + " " + s0.str()).out,
               !Catch::Contains("recorded"));
    CHECK(run_kenken("verify --db " + out.str()).status == 0);
    fs::remove(pack.str() + "2");
}

TEST_CASE("a corpus of schema 4 is read and verified as it is, and migrated by a writer",
          "[cli][hostile-merge][schema]") {
    // Schema 5 adds merged_packs, which only merge uses: readers need not wait for a
    // writer to migrate an older corpus.
    TempPath db("schema4.db"), s1("schema4-s1.db");
    make_shard(db, 0);
    exec_sql(db.str(), "DROP TABLE merged_packs; PRAGMA user_version = 4");
    CHECK(run_kenken("stats --db " + db.str()).status == 0);
    CHECK(run_kenken("verify --db " + db.str()).status == 0);
    make_shard(s1, 1);
    CHECK(run_kenken("merge --db " + db.str() + " " + s1.str()).status == 0);
    CHECK(run_kenken("verify --db " + db.str()).status == 0);
}

TEST_CASE("merge refuses a shard whose rows do not read back, naming the file and the row",
          "[cli][hostile-merge][damaged]") {
    // A row edited by hand was merged without a word ("6 added", exit 0), and verify
    // then failed on the merged corpus.
    TempPath good("damaged-good.db"), s1("damaged-s1.db"), out("damaged-out.db"),
        bad("damaged-bad.db");
    make_shard(good, 0);
    make_shard(s1, 1);
    REQUIRE(run_kenken("merge --db " + out.str() + " " + s1.str()).status == 0);
    REQUIRE(puzzle_rows(out.str()) == 6);
    const std::pair<const char*, const char*> edits[] = {
        {"neknek = 'garbage'", "its neknek text does not read"},
        {"solution = substr(solution, 2) || substr(solution, 1, 1)",
         "its solution does not solve its puzzle"},
        {"size = 100000", "size 100000 stored, 4 in its text"},
        {"score = 'abc'", "score 'abc' is stored as text, not as a number"},
        {"rules = 'weird'", "rules 'weird' stored, standard in its text"},
        {"solution = '12'", "its solution has 2 digits, not the 16 of a 4x4 grid"},
        {"canonical = 'x'", "its canonical form is not its text's"},
    };
    for (const auto& [edit, said] : edits) {
        DYNAMIC_SECTION(edit) {
            fs::copy_file(good.path, bad.path, fs::copy_options::overwrite_existing);
            exec_sql(bad.str(), std::string("UPDATE puzzles SET ") + edit + " WHERE id = 2");
            // The good shard named first is not merged either.
            const CliResult r =
                run_kenken("merge --db " + out.str() + " " + good.str() + " " + bad.str());
            INFO(r.out << r.err);
            CHECK(r.status == 5);
            CHECK_THAT(r.err, Catch::Contains("merge: " + bad.str() + ": puzzle 2: " + said));
            CHECK_THAT(r.err, Catch::Contains("nothing merged"));
            CHECK(puzzle_rows(out.str()) == 6);
        }
    }
    // Its help names the status.
    CHECK_THAT(run_kenken("merge --help").out, Catch::Contains("a shard's row does not read back"));
}

TEST_CASE("a merge that made its output and merged nothing removes it",
          "[cli][hostile-merge][new-output]") {
    // `merge --db new.db s0.db other.db` refused other.db (exit 10, "nothing merged") and
    // left new.db, empty, and new.db.lock behind.
    TempPath s0("made-s0.db"), other("made-other.db"), bad("made-bad.db"), out("made-out.db");
    make_shard(s0, 0);
    REQUIRE(run_kenken("generate -q --db " + other.str() +
                       " --shard 1/2 --sizes 4 --count 12 --seed 4 --threads 1")
                .status == 0);
    const fs::path lock = out.str() + ".lock";
    CliResult r = run_kenken("merge --db " + out.str() + " " + s0.str() + " " + other.str());
    INFO(r.err);
    CHECK(r.status == 10);
    CHECK_THAT(r.err, Catch::Contains("merged nothing into it: removed"));
    CHECK_FALSE(fs::exists(out.path));
    CHECK_FALSE(fs::exists(lock));
    fs::copy_file(s0.path, bad.path);
    exec_sql(bad.str(), "UPDATE puzzles SET neknek = 'garbage' WHERE id = 1");
    r = run_kenken("merge --db " + out.str() + " " + bad.str());
    CHECK(r.status == 5);
    CHECK_FALSE(fs::exists(out.path));
    CHECK_FALSE(fs::exists(lock));
    // A corpus that was there stays, with what it held.
    REQUIRE(run_kenken("merge --db " + out.str() + " " + s0.str()).status == 0);
    CHECK(run_kenken("merge --db " + out.str() + " " + other.str()).status == 10);
    CHECK(puzzle_rows(out.str()) == 6);
    // A file size limit hit by the first shard (exit 1) left an empty corpus too.
    if (have_program("bash")) {
        TempPath big("made-big.db"), capped("made-capped.db");
        REQUIRE(run_kenken("generate -q --db " + big.str() + " --sizes 4 --count 400 --seed 9")
                    .status == 0);
        r = run_shell("bash -c 'ulimit -f 40; exec " + kKenken + " merge --db " + capped.str() +
                      " " + big.str() + "'");
        INFO(r.out);
        CHECK(r.status == 1);
        CHECK_FALSE(fs::exists(capped.path));
        CHECK_FALSE(fs::exists(capped.str() + ".lock"));
    }
}

TEST_CASE("a corpus named - (--db -) is refused by every command: it cannot be stdin or stdout",
          "[cli][hostile-merge][db-dash]") {
    // merge --db - and generate --db - made a corpus file called "-"; readers said
    // "-: no such corpus file".
    TempPath folder("db-dash"), s0("db-dash-s0.db");
    fs::create_directories(folder.path);
    make_shard(s0, 0);
    const std::string in = "cd " + shell_quoted(folder.path) + " && " + kKenken + " ";
    for (const std::string& command :
         {"merge --db - " + s0.str(), std::string("generate --db - --sizes 4 --count 2"),
          std::string("stats --db -"), std::string("query --db -"), std::string("verify --db -"),
          std::string("packs --db -"),
          std::string("export --db - -n 1 --format neknek -o p.txt")}) {
        const CliResult r = run_shell(in + command);
        INFO(command << ": " << r.out);
        CHECK(r.status == 2);
        CHECK_THAT(r.out, Catch::Contains("a corpus cannot be stdin or stdout"));
        CHECK(fs::is_empty(folder.path));
    }
    // ./- is a file called "-", as ever.
    CHECK(run_shell(in + "merge --db ./- " + s0.str()).status == 0);
    if (have_program("parallel") && have_program("sqlite3") && have_program("flock")) {
        const CliResult r = run_shell(
            "cd " + shell_quoted(folder.path) + " && KENKEN=" + kKenken + " bash " +
            shell_quoted(kSource / "scripts/cluster/parallel.sh") + " 2 - --sizes 4 --count 4");
        INFO(r.out);
        CHECK(r.status == 2);
        CHECK_THAT(r.out, Catch::Contains("a corpus cannot be stdin or stdout"));
        CHECK_FALSE(fs::exists(folder.path / "-.shards"));
    }
}

TEST_CASE("stats shows a run whose generate was killed as stopped, a live one as running",
          "[cli][hostile-merge][stats]") {
    // A generate killed with SIGKILL left its run "running" in stats for ever after,
    // though no process held the corpus's lock.
    TempPath db("killed-run.db"), live("killed-run.live"), after("killed-run.after"),
        json("killed-run.json");
    const std::string stats = kKenken + " stats --db " + db.str();
    // As under_a_live_run, but the generate itself is killed (not a timeout before it).
    const CliResult r =
        run_shell("(" + kKenken + " generate -q --db " + db.str() +
                  " --sizes 5 -n 100000 -j 1 >/dev/null 2>&1 & pid=$!; for i in $(seq 1 500); do [ "
                  "\"$(stat -c %s " +
                  db.str() + " 2>/dev/null || echo 0)\" -gt 100000 ] && break; sleep 0.01; done; " +
                  stats + " >" + live.str() + "; kill -9 $pid; wait $pid; " + stats + " >" +
                  after.str() + "; " + stats + " --json >" + json.str() + ")");
    INFO(r.out);
    const std::string running = slurp(live.path), stopped = slurp(after.path);
    INFO(running << stopped);
    CHECK_THAT(running, Catch::Contains(" running "));
    CHECK_THAT(stopped, Catch::Contains(" stopped "));
    CHECK_THAT(stopped, !Catch::Contains(" running "));
    CHECK_THAT(slurp(json.path), Catch::Contains("\"status\":\"stopped\""));
}

TEST_CASE("a merge whose report's reader went away exits 1 saying so, not by SIGPIPE",
          "[cli][hostile-merge][sigpipe]") {
    // merge --help promises exit 1 when the report's reader goes away; the report,
    // written out at the end, ended it by SIGPIPE (141) with every shard merged.
    TempPath s0("pipe-s0.db"), s1("pipe-s1.db"), out("pipe-out.db"), status("pipe-status");
    make_shard(s0, 0);
    make_shard(s1, 1);
    TempPath err("pipe-err");
    const CliResult r =
        run_shell("{ " + kKenken + " merge --db " + out.str() + " " + s0.str() + " " + s1.str() +
                  " 2>" + err.str() + "; echo $? >" + status.str() + "; } | (exec 0<&-; sleep 0)");
    INFO(r.out);
    CHECK(slurp(status.path) == "1\n");
    CHECK_THAT(slurp(err.path),
               Catch::Contains("merge: every shard is merged; only this report was lost"));
    CHECK(puzzle_rows(out.str()) == 12);
}

TEST_CASE("packs --delete --json says what it deleted as JSON", "[cli][hostile-merge][packs]") {
    TempPath db("delete-json.db"), pack("delete-json.txt");
    make_shard(db, 0);
    REQUIRE(
        run_kenken("export --db " + db.str() + " -n 2 --format neknek -o " + pack.str()).status ==
        0);
    const CliResult r = run_kenken("packs --db " + db.str() + " --delete 1 --json");
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.out == "{\"deleted\":1}\n");
}
