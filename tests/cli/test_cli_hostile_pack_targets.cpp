// Hostile pack names (issue 11, items 5 to 7): the corpus itself under another name,
// names near the limit, symbolic links, /dev/stdout, export's own part files, a folder
// removed or too deep, and exports started together to one name.
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
    // One name again: a corpus with two is not opened at all (test_cli_hostile_one_writer.cpp).
    fs::remove(folder.path / "hard.db");
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
    // (A JSON pack carries its solutions always, and refuses --solutions.)
    for (const std::string out : {"pack.pdf", "pack.json"}) {
        const CliResult r =
            run_shell("bash -c \"trap '' XFSZ; ulimit -f 100; " + kKenken + " export --db " + db +
                      " -n 300" + (out == "pack.pdf" ? " --solutions" : "") + " -o " +
                      (folder.path / out).string() + "\"");
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

TEST_CASE("a pack named by a symbolic link to nothing: the name is taken, said before writing",
          "[cli][hostile][export]") {
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

TEST_CASE("an SVG pack never replaces a symbolic link without --force", "[cli][hostile][export]") {
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

TEST_CASE("an export to /dev/stdout or a link to a process's open file is refused, the link kept",
          "[cli][hostile][out]") {
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

TEST_CASE("a pack whose folder is removed while it is written says so and records nothing",
          "[cli][hostile][out]") {
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

TEST_CASE("export --force over an earlier pack's file in a folder deeper than PATH_MAX warns",
          "[cli][hostile][out]") {
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

TEST_CASE("a pack named as export's own part files is refused, and no later export removes one",
          "[cli][hostile][out]") {
    // -o .x.neknek.kkpack-1.kkpart-99 made and recorded a pack, exit 0; the next export
    // into the folder took the file for a killed export's part and removed it: a recorded
    // pack without its file.
    TempPath folder("review4-part-name");
    fs::create_directory(folder.path);
    const std::string db = (folder.path / "c.db").string();
    REQUIRE(run_kenken("generate -q --db " + db + " --sizes 4 -n 6 --seed 3").status == 0);
    for (const char* name : {".x.neknek.kkpack-1.kkpart-99", ".x.neknek.kkpart-99"}) {
        const fs::path named = folder.path / name;
        const CliResult r = run_kenken("export --db " + db + " -n 2 --allow-repeats -o " +
                                       named.string() + " --format neknek");
        INFO(name << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("part files"));
        CHECK(run_kenken("export --db " + db + " -n 2 --allow-repeats --format neknek --force -o " +
                         (folder.path / "later.neknek").string())
                  .status == 0);
        // Either never made, or still there with its record.
        const CliResult packs = run_kenken("packs --db " + db);
        CHECK(fs::exists(named) == (packs.out.find(name) != std::string::npos));
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
