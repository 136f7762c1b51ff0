// Hostile use of the binary (issue 11): one writer per corpus, edge values, read-only
// and damaged corpora, endless input, and one exit status per fault.
#include <signal.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "core/io/formats.h"
#include "core/model/features.h"
#include "db/store/corpus.h"
#include "db/store/writer_lock.h"
#include "tests/support/cli_run.h"
#include "tests/support/corpus_rows.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

// Makes folder and in it c.db by `generate -q` with generate_args; returns its path.
std::string corpus_in(const TempPath& folder, const std::string& generate_args) {
    fs::create_directories(folder.path);
    const std::string db = (folder.path / "c.db").string();
    REQUIRE(run_kenken("generate -q --db " + db + " " + generate_args).status == 0);
    return db;
}

}  // namespace

// ---- item 4: one writer per corpus -----------------------------------------------

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

// ---- item 8: edges ---------------------------------------------------------------

TEST_CASE("level quotas that are all 0 are an error, from flags and from a file",
          "[cli][hostile][edges]") {
    TempPath db("zero-quotas.db");
    const CliResult flags =
        run_kenken("generate --db " + db.str() +
                   " --sizes 4 --per-level easy=0,normal=0,hard=0,extreme=0,unreasonable=0");
    CHECK(flags.status == 2);
    CHECK_THAT(flags.err, Catch::Contains("every level asks for 0 puzzles"));
    TempPath config("zero-quotas.toml");
    write_file(config.path, "[run]\nsizes = \"4\"\n\n[run.per_level]\neasy = 0\nhard = 0\n");
    const CliResult file = run_kenken("generate --db " + db.str() + " --config " + config.str());
    CHECK(file.status == 2);
    CHECK_THAT(file.err, Catch::Contains(config.str() + ":4:"));
    CHECK_FALSE(fs::exists(db.path));
}

TEST_CASE("an empty --db is an error for every command that takes one", "[cli][hostile][edges]") {
    for (const char* command :
         {"generate --count 4 --sizes 4", "stats", "query", "verify",
          "export --count 1 --format neknek --out kenken-hostile-never-written.neknek"}) {
        const CliResult r = run_kenken(std::string(command) + " --db ''");
        INFO(command << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("--db"));
    }
}

TEST_CASE("nan and inf are refused as weights and as the single-cell share, with file and line",
          "[cli][hostile][edges]") {
    TempPath db("nan.db");
    TempPath config("nan.toml");
    write_file(config.path, "[run]\nsizes = \"4\"\nmax_singletons = nan\n");
    CliResult r = run_kenken("generate --db " + db.str() + " --config " + config.str());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(config.str() + ":3:") && Catch::Contains("finite"));
    write_file(config.path,
               "[[recipes]]\nname = \"x\"\n[recipes.tiling]\nsize_weights = [0.0, inf, 1.0]\n");
    r = run_kenken("generate --db " + db.str() + " --config " + config.str());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(config.str() + ":4:") && Catch::Contains("finite"));
    for (const char* value : {"nan", "inf", "-inf"}) {
        r = run_kenken("generate --db " + db.str() + " --sizes 4 --count 4 --max-singletons " +
                       value);
        CHECK(r.status == 2);
    }
    CHECK_FALSE(fs::exists(db.path));
}

TEST_CASE("seeds outside 0..2^64-1 are refused, not wrapped", "[cli][hostile][edges]") {
    TempPath db("seeds.db");
    for (const char* seed :
         {"-1", "18446744073709551616", "99999999999999999999999", "1e3", "+5"}) {
        const CliResult r =
            run_kenken("generate --db " + db.str() + " --sizes 4 --count 4 --seed " + seed);
        INFO("seed " << seed << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(seed));
    }
    CHECK_FALSE(fs::exists(db.path));
    CHECK(run_kenken("query --db " + db.str() + " --order random --seed -1").status == 2);
    // The largest seed is stored with the run (beyond TOML's integers) and resumes.
    const CliResult top =
        run_kenken("generate --db " + db.str() +
                   " --sizes 4 --count 4 --seed 18446744073709551615 --stop-after 2");
    CHECK(top.status == 130);
    CHECK(run_kenken("generate --db " + db.str() + " --resume").status == 0);
    CHECK(kk::db::Corpus::open_existing(db.str()).runs().at(0).seed == 18446744073709551615ULL);
}

