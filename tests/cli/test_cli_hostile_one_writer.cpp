// Hostile use of the writers (issue 11, item 4): one writer per corpus, whatever the
// name it is reached by, writers started at one instant, and the names exports write to.
#include <signal.h>
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
    CHECK(kk::db::Corpus::open_existing(real.string()).all_puzzles().size() == 4);
    lock.reset();
    CHECK(run_kenken("generate -q --db " + (folder.path / "hard.db").string() +
                     " --sizes 4 --count 2 --add")
              .status == 0);
    CHECK(kk::db::Corpus::open_existing(real.string()).all_puzzles().size() == 6);
}

TEST_CASE("export never writes over the corpus it reads, under any name, even with --force",
          "[cli][hostile][edges]") {
    // "export --db c.db -o c.db --format neknek --force" replaced the corpus with the pack.
    TempPath folder("export-onto-corpus");
    const std::string db = corpus_in(folder, "--sizes 4 --count 5");
    fs::create_symlink("c.db", folder.path / "soft.db");
    fs::create_hard_link(db, folder.path / "hard.db");
    const std::string before = slurp(db);
    for (const std::string& out :
         {db, (folder.path / "soft.db").string(), (folder.path / "hard.db").string(),
          (folder.path / "." / "c.db").string(), db + "-wal", db + ".lock", db + ".new"}) {
        for (const char* format : {"neknek", "pdf", "svg"}) {
            const CliResult r =
                run_kenken("export --db " + db + " -n 2 --force --format " + format + " -o " + out);
            INFO(out << " " << format << ": " << r.err);
            CHECK(r.status == 2);
            CHECK_THAT(r.err, Catch::Contains("the pack would destroy it"));
        }
    }
    // Given through the link, the corpus is still the file under it.
    CHECK(run_kenken("export --db " + (folder.path / "soft.db").string() +
                     " -n 2 --force --format json -o " + db)
              .status == 2);
    CHECK(slurp(db) == before);
    CHECK(kk::db::Corpus::open_existing(db).packs().empty());
    CHECK(run_kenken("export --db " + db + " -n 2 -o " + (folder.path / "pack.neknek").string())
              .status == 0);
}

TEST_CASE("file names near the limit: a pack takes any valid name, a corpus says what fits",
          "[cli][hostile][edges]") {
    // A valid 250-byte --out failed: its temporary name (".NAME.kkpart-PID") was past 255
    // bytes. A corpus name whose companion files cannot exist failed as "unable to open
    // database file"; a missing folder as "cannot open the lock file".
    TempPath folder("long-names");
    const std::string db = corpus_in(folder, "--sizes 4 --count 4");
    for (const char* extension : {".pdf", ".neknek"}) {
        const fs::path out = folder.path / (std::string(250 - 7, 'p') + extension);
        REQUIRE(out.filename().string().size() <= 250);
        const CliResult r =
            run_kenken("export --allow-repeats --db " + db + " -n 2 -o " + out.string());
        INFO(r.err);
        CHECK(r.status == 0);
        CHECK(fs::is_regular_file(out));
    }
    const CliResult too_long =
        run_kenken("export --allow-repeats --db " + db + " -n 2 -o " +
                   (folder.path / (std::string(300, 'q') + ".pdf")).string());
    CHECK(too_long.status == 2);
    CHECK_THAT(too_long.err, Catch::Contains("304 bytes long, more than its folder takes (255)"));
    const CliResult no_folder =
        run_kenken("generate --db " + (folder.path / "none" / "c.db").string() + " --count 2");
    CHECK(no_folder.status == 1);
    CHECK_THAT(no_folder.err, Catch::Contains(": no folder "));
    const std::string long_db = (folder.path / (std::string(247, 'c') + ".db")).string();
    const CliResult refused = run_kenken("generate --db " + long_db + " --sizes 4 --count 2");
    CHECK(refused.status == 1);
    CHECK_THAT(refused.err, Catch::Contains("too long for a corpus (250 bytes"));
    const std::string fits = (folder.path / (std::string(240, 'c') + ".db")).string();
    CHECK(run_kenken("generate -q --db " + fits + " --sizes 4 --count 2").status == 0);
    std::size_t entries = 0;
    for (const auto& e : fs::directory_iterator(folder.path)) {
        INFO(e.path());
        CHECK(e.path().filename().string().find("kkpart") == std::string::npos);
        ++entries;
    }
    // c.db, its lock, two packs, the 243-byte corpus and its lock: nothing of the refused.
    CHECK(entries == 6);
}

