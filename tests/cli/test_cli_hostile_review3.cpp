// The commands that read a corpus or write packs, reviewed again as a hostile user
// would: a corpus whose schema version was edited, export targets that are a process's
// open file, and book words that print as nothing.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

#include "tests/support/cli_run.h"
#include "tests/support/corpus_rows.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

// A folder holding a small corpus of 4x4 puzzles.
struct CorpusFolder {
    TempPath temp;
    std::string db;
    explicit CorpusFolder(const std::string& name) : temp(name) {
        fs::create_directory(temp.path);
        db = (temp.path / "corpus.db").string();
        REQUIRE(run_kenken("generate -q --db " + db + " --sizes 4 -n 6 --seed 3").status == 0);
    }
    std::string operator/(const std::string& file) const { return (temp.path / file).string(); }
};

}  // namespace

TEST_CASE("a corpus whose schema version was edited is damaged for readers and writers alike",
          "[cli][hostile-review3][schema]") {
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
    exec_sql(folder.db, "PRAGMA user_version = 3");
    CHECK(run_kenken("verify -q --db " + folder.db).status == 0);
    CHECK(run_kenken("export -n 2 --format neknek -o - --db " + folder.db).status == 0);
}

TEST_CASE("an export to /dev/stdout or a link to a process's open file is refused, the link kept",
          "[cli][hostile-review3][out]") {
    // With stdout a file, /dev/stdout is a link to a regular file: export said "already
    // exists (--force overwrites it)", and with --force renamed the pack over the link
    // itself (on the real /dev, /dev/stdout gone for the machine), none of it on stdout.
    CorpusFolder folder("review3-descriptor");
    const std::string link = folder / "out.neknek";
    fs::create_symlink("/proc/self/fd/1", link);
    const std::string captured = folder / "captured.txt";
    // --force only where a binary without the fix can do no harm: the link of our own,
    // and /proc, where nothing can be made.
    for (const auto& [out, force] : {std::pair<std::string, bool>{link, true},
                                     {link, false},
                                     {"/proc/self/fd/1", true},
                                     {"/dev/stdout", false},
                                     {"/dev/fd/1", false}}) {
        const CliResult r =
            run_shell(kKenken + std::string(" export --db ") + folder.db + " -n 2 --format neknek" +
                      (force ? " --force" : "") + " -o " + out + " 2>&1 >" + captured);
        INFO(out << ": " << r.out);
        CHECK(r.status == 2);
        CHECK_THAT(r.out, Catch::Contains("open file") && Catch::Contains("--out -"));
        CHECK(fs::is_symlink(fs::symlink_status(link)));
    }
    // Nothing recorded: the six puzzles are all still fresh.
    CHECK(run_kenken("export --db " + folder.db + " -n 6 --format neknek -o -").status == 0);
}

TEST_CASE("a level named with spaces that print as nothing is refused as blank",
          "[cli][hostile-review3][book]") {
    // " " was refused as blank; a no-break space, an ideographic space or a zero-width
    // space headed the level's sections and pages with nothing, exit 0.
    CorpusFolder folder("review3-blank");
    const std::string book = folder / "book.toml";
    for (const char* name : {"\\u00a0", "\\u3000", "\\u200b", " \\u2003 "}) {
        DYNAMIC_SECTION("level name " << name) {
            std::ofstream(book) << "[levels]\neasy = \"" << name << "\"\n";
            const std::string pdf = folder / "book.pdf";
            const CliResult r =
                run_kenken("export --db " + folder.db + " -n 2 -o " + pdf + " --book " + book);
            INFO(r.err);
            CHECK(r.status == 2);
            CHECK_THAT(r.err, Catch::Contains("book.toml:2") && Catch::Contains("is blank"));
            CHECK(!fs::exists(pdf));
        }
    }
}

TEST_CASE("a pack whose folder is removed while it is written says so and records nothing",
          "[cli][hostile-review3][out]") {
    // The book was drawn into the removed folder's open part file, and then the
    // rename failed: "filesystem error: cannot rename: No such file or directory
    // [dir/.o.pdf.kkpart-PID] [dir/.o.pdf.kkpack-1.kkpart-PID]", hidden names and no word
    // of the folder.
    CorpusFolder folder("review3-gone");
    fill_with_copies(folder.db, 2000);  // a book of a second or so
    const std::string dir = folder / "book";
    fs::create_directory(dir);
    // The folder goes once the part is there (or after 5 s, when the test fails anyway).
    const CliResult r =
        run_shell("(" + kKenken + " export --db " + folder.db + " -n 2000 -o " + dir +
                  "/o.pdf & pid=$!; for i in $(seq 1000); do ls -a " + dir +
                  " | grep -q kkpart && break; sleep 0.005; done; rm -rf " + dir + "; wait $pid)");
    INFO(r.out);
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("no folder " + dir) &&
                          Catch::Contains("changed while the pack was written") &&
                          Catch::Contains("nothing written or recorded"));
    CHECK_THAT(r.out, !Catch::Contains("kkpart"));
    const CliResult packs = run_kenken("packs --db " + folder.db);
    CHECK_THAT(packs.out, Catch::Contains("no packs"));
}

TEST_CASE("verify finds a pack whose record was edited to disagree with what it holds",
          "[cli][hostile-review3][verify]") {
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

TEST_CASE("export --force over an earlier pack's file in a folder deeper than PATH_MAX warns",
          "[cli][hostile-review3][out]") {
    // The earlier pack's recorded name (absolute, past 4096 bytes) could be neither
    // stat'ed nor resolved, so it was never the same file: the pack it replaced stayed
    // recorded with its puzzles published, and nothing said so.
    CorpusFolder folder("review3-deep");
    const std::string level(250, 'd');
    // Folder by folder from the one before (no whole name may pass PATH_MAX; bash, as
    // dash's cd fails past it); rm -rf at the end, where std::filesystem cannot remove it.
    const CliResult r =
        run_shell("bash -c '(cd " + folder.temp.str() + " && for i in $(seq 17); do mkdir " +
                  level + " && cd " + level + " || exit 99; done; " + kKenken + " export --db " +
                  folder.db + " -n 2 -o o.neknek && " + kKenken + " export --db " + folder.db +
                  " -n 2 -o o.neknek --force; s=$?; cd " + folder.temp.str() + " && rm -rf " +
                  level + "; exit $s)'");
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("pack 2: 2 puzzles") &&
                          Catch::Contains("o.neknek held pack 1, which stays recorded"));
}