TEST_CASE("integer options name the value and the range, nothing wraps", "[cli][hostile][edges]") {
    // CLI11 said "Value 1e3 not in range 1 to 100000000" (it is: 1e3 is no integer) and
    // "Could not convert: --limit = ..."; packs --delete 99999999999999999999 looked
    // for pack 9223372036854775807.
    TempPath db("integers.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 2").status == 0);
    const std::string corpus = " --db " + db.str();
    const struct {
        std::string command, value, expected;
    } cases[] = {
        {"generate" + corpus + " --sizes 4 --count", "1e3",
         "'1e3' is not a whole number from 1 to 100000000"},
        {"generate" + corpus + " --sizes 4 --count", "-5", "'-5' is outside 1..100000000"},
        {"generate" + corpus + " --sizes 4 --count 2 -j", "2.5", "'2.5' is not a whole number"},
        {"query" + corpus + " --limit", "99999999999999999999", "is outside 0..2147483647"},
        {"query" + corpus + " --max-cage", "x", "'x' is not a whole number from 1 to 81"},
        {"packs" + corpus + " --delete", "99999999999999999999",
         "is outside 1..9223372036854775807"},
        {"packs" + corpus + " --show", "0", "'0' is outside 1.."},
        {"export" + corpus + " --out never.neknek -n", "+3", "'+3' is not a whole number"},
        {"export" + corpus + " --out never.pdf -n 1 --per-page", "9", "'9' is outside 1..6"},
        {"solve " + kTestData + "/seed001-4x4.neknek --limit", "0", "'0' is outside 1..1000000"},
        {"solve " + kTestData + "/seed001-4x4.neknek -j", "3", "'3' is outside 1..2"},
        {"bench " + kTestData + "/seed001-4x4.neknek --repeat", "1e2",
         "'1e2' is not a whole number"},
    };
    for (const auto& c : cases) {
        const CliResult r = run_kenken(c.command + " " + c.value);
        INFO(c.command << " " << c.value << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(c.expected));
    }
    CHECK_FALSE(fs::exists("never.neknek"));
    CHECK(kk::db::Corpus::open_existing(db.str()).packs().empty());
}

TEST_CASE("filter lists and numbers: no level named, typeset signs, hexadecimal scores",
          "[cli][hostile][edges]") {
    // "--level ," matched every level; "--ops ÷" was "unknown operation '\xc3'" (half a
    // character); "--min-score 0x10" was taken as 16 and " 5" as 5.
    TempPath db("filters.db");
    REQUIRE(
        run_kenken("generate -q --db " + db.str() + " --sizes 4-5 --count 12 --seed 7").status ==
        0);
    const std::string query = "query --format neknek --db " + db.str();
    const struct {
        std::string args, expected;
    } refused[] = {
        {"--level ,", "--level: no level named in ','"},
        {"--level ' , '", "--level: no level named"},
        {"--ops é", "unknown operation 'é' in --ops"},
        {"--ops '+\xc3'", "unknown operation '\xc3' in --ops"},
        {"--min-score 0x10", "'0x10' is not a number"},
        {"--max-score ' 5'", "' 5' is not a number"},
        {"--min-score +5", "'+5' is not a number"},
        {"--min-score 1e999", "'1e999' is not a finite number"},
    };
    for (const auto& c : refused) {
        const CliResult r = run_kenken(query + " " + c.args);
        INFO(c.args << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(c.expected));
    }
    // The signs as typeset pick what their ASCII spelling picks.
    const std::string ascii = run_kenken(query + " --ops '+*/'").out;
    CHECK_FALSE(ascii.empty());
    CHECK(ascii != run_kenken(query).out);  // the filter leaves some out
    CHECK(run_kenken(query + " --ops '+×÷'").out == ascii);
    CHECK(run_kenken(query + " --ops '+−'").out == run_kenken(query + " --ops +-").out);
    CHECK(run_kenken(query + " --level 'easy, hard'").out ==
          run_kenken(query + " --level easy,hard").out);
    CHECK(run_kenken(query + " --min-score 1e-999").status == 0);
}

TEST_CASE("an empty value is refused for every option but the book's text lines",
          "[cli][hostile][edges]") {
    // Each of these once meant the default (every size, A4, no variant...) or no file.
    TempPath db("empty-values.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 2").status == 0);
    const std::string corpus = " --db " + db.str();
    for (const std::string& command :
         {"generate" + corpus + " --count 2 --sizes ''", "generate" + corpus + " --per-level ''",
          "generate" + corpus + " --count 2 --config ''",
          "generate" + corpus + " --count 2 --variant ''", "query" + corpus + " --ops ''",
          "query" + corpus + " --level ''", "export" + corpus + " -n 1 --trim '' -o never.pdf",
          "export" + corpus + " -n 1 --book '' -o never.pdf", std::string("solve ''"),
          std::string("grade ''")}) {
        const CliResult r = run_kenken(command);
        INFO(command << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("empty"));
    }
    CHECK_FALSE(fs::exists("never.pdf"));
    CHECK(kk::db::Corpus::open_existing(db.str()).runs().size() == 1);
    // A blank title line is a choice, not a mistake.
    TempPath out("blank-title.neknek");
    CHECK(run_kenken("export" + corpus + " -n 1 --title '' -o " + out.str()).status == 0);
}

