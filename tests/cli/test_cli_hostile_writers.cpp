// Hostile use of the writers (generate, merge, export, packs) and of what surrounds a
// run: locks, kills, full disks, odd names. Each case once lost or mixed up results.
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <regex>
#include <string>
#include <thread>

#include "tests/support/cli_run.h"
#include "tests/support/corpus_rows.h"
#include "tests/support/json_lines.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

// `kenken ARGS` started in the background (output discarded), stopped with SIGTERM and
// waited for when it goes out of scope.
class Background {
  public:
    explicit Background(const std::string& args) {
        const std::string command =
            std::string("exec ") + kKenken + " " + args + " >/dev/null 2>&1";
        pid_ = fork();
        if (pid_ == 0) {
            execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        REQUIRE(pid_ > 0);
    }
    ~Background() {
        if (running()) kill(pid_, SIGTERM);
        if (!reaped_) waitpid(pid_, nullptr, 0);
    }
    Background(const Background&) = delete;
    Background& operator=(const Background&) = delete;
    // Once it has ended (and been reaped) its pid is never signalled again: it may be
    // another process's by then.
    bool running() const {
        if (!reaped_ && waitpid(pid_, nullptr, WNOHANG) == pid_) reaped_ = true;
        return !reaped_;
    }

  private:
    pid_t pid_ = -1;
    mutable bool reaped_ = false;
};

// Waits (up to a minute) until the corpus at db records a run.
bool wait_for_run(const std::string& db, const Background& writer) {
    for (int i = 0; i < 3000 && writer.running(); ++i) {
        if (fs::exists(db) && run_rows(db) > 0) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

}  // namespace

TEST_CASE("a hard link to a corpus a generate has just made is the same corpus",
          "[cli][hostile-writers][lock]") {
    // The writer locked the corpus file only if it existed when the run began: a hard
    // link to a new corpus let a second generate in, which wrote its own -wal file (its
    // 50 puzzles "finished", and were lost when the first run checkpointed).
    TempPath folder("new-hard-link");
    fs::create_directories(folder.path);
    const fs::path db = folder.path / "new.db", hard = folder.path / "hard.db";
    const Background first("generate -q -j 1 --db " + db.string() +
                           " --sizes 9 --count 100000 --seed 4");
    REQUIRE(wait_for_run(db.string(), first));
    fs::create_hard_link(db, hard);
    const CliResult second =
        run_kenken("generate -q --db " + hard.string() + " --sizes 4 --count 50 --add");
    INFO(second.err);
    CHECK(second.status == 9);
    CHECK_THAT(second.err, Catch::Contains("under another name (a hard link)"));
    CHECK_FALSE(fs::exists(hard.string() + "-wal"));
    // merge makes its output as generate does.
    TempPath shard("new-hard-link-shard.db");
    REQUIRE(run_kenken("generate -q --db " + shard.str() + " --sizes 4 --count 2").status == 0);
    const CliResult merge = run_kenken("merge --db " + hard.string() + " " + shard.str());
    CHECK(merge.status == 9);
}

TEST_CASE("merge onto a full disk names the write that failed", "[cli][hostile-writers][disk]") {
    // The rollback after the failed write threw in its turn, and its message stood alone:
    // "merge: cannot rollback - no transaction is active".
    TempPath shard("full-shard.db"), out("full-out.db");
    REQUIRE(
        run_kenken("generate -q --db " + shard.str() + " --sizes 9 --count 300 --seed 2").status ==
        0);
    REQUIRE(fs::file_size(shard.path) > 200 * 1024);
    // A file size limit (SIGXFSZ ignored) stands in for the full disk.
    const CliResult r = run_shell("bash -c \"trap '' XFSZ; ulimit -f 100; " + kKenken +
                                  " merge --db " + out.str() + " " + shard.str() + "\"");
    INFO(r.out);
    CHECK(r.status == 1);
    CHECK_THAT(r.out, !Catch::Contains("cannot rollback"));
    CHECK_THAT(r.out, Catch::Contains("disk is full") || Catch::Contains("I/O error"));
    // Nothing of the shard was stored (the corpus the merge made is removed), and the
    // merge can be run again with room.
    CHECK_FALSE(fs::exists(out.path));
    CHECK(run_kenken("merge --db " + out.str() + " " + shard.str()).status == 0);
}

TEST_CASE("generate with no room to make its corpus says nothing was made, not --resume",
          "[cli][hostile-writers][disk]") {
    // It advised "continue with: kenken generate ... --resume", which then failed: "no
    // such corpus file, nothing to resume".
    TempPath folder("no-room-to-make");
    fs::create_directory(folder.path);
    const std::string db = (folder.path / "c.db").string();
    const CliResult r = run_shell("bash -c \"trap '' XFSZ; ulimit -f 10; " + kKenken +
                                  " generate --db " + db + " --sizes 4 -n 10\"");
    INFO(r.out);
    CHECK(r.status == 1);
    CHECK_FALSE(fs::exists(db));
    CHECK_THAT(r.out, Catch::Contains("nothing was made") &&
                          Catch::Contains("run the same command again") &&
                          !Catch::Contains("--resume"));
    // And so it does, given room.
    CHECK(run_kenken("generate -q --db " + db + " --sizes 4 -n 10").status == 0);
}

TEST_CASE("merge keeps a published puzzle as it was printed", "[cli][hostile-writers][merge]") {
    // A later shard holding a rotation of a packed puzzle with a smaller (seed, shard,
    // candidate) replaced the packed row's text and solution by their mirror image: the
    // pack's record no longer matched the book.
    TempPath s0("pub-s0.db"), s1("pub-s1.db"), out("pub-out.db"), pack("pub-pack.neknek");
    for (int i : {0, 1})
        REQUIRE(run_kenken("generate -q -j 1 --db " + (i ? s1 : s0).str() + " --shard " +
                           std::to_string(i) + "/2 --sizes 3-4 --count 200 --seed 5")
                    .status == 0);
    REQUIRE(run_kenken("merge --db " + out.str() + " " + s1.str()).status == 0);
    REQUIRE(run_kenken("export --db " + out.str() + " --size 3 -n 50 -o " + pack.str()).status ==
            0);
    const std::string before = run_kenken("packs --db " + out.str() + " --show 1 --json").out;
    const CliResult merged = run_kenken("merge --db " + out.str() + " " + s0.str());
    REQUIRE(merged.status == 0);
    // The shards share puzzles (3x3 has few), so the test has a point.
    CHECK_THAT(merged.out, !Catch::Contains(" 0 already there ("));
    CHECK(run_kenken("packs --db " + out.str() + " --show 1 --json").out == before);
    CHECK(run_kenken("verify --db " + out.str()).status == 0);
}

TEST_CASE("merge says how many of a shard pack's puzzles it stores in another turn than printed",
          "[cli][hostile-writers][merge]") {
    // Two shards' packs printed the same 3x3 puzzle rotated or reflected; one stored puzzle
    // cannot be both, so the second pack's record lists the first's turn, and merge said
    // nothing while its help promised "their puzzles as printed".
    TempPath s0("turned-s0.db"), s1("turned-s1.db"), out("turned-out.db"), p0("turned-0.neknek"),
        p1("turned-1.neknek");
    for (int i : {0, 1}) {
        const TempPath& shard = i ? s1 : s0;
        REQUIRE(run_kenken("generate -q -j 1 --db " + shard.str() + " --shard " +
                           std::to_string(i) + "/2 --sizes 3 -n 200 --seed 9")
                    .status == 0);
        REQUIRE(
            run_kenken("export --db " + shard.str() + " -n 100 -o " + (i ? p1 : p0).str()).status ==
            0);
    }
    const CliResult merged =
        run_kenken("merge --db " + out.str() + " " + s0.str() + " " + s1.str());
    REQUIRE(merged.status == 0);
    const auto texts = [](const std::string& lines) {
        std::vector<std::string> each;
        for (const auto& record : json_lines(lines))
            each.push_back(record.at("puzzle").at("neknek").get<std::string>());
        return each;
    };
    const auto printed = texts(run_kenken("packs --db " + s1.str() + " --show 1 --json").out);
    const auto stored = texts(run_kenken("packs --db " + out.str() + " --show 2 --json").out);
    REQUIRE(printed.size() == stored.size());
    int turned = 0;
    for (size_t k = 0; k < printed.size(); ++k) turned += printed[k] != stored[k];
    REQUIRE(turned > 0);  // the shards share puzzles (3x3 has few): the test has a point
    CHECK_THAT(merged.err, Catch::Contains(std::to_string(turned) +
                                           " puzzles of its packs are stored here rotated or "
                                           "reflected"));
    // Merged again: the same count, said again.
    CHECK_THAT(run_kenken("merge --db " + out.str() + " " + s1.str()).err,
               Catch::Contains(std::to_string(turned) + " puzzles of its packs"));
}

TEST_CASE("merge records the packs exported from a shard, their puzzles as printed",
          "[cli][hostile-writers][merge]") {
    // A pack exported from a shard was dropped by merge ("no packs" in the merged
    // corpus), and export from it published the pack's puzzles a second time.
    TempPath s0("shard-pack-s0.db"), s1("shard-pack-s1.db"), a("shard-pack-a.db"),
        b("shard-pack-b.db"), pack("shard-pack.neknek");
    for (int i : {0, 1})
        REQUIRE(run_kenken("generate -q -j 1 --db " + (i ? s1 : s0).str() + " --shard " +
                           std::to_string(i) + "/2 --sizes 3-4 --count 200 --seed 5")
                    .status == 0);
    // Every 3x3 of shard 1, whose rows lose to shard 0's equals (its key is the larger):
    // a published one must stay as printed all the same.
    const size_t threes =
        json_lines(run_kenken("query --size 3 --format json --db " + s1.str()).out).size();
    REQUIRE(run_kenken("export --db " + s1.str() + " --size 3 -n " + std::to_string(threes) +
                       " -o " + pack.str())
                .status == 0);
    const auto texts = [](const std::string& json) {
        std::vector<std::string> t;
        for (const auto& j : json_lines(json)) t.push_back(j.at("puzzle").at("neknek"));
        return t;
    };
    const std::vector<std::string> printed =
        texts(run_kenken("packs --db " + s1.str() + " --show 1 --json").out);
    REQUIRE(printed.size() == threes);
    // Both orders of the shards, and the first merged again.
    const CliResult first = run_kenken("merge --db " + a.str() + " " + s0.str() + " " + s1.str());
    REQUIRE(first.status == 0);
    // The shards share puzzles (3x3 has few), and shard 1's published ones took the place
    // of shard 0's: so the order has a point.
    CHECK(std::regex_search(first.out, std::regex("[1-9][0-9]* replaced")));
    REQUIRE(run_kenken("merge --db " + b.str() + " " + s1.str() + " " + s0.str()).status == 0);
    REQUIRE(run_kenken("merge --db " + a.str() + " " + s0.str() + " " + s1.str()).status == 0);
    for (const TempPath* out : {&a, &b}) {
        INFO(out->str());
        const auto packs = json_lines(run_kenken("packs --json --db " + out->str()).out);
        REQUIRE(packs.size() == 1);
        CHECK(packs[0].at("count") == threes);
        CHECK(texts(run_kenken("packs --db " + out->str() + " --show " +
                               std::to_string(packs[0].at("id").get<long long>()) + " --json")
                        .out) == printed);
        // None of them is fresh again.
        const std::string fresh =
            run_kenken("query --fresh --format neknek --db " + out->str()).out;
        for (const std::string& t : printed) CHECK(fresh.find(t) == std::string::npos);
        CHECK(run_kenken("verify --db " + out->str()).status == 0);
    }
    // The same rows whatever the order (ids aside).
    std::vector<std::string> rows_a = texts(run_kenken("query --format json --db " + a.str()).out),
                             rows_b = texts(run_kenken("query --format json --db " + b.str()).out);
    std::sort(rows_a.begin(), rows_a.end());
    std::sort(rows_b.begin(), rows_b.end());
    CHECK(rows_a.size() > 150);
    CHECK(rows_a == rows_b);
}

TEST_CASE("an interrupted run is not resumed after a newer run finished",
          "[cli][hostile-writers][resume]") {
    // Run 1 stopped; the same command again made run 2, which filled the 100; then
    // --resume (the hint run 1 printed) continued run 1 and made 96 more.
    TempPath db("stale-resume.db");
    const std::string make = "generate -q --db " + db.str() + " --sizes 4 -n 100 --seed 3";
    REQUIRE(run_kenken(make + " --stop-after 30").status == 130);
    REQUIRE(run_kenken(make).status == 0);
    const CliResult resume = run_kenken("generate -q --db " + db.str() + " --resume");
    CHECK(resume.status == 2);
    CHECK_THAT(resume.err, Catch::Contains("run 1 was interrupted, but run 2"));
    CHECK(occurrences(run_kenken("query --db " + db.str() + " --format neknek").out, "#\t4\n") ==
          100);
}

TEST_CASE("generate --resume or --top-up with nothing to continue is a command line that cannot be used",
          "[cli][hostile-writers][resume]") {
    // Issue 11 (50th session): --resume on a corpus whose runs all finished ended 1, the
    // status of a missing or damaged corpus; this one is sound. Exit 2, as the help says.
    TempPath db("nothing-to-resume.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 -n 1").status == 0);
    const CliResult resume = run_kenken("generate -q --db " + db.str() + " --resume");
    CHECK(resume.status == 2);
    CHECK_THAT(resume.err,
               Catch::StartsWith("generate: " + db.str() + ": no interrupted run to resume"));
    const CliResult top_up = run_kenken("generate -q --db " + db.str() + " --top-up");
    CHECK(top_up.status == 2);
    CHECK_THAT(top_up.err, Catch::Contains("no merged shards to top up"));
    const CliResult help = run_kenken("generate --help");
    CHECK_THAT(help.out, Catch::Contains("exit 2 when it has none to resume") &&
                             Catch::Contains("exit 2 when the corpus has no merged shards"));
    // A missing corpus stays 1, as in every command.
    CHECK(run_kenken("generate -q --db " + db.str() + ".missing --resume").status == 1);
}

TEST_CASE("a configuration giving both count and per_level is refused with its line",
          "[cli][hostile-writers][config]") {
    // The count was dropped without a word: count = 20 made 3 puzzles, exit 0.
    TempPath config("both.toml"), db("both.db");
    write_file(config, "[run]\nsizes = \"4\"\ncount = 20\nper_level = { easy = 3 }\n");
    const CliResult r = run_kenken("generate -q --db " + db.str() + " --config " + config.str());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(config.str() + ":4") &&
                          Catch::Contains("count and per_level exclude each other"));
    CHECK_FALSE(fs::exists(db.path));
}

