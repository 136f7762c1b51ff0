// Issue 11's items tried again as an outside reviewer would, with variations of their
// own: the lock file, reads of a read-only corpus, packs named through symbolic links,
// writers started at one instant, a stop signal while cages of 9 cells are searched,
// and the configuration's numbers and booleans.
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/cli_run.h"
#include "tests/support/sanitized.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

// A folder anyone may write in (the tests run some commands as nobody).
struct SharedFolder {
    TempPath temp;
    explicit SharedFolder(const std::string& name) : temp(name) {
        fs::create_directory(temp.path);
        chmod(temp.str().c_str(), 0777);
    }
    ~SharedFolder() { chmod(temp.str().c_str(), 0755); }
    std::string operator/(const std::string& file) const { return (temp.path / file).string(); }
};

// The stored puzzles, ids and texts, as query lists them.
std::string puzzles_of(const std::string& db) {
    const CliResult r = run_kenken("query --db " + db + " --format neknek");
    REQUIRE(r.status == 0);
    return r.out;
}

}  // namespace

TEST_CASE("a lock file the writer may not write is named as such, not blamed on the folder",
          "[cli][hostile-review][lock]") {
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

TEST_CASE("packs lists and shows the packs of a read-only corpus", "[cli][hostile-review][read]") {
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

TEST_CASE("a pack named by a symbolic link to nothing: the name is taken, said before writing",
          "[cli][hostile-review][export]") {
    // The link was taken for a free name: the pack was made, then refused as having
    // "appeared while the pack was written (another export to the same name?)".
    TempPath folder("review-dangling");
    fs::create_directory(folder.path);
    const std::string db = (folder.path / "corpus.db").string();
    REQUIRE(run_kenken("generate -q --db " + db + " --sizes 4 -n 4 --seed 5").status == 0);
    const fs::path link = folder.path / "pack.txt";
    fs::create_symlink("nowhere.txt", link);
    const CliResult r =
        run_kenken("export --db " + db + " -n 1 --format neknek -o " + link.string());
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("already exists") && Catch::Contains("--force"));
    CHECK_THAT(r.err, !Catch::Contains("appeared"));
    CHECK(fs::is_symlink(link));
    CHECK_THAT(run_kenken("packs --db " + db).out, Catch::Contains("no packs"));
    // With --force the link is replaced by the pack, as a link to a file is.
    CHECK(run_kenken("export --db " + db + " -n 1 --format neknek --force -o " + link.string())
              .status == 0);
    CHECK(fs::is_regular_file(fs::symlink_status(link)));
}

TEST_CASE("an SVG pack never replaces a symbolic link without --force",
          "[cli][hostile-review][export]") {
    // An SVG pack is a new folder put in place of its name: a link to an empty folder,
    // or to nothing, was removed and replaced by the pack's folder, exit 0.
    TempPath folder("review-svg-link");
    fs::create_directory(folder.path);
    const std::string db = (folder.path / "corpus.db").string();
    REQUIRE(run_kenken("generate -q --db " + db + " --sizes 4 -n 4 --seed 6").status == 0);
    fs::create_directory(folder.path / "empty");
    fs::create_directory_symlink("empty", folder.path / "to-empty");
    fs::create_directory_symlink("nowhere", folder.path / "to-nothing");
    for (const char* name : {"to-empty", "to-nothing", "to-empty/"}) {
        const std::string out = (folder.path / name).string();
        const CliResult r = run_kenken("export --db " + db + " -n 1 --format svg -o " + out);
        INFO(name << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("symbolic link"));
    }
    CHECK(fs::is_symlink(folder.path / "to-empty"));
    CHECK(fs::is_symlink(folder.path / "to-nothing"));
    CHECK(fs::is_empty(folder.path / "empty"));
    CHECK_THAT(run_kenken("packs --db " + db).out, Catch::Contains("no packs"));
    const std::string forced = (folder.path / "to-nothing").string();
    CHECK(run_kenken("export --db " + db + " -n 1 --format svg --force -o " + forced).status == 0);
    CHECK(fs::is_directory(fs::symlink_status(forced)));
}

TEST_CASE("writers started at one instant name the one that holds the corpus",
          "[cli][hostile-review][lock]") {
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

TEST_CASE("a stop signal during a search of 9-cell cages ends generate within a second",
          "[cli][hostile-review][signal]") {
    // Issue 11 item 2 end to end: the real binary, a configuration whose cages reach 9
    // cells, SIGTERM, SIGHUP or SIGINT at a few moments; the run ends within a second (1.5 s on
    // a loaded machine), resumable, and --resume gives the uninterrupted corpus. 36 puzzles
    // take about 1.5 s, so every moment falls inside the run: 12 took 0.4 s once the solver
    // got faster, and a signal at 0.4 s met a run that had just given the signals back
    // (ended by the signal, which failed the test now and then). Under the sanitizers 12
    // take longer than 36 do here, and 36 took the test to 77 s.
    SharedFolder folder("review-stop");
    const std::string config = folder / "big.toml";
    const std::string count = kSanitized ? "12" : "36";
    write_file(config, "[run]\nsizes = \"6\"\ncount = " + count +
                           "\nseed = 4\n[[recipes]]\nname = \"big\"\n"
                           "tiling = { strategy = \"random-edges\", size_weights = [0, 0.3, 0.2, "
                           "0, 0, 0, 0, 0, 0.5], max_cage = 9 }\n");
    const std::string whole = folder / "whole.db";
    REQUIRE(run_kenken("generate -q -j 2 --db " + whole + " --config " + config).status == 0);
    const std::string expected = puzzles_of(whole);
    int moment = 0, caught = 0;
    for (int sig : {SIGTERM, SIGHUP, SIGINT}) {
        const std::string db = folder / ("parts" + std::to_string(moment) + ".db");
        const pid_t pid = fork();
        if (pid == 0) {
            // Whatever the test runner ignores, the run is asked as a user would ask it.
            for (int s : {SIGTERM, SIGHUP, SIGINT}) signal(s, SIG_DFL);
            freopen("/dev/null", "w", stdout);
            freopen("/dev/null", "w", stderr);
            execl(kKenken.c_str(), kKenken.c_str(), "generate", "-q", "-j", "2", "--db", db.c_str(),
                  "--config", config.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        REQUIRE(pid > 0);
        // The moments count from the run's lock file, made once the signals are caught: a
        // fixed 150 ms from the fork fell before that under the sanitizers' slower start
        // on a busy machine, and the signal's default action ended the process (as it
        // should: nothing had been written).
        const std::string lock = db + ".lock";
        for (int waited = 0; waited < 2000 && !std::filesystem::exists(lock); ++waited)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        std::this_thread::sleep_for(std::chrono::milliseconds(150 + 250 * moment++));
        const auto sent = std::chrono::steady_clock::now();
        kill(pid, sig);
        int status = 0;
        waitpid(pid, &status, 0);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
        INFO("signal " << sig << " after " << moment << " steps: " << seconds << " s");
        CHECK(seconds < 1.5);
        // 130 when caught; 0 when the run had already finished.
        const bool ended =
            WIFEXITED(status) && (WEXITSTATUS(status) == 130 || WEXITSTATUS(status) == 0);
        CHECK(ended);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 130) {
            ++caught;
            CHECK(run_kenken("generate -q -j 2 --db " + db + " --resume").status == 0);
        }
        CHECK(run_kenken("verify -q --db " + db).status == 0);
        CHECK(puzzles_of(db) == expected);
    }
    CHECK(caught > 0);  // a signal met a search in flight at least once
}

TEST_CASE("a configuration's switches take true or false, not a number",
          "[cli][hostile-review][config]") {
    // TOML's 1 is an integer: steering = 1 was taken as true (and 0 as false) where
    // steering = "no" was refused.
    TempPath config("review-bool.toml"), db("review-bool.db");
    for (const char* line : {"steering = 1", "steering = 0",
                             "[[recipes]]\nname = \"r\"\noperators = { avoid_giveaways = 1 }",
                             "[[recipes]]\nname = \"r\"\noperators = { strongest = 0 }"}) {
        write_file(config, std::string("[run]\nsizes = \"4\"\ncount = 2\n") + line + "\n");
        const CliResult r =
            run_kenken("generate -q --db " + db.str() + " --config " + config.str());
        INFO(line << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(config.str() + ":") &&
                              Catch::Contains("expected true or false"));
        CHECK_FALSE(fs::exists(db.path));
    }
}

TEST_CASE("a corpus with pages overwritten or cut short is named as damaged by every command",
          "[cli][hostile-review][damaged]") {
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

TEST_CASE("a puzzle file that is a loop of links or a link to nothing says which",
          "[cli][hostile-review][input]") {
    // Both were "cannot read the file: no such file", the loop's link plainly there.
    TempPath loop("review-loop.txt"), dangling("review-dangling.txt");
    fs::create_symlink(loop.path.filename(), loop.path);
    fs::create_symlink("review-nothing-here.txt", dangling.path);
    for (const char* command : {"solve", "grade", "bench"}) {
        const CliResult looped = run_kenken(std::string(command) + " " + loop.str());
        INFO(command << ": " << looped.err);
        CHECK(looped.status == 2);
        CHECK_THAT(looped.err, Catch::Contains("symbolic links"));
        const CliResult nothing = run_kenken(std::string(command) + " " + dangling.str());
        INFO(nothing.err);
        CHECK(nothing.status == 2);
        CHECK_THAT(nothing.err, Catch::Contains("a symbolic link to nothing"));
    }
}

TEST_CASE("a share past its range is said as a count past its range is",
          "[cli][hostile-review][numbers]") {
    // --max-singletons 5. said "Value 5. not in range 0.000000 to 1.000000" where
    // --count 0 says "'0' is outside 1..100000000".
    TempPath db("review-share.db");
    for (const char* value : {"5.", "1e+2", "-0.5", "1.0000001"}) {
        const CliResult r = run_kenken("generate -q --sizes 4 -n 2 --db " + db.str() +
                                       " --max-singletons " + value);
        INFO(value << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(std::string("'") + value + "' is outside 0..1"));
        CHECK_FALSE(fs::exists(db.path));
    }
}

TEST_CASE("a count quota given up in a resumed run is given up where the whole run gives it up",
          "[cli][hostile-review][quota]") {
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
          "[cli][hostile-review][quota]") {
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

TEST_CASE("a merge stopped while it checks its shards exits 130, as its help says",
          "[cli][hostile-review][signal]") {
    // The stop signals were caught only once the shards had been checked: SIGTERM while
    // forty shards were checked (the output corpus already made) ended merge by the
    // signal, exit 143, where its help promises 130 and says where it stopped.
    SharedFolder folder("review-merge-stop");
    const std::string first = folder / "shard0.db";
    REQUIRE(run_kenken("generate -q --db " + first + " --sizes 4 -n 50").status == 0);
    fs::remove(first + ".lock");
    std::vector<std::string> args = {kKenken, "merge", "--db", folder / "out.db", first};
    for (int i = 1; i < 40; ++i) {
        const std::string copy = folder / ("shard" + std::to_string(i) + ".db");
        fs::copy_file(first, copy);
        args.push_back(copy);
    }
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        for (int s : {SIGTERM, SIGHUP, SIGINT}) signal(s, SIG_DFL);
        freopen("/dev/null", "w", stdout);
        freopen("/dev/null", "w", stderr);
        execv(kKenken.c_str(), argv.data());
        _exit(127);
    }
    REQUIRE(pid > 0);
    // The output corpus is made after the shards are found to be corpora, before they are
    // checked run by run: the moment to stop it.
    const auto start = std::chrono::steady_clock::now();
    while (!fs::exists(folder / "out.db") &&
           std::chrono::steady_clock::now() - start < std::chrono::seconds(10))
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    kill(pid, SIGTERM);
    int status = 0;
    waitpid(pid, &status, 0);
    INFO("status " << status);
    REQUIRE(WIFEXITED(status));
    // 0 only if it had finished all forty before the signal came.
    CHECK((WEXITSTATUS(status) == 130 || WEXITSTATUS(status) == 0));
    CHECK(run_kenken("verify -q --db " + (folder / "out.db")).status == 0);
}

TEST_CASE("a writer in another PID namespace is named as such, its pid being not ours",
          "[cli][hostile-review][lock]") {
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

TEST_CASE("generate reading its configuration from a pipe no one writes to ends on SIGTERM",
          "[cli][hostile-review][signal]") {
    // The stop signals were caught before the configuration was read: SIGTERM only set a
    // flag while the open of a FIFO with no writer waited, and generate never ended.
    SharedFolder folder("review-config-fifo");
    const std::string fifo = folder / "config.toml";
    const std::string db = folder / "corpus.db";
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    const pid_t pid = fork();
    if (pid == 0) {
        for (int s : {SIGTERM, SIGHUP, SIGINT}) signal(s, SIG_DFL);
        freopen("/dev/null", "w", stderr);
        execl(kKenken.c_str(), kKenken.c_str(), "generate", "-q", "--db", db.c_str(), "--config",
              fifo.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    REQUIRE(pid > 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    kill(pid, SIGTERM);
    int status = 0;
    bool ended = false;
    for (int waited = 0; waited < 300 && !ended; ++waited) {  // up to 3 s
        ended = waitpid(pid, &status, WNOHANG) == pid;
        if (!ended) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (!ended) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
    }
    CHECK(ended);
    CHECK_FALSE(fs::exists(db));  // nothing was made: the configuration comes first
}