TEST_CASE("book words cairo cannot print, or a page cannot hold, are bad input, not write errors",
          "[cli][hostile][edges]") {
    // Invalid UTF-8 in --title failed half way as "cannot write ...: input string not
    // valid UTF-8", exit 1; a newline in --author printed as boxes.
    TempPath db("book-words.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 2").status == 0);
    TempPath out("book-words.pdf");
    for (const std::string& flag :
         {std::string("--title $'Bad \\xff'"), std::string("--author $'A\\nB'"),
          std::string("--title ") + std::string(200, 'T'),
          std::string("--level-names a,b,c,d,") + std::string(25, 'e')}) {
        const CliResult r = run_shell(std::string("bash -c \"") + kKenken + " export --db " +
                                      db.str() + " -n 1 -o " + out.str() + " " + flag + "\"");
        INFO(flag << ": " << r.out);
        CHECK(r.status == 2);
        CHECK_FALSE(fs::exists(out.path));
    }
    CHECK(kk::db::Corpus::open_existing(db.str()).packs().empty());
}

TEST_CASE("merge refuses its own output as a shard, and a missing or foreign shard, making no file",
          "[cli][hostile][edges]") {
    // "merge --db new.db new.db" made new.db, then failed with "cannot rollback - no
    // transaction is active" (exit 1); a missing shard left an empty output corpus. A
    // shard named twice (or as a hard link to it) was merged as two: "merged 2 shard
    // files ... 4 already there".
    TempPath shard("merge-shard.db"), out("merge-out.db"), text("merge-text.db"),
        link("merge-link.db");
    REQUIRE(
        run_kenken("generate -q --db " + shard.str() + " --sizes 4 --count 4 --shard 0/2").status ==
        0);
    write_file(text.path, "not a corpus\n");
    fs::create_hard_link(shard.path, link.path);
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

TEST_CASE("verify --max-seconds bounds a puzzle no search ends on soon", "[cli][hostile][edges]") {
    // verify had no bound: a corpus edited to hold a hostile puzzle (the big cages of
    // issue 11 take up to seconds, an impossible one minutes) held it for as long.
    TempPath folder("verify-bound");
    const std::string db = corpus_in(folder, "--sizes 4 --count 3");
    // big-cages-1 takes about 0.3 s to solve: a thirtieth of that is no time for it.
    const auto puzzles =
        kk::read_puzzles(slurp(kTestData + "/big-cages-1.neknek"), kk::Format::Neknek);
    REQUIRE(puzzles.size() == 1);
    const std::string text = kk::write_neknek(puzzles[0].puzzle);
    const kk::PuzzleFeatures f = kk::features_of(puzzles[0].puzzle);  // verify checks them first
    exec_sql(db,
             "INSERT INTO puzzles (size, neknek, solution, level, score, cages, singletons, "
             "max_cage, ops, canonical, seed, candidate, run_id) SELECT 9, '" +
                 text + "', solution, level, score, " + std::to_string(f.cages) + ", " +
                 std::to_string(f.singletons) + ", " + std::to_string(f.max_cage) + ", '" + f.ops +
                 "', 'x', seed, candidate + 1000, run_id FROM puzzles LIMIT 1");
    const CliResult bounded = run_kenken("verify --max-seconds 0.01 --db " + db);
    INFO(bounded.out << bounded.err);
    CHECK(bounded.status == 8);
    CHECK_THAT(bounded.out, Catch::Contains("3 agree, 0 do not, 1 undecided within --max-seconds"));
    CHECK_THAT(bounded.err,
               Catch::Contains("undecided: no answer within --max-seconds 0.01 while solving"));
    // Without the bound it is decided, and disagrees with the row it was put in.
    const CliResult unbounded = run_kenken("verify --db " + db);
    CHECK(unbounded.status == 5);
    CHECK_THAT(unbounded.out, Catch::Contains("1 do not"));
}

TEST_CASE("a closed standard input and an unreadable file say so", "[cli][hostile][edges]") {
    // A closed stdin read as "no puzzle found: the text is empty"; an unreadable file was
    // "cannot read the file", without the reason.
    const CliResult closed = run_shell(kKenken + " solve - <&-");
    CHECK(closed.status == 2);
    CHECK_THAT(closed.out, Catch::Contains("<stdin>: standard input is closed"));
    TempPath secret("secret.neknek");
    write_file(secret, "#\t1\n!\t1\tA1\n");
    chmod(secret.str().c_str(), 0600);
    if (getuid() == 0) {
        const CliResult r = run_shell("setpriv --reuid=65534 --regid=65534 --clear-groups " +
                                      kKenken + " solve " + secret.str());
        CHECK(r.status == 2);
        CHECK_THAT(r.out, Catch::Contains("cannot read the file: Permission denied"));
    } else {
        chmod(secret.str().c_str(), 0);
        const CliResult r = run_kenken("solve " + secret.str());
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("cannot read the file: Permission denied"));
    }
}