namespace {

// Whether a write transaction on db can begin at once (no other writer holds it).
bool can_write_now(const std::string& db) {
    sqlite3* raw = nullptr;
    bool free = false;
    if (sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK) {
        sqlite3_busy_timeout(raw, 0);
        free = sqlite3_exec(raw, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) == SQLITE_OK;
        if (free) sqlite3_exec(raw, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    sqlite3_close(raw);
    return free;
}

// Whether folder holds a part file of an export in progress.
bool has_part_file(const fs::path& folder) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(folder, ec))
        if (e.path().filename().string().find(".kkpart-") != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("an export leaves the corpus free to write while it writes its book",
          "[cli][hostile-writers][export]") {
    // export held its write transaction while it rendered: a book with worked solutions
    // takes minutes, and a generate running beside it failed when its next batch had
    // waited 10 s ("database is locked", exit 1, the overnight run ended).
    TempPath folder("export-lock");
    fs::create_directories(folder.path);
    const std::string db = (folder.path / "c.db").string();
    // A sanitized book takes as long with a third of the puzzles.
    const std::string count = kSanitized ? "100" : "300";
    REQUIRE(
        run_kenken("generate -q --db " + db + " --sizes 9 --count " + count + " --seed 2").status ==
        0);
    int probes = 0, free = 0;
    {
        const Background book("export --db " + db + " -n " + count + " --walkthrough " + count +
                              " -o " + (folder.path / "book.pdf").string());
        for (int i = 0; i < 6000 && book.running() && probes < 20; ++i) {
            if (has_part_file(folder.path)) {
                ++probes;
                free += can_write_now(db);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        while (book.running()) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    INFO(free << " of " << probes << " probes could write");
    REQUIRE(probes > 0);
    CHECK(free > 0);
    CHECK(fs::exists(folder.path / "book.pdf"));
    CHECK(run_kenken("packs --db " + db).out.find("book.pdf") != std::string::npos);
}

TEST_CASE("of two export --force to one file at once, the second says it replaced the first",
          "[cli][hostile-writers][export]") {
    // Each looked for a pack recorded under the name before it began: both found none,
    // both recorded their packs, one file replaced the other's, and neither warned (one
    // after the other, the second warns). A write transaction held here keeps both
    // waiting to record until both have written their files: then they record in turn.
    TempPath folder("force-race");
    fs::create_directories(folder.path);
    const std::string db = (folder.path / "c.db").string();
    const std::string out = (folder.path / "same.json").string();
    REQUIRE(run_kenken("generate -q --db " + db + " --sizes 4 --count 20 --seed 2").status == 0);
    sqlite3* holder = nullptr;
    REQUIRE(sqlite3_open_v2(db.c_str(), &holder, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_exec(holder, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) == SQLITE_OK);
    CliResult both;
    std::thread exports([&] {
        const std::string exp =
            kKenken + " export --db " + db + " -n 5 --format json --force -o " + out;
        both = run_shell("{ " + exp + " >/dev/null 2>" + shell_quoted(folder.path / "a.err") +
                         " & " + exp + " >/dev/null 2>" + shell_quoted(folder.path / "b.err") +
                         " & wait; } && cat " + shell_quoted(folder.path / "a.err") + " " +
                         shell_quoted(folder.path / "b.err"));
    });
    auto parts = [&] {
        int n = 0;
        std::error_code ec;
        for (const auto& e : fs::directory_iterator(folder.path, ec))
            n += e.path().filename().string().find(".kkpart-") != std::string::npos;
        return n;
    };
    for (int i = 0; i < 800 && parts() < 2; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const int written = parts();
    sqlite3_exec(holder, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(holder);
    exports.join();
    INFO(both.out);
    REQUIRE(written == 2);  // both were waiting to record at once
    CHECK(both.status == 0);
    CHECK(occurrences(both.out, "held pack ") == 1);
    const std::string packs = run_kenken("packs --db " + db).out;
    CHECK(occurrences(packs, "same.json") == 2);
    // The warning names the pack whose file is gone: the one recorded first.
    CHECK_THAT(both.out, Catch::Contains("held pack 1, which stays recorded"));
}

TEST_CASE("the command generate suggests runs as printed for any corpus name",
          "[cli][hostile-writers][resume]") {
    // "continue with: kenken generate --db my corpus.db --resume" named two files when
    // pasted into a shell (and a name with a quote or a leading '-' broke it too).
    TempPath folder("hint folder");
    fs::create_directories(folder.path);
    for (const std::string name : {"my corpus.db", "it's.db", "-dash.db"}) {
        INFO(name);
        const fs::path db = folder.path / name;
        const CliResult stopped =
            run_shell("cd " + shell_quoted(folder.path) + " && " + kKenken +
                      " generate -q --sizes 4 -n 20 --stop-after 10 --db=\"" + name + "\"");
        REQUIRE(stopped.status == 130);
        const auto at = stopped.out.find("continue with: kenken ");
        REQUIRE(at != std::string::npos);
        std::string hint = stopped.out.substr(at + std::strlen("continue with: kenken "));
        hint = hint.substr(0, hint.find('\n'));
        const CliResult resumed =
            run_shell("cd " + shell_quoted(folder.path) + " && " + kKenken + " " + hint + " -q");
        INFO(hint << "\n" << resumed.out);
        CHECK(resumed.status == 0);
        CHECK_THAT(resumed.out, Catch::Contains("run 1 finished"));
    }
}

// ---- the scripts ------------------------------------------------------------------

TEST_CASE("run.sh makes a corpus named on its command line where the caller is",
          "[cli][hostile-writers][scripts]") {
    // The script moved to the source tree first: `run.sh mine.db` from another folder
    // made (or showed) the source tree's mine.db. A copy of the script runs here over a
    // stub set-up and a stub kenken that records its arguments.
    TempPath tree("run sh tree"), here("run sh caller");
    fs::create_directories(tree.path / "scripts");
    fs::create_directories(tree.path / "build");
    fs::create_directories(here.path);
    fs::copy_file(kSource / "scripts" / "run.sh", tree.path / "scripts" / "run.sh");
    write_file(tree.path / "scripts" / "setup.sh", "#!/bin/sh\nexit 0\n");
    write_file(tree.path / "build" / "kenken",
               "#!/bin/sh\nprintf '%s\\n' \"$*\" >> \"$(dirname \"$0\")/calls\"\n");
    for (const fs::path& p : {tree.path / "scripts" / "run.sh", tree.path / "scripts" / "setup.sh",
                              tree.path / "build" / "kenken"})
        fs::permissions(p, fs::perms::owner_all, fs::perm_options::add);
    const CliResult r = run_shell("cd " + shell_quoted(here.path) + " && " +
                                  shell_quoted(tree.path / "scripts/run.sh") + " mine.db");
    INFO(r.out);
    CHECK(r.status == 0);
    const std::string calls = slurp(tree.path / "build" / "calls");
    CHECK_THAT(calls, Catch::Contains("generate --db " + (here.path / "mine.db").string()));
    CHECK_THAT(calls, !Catch::Contains("--db mine.db"));
    // An option is not a corpus name; --help asks for the usage (a success).
    CHECK(run_shell(shell_quoted(tree.path / "scripts/run.sh") + " --no-such-option").status == 2);
    CHECK(run_shell(shell_quoted(tree.path / "scripts/run.sh") + " --help").status == 0);
}

TEST_CASE("parallel.sh takes -j and a configuration file named from the caller's folder",
          "[cli][hostile-writers][scripts]") {
    // The shards run in the shard folder: a relative --config was not found there ("no
    // configuration"), and -j 2 met the --threads 1 the script added ("At Most 1").
    if (!have_program("parallel") || !have_program("sqlite3")) {
        WARN("GNU parallel or sqlite3 is not installed: not run");
        return;
    }
    TempPath here("parallel caller");
    fs::create_directories(here.path);
    write_file(here.path / "my.toml", "[run]\nsizes = \"4\"\ncount = 20\nseed = 3\n");
    const std::string run = "cd " + shell_quoted(here.path) + " && KENKEN=" + kKenken + " " +
                            shell_quoted(kSource / "scripts/cluster/parallel.sh");
    const CliResult config = run_shell(run + " 2 out.db --config my.toml");
    INFO(config.out);
    CHECK(config.status == 0);
    CHECK_THAT(config.out, Catch::Contains("every quota is full"));
    const CliResult threads = run_shell(run + " 2 again.db --config=my.toml -j 1");
    INFO(threads.out);
    CHECK(threads.status == 0);
    CHECK(fs::exists(here.path / "again.db"));
}

TEST_CASE("kill-trials.sh says why its reference run failed", "[cli][hostile-writers][scripts]") {
    // It ended with status 2 and not a word (the run's output went to /dev/null).
    const std::string script =
        "KENKEN=" + kKenken + " " + shell_quoted(kSource / "scripts/kill-trials.sh");
    const CliResult r = run_shell(script + " 1 --sizes 12");
    CHECK(r.status == 2);
    CHECK_THAT(r.out, Catch::Contains("reference run failed") && Catch::Contains("outside 3..9"));
    const CliResult trials = run_shell(script + " abc");
    CHECK(trials.status == 2);
    CHECK_THAT(trials.out, Catch::Contains("usage:"));
}
