// Hostile use of the binary, third round: odd names and values that each once gave a
// misleading message or a broken report.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>

#include "tests/support/cli_run.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

// A small corpus: 6 4x4 puzzles.

}  // namespace

TEST_CASE("packs lists a file name with a newline or a control character on its own row",
          "[cli][hostile3]") {
    TempPath db("ctl.db"), folder("ctl-names");
    make_small_corpus(db.str());
    fs::create_directories(folder.path);
    // A newline, a tab and ESC (a terminal control) in the names; single quotes keep
    // them one shell word.
    const std::string names[] = {"a\nb.json", "c\td.json", "e\x1b[31mf.json"};
    for (const std::string& name : names)
        REQUIRE(run_kenken("export --db " + db.str() + " -n 1 --allow-repeats -o '" +
                           (folder.path / name).string() + "'")
                    .status == 0);
    const CliResult r = run_kenken("packs --db " + db.str());
    REQUIRE(r.status == 0);
    std::istringstream lines(r.out);
    std::string line;
    int rows = 0;
    while (std::getline(lines, line)) {
        ++rows;
        CHECK(line.find('\t') == std::string::npos);
        CHECK(line.find('\x1b') == std::string::npos);
    }
    CHECK(rows == 4);  // the header and a row a pack
    CHECK_THAT(r.out, Catch::Contains("a\\nb.json") && Catch::Contains("c\\td.json") &&
                          Catch::Contains("e\\x1b[31mf.json"));
    // JSON keeps the name as it is (escaped by JSON itself).
    CHECK_THAT(run_kenken("packs --json --db " + db.str()).out, Catch::Contains("a\\nb.json"));
}

TEST_CASE("a size range with two dashes is malformed, not backwards", "[cli][hostile3]") {
    TempPath db("dashes.db");
    make_small_corpus(db.str());
    for (const std::string& command : {"generate --db " + db.str() + " --add -n 1 --sizes ",
                                       "query --db " + db.str() + " --size "}) {
        const CliResult r = run_kenken(command + "4--6");
        INFO(command << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("'4--6' is malformed") && !Catch::Contains("backwards"));
    }
}

TEST_CASE("a configuration's bad seed names file, line and what a seed is", "[cli][hostile3]") {
    TempPath db("seed.db"), config("seed.toml");
    write_file(config, "[run]\nsizes = \"4\"\nseed = 1.5\n");
    const CliResult r = run_kenken("generate --db " + db.str() + " --config " + config.str());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(config.str() + ":3: run.seed:") &&
                          Catch::Contains("from 0 to 2^64-1") &&
                          !Catch::Contains("expected a string"));
    CHECK(!fs::exists(db.path));
}

TEST_CASE("export to a full stdout records no pack", "[cli][hostile3]") {
    TempPath db("full-stdout.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 6 -n 40").status == 0);
    // Past stdio's buffer the write failed inside fwrite, so the flush found nothing
    // to fail on: exit 1, but pack 1 was recorded and its puzzles were no longer fresh.
    const CliResult r = run_shell("sh -c '" + kKenken + " export --db " + db.str() +
                                  " -n 40 --format json -o - > /dev/full'");
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("cannot write to stdout"));
    CHECK(run_kenken("packs --db " + db.str()).out == "no packs\n");
    CHECK(run_kenken("query --db " + db.str() + " --fresh --format json").out.size() > 0);
}

TEST_CASE("a folder or a device as --config says what it is", "[cli][hostile3]") {
    TempPath db("config-kind.db"), folder("config-folder");
    fs::create_directories(folder.path);
    // Each said 'no configuration "..."', as if nothing were there.
    const struct {
        std::string path, says;
    } cases[] = {
        {folder.str(), "is a folder, not a configuration file"},
        {"/dev/zero", "larger than 1 MiB"},
    };
    for (const auto& c : cases) {
        const CliResult r =
            run_kenken("generate --db " + db.str() + " --sizes 4 -n 1 --config " + c.path);
        INFO(c.path << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(c.path) && Catch::Contains(c.says) &&
                              !Catch::Contains("no configuration"));
        CHECK(!fs::exists(db.path));
    }
    CHECK_THAT(run_kenken("generate --db " + db.str() + " --config " + folder.str() + "/none").err,
               Catch::Contains("no configuration"));
}