TEST_CASE("a folder given as a puzzle file is bad input, not an internal error",
          "[cli][hostile][edges]") {
    for (const char* command : {"solve", "grade"}) {
        const CliResult r = run_kenken(std::string(command) + " " + kTestData);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("is a folder"));
        CHECK_THAT(r.err, !Catch::Contains("internal error"));
    }
}

TEST_CASE("the input cap holds for all the files of one command together",
          "[cli][hostile][edges]") {
    // Each file under the cap, but every file is parsed before any is solved: one big
    // file named many times took memory without bound (3 x 60 MiB: 1.1 GB).
    TempPath big("cap-together.neknek");
    {
        std::ofstream out(big.path, std::ios::binary);
        out << "#\t1\n!\t1\tA1\n";  // one puzzle, then blank lines: quick to parse
        const std::string line(1023, ' ');
        for (int i = 0; i < 40 * 1024; ++i) out << line << "\n";  // 40 MiB of blanks
    }
    for (const char* command : {"solve", "grade"}) {
        const CliResult r = run_kenken(std::string(command) + " " + big.str() + " " + big.str());
        CHECK(r.status == 2);
        CHECK_THAT(r.err,
                   Catch::Contains(big.str() + ": with the files before it, more than 64 MiB"));
    }
}

// The largest resident size of any child this test process has waited for, in KiB
// (ctest runs each test case in a process of its own).
static long largest_child_kib() {
    struct rusage usage {};
    getrusage(RUSAGE_CHILDREN, &usage);
    return usage.ru_maxrss;
}

TEST_CASE("puzzle files are parsed one puzzle at a time, in bounded memory",
          "[cli][hostile][edges]") {
    // Every puzzle was parsed into memory before the first was solved, and every line
    // of the text split into a vector first: 64 MiB of 1x1 puzzles took 1.8 GB and 63 MiB
    // of blank lines 1.6 GB, so a memory limit ended them as "internal error:
    // std::bad_alloc". Now memory holds the text and one puzzle.
    TempPath many("one-by-one.neknek"), blank("blank-lines.txt");
    // 12 MiB of text; 3 MiB under the sanitizers, where the memory bound is loose and
    // a sanitized check of a million puzzles took most of the test's 53 s.
    const int puzzles = kSanitized ? 1 << 18 : 1 << 20;
    {
        std::ofstream out(many.path, std::ios::binary);
        for (int i = 0; i < puzzles; ++i) out << "#\t1\n!\t1\tA1\n";
        std::ofstream(blank.path, std::ios::binary) << std::string(16 << 20, '\n');
    }
    // The sanitizer build keeps freed memory in quarantine (256 MB by default).
    const char* asan = std::getenv("ASAN_OPTIONS");
    setenv("ASAN_OPTIONS", (std::string(asan ? asan : "") + ":quarantine_size_mb=8").c_str(), 1);
    CliResult r = run_kenken("check " + many.str() + " /dev/null");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("holds " + std::to_string(puzzles) + " puzzles"));
    r = run_kenken("solve " + blank.str());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("the text is empty"));
    // The puzzles in a vector took about 350 MB, the lines about 400 MB (more under
    // AddressSanitizer, whose shadow memory and redzones come on top of either).
    constexpr long kMostKiB = (kSanitized ? 250 : 150) * 1024;
    CHECK(largest_child_kib() < kMostKiB);
    // Bad input anywhere still stops the command before its first answer.
    {
        std::ofstream out(many.path, std::ios::app | std::ios::binary);
        out << "#\t2\n+\t3\tA1 A2\n";
    }
    r = run_kenken("solve " + many.str());
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains(many.str() + ":" + std::to_string(2 * puzzles + 1) + ":"));
}

