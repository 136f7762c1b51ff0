// Hostile input and output streams (issue 11, item 8): closed, endless or unreadable
// input, folders given as files, a byte order mark, reports that cannot be written, and
// searches bounded by --max-seconds.
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "core/io/formats.h"
#include "core/model/features.h"
#include "tests/support/cli_run.h"
#include "tests/support/corpus_rows.h"
#include "tests/support/sanitized.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

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
    // A listing past 1000 solutions streams; its failed output stopped the search, which
    // was then reported as "undecided: no answer within --max-seconds 0".
    TempPath whole("report-whole-5x5.neknek");
    write_file(whole,
               "#\t5\n+\t75\tA1 A2 A3 A4 A5 B1 B2 B3 B4 B5 C1 C2 C3 C4 C5 D1 D2 D3 D4 D5 "
               "E1 E2 E3 E4 E5\n");
    const CliResult streamed =
        run_shell("sh -c '" + kKenken + " solve --limit 5000 " + whole.str() + " > /dev/full'");
    CHECK(streamed.status == 1);
    CHECK_THAT(streamed.out,
               Catch::Contains("kenken: cannot write the output") && !Catch::Contains("undecided"));
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

TEST_CASE("a puzzle file that is a loop of links or a link to nothing says which",
          "[cli][hostile][input]") {
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
