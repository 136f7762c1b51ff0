// One writer per corpus (issue 11, item 4): whatever name the corpus is reached by,
// writers started at one instant, a lock file that cannot be written or is removed under
// a live run, a writer in another PID namespace, and writers that wait for a busy corpus
// until a stop request.
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>

#include "db/store/corpus.h"
#include "db/store/writer_lock.h"
#include "tests/support/cli_run.h"
#include "tests/support/test_files.h"
#include "tests/support/test_folders.h"

namespace fs = std::filesystem;

TEST_CASE("a second generate on a corpus being written is refused, a killed writer's lock is taken",
          "[cli][hostile][lock]") {
    TempPath db("locked.db");
    REQUIRE(run_kenken("generate --db " + db.str() + " --sizes 4 --count 8 --seed 3 --stop-after 4")
                .status == 130);
    {
        // This process holds the lock, as a live generate would.
        std::string holder;
        auto lock = kk::db::WriterLock::try_acquire(db.str(), "test", holder);
        REQUIRE(lock);
        const CliResult resume = run_kenken("generate --db " + db.str() + " --resume");
        CHECK(resume.status == 9);
        CHECK_THAT(resume.err,
                   Catch::Contains("being written by another process (kenken test, pid") &&
                       Catch::Contains("pid " + std::to_string(getpid())));
        const CliResult fresh = run_kenken("generate --db " + db.str() + " --sizes 4 --count 4");
        CHECK(fresh.status == 9);
        // merge writes as generate does: it waited on SQLite's locks and then mixed its
        // puzzles into the live run's corpus.
        TempPath shard("locked-shard.db");
        REQUIRE(run_kenken("generate -q --db " + shard.str() + " --sizes 4 --count 2").status == 0);
        const CliResult merge = run_kenken("merge --db " + db.str() + " " + shard.str());
        CHECK(merge.status == 9);
        CHECK_THAT(merge.err, Catch::Contains("being written by another process (kenken test"));
    }
    // A writer killed with SIGKILL leaves the lock file; its lock died with it.
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        std::string holder;
        std::optional<kk::db::WriterLock> lock;
        while (!(lock = kk::db::WriterLock::try_acquire(db.str(), "test", holder)))
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        pause();
        _exit(0);
    }
    std::string holder;
    bool held = false;  // by the child: our own attempt fails
    const std::string child_pid = "pid " + std::to_string(child);
    for (int i = 0; i < 1000; ++i) {
        held = !kk::db::WriterLock::try_acquire(db.str(), "test", holder);
        // The child writes its line just after it locks: until then the file holds the
        // line of our own last try (a race the sanitizer build lost once).
        if (held && holder.find(child_pid) != std::string::npos) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    CHECK(held);
    CHECK_THAT(holder, Catch::Contains("pid " + std::to_string(child)));
    kill(child, SIGKILL);
    waitpid(child, nullptr, 0);
    CHECK(fs::exists(kk::db::WriterLock::lock_path(db.str())));
    const CliResult resumed = run_kenken("generate --db " + db.str() + " --resume");
    CHECK(resumed.status == 0);
    CHECK(kk::db::Corpus::open_existing(db.str()).all_puzzles().size() == 8);
}

TEST_CASE("another name for a corpus being written is the same corpus: a link, a hard link",
          "[cli][hostile][lock]") {
    // (A hard link is refused outright once no writer holds the corpus: see "a corpus
    // with two names" below.)
    // Through a symbolic link two runs wrote one corpus at once (the lock file was named
    // after the path given): run 2 stored 1,941 puzzles among run 1's 3,000.
    TempPath folder("lock-names");
    fs::create_directories(folder.path);
    const fs::path real = folder.path / "real.db";
    REQUIRE(run_kenken("generate -q --db " + real.string() + " --sizes 4 --count 4").status == 0);
    fs::create_symlink("real.db", folder.path / "soft.db");
    fs::create_hard_link(real, folder.path / "hard.db");
    fs::create_directory_symlink(folder.path, folder.path / "again");
    std::string holder;
    auto lock = kk::db::WriterLock::try_acquire(real.string(), "test", holder);
    REQUIRE(lock);
    const std::string me = "pid " + std::to_string(getpid());
    const struct {
        fs::path path;
        std::string says;
    } names[] = {
        {folder.path / "soft.db", me},
        {folder.path / "again" / "real.db", me},
        {folder.path / "." / "real.db", me},
        {folder.path / "hard.db", "under another name (a hard link)"},
    };
    for (const auto& name : names) {
        const CliResult r =
            run_kenken("generate --db " + name.path.string() + " --sizes 4 --count 8 --add");
        INFO(name.path << ": " << r.err);
        CHECK(r.status == 9);
        CHECK_THAT(r.err, Catch::Contains(name.says));
    }
    lock.reset();
    fs::remove(folder.path / "hard.db");
    CHECK(kk::db::Corpus::open_existing(real.string()).all_puzzles().size() == 4);
    CHECK(run_kenken("generate -q --db " + (folder.path / "soft.db").string() +
                     " --sizes 4 --count 2 --add")
              .status == 0);
    CHECK(kk::db::Corpus::open_existing(real.string()).all_puzzles().size() == 6);
}

