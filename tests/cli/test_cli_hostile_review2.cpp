// The writers (generate, merge, the run lock) reviewed again as a hostile user would,
// with what earlier rounds had not tried: the corpus removed, replaced or truncated
// under a live run, corpora deeper than SQLite's path limit, and a file size limit
// during a merge.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "tests/support/cli_run.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

// Starts a long `generate` on db (at most 10 s), waits until its corpus has grown past
// its first batches (at most 5 s), runs action (a shell command) and then waits for the
// run: its exit status, then its output. The old code went on to "finished", so the
// timeout (124) ended it.
CliResult under_a_live_run(const std::string& db, const std::string& action) {
    const std::string out = db + ".out";
    // In a subshell: run_shell sends only its command's last output to the result.
    const CliResult r = run_shell(
        "(timeout 10 " + kKenken + " generate --db " + db + " --sizes 5 -n 100000 -j 1 >" + out +
        " 2>&1 & pid=$!; " + "for i in $(seq 1 500); do [ \"$(stat -c %s " + db +
        " 2>/dev/null || echo 0)\" -gt 100000 ] && break; sleep 0.01; done; " + action +
        "; wait $pid; echo \"status $?\"; cat " + out + "; rm -f " + out + ")");
    return r;
}

}  // namespace

TEST_CASE("a corpus removed or truncated while generate writes it stops the run, exit 1",
          "[cli][hostile-review2][lost]") {
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
          "[cli][hostile-review2][lost]") {
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
          "[cli][hostile-review2][path]") {
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

TEST_CASE("a lock file removed under a live run: the refusal says so and names no dead writer",
          "[cli][hostile-review2][lock]") {
    // The second writer was refused (exit 9) as if by "a writer that opened it under
    // another name (a hard link)", and left its own line in the new lock file, so the
    // next refusal named that process, long gone, as the holder.
    TempPath db("review2-lock-removed.db");
    const std::string second = kKenken + " generate -q --add --db " + db.str() + " --sizes 5 -n 2";
    const CliResult r = under_a_live_run(db.str(), "rm " + db.str() + ".lock; " + second +
                                                       "; echo \"second $?\"; echo \"lock:[$(cat " +
                                                       db.str() + ".lock)]\"; kill $pid");
    INFO(r.out);
    CHECK_THAT(r.out, Catch::Contains("second 9\n"));
    CHECK_THAT(r.out, Catch::Contains("lock file") && Catch::Contains("was removed while it ran"));
    CHECK_THAT(r.out, Catch::Contains("lock:[]"));
}

TEST_CASE("a file size limit during generate or merge says what is kept and how to go on",
          "[cli][hostile-review2][room]") {
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

TEST_CASE("a merge whose report's reader went away stops after a shard, saying so",
          "[cli][hostile-review2][signal]") {
    // merge ... | head -3: SIGPIPE killed the merge at its first full buffer of report
    // lines (exit 141), between two shards, without a word of what it had merged.
    TempPath folder("review2-pipe");
    fs::create_directory(folder.path);
    const std::string long_name(200, 's');
    std::string shards;
    for (int i = 0; i < 20; ++i) {
        const std::string shard = (folder.path / (long_name + std::to_string(i) + ".db")).string();
        REQUIRE(run_kenken("generate -q --db " + shard + " --sizes 4 -n 20 --seed 5 --shard " +
                           std::to_string(i) + "/20")
                    .status == 0);
        shards += " " + shard;
    }
    const std::string out = (folder.path / "out.db").string();
    const std::string err = (folder.path / "err").string(), status = (folder.path / "st").string();
    const CliResult r = run_shell("{ " + kKenken + " merge --db " + out + shards + " 2>" + err +
                                  "; echo $? >" + status + "; } | true; cat " + status + " " + err);
    INFO(r.out);
    CHECK_THAT(r.out, Catch::StartsWith("1\n"));
    CHECK_THAT(r.out, Catch::Contains("stopped after") && Catch::Contains("run the same merge"));
    // Run again, it finishes what the first began.
    CHECK_THAT(run_kenken("merge --db " + out + shards).out,
               Catch::Contains("finished shards: 20 of 20"));
}

TEST_CASE("a configuration's recipe named by an empty string is refused with file and line",
          "[cli][hostile-review2][config]") {
    // Taken, and every message about it named "recipes..tiling".
    TempPath config("review2-empty-name.toml"), db("review2-empty-name.db");
    write_file(config,
               "[run]\nsizes = \"4\"\ncount = 2\n\n[[recipes]]\nname = \"\"\n"
               "[recipes.tiling]\nmax_cage = 3\n");
    const CliResult r = run_kenken("generate -q --db " + db.str() + " --config " + config.str());
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(config.str() + ":6: recipes.name: empty"));
    CHECK_FALSE(fs::exists(db.path));
}

TEST_CASE("generate waits for an export to a pipe nobody reads, then finishes",
          "[cli][hostile-review2][busy]") {
    // An export to stdout holds the corpus's write lock until its reader has taken the
    // whole pack (a pack cut short records nothing). A generate whose batch waited over
    // 10 s for it failed, "database is locked", exit 1: a night's run lost to a
    // `kenken export -o - | less` left open.
    TempPath db("review2-busy.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 6 -n 300 --seed 7").status == 0);
    const CliResult r =
        run_shell("(" + kKenken + " export --db " + db.str() +
                  " -n 250 -o - --format json | (sleep 14; wc -l) & sleep 2.5; " + kKenken +
                  " generate --db " + db.str() +
                  " --sizes 4 -n 20 --add --seed 3 -j 1 2>&1; echo \"status $?\"; wait)");
    INFO(r.out);
    CHECK_THAT(r.out, Catch::Contains("has held the corpus's write lock") &&
                          Catch::Contains("run 2 finished") && Catch::Contains("status 0\n"));
    CHECK_THAT(r.out, !Catch::Contains("database is locked"));
    // Both are whole: the pack (its reader took 250 lines) and the run's puzzles.
    CHECK_THAT(r.out, Catch::Contains("250\n"));
    const CliResult stats = run_kenken("stats --db " + db.str() + " --json");
    CHECK_THAT(stats.out, Catch::Contains("\"total\":320"));
    CHECK(run_kenken("packs --db " + db.str()).out.find("250") != std::string::npos);
}