TEST_CASE("a pack that outgrows the room it has says why, and leaves nothing",
          "[cli][hostile][edges]") {
    // A full disk ended a PDF as "error while writing to output stream" (an SVG pack as
    // "cannot write .../0001.svg") without a reason. A file size limit (ulimit -f, with
    // SIGXFSZ ignored) stands in for the full disk: writes past it fail with EFBIG.
    TempPath folder("no-room");
    const std::string db = corpus_in(folder, "--sizes 4-6 --count 300 --seed 4");
    // The pack files run to about 260 KB; the corpus only reads its file, and its
    // write-ahead log and index stay under the limit.
    for (const char* out : {"pack.pdf", "pack.json"}) {
        const CliResult r =
            run_shell("bash -c \"trap '' XFSZ; ulimit -f 100; " + kKenken + " export --db " + db +
                      " -n 300 --solutions -o " + (folder.path / out).string() + "\"");
        INFO(out << ": " << r.out);
        CHECK(r.status == 1);
        CHECK_THAT(r.out, Catch::Contains("File too large"));
    }
    for (const auto& e : fs::directory_iterator(folder.path)) {
        INFO(e.path());
        CHECK((e.path().filename() == "c.db" || e.path().filename() == "c.db.lock"));
    }
    CHECK(kk::db::Corpus::open_existing(db).packs().empty());
}

TEST_CASE("exports started together to one new name: one pack is placed and recorded",
          "[cli][hostile][export]") {
    // Four exports to one new file all passed "already exists" and each renamed over the
    // others' file: four packs recorded (12,000 puzzles published), one file left.
    TempPath folder("same-out");
    const std::string db = corpus_in(folder, "--sizes 5-6 --count 400 --seed 8");
    for (const auto& [name, format] :
         {std::pair<std::string, std::string>{"same.json", "json"}, {"same-svg", "svg"}}) {
        const std::string out = (folder.path / name).string();
        std::string shell;
        // All four wait for one signal file, so that they pass the "already exists"
        // check together and race to place their packs.
        const std::string go = (folder.path / ("go-" + name)).string();
        for (int i = 0; i < 4; ++i)
            shell += "(while [ ! -e " + go + " ]; do sleep 0.01; done; " + kKenken +
                     " export --db " + db + " -n 60 --format " + format + " -o " + out +
                     "; echo status=$?) & ";
        const CliResult r = run_shell("bash -c '" + shell + "sleep 0.3; touch " + go + "; wait'");
        fs::remove(go);
        INFO(r.out);
        const auto count = [&](const std::string& what) {
            std::size_t n = 0;
            for (std::size_t at = r.out.find(what); at != std::string::npos;
                 at = r.out.find(what, at + 1))
                ++n;
            return n;
        };
        CHECK(count("status=0") == 1);
        CHECK(count("status=2") == 3);
        // The losers met the winner's pack as it was placed (or, started late, before).
        CHECK(count("appeared while the pack was written") + count("already exists") == 3);
    }
    // Two packs recorded, one a name, each holding what its file holds.
    auto corpus = kk::db::Corpus::open_existing(db);
    const auto packs = corpus.packs();
    REQUIRE(packs.size() == 2);
    const std::string file = slurp(folder.path / "same.json");
    std::size_t found = 0;
    for (const std::int64_t id : corpus.pack_puzzle_ids(packs[0].id))
        found += file.find("\"id\":" + std::to_string(id) + ",") != std::string::npos;
    CHECK(found == 60);
    CHECK(std::distance(fs::directory_iterator(folder.path / "same-svg"),
                        fs::directory_iterator{}) == 60);
    // --force replaces the file, and says whose pack it held, which stays recorded.
    const CliResult forced = run_kenken("export --db " + db + " -n 5 --force -o " +
                                        (folder.path / "same.json").string());
    CHECK(forced.status == 0);
    CHECK_THAT(forced.err, Catch::Contains("held pack " + std::to_string(packs[0].id) +
                                           ", which stays recorded"));
    for (const auto& e : fs::directory_iterator(folder.path))
        CHECK(e.path().filename().string().find("kkpart") == std::string::npos);
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