TEST_CASE("a corpus with two names (a hard link) is refused by every command, readers too",
          "[cli][hostile][lock]") {
    // SQLite keeps the -wal log beside the name a corpus is opened by: an export through
    // a hard link while another command had the corpus open wrote its pack's record to
    // a log the corpus never saw (the same puzzles printed again by the next export),
    // and a later stats through that name replayed the stale log over the corpus, which
    // was "malformed" from then on.
    TempPath folder("two-names");
    fs::create_directories(folder.path);
    const fs::path real = folder.path / "c.db", alias = folder.path / "alias.db";
    REQUIRE(run_kenken("generate -q --db " + real.string() + " --sizes 4 --count 4").status == 0);
    fs::create_hard_link(real, alias);
    const std::string before = slurp(real);
    for (const fs::path& name : {real, alias}) {
        const std::string db = " --db " + name.string();
        for (const std::string& command :
             {"stats" + db, "query" + db, "verify" + db, "packs" + db,
              "export -n 1 --format neknek -o " + (folder.path / "p.neknek").string() + db,
              "generate --sizes 4 --count 1 --add" + db}) {
            const CliResult r = run_kenken(command);
            INFO(command << ": " << r.err);
            CHECK(r.status == 1);
            CHECK_THAT(r.err, Catch::Contains(name.string() + " has 2 names (hard links)") &&
                                  Catch::Contains("make a real copy"));
        }
    }
    CHECK_FALSE(fs::exists(folder.path / "p.neknek"));
    CHECK_FALSE(fs::exists(alias.string() + "-wal"));
    CHECK(slurp(real) == before);
    // One name again: everything works.
    fs::remove(alias);
    CHECK(run_kenken("verify --db " + real.string()).status == 0);
}

TEST_CASE("two generates started together on one corpus: one writes, the other is refused",
          "[cli][hostile][lock]") {
    TempPath db("race.db");
    TempPath a("race-a.status"), b("race-b.status");
    const std::string gen = kKenken + " generate --db " + db.str() + " --sizes 6 --count 300";
    const CliResult both =
        run_shell("(" + gen + " >/dev/null 2>&1; echo $? > " + a.str() + ") & (" + gen +
                  " >/dev/null 2>&1; echo $? > " + b.str() + "); wait");
    REQUIRE(both.status == 0);
    const int sa = std::stoi(slurp(a.path)), sb = std::stoi(slurp(b.path));
    INFO("statuses " << sa << " " << sb);
    // Either one waited out the other (the first had finished) or one was refused;
    // never two writers: the corpus holds each run's quota, not more.
    CHECK(((sa == 0 && sb == 9) || (sa == 9 && sb == 0) || (sa == 0 && sb == 0)));
    auto corpus = kk::db::Corpus::open_existing(db.str());
    for (const auto& [run, stored] : corpus.counts_by_run()) CHECK(stored == 300);
}

TEST_CASE("a lock file the writer may not write is named as such, not blamed on the folder",
          "[cli][hostile][lock]") {
    // A lock file left by another user (or made read-only) in a folder we may write:
    // "a writer needs to write the corpus's folder", which it could.
    SharedFolder folder("review-lock");
    const std::string db = folder / "corpus.db";
    const std::string as = as_user();
    REQUIRE(run_shell(as + kKenken + " generate -q --db " + db + " --sizes 4 -n 3").status == 0);
    REQUIRE(fs::exists(db + ".lock"));
    chmod((db + ".lock").c_str(), 0444);
    const CliResult r =
        run_shell(as + kKenken + " generate -q --add --db " + db + " --sizes 4 -n 2");
    INFO(r.out);
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("lock file") && Catch::Contains("not ours to write") &&
                          Catch::Contains("remove it"));
    CHECK_THAT(r.out, !Catch::Contains("write the corpus's folder"));
    // Removed as it says, the next writer makes its own.
    fs::remove(db + ".lock");
    CHECK(run_shell(as + kKenken + " generate -q --add --db " + db + " --sizes 4 -n 2").status ==
          0);
}

TEST_CASE("writers started at one instant name the one that holds the corpus",
          "[cli][hostile][lock]") {
    // Six at once: the refused ones read the lock file between the holder's emptying it
    // and writing its line, and named the holder "unknown".
    TempPath db("review-instant.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 -n 2").status == 0);
    std::string script = "{ ";
    for (int i = 0; i < 6; ++i)
        script += kKenken + " generate -q --add --db " + db.str() + " --sizes 4 -n 1000 -j 1 & ";
    script += "wait; }";
    const CliResult r = run_shell(script);
    INFO(r.out);
    CHECK_THAT(r.out, Catch::Contains("being written by another process"));
    CHECK_THAT(r.out, !Catch::Contains("(unknown)"));
}