TEST_CASE("a stop request ends generate's wait for another process's write lock",
          "[cli][hostile-review2][busy]") {
    // SIGTERM while generate waits for an export to a pipe nobody reads: it ends at once,
    // exit 130, not when the export lets go (it was SQLite's busy wait, deaf to it).
    TempPath db("review2-busy-stop.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 6 -n 300 --seed 7").status == 0);
    const CliResult r = run_shell(
        "(" + kKenken + " export --db " + db.str() +
        " -n 250 -o - --format json | (sleep 7; echo \"export read $(wc -l)\") & sleep 2; " +
        kKenken + " generate --db " + db.str() +
        " --sizes 4 -n 20 --add --seed 3 -j 1 2>&1 & pid=$!; sleep 1.5; kill -TERM $pid; "
        "wait $pid; echo \"status $?\"; wait)");
    INFO(r.out);
    CHECK_THAT(r.out, Catch::Contains("status 130\n") &&
                          Catch::Contains("stopped while another process held"));
    // Before the export let go of the corpus.
    CHECK(r.out.find("status 130") < r.out.find("export read 250"));
    CHECK(run_kenken("stats --db " + db.str() + " --json").out.find("\"total\":300") !=
          std::string::npos);
}

namespace {

// A corpus with pack 1 exported, and a shard to merge into it, in the folder dir.
void corpus_with_a_pack_and_a_shard(const std::string& dir) {
    fs::create_directories(dir);
    REQUIRE(run_kenken("generate -q --db " + dir + "/c.db --sizes 6 -n 300 --seed 7").status == 0);
    REQUIRE(run_kenken("generate -q --db " + dir + "/s.db --sizes 4 -n 20 --seed 3").status == 0);
    REQUIRE(run_kenken("export --db " + dir + "/c.db -n 5 -o " + dir + "/p1.neknek").status == 0);
}

// The shell command that exports 200 puzzles of dir's corpus to a pipe its reader takes
// only after `seconds`, then says "stalled read 200"; the other commands start 1.5 s on.
std::string stalled_export(const std::string& dir, int seconds) {
    return kKenken + " export --db " + dir + "/c.db -n 200 -o - --format json | (sleep " +
           std::to_string(seconds) + "; echo \"stalled read $(wc -l)\") & sleep 1.5; ";
}

// The packs dir's corpus holds (ids present and absent) and its number of puzzles.
void check_packs_and_total(const std::string& dir, std::initializer_list<int> present,
                           std::initializer_list<int> absent, int total) {
    const std::string packs = run_kenken("packs --db " + dir + "/c.db --json").out;
    INFO(packs);
    for (int id : present) CHECK_THAT(packs, Catch::Contains("\"id\":" + std::to_string(id) + ","));
    for (int id : absent) CHECK_THAT(packs, !Catch::Contains("\"id\":" + std::to_string(id) + ","));
    CHECK_THAT(run_kenken("stats --db " + dir + "/c.db --json").out,
               Catch::Contains("\"total\":" + std::to_string(total)));
}

}  // namespace