TEST_CASE("endless input ends with a message at the size cap", "[cli][hostile][edges]") {
    CliResult r = run_kenken("solve /dev/zero");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("/dev/zero: larger than 64 MiB"));
    // stdin takes the same capped read (read_capped).
    TempPath db("endless.db");
    r = run_kenken("generate --db " + db.str() + " --config /dev/zero");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("/dev/zero"));
    // check's answer (it once read /dev/zero for ever) and a folder as the answer.
    const std::string puzzle = kTestData + "/seed001-4x4.neknek";
    r = run_kenken("check " + puzzle + " /dev/zero");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("/dev/zero: larger than 1 MiB: not an answer grid"));
    r = run_kenken("check " + puzzle + " " + kTestData);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("is a folder"));
    // A book file (toml++ took /dev/zero, size 0, for an empty file): refused, and no
    // pack is written or recorded.
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 2").status == 0);
    TempPath pdf("endless.pdf");
    r = run_kenken("export --db " + db.str() + " -n 1 --book /dev/zero -o " + pdf.str());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("/dev/zero: larger than 1 MiB: not a book file"));
    CHECK_FALSE(fs::exists(pdf.path));
    CHECK_THAT(run_kenken("packs --db " + db.str()).out, !Catch::Contains("endless.pdf"));
}

TEST_CASE("a report that cannot be written is a failure with a message", "[cli][hostile][edges]") {
    // /dev/full takes no byte: the answer would be lost while the exit status said 0.
    const std::string puzzle = kTestData + "/seed001-4x4.neknek";
    // --help and --version too: their text was lost with exit 0.
    for (const std::string& args :
         {"solve " + puzzle, "grade --explain " + puzzle, std::string("--help"),
          std::string("--version"), std::string("export --help")}) {
        INFO(args);
        const CliResult r = run_shell("sh -c '" + kKenken + " " + args + " > /dev/full'");
        CHECK(r.status == 1);
        CHECK_THAT(r.out, Catch::Contains("kenken: cannot write the output"));
    }
    const CliResult fine = run_shell("sh -c '" + kKenken + " solve " + puzzle + " > /dev/null'");
    CHECK(fine.status == 0);
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

TEST_CASE("check reads an answer saved with a UTF-8 byte order mark", "[cli][hostile][input]") {
    // Notepad's BOM was taken as part of the first value: 'row 1: "4" is not a number'
    // (the mark invisible), exit 7 for a right answer.
    const std::string puzzle = kTestData + "/seed001-4x4.neknek";
    const CliResult r = run_kenken("check " + puzzle + " -",
                                   "\xEF\xBB\xBF"
                                   "4 2 3 1\r\n3 4 1 2\r\n1 3 2 4\r\n2 1 4 3\r\n");
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("correct"));
}

TEST_CASE("JSON lines saved with a UTF-8 byte order mark are read as JSON",
          "[cli][hostile][input]") {
    // Format detection stopped at the mark and read the records as neknek: "expected a
    // '#<TAB>size' header before the cages".
    TempPath db("bom-json.db"), lines("bom-json.jsonl");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 2").status == 0);
    const CliResult q = run_kenken("query --db " + db.str() + " --format json");
    REQUIRE(q.status == 0);
    write_file(lines, "\xEF\xBB\xBF" + q.out);
    for (const char* command : {"solve ", "grade "}) {
        const CliResult r = run_kenken(command + lines.str());
        INFO(command << r.err);
        CHECK(r.status == 0);
        CHECK(r.err.empty());
    }
}

TEST_CASE("an svg pack's folder may be named with a trailing slash", "[cli][hostile][export]") {
    // "-o pages/ --format svg" was refused: "--out pages/ names a folder, not a file".
    TempPath db("svg-slash.db"), folder("svg-slash");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 2").status == 0);
    const CliResult r =
        run_kenken("export --db " + db.str() + " -n 1 --format svg -o " + folder.str() + "/");
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(fs::is_regular_file(folder.path / "001.svg"));
    // A pdf is a file: the slash still names a folder there.
    CHECK(run_kenken("export --db " + db.str() + " -n 1 --format pdf -o " + folder.str() + "/")
              .status == 2);
}

TEST_CASE("generate --per-level refuses a count past the cap and a level given twice",
          "[cli][hostile][edges]") {
    // Two levels of 2000000000 overflowed the size total: "0/-294967296 ETA done", the
    // run finished at once with nothing made, exit 0. "easy=3,easy=5" took 5 silently.
    TempPath db("per-level-cap.db");
    for (const auto& [value, said] :
         {std::pair<std::string, std::string>{"easy=2000000000,normal=2000000000",
                                              "more than 10000000"},
          {"easy=10000001", "more than 10000000"},
          {"easy=3,easy=5", "easy is given twice"}}) {
        const CliResult r =
            run_kenken("generate -q --db " + db.str() + " --sizes 4 --per-level " + value);
        INFO(value << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(said));
        CHECK_FALSE(fs::exists(db.path));
    }
}