TEST_CASE("a file name that is not UTF-8 still gives JSON lines", "[cli][hostile3]") {
    TempPath folder("latin1-names"), db("latin1.db");
    fs::create_directories(folder.path);
    const fs::path puzzle = folder.path / "caf\xe9.neknek";  // Latin-1: not UTF-8
    fs::copy_file(fs::path(kTestData) / "seed001-4x4.neknek", puzzle);
    // Each was "internal error: [json.exception.type_error.316] invalid UTF-8 byte".
    for (const std::string command : {"solve --json", "grade --json"}) {
        const CliResult r = run_kenken(command + " '" + puzzle.string() + "'");
        INFO(command << ": " << r.err);
        CHECK(r.status == 0);
        CHECK_THAT(r.out, Catch::Contains("caf\xef\xbf\xbd.neknek"));  // U+FFFD
        CHECK_NOTHROW(nlohmann::json::parse(r.out));
    }
    make_small_corpus(db.str());
    const fs::path pack = folder.path / "pack\xff.json";
    REQUIRE(run_kenken("export --db " + db.str() + " -n 1 -o '" + pack.string() + "'").status == 0);
    const CliResult packs = run_kenken("packs --json --db " + db.str());
    INFO(packs.err);
    CHECK(packs.status == 0);
    CHECK(nlohmann::json::parse(packs.out).at("file") ==
          (folder.path / "pack\xef\xbf\xbd.json").string());
}

TEST_CASE("check quotes an answer's bad value safely: no raw control byte, cut short",
          "[cli][hostile3]") {
    const std::string puzzle = kTestData + "/seed001-4x4.neknek";
    const std::string rows = "4 2 3 1\n3 4 1 2\n1 3 2 4\n2 1 4 ";
    // An answer from elsewhere (a model's output) put ESC sequences and NUL bytes on the
    // terminal as they were, and a megabyte-long word in the message whole.
    const struct {
        std::string last, says;
    } cases[] = {
        {"\x1b[2J", "row 4: '\\x1B[2J' is not a number"},
        {std::string("3\0", 2), "row 4: '3\\x00' is not a number"},
        {std::string(100000, 'x'), "row 4: 'xxxxxxxxxxxxxxxxxxxxxxxx...' is not a number"},
    };
    for (const auto& c : cases) {
        const CliResult r = run_kenken("check " + puzzle + " -", rows + c.last + "\n");
        INFO(c.says);
        CHECK(r.status == 2);  // no grid of numbers: bad input
        CHECK_THAT(r.err, Catch::Contains(c.says));
        CHECK(r.err.find('\x1b') == std::string::npos);
        CHECK(r.err.find('\0') == std::string::npos);
        CHECK(r.err.size() < 200);
    }
}

TEST_CASE("standard input named twice is refused as such", "[cli][hostile3]") {
    const std::string puzzle = slurp(fs::path(kTestData) / "seed001-4x4.neknek");
    // The second '-' read nothing: "<stdin>:1: no puzzle found: the text is empty".
    for (const char* command : {"solve - -", "grade - -", "bench --repeat 1 - -"}) {
        const CliResult r = run_kenken(command, puzzle);
        INFO(command << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("'-' given twice") && !Catch::Contains("empty"));
        CHECK(r.out.empty());
    }
    CHECK(run_kenken("solve -", puzzle).status == 0);
}

TEST_CASE("a corpus named through a link to nothing, or under a file, says so", "[cli][hostile3]") {
    TempPath folder("odd-paths");
    fs::create_directories(folder.path);
    const fs::path link = folder.path / "link.db", file = folder.path / "plain";
    fs::create_symlink("missing.db", link);
    write_file(file, "not a folder\n");
    // "cannot open ...: unable to open database file", and "no folder" for a file.
    const CliResult dangling = run_kenken("generate -q --db " + link.string() + " --sizes 4 -n 1");
    CHECK(dangling.status == 1);
    CHECK_THAT(dangling.err,
               Catch::Contains("is a symbolic link to missing.db, which does not exist"));
    CHECK(!fs::exists(folder.path / "missing.db"));
    const CliResult under =
        run_kenken("generate -q --db " + (file / "c.db").string() + " --sizes 4 -n 1");
    CHECK(under.status == 1);
    CHECK_THAT(under.err, Catch::Contains(file.string() + " is not a folder"));
    TempPath db("odd-paths.db");
    make_small_corpus(db.str());
    const CliResult out =
        run_kenken("export --db " + db.str() + " -n 1 -o " + (file / "p.json").string());
    CHECK(out.status == 2);
    CHECK_THAT(out.err, Catch::Contains(file.string() + " is not a folder"));
}