TEST_CASE("export, merge and packs --delete wait for an export to a pipe nobody reads",
          "[cli][hostile-review2][busy]") {
    // Each failed after SQLite's 10 s with "database is locked", exit 1, as generate did
    // before it waited: `kenken export -o - | less` left open in one terminal made every
    // other writer of that corpus fail.
    //
    // Beside them (the same wait, no more time), an export and a packs --delete whose
    // stderr is a pipe whose reader went away: their warning at 10 s raised SIGPIPE and
    // ended them (141), the export's whole pack left as a part file and unrecorded, the
    // deletion not made. The warning is lost now, not the work.
    TempPath dir("review2-busy-writers");
    const std::string d = dir.str();
    corpus_with_a_pack_and_a_shard(d);
    REQUIRE(run_kenken("export --db " + d + "/c.db -n 5 -o " + d + "/p0.neknek").status == 0);
    // command with its stderr a pipe whose reader has gone, then "label: status N".
    const auto closed_stderr = [&d](const std::string& command, const std::string& label) {
        const std::string status = d + "/" + label + ".status";
        return "(({ " + kKenken + " " + command + " 2>&1 >/dev/null; echo $? >" + status +
               "; } | true); echo \"" + label + ": status $(cat " + status + ")\")";
    };
    // And a generate whose corpus is renamed while a reader holds it: its checkpoint of
    // the moved file, which also waits for readers, waited as long as the reader lived
    // (here 11.5 s, `kenken query | less` for ever), warning of a write lock nobody held,
    // before the run stopped with exit 1; SQLite's 10 s bound it again.
    const std::string moved = "(timeout 30 " + kKenken + " generate --db " + d +
                              "/g.db --sizes 5 -n 1000000 --add -j 1 >" + d +
                              "/g.out 2>&1; echo \"moved-corpus generate: status $?\"; cat " + d +
                              "/g.out) & ";
    const std::string reader_then_move =
        "(echo 'BEGIN; SELECT count(*) FROM puzzles;'; sleep "
        "11.5; echo 'COMMIT;') | sqlite3 " +
        d + "/g.db >/dev/null & sleep 0.3; mv " + d + "/g.db " + d + "/g2.db; ";
    const CliResult r = run_shell(
        "(" + moved + stalled_export(d, 13) + reader_then_move + "(" + kKenken + " export --db " +
        d + "/c.db -n 5 -o " + d + "/p2.neknek; echo \"export status $?\") & (" + kKenken +
        " packs --db " + d + "/c.db --delete 1; echo \"packs status $?\") & (" + kKenken +
        " merge --db " + d + "/c.db " + d + "/s.db; echo \"merge status $?\") & " +
        closed_stderr("export --db " + d + "/c.db -n 5 -o " + d + "/p3.neknek",
                      "closed-stderr-export") +
        " & " + closed_stderr("packs --db " + d + "/c.db --delete 2", "closed-stderr-packs") +
        " & wait) 2>&1");
    INFO(r.out);
    CHECK_THAT(r.out, Catch::Contains("export status 0") && Catch::Contains("packs status 0") &&
                          Catch::Contains("merge status 0") && Catch::Contains("stalled read 200"));
    CHECK_THAT(r.out, Catch::Contains("closed-stderr-export: status 0") &&
                          Catch::Contains("closed-stderr-packs: status 0"));
    CHECK_THAT(r.out, !Catch::Contains("database is locked"));
    CHECK_THAT(r.out, Catch::Contains("moved-corpus generate: status 1") &&
                          Catch::Contains("removed, renamed or replaced") &&
                          !Catch::Contains("g.db: another process has held"));
    for (const char* command : {"export", "packs", "merge"})
        CHECK_THAT(r.out, Catch::Contains(std::string(command) + ": warning: " + d +
                                          "/c.db: another process has held the corpus's write "
                                          "lock for 10 s"));
    // All of it is recorded: packs 1 and 2 gone, the stalled pack and the two new ones,
    // the shard.
    check_packs_and_total(d, {3, 4, 5}, {1, 2}, 320);
    CHECK(fs::exists(d + "/p2.neknek"));
    CHECK(fs::exists(d + "/p3.neknek"));
    for (const auto& entry : fs::directory_iterator(d))
        CHECK(entry.path().filename().string().find("kkpart") == std::string::npos);
}

TEST_CASE("a stop request ends export's, merge's and packs --delete's wait for a write lock",
          "[cli][hostile-review2][busy]") {
    // SIGTERM during the wait ends each at once, leaving nothing: export by the signal
    // (its part file removed), packs --delete by the signal, merge with 130 and where it
    // stopped. Nothing they were to write is recorded.
    TempPath dir("review2-busy-writers-stop");
    const std::string d = dir.str();
    corpus_with_a_pack_and_a_shard(d);
    const CliResult r = run_shell(
        "(" + stalled_export(d, 6) + kKenken + " export --db " + d + "/c.db -n 5 -o " + d +
        "/p2.pdf & e=$!; " + kKenken + " packs --db " + d + "/c.db --delete 1 & p=$!; " + kKenken +
        " merge --db " + d + "/c.db " + d +
        "/s.db & m=$!; sleep 1.5; kill -TERM $e $p $m; wait $e; echo \"export status $?\"; "
        "wait $p; echo \"packs status $?\"; wait $m; echo \"merge status $?\"; wait) 2>&1");
    INFO(r.out);
    CHECK_THAT(r.out, Catch::Contains("export status 143") && Catch::Contains("packs status 143") &&
                          Catch::Contains("merge status 130") &&
                          Catch::Contains("while another process held"));
    // Before the stalled export let go of the corpus.
    CHECK(r.out.find("merge status") < r.out.find("stalled read 200"));
    for (const auto& entry : fs::directory_iterator(d))
        CHECK(entry.path().filename().string().find("kkpart") == std::string::npos);
    CHECK_FALSE(fs::exists(d + "/p2.pdf"));
    check_packs_and_total(d, {1, 2}, {3}, 300);
}