TEST_CASE("bench --limit 1 counts puzzles solved, not proved unique", "[cli][hostile][bench]") {
    // The search stops at the first solution, yet a puzzle with two was counted under
    // "unique" (and "ambiguous" 0).
    TempPath two("bench-two.neknek");
    write_file(two,
               "#\t4\n+\t10\tA1 A2 A3 A4\n+\t10\tB1 B2 B3 B4\n+\t10\tC1 C2 C3 C4\n"
               "+\t10\tD1 D2 D3 D4\n");
    const CliResult proved = run_kenken("bench --json --repeat 1 " + two.str());
    CHECK(proved.status == 0);
    CHECK_THAT(proved.out, Catch::Contains("\"unique\":0,\"ambiguous\":1"));
    for (const char* json : {"", "--json "}) {
        const CliResult r =
            run_kenken(std::string("bench --limit 1 --repeat 1 ") + json + two.str());
        INFO(r.out);
        CHECK(r.status == 0);
        CHECK_THAT(r.out, !Catch::Contains("unique") && Catch::Contains("solved"));
    }
}

TEST_CASE("bench --max-seconds ends a puzzle no search ends on soon, exit 8",
          "[cli][hostile][bench]") {
    // bench had no budget: a hostile puzzle held it for as long as its search took.
    // One cage of all 81 cells: counting its solutions to a million never ends in time.
    std::string all = "#\t9\n+\t405\t";
    for (int cell = 0; cell < 81; ++cell)
        all += std::string(1, static_cast<char>('A' + cell / 9)) + std::to_string(cell % 9 + 1) +
               (cell < 80 ? " " : "\n");
    TempPath whole("bench-whole-grid.neknek");
    write_file(whole, all);
    const std::string small = kTestData + "/seed001-4x4.neknek";
    const CliResult r = run_kenken("bench --json --limit 1000000 --repeat 3 --max-seconds 0.2 " +
                                   whole.str() + " " + small);
    CHECK(r.status == 8);
    CHECK_THAT(r.err, Catch::Contains("bench-whole-grid.neknek#1: undecided"));
    const nlohmann::json sizes = nlohmann::json::parse(r.out).at("sizes");
    REQUIRE(sizes.size() == 2);
    CHECK(sizes[0].at("size") == 4);
    CHECK(sizes[0].at("puzzles") == 1);  // decided: timed as before
    CHECK(sizes[0].at("undecided") == 0);
    CHECK(sizes[1].at("size") == 9);
    CHECK(sizes[1].at("puzzles") == 0);  // out of the times, which a cut run would skew
    CHECK(sizes[1].at("undecided") == 1);
    CHECK(sizes[1].at("median_us").is_null());
    const CliResult table =
        run_kenken("bench --limit 1000000 --repeat 1 --max-seconds 0.2 " + whole.str());
    CHECK(table.status == 8);
    CHECK_THAT(table.out, Catch::Contains("undecided"));
    const CliResult graded = run_kenken("bench --grade --repeat 1 --max-seconds 1e-9 " + kTestData +
                                        "/big-cages-1.neknek");
    CHECK(graded.status == 8);
    CHECK_THAT(graded.err, Catch::Contains("big-cages-1.neknek#1: undecided"));
}

TEST_CASE("a PDF refuses words its font cannot print, other packs take them",
          "[cli][hostile][book]") {
    // CJK titles printed as empty boxes, and Arabic or Hebrew backwards (cairo's text calls
    // lay characters out left to right), with exit 0.
    TempPath db("unprintable-words.db"), pdf("unprintable-words.pdf"),
        json("unprintable-words.json"), book("unprintable-words.toml");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 3").status == 0);
    const std::string pack = "export --allow-repeats -n 1 --db " + db.str();
    for (const auto& [title, said] :
         {std::pair<std::string, std::string>{"\u6f22\u5b57", "the title holds \u6f22 (U+6F22)"},
          {"\u0645\u0631\u062d\u0628\u0627", "the title holds right-to-left text"},
          {"\u05e9\u05dc\u05d5\u05dd", "the title holds right-to-left text"}}) {
        const CliResult r = run_kenken(pack + " -o " + pdf.str() + " --title '" + title + "'");
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(said));
        CHECK_FALSE(fs::exists(pdf.path));
        const CliResult text =
            run_kenken(pack + " --force -o " + json.str() + " --title '" + title + "'");
        CHECK(text.status == 0);  // a JSON pack's title is data, printed by someone else
    }
    write_file(book, "[levels]\neasy = \"\u521d\u7d1a\"\n");
    const CliResult level = run_kenken(pack + " -o " + pdf.str() + " --book " + book.str());
    CHECK(level.status == 2);
    CHECK_THAT(level.err, Catch::Contains("the name of level easy holds"));
    const CliResult fine = run_kenken(pack + " -o " + pdf.str() +
                                      " --title 'Caf\u00e9 \u03a9 \u041a\u0438\u0435\u0432' "
                                      "--author 'Zo\u00eb \u00c5ngstr\u00f6m'");
    CHECK(fine.status == 0);
    CHECK(fs::exists(pdf.path));
}