TEST_CASE("UTF-16 input is named as such, not as binary data", "[cli][hostile3]") {
    TempPath puzzle("u16.neknek"), answer("u16-answer.txt"), config("u16.toml"), db("u16.db"),
        book("u16-book.toml"), out("u16.pdf");
    // UTF-16LE with its byte order mark, as Windows PowerShell's `>` writes text.
    const auto utf16 = [](const std::string& ascii) {
        std::string s = "\xFF\xFE";
        for (char c : ascii) s += std::string{c, '\0'};
        return s;
    };
    const std::string text = slurp(fs::path(kTestData) / "seed001-4x4.neknek");
    write_file(puzzle, utf16(text));
    write_file(answer, utf16("4 2 3 1\n3 4 1 2\n1 3 2 4\n2 1 4 3\n"));
    write_file(config, utf16("[run]\nseed = 1\n"));
    write_file(book, utf16("title = \"T\"\n"));
    make_small_corpus(db.str());
    // "binary data (byte 0xFF at column 1)", "invalid utf-8 sequence", and for the
    // answer (a right one) "wrong", exit 7.
    const struct {
        std::string args, where;
    } cases[] = {
        {"solve " + puzzle.str(), puzzle.str() + ":1: "},
        {"check " + kTestData + "/seed001-4x4.neknek " + answer.str(), answer.str() + ": "},
        {"generate --db " + db.str() + " --config " + config.str(), config.str() + ":1: "},
        {"export --db " + db.str() + " -n 1 --book " + book.str() + " -o " + out.str(),
         book.str() + ":1: "},
    };
    for (const auto& c : cases) {
        const CliResult r = run_kenken(c.args);
        INFO(c.args << ": " << r.err << r.out);
        CHECK(r.status == 2);
        CHECK_THAT(r.err,
                   Catch::Contains(c.where + "UTF-16 text") && Catch::Contains("save it as UTF-8"));
    }
    CHECK(!fs::exists(out.path));
}

TEST_CASE("a folder as standard input is named, not read as empty", "[cli][hostile3]") {
    const std::string puzzle = kTestData + "/seed001-4x4.neknek";
    // "no puzzle found: the text is empty", and for check a "wrong" answer (exit 7).
    for (const std::string& command :
         {std::string("solve -"), std::string("grade -"), "check " + puzzle + " -"}) {
        const CliResult r = run_shell(kKenken + " " + command + " < /");
        INFO(command << ": " << r.out);
        CHECK(r.status == 2);
        CHECK_THAT(r.out, Catch::Contains("<stdin>: standard input is a folder") &&
                              !Catch::Contains("wrong") && !Catch::Contains("empty"));
    }
}

TEST_CASE("an export waits out another writer past SQLite's timeout, saying so",
          "[cli][hostile3]") {
    TempPath db("held.db");
    make_small_corpus(db.str());
    // This process holds the write lock for 11 s, as a long merge or a sqlite3 shell
    // would. The export failed after 10 s with "database is locked"; it then said why,
    // and now it waits, saying so after 10 s, and records its pack once the lock is free.
    sqlite3* raw = nullptr;
    REQUIRE(sqlite3_open(db.str().c_str(), &raw) == SQLITE_OK);
    REQUIRE(sqlite3_exec(raw, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) == SQLITE_OK);
    std::thread holder([raw] {
        std::this_thread::sleep_for(std::chrono::seconds(11));
        sqlite3_exec(raw, "ROLLBACK", nullptr, nullptr, nullptr);
    });
    const CliResult r = run_kenken("export --db " + db.str() + " -n 1 --format json -o -");
    holder.join();
    sqlite3_close(raw);
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK_THAT(r.err,
               Catch::Contains("another process has held the corpus's write lock for 10 s") &&
                   Catch::Contains("pack 1: 1 puzzle to stdout"));
    CHECK(nlohmann::json::parse(r.out).contains("puzzle"));
}

TEST_CASE("check reads an answer whose lines end in CR alone", "[cli][hostile3]") {
    const std::string puzzle = kTestData + "/seed001-4x4.neknek";
    // "wrong: row 1 has 16 values, not 4" (exit 7) for the right grid.
    const CliResult right =
        run_kenken("check " + puzzle + " -", "4 2 3 1\r3 4 1 2\r1 3 2 4\r2 1 4 3\r");
    CHECK(right.status == 0);
    CHECK_THAT(right.out, Catch::Contains("correct"));
    const CliResult wrong =
        run_kenken("check " + puzzle + " -", "4 2 3 1\r3 4 1 2\r1 3 2 4\r2 1 3 4");
    CHECK(wrong.status == 7);
    CHECK_THAT(wrong.out, Catch::Contains("column 3 holds 3 twice"));
}