TEST_CASE("a writer in another PID namespace is named as such, its pid being not ours",
          "[cli][hostile][lock]") {
    // A generate in a container (here `unshare --pid`) holds the corpus as pid 1 of its
    // namespace: the refusal outside named "pid 1", which `kill 1` would not reach.
    if (run_shell("unshare --pid --fork true").status != 0) {
        WARN("unshare --pid is not allowed here: skipped");
        return;
    }
    TempPath db("review-namespace.db");
    // The holder runs until killed (a run of 3,000 once ended before the second writer
    // came, on a fast machine), and the second writer starts once the holder's line is
    // in the lock file. unshare --fork ignores SIGTERM; killed, it takes the holder along
    // (--kill-child).
    const CliResult r = run_shell(
        "{ unshare --pid --fork --kill-child " + kKenken + " generate -q --db " + db.str() +
        " --sizes 6 -n 1000000 -j 1 & for i in $(seq 1 500); do grep -qs 'pid 1 on' " + db.str() +
        ".lock && break; sleep 0.02; done; " + kKenken + " generate -q --add --db " + db.str() +
        " --sizes 4 -n 2; echo status $?; kill -9 $!; wait; }");
    INFO(r.out);
    CHECK_THAT(r.out, Catch::Contains("status 9"));
    CHECK_THAT(r.out, Catch::Contains("pid 1 on") && Catch::Contains("another PID namespace"));
}

TEST_CASE("a lock file removed under a live run: the refusal says so and names no dead writer",
          "[cli][hostile][lock]") {
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

TEST_CASE("generate waits for an export to a pipe nobody reads, then finishes",
          "[cli][hostile][busy]") {
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
          "[cli][hostile][busy]") {
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
          "[cli][hostile][busy]") {
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
    // The writers below start about 1.8 s in and warn after 10 s of waiting: a stall of 15 s
    // leaves them 3 s to spare (13 left about one, and one run of the whole suite in five
    // failed here on a busy two-core machine).
    const CliResult r = run_shell(
        "(" + moved + stalled_export(d, 15) + reader_then_move + "(" + kKenken + " export --db " +
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
          "[cli][hostile][busy]") {
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

TEST_CASE("a refused generate or merge leaves no lock file it made but a run keeps its own",
          "[cli][hostile][lock]") {
    // Issue 11 (50th session): generate on a file that is no corpus left NAME.lock
    // beside it, and so did merge into one, and --resume with nothing to resume.
    SharedFolder folder("refused-leaves-no-lock");
    const std::string foreign = folder / "notes.db";
    write_file(foreign, "just some text\n");
    const auto lock_of = [](const std::string& db) {
        return fs::exists(kk::db::WriterLock::lock_path(db));
    };
    const CliResult gen = run_kenken("generate -q --db " + foreign + " --sizes 4 -n 1");
    CHECK(gen.status == 1);
    CHECK_THAT(gen.err, Catch::Contains("is not a KenKen corpus"));
    CHECK_FALSE(lock_of(foreign));
    const std::string shard = folder / "shard.db";
    REQUIRE(run_kenken("generate -q --db " + shard + " --sizes 4 -n 1").status == 0);
    CHECK(lock_of(shard));  // a run that wrote keeps its lock file, as before
    const CliResult merge = run_kenken("merge --db " + foreign + " " + shard);
    CHECK(merge.status == 1);
    CHECK_FALSE(lock_of(foreign));
    CHECK(slurp(foreign) == "just some text\n");
    // A corpus whose lock file is gone, refused: none is left.
    fs::remove(kk::db::WriterLock::lock_path(shard));
    CHECK(run_kenken("generate -q --db " + shard + " --resume").status == 2);
    CHECK_FALSE(lock_of(shard));
    // One the user's, already there, stays.
    write_file(kk::db::WriterLock::lock_path(foreign), "");
    CHECK(run_kenken("generate -q --db " + foreign + " --sizes 4 -n 1").status == 1);
    CHECK(lock_of(foreign));
    // A lock taken and let go in a test process leaves none either, and a later one is
    // taken as before.
    const std::string fresh = folder / "fresh.db";
    {
        std::string holder;
        REQUIRE(kk::db::WriterLock::try_acquire(fresh, "test", holder));
    }
    CHECK_FALSE(lock_of(fresh));
    std::string holder;
    auto lock = kk::db::WriterLock::try_acquire(fresh, "test", holder);
    CHECK(lock);
    CHECK(lock_of(fresh));
}