TEST_CASE("a book file's words are checked with its file and line, a level name cannot be blank",
          "[cli][hostile][book]") {
    // A blank level name was printed: its pages and sections were headed by nothing. A
    // control character in the file's rules was named without the file or line.
    TempPath db("book-file-words.db"), book("book-file-words.toml"), out("book-file-words.pdf");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 2").status == 0);
    for (const auto& [text, said] :
         {std::pair<std::string, std::string>{"[levels]\neasy = \"Gentle\"\nhard = \"  \"\n",
                                              ":3: the name of level hard is blank"},
          {"title = \"T\"\nrules = \"Fill\\tthe grid\"\n",
           ":2: the rules holds a control character (byte 5)"},
          // A float past int64 was converted to an integer (undefined behaviour, found by
          // the book fuzz target), and 4.0 was taken as 4.
          {"title = \"T\"\nper_page = 77777777777777777777778.0\n",
           ":2: per_page must be a whole number"},
          {"walkthrough = 4.0\n", ":1: walkthrough must be a whole number"}}) {
        write_file(book, text);
        const CliResult r = run_kenken("export --db " + db.str() + " -n 1 --book " + book.str() +
                                       " -o " + out.str());
        INFO(text << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(book.str() + said));
        CHECK_FALSE(fs::exists(out.path));
    }
    CHECK(kk::db::Corpus::open_existing(db.str()).packs().empty());
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
    CHECK(kk::db::Corpus::open_existing(out.str()).runs().empty());
    CHECK(run_kenken("merge --force --db " + out.str() + " " + half.str() + " " + third.str())
              .status == 0);
}

TEST_CASE("variant standard combined with another variant says why it is refused",
          "[cli][hostile][edges]") {
    // "standard,hidden" said "unknown variant 'standard' (use standard, or ...)".
    TempPath db("variant-standard.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 1").status == 0);
    for (const std::string& command :
         {"query --db " + db.str() + " --variant standard,hidden",
          "generate -q --db " + db.str() +
              " --add --sizes 4 --count 1 --variant hidden,standard"}) {
        const CliResult r = run_kenken(command);
        INFO(command << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("cannot be combined") &&
                              !Catch::Contains("unknown variant 'standard'"));
    }
}

TEST_CASE("a configuration file may not name the top-up stream as its shard",
          "[cli][hostile][config]") {
    // shard = "2/2" (meant as the second of two; --shard 2/2 is refused) ran as the
    // top-up stream of a merged corpus: the whole quota, not half of it, exit 0.
    TempPath db("config-shard.db"), config("config-shard.toml");
    write_file(config, "[run]\nsizes = \"4\"\ncount = 4\nshard = \"2/2\"\n");
    const CliResult r = run_kenken("generate -q --db " + db.str() + " --config " + config.str());
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(config.str() + ":4: run.shard") &&
                          Catch::Contains("need 0 <= I < N"));
    CHECK_FALSE(fs::exists(db.path));
}

TEST_CASE("query in a form that cannot carry a variant refuses before writing anything",
          "[cli][hostile][variants]") {
    // A standard puzzle, then a hidden-operator one: query --format keen printed the
    // first and then stopped, exit 1 (a corpus fault), naming no puzzle.
    TempPath db("query-keen-hidden.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 1").status == 0);
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 1 --add --variant " +
                       "hidden")
                .status == 0);
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 1 --add --variant " +
                       "killer")
                .status == 0);
    for (const auto& [format, rules] :
         {std::pair{"keen", "hidden"}, std::pair{"cancan", "killer"}}) {
        const CliResult r = run_kenken("query --db " + db.str() + " --format " + format);
        INFO(format << ": " << r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK_THAT(r.err, Catch::Contains("query: puzzle ") &&
                              Catch::Contains(std::string("(") + rules + "): ") &&
                              Catch::Contains("use neknek"));
    }
    // What the form can carry is still written.
    const CliResult standard =
        run_kenken("query --db " + db.str() + " --format keen --variant standard");
    CHECK(standard.status == 0);
    CHECK_THAT(standard.out, Catch::StartsWith("4:"));
    CHECK(run_kenken("query --db " + db.str() + " --format cancan --variant hidden").status == 0);
}