TEST_CASE("a shard whose share is nothing still counts as finished in the merge",
          "[cli][hostile3]") {
    TempPath folder("empty-shards");
    fs::create_directories(folder.path);
    // 2 puzzles over 4 shards: shards 2 and 3 make none. They recorded no run, so merge
    // said "finished shards: 2 of 4" and --top-up was refused for ever.
    std::string shards;
    for (int i = 0; i < 4; ++i) {
        const std::string db = (folder.path / ("s" + std::to_string(i) + ".db")).string();
        const std::string args =
            "generate -q --db " + db + " --shard " + std::to_string(i) + "/4 -n 2 --sizes 4";
        REQUIRE(run_kenken(args).status == 0);
        REQUIRE(run_kenken(args).status == 0);  // again: no second run
        shards += " " + db;
    }
    const std::string merged = (folder.path / "m.db").string();
    const CliResult merge = run_kenken("merge --db " + merged + shards);
    INFO(merge.out << merge.err);
    CHECK(merge.status == 0);
    CHECK_THAT(merge.out, Catch::Contains("finished shards: 4 of 4"));
    // A damaged stored configuration is a damaged corpus (exit 1), as for --resume; it
    // was bad input (exit 2) here.
    const std::string copy = (folder.path / "damaged.db").string();
    fs::copy_file(merged, copy);
    {
        sqlite3* raw = nullptr;
        REQUIRE(sqlite3_open(copy.c_str(), &raw) == SQLITE_OK);
        CHECK(sqlite3_exec(raw, "UPDATE runs SET config = '{{{'", nullptr, nullptr, nullptr) ==
              SQLITE_OK);
        sqlite3_close(raw);
    }
    const CliResult damaged = run_kenken("generate -q --db " + copy + " --top-up");
    CHECK(damaged.status == 1);
    CHECK_THAT(damaged.err, Catch::Contains("stored configuration: the corpus is damaged"));
    CHECK(run_kenken("generate -q --db " + merged + " --top-up").status == 0);
    const CliResult stats = run_kenken("stats --json --db " + (folder.path / "s3.db").string());
    CHECK(nlohmann::json::parse(stats.out).at("runs").size() == 1);
}

TEST_CASE("a shard run into a corpus holding another shard is refused", "[cli][hostile3]") {
    TempPath db("one-shard.db"), plain("plain-corpus.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --shard 0/4 -n 8 --sizes 4").status == 0);
    // Shard 1's share counted shard 0's puzzles: "already holds the 2 puzzles ... nothing
    // to make", and merge then took the file for shard 0 alone.
    for (const std::string& other :
         {std::string("--shard 1/4"), std::string("--shard 0/5"), std::string("")}) {
        const CliResult r =
            run_kenken("generate --db " + db.str() + " " + other + " -n 8 --sizes 4 --add");
        INFO(other << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("holds shard 0/4's puzzles") &&
                              Catch::Contains("goes into a corpus of its own"));
    }
    // The same shard again, and unsplit runs into an unsplit corpus, are fine.
    CHECK(run_kenken("generate -q --db " + db.str() + " --shard 0/4 -n 8 --sizes 4 --add").status ==
          0);
    make_small_corpus(plain.str());
    CHECK(run_kenken("generate -q --db " + plain.str() + " -n 2 --sizes 5 --add").status == 0);
    const CliResult split = run_kenken("generate --db " + plain.str() + " --shard 1/2 -n 2");
    CHECK(split.status == 2);
    CHECK_THAT(split.err, Catch::Contains("holds an unsplit run's puzzles"));
}

TEST_CASE("a lock file that is a link is refused, and the file it names is left alone",
          "[cli][hostile3]") {
    TempPath folder("lock-link");
    fs::create_directories(folder.path);
    const fs::path db = folder.path / "c.db", victim = folder.path / "victim.txt";
    write_file(victim, "precious\n");
    // The holder's line was written through the link: victim.txt became
    // "kenken generate, pid ..." (tried by hand with /etc/passwd as the victim).
    fs::create_symlink(victim, folder.path / "c.db.lock");
    const CliResult linked = run_kenken("generate -q --db " + db.string() + " --sizes 4 -n 1");
    CHECK(linked.status == 1);
    CHECK_THAT(linked.err, Catch::Contains("is a symbolic link: remove it"));
    CHECK(slurp(victim) == "precious\n");
    CHECK(!fs::exists(db));
    // A hard link to another file, the same.
    fs::remove(folder.path / "c.db.lock");
    fs::create_hard_link(victim, folder.path / "c.db.lock");
    const CliResult hard = run_kenken("generate -q --db " + db.string() + " --sizes 4 -n 1");
    CHECK(hard.status == 1);
    CHECK_THAT(hard.err, Catch::Contains("is not a plain file of its own"));
    CHECK(slurp(victim) == "precious\n");
}

TEST_CASE("stats lists a merged shard whose file name has a newline on one line",
          "[cli][hostile3]") {
    TempPath folder("origin-names");
    fs::create_directories(folder.path);
    const std::string shard = (folder.path / "s\n0.db").string();
    REQUIRE(run_kenken("generate -q --db '" + shard + "' --sizes 4 -n 2").status == 0);
    const std::string merged = (folder.path / "m.db").string();
    REQUIRE(run_kenken("merge --db " + merged + " '" + shard + "'").status == 0);
    const CliResult r = run_kenken("stats --db " + merged);
    REQUIRE(r.status == 0);
    // "merged from .../s" and "0.db (run 1)" were two lines.
    CHECK_THAT(r.out,
               Catch::Contains("merged from " + (folder.path / "s\\n0.db").string() + " (run 1)"));
}

TEST_CASE("a folder as a writer's corpus is named before any lock file is made",
          "[cli][hostile3]") {
    TempPath folder("folder-corpus");
    fs::create_directories(folder.path);
    const std::string shard = (folder.path / "s.db").string();
    REQUIRE(run_kenken("generate -q --db " + shard + " --sizes 4 -n 1").status == 0);
    // "cannot write DIR: Is a directory (a writer needs a corpus it may change ...)", with
    // DIR.lock left beside the folder.
    for (const std::string& command : {"generate --sizes 4 -n 1 --db " + folder.str(),
                                       "merge " + shard + " --db " + folder.str()}) {
        const CliResult r = run_kenken(command);
        INFO(command << ": " << r.err);
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::Contains(folder.str() + " is a folder, not a KenKen corpus") &&
                              !Catch::Contains("may change"));
        CHECK(!fs::exists(folder.str() + ".lock"));
    }
}

TEST_CASE("a reader that closes the pipe ends kenken quietly, even with SIGPIPE ignored",
          "[cli][hostile3]") {
    TempPath db("pipe.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 6 -n 200").status == 0);
    // Over 64 KiB of JSON, so the write meets the closed pipe. Under `trap '' PIPE` (a
    // parent ignoring SIGPIPE) it said "cannot write the output" and exit 1.
    for (const char* trap : {"", "trap '' PIPE; "}) {
        const CliResult r =
            run_shell("bash -c \"" + std::string(trap) + kKenken + " query --db " + db.str() +
                      " --format json | head -c 10 >/dev/null; "
                      "exit \\${PIPESTATUS[0]}\"");
        INFO(trap << r.out);
        CHECK(r.status == 128 + 13);  // SIGPIPE
        CHECK(r.out.empty());
    }
}

TEST_CASE("run from a removed folder, kenken says so before a relative name fails",
          "[cli][hostile3]") {
    TempPath db("removed-cwd.db"), gone("removed-cwd");
    make_small_corpus(db.str());
    fs::create_directories(gone.path);
    // export said "filesystem error: cannot make absolute path", generate "cannot open the
    // lock file c.db.lock: No such file or directory".
    const CliResult r = run_shell("cd " + gone.str() + " && rmdir " + gone.str() + " && " +
                                  kKenken + " export --db " + db.str() + " -n 1 -o x.json");
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("the current folder has been removed"));
    // Absolute names still work from there.
    const std::string puzzle = kTestData + "/seed001-4x4.neknek";
    fs::create_directories(gone.path);
    const CliResult solve = run_shell("cd " + gone.str() + " && rmdir " + gone.str() + " && " +
                                      kKenken + " solve " + puzzle);
    CHECK(solve.status == 0);
}

TEST_CASE("a link or a folder in place of SQLite's -wal or -shm file is named", "[cli][hostile3]") {
    TempPath db("companion.db");
    make_small_corpus(db.str());
    // Each said "cannot prepare \"SELECT count(*) FROM sqlite_master\": unable to open
    // database file". SQLite never writes through them: the link's target is untouched.
    const fs::path wal = db.str() + "-wal", target = db.str() + "-target";
    write_file(target, "precious\n");
    fs::create_symlink(target, wal);
    const CliResult linked = run_kenken("stats --db " + db.str());
    CHECK(linked.status == 1);
    CHECK_THAT(linked.err, Catch::Contains(wal.string() + " is a symbolic link, which SQLite"));
    CHECK(slurp(target) == "precious\n");
    fs::remove(wal);
    fs::remove(target);
    fs::create_directory(wal);
    const CliResult folder = run_kenken("generate -q --db " + db.str() + " --sizes 4 -n 1 --add");
    CHECK(folder.status == 1);
    CHECK_THAT(folder.err, Catch::Contains(wal.string() + " is a folder, which SQLite"));
}