TEST_CASE("query and export say when a form cannot carry mult-only or add-sub",
          "[cli][hostile][variants]") {
    // cancan (and a Keen id for add-sub) wrote them without a word, and they read back
    // labelled standard; hidden,mult-only in cancan read back as another puzzle.
    TempPath db("relabelled.db"), pack("relabelled.cancan"), hidden("relabelled-hidden.cancan");
    for (const std::string variant : {"mult-only", "add-sub", "hidden,mult-only"})
        REQUIRE(run_kenken("generate -q --db " + db.str() +
                           " --sizes 4 --count 2 --add --variant " + variant)
                    .status == 0);
    CliResult r = run_kenken("query --db " + db.str() + " --format cancan --variant mult-only");
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.err ==
          "query: warning: the cancan form cannot carry the variant mult-only: its 2 puzzles (the "
          "same, operations shown) read back as standard; neknek and json keep it\n");
    r = run_kenken("query --db " + db.str() + " --format keen --variant mult-only");
    CHECK(r.status == 0);
    CHECK(r.err.empty());  // Keen ids have a multiplication-only mode
    r = run_kenken("query --db " + db.str() + " --format keen --variant add-sub");
    CHECK(r.status == 0);
    CHECK_THAT(r.err, Catch::Contains("the keen form cannot carry the variant add-sub: its 2"));
    r = run_kenken("export --db " + db.str() + " -n 2 --variant add-sub -o " + pack.str());
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK_THAT(r.err, Catch::StartsWith("export: warning: the cancan form cannot carry the "
                                        "variant add-sub: its 2 puzzles"));
    // Hidden operations of one kind: refused before anything is written, as killer.
    r = run_kenken("query --db " + db.str() + " --format cancan --variant hidden,mult-only");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains("cannot carry hidden operations of hidden,mult-only"));
    r = run_kenken("export --db " + db.str() + " -n 2 --variant hidden,mult-only -o " +
                   hidden.str());
    CHECK(r.status == 2);
    CHECK_FALSE(fs::exists(hidden.path));
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

namespace {

// The words of a --help section (from its title line to the next blank-line-free
// title) that begin a line: option names ("-j,--threads" gives -j and --threads) or
// subcommand names.
std::set<std::string> help_words(const std::string& help, const std::string& section) {
    std::set<std::string> words;
    std::istringstream in(help.substr(help.find(section + ":\n") + section.size() + 2));
    static const std::regex option(R"(^  +((-[a-z]),)?(--[a-z][a-z-]*))");
    static const std::regex command(R"(^  ([a-z]+) )");
    for (std::string line; std::getline(in, line) && (line.empty() || line[0] == ' ');) {
        std::smatch m;
        if (std::regex_search(line, m, option)) {
            if (m[2].matched) words.insert(m[2]);
            words.insert(m[3]);
        } else if (std::regex_search(line, m, command)) {
            words.insert(m[1]);
        }
    }
    words.erase("-h");
    words.erase("--help");
    return words;
}

// What scripts/kenken-completion.bash offers for the words typed so far.
std::set<std::string> completions(const std::string& words, int cword) {
    const std::string script = kTestData + "/../../scripts/kenken-completion.bash";
    const CliResult r = run_shell("bash -c 'source \"" + script + "\"; COMP_WORDS=(" + words +
                                  "); COMP_CWORD=" + std::to_string(cword) +
                                  "; _kenken; printf \"%s\\n\" \"${COMPREPLY[@]}\"'");
    REQUIRE(r.status == 0);
    std::set<std::string> out;
    std::istringstream in(r.out);
    for (std::string word; in >> word;)
        if (word != "--help" && word != "--version") out.insert(word);
    return out;
}

}  // namespace

TEST_CASE("bash completion offers every command and exactly each command's options",
          "[cli][hostile][completion]") {
    // It lacked merge, and generate's --variant, --shard, --top-up, query's --variant and
    // a dozen of export's options (--trim, --book, --dry-run, ...).
    const std::set<std::string> commands = help_words(run_kenken("--help").out, "Subcommands");
    REQUIRE(commands.count("merge") == 1);
    CHECK(completions("kenken ''", 1) == commands);
    for (const std::string& command : commands) {
        INFO(command);
        CHECK(completions("kenken " + command + " -", 2) ==
              help_words(run_kenken(command + " --help").out, "Options"));
    }
}
