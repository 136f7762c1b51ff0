// Scale and resource bounds: what a big corpus, a big pack or a big input does to
// kenken's memory and time. Each case works at a small scale on the mechanism (memory
// that must not grow with the work), not on the huge workload itself.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/cli_run.h"
#include "tests/support/corpus_rows.h"
#include "tests/support/test_files.h"

namespace {

// A pack of 100,000 puzzles takes minutes under AddressSanitizer, which checks no
// memory (kMeasuresMemory): the sanitizer build runs the pack cases at a small scale for
// what they check besides memory, and the Release build checks the memory.
constexpr int kBigPack = kSanitized ? 3'000 : 100'000;

// A corpus at db of total copies of one 4x4 puzzle, for commands whose memory must
// not grow with the work; with the sanitizer build's quarantine kept small (256 MB by
// default), so that freed memory does not count as held.
void make_big_corpus(const TempPath& db, int total) {
    REQUIRE(run_kenken("generate -q --db '" + db.str() + "' --sizes 4 -n 1 --seed 3").status == 0);
    fill_with_copies(db.str(), total);
    const char* asan = std::getenv("ASAN_OPTIONS");
    setenv("ASAN_OPTIONS", (std::string(asan ? asan : "") + ":quarantine_size_mb=8").c_str(), 1);
}

std::size_t count_lines_starting(const std::string& text, char first) {
    std::size_t n = text.empty() || text[0] != first ? 0 : 1;
    for (std::size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + 1))
        if (at + 1 < text.size() && text[at + 1] == first) ++n;
    return n;
}

}  // namespace

TEST_CASE("a text pack is written a puzzle at a time: memory does not grow with the pack",
          "[cli][hostile-scale][export]") {
    // export held every chosen puzzle's record and then the pack's whole text: 200,000
    // 4x4 puzzles as JSON to stdout took 374 MB, and -n takes up to 100,000,000. Now it
    // keeps a few bytes a puzzle and writes the text a puzzle at a time (stdout through
    // a temporary file, so that a pack chosen again is not printed twice).
    constexpr int kPuzzles = kBigPack;
    // What a pack of 100,000 may take beyond a pack of 1,000: the old export took some
    // 70 MB more, this one about 10 MB (ids and fingerprints).
    constexpr long kMostGrowthKiB = 32 * 1024;
    TempPath db("scale-export.db"), pack("scale-export.neknek"), out("scale-export.out"),
        spool("scale-export-tmp");  // the temporary folder of the export to stdout
    std::filesystem::create_directory(spool.path);
    make_big_corpus(db, kPuzzles);
    const std::string from = "export --db '" + db.str() + "' --allow-repeats ";
    const auto export_to = [&](int count, const std::string& rest) {
        pack.clear();
        return run_measured(from + "-n " + std::to_string(count) + " " + rest, out.str(),
                            spool.str());
    };

    for (const std::string& to : {"-o '" + pack.str() + "'", std::string("-o - --format neknek")}) {
        INFO(to);
        const PeakRun small = export_to(1'000, to);
        REQUIRE(small.status == 0);
        const PeakRun big = export_to(kPuzzles, to);
        REQUIRE(big.status == 0);
        const std::string text = slurp(to[3] == '-' ? out.path : pack.path);
        CHECK(count_lines_starting(text, '#') == kPuzzles);
        if (kMeasuresMemory) CHECK(big.peak_kib - small.peak_kib < kMostGrowthKiB);
    }
    // Both packs are recorded whole, and no temporary file is left.
    const CliResult packs = run_kenken("packs --db '" + db.str() + "'");
    CHECK(occurrences(packs.out, std::to_string(kPuzzles) + "  neknek") == 2);
    CHECK(std::filesystem::is_empty(spool.path));
}

TEST_CASE("packs --show lists a big pack a row at a time", "[cli][hostile-scale][packs]") {
    // It read every puzzle of the pack into memory, then wrote all their text into a
    // string: 200,000 as JSON took 372 MB. Now 13 MB, as for a pack of one.
    constexpr int kPuzzles = kBigPack;
    constexpr long kMostGrowthKiB = 16 * 1024;  // the old one: 67 MB more, 186 MB as JSON
    TempPath db("scale-show.db"), out("scale-show.out"), tmp("scale-show-tmp");
    std::filesystem::create_directory(tmp.path);
    make_big_corpus(db, kPuzzles);
    const std::string from = "export --db '" + db.str() + "' --allow-repeats -o - --format ";
    REQUIRE(run_kenken(from + "neknek -n 1").status == 0);
    REQUIRE(run_kenken(from + "neknek -n " + std::to_string(kPuzzles)).status == 0);

    for (const std::string& format : {std::string(""), std::string(" --json")}) {
        INFO(format);
        const std::string show = "packs --db '" + db.str() + "'" + format + " --show ";
        const PeakRun small = run_measured(show + "1", out.str(), tmp.str());
        REQUIRE(small.status == 0);
        const PeakRun big = run_measured(show + "2", out.str(), tmp.str());
        REQUIRE(big.status == 0);
        CHECK(count_lines_starting(slurp(out.path), format.empty() ? ' ' : '{') >= kPuzzles);
        if (kMeasuresMemory) CHECK(big.peak_kib - small.peak_kib < kMostGrowthKiB);
    }
    // A puzzle of the pack deleted by hand is still named before any row is written.
    const std::string last = std::to_string(kPuzzles - 1);
    exec_sql(db.str(), "DELETE FROM puzzles WHERE id = " + last);
    const CliResult r = run_kenken("packs --db '" + db.str() + "' --show 2");
    CHECK(r.status == 1);
    CHECK(r.out.empty());
    CHECK_THAT(r.err,
               Catch::Contains("number " + last + ": puzzle " + last + " is not in the corpus"));
}

TEST_CASE("a puzzle file past the input cap is refused unread, with what to do",
          "[cli][hostile-scale][input]") {
    // `query --format json` writes 64 MiB for some 100,000 4x4 puzzles, and solve said of
    // it "larger than 64 MiB: not a puzzle file" after reading 64 MiB of it (144 MB).
    // Now it is refused by its size, before it is read, and the message says to split it.
    TempPath big("scale-cap.json"), out("scale-cap.out"), tmp("scale-cap-tmp");
    std::filesystem::create_directory(tmp.path);
    {
        std::ofstream file(big.path, std::ios::binary);
        file << "{}\n";
    }
    std::filesystem::resize_file(big.path, std::size_t{65} << 20);  // sparse: no time taken
    // Against a solve of one small puzzle, so that the sanitizer build's own memory
    // (some 150 MB) cancels out: reading to the cap took 64 MiB more.
    const PeakRun small =
        run_measured("solve '" + kTestData + "/seed001-4x4.neknek'", out.str(), tmp.str());
    REQUIRE(small.status == 0);
    const PeakRun run = run_measured("solve '" + big.str() + "'", out.str(), tmp.str());
    CHECK(run.status == 2);
    CHECK(run.peak_kib - small.peak_kib < 16 * 1024);
    const CliResult r = run_kenken("grade '" + big.str() + "'");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(big.str() + ": larger than 64 MiB, the most puzzle text "
                                                  "one command reads: split it"));
    CHECK_THAT(r.err, !Catch::Contains("not a puzzle file"));
}

TEST_CASE("verify lists a bounded number of problems and says how many more there are",
          "[cli][hostile-scale][verify]") {
    // A corpus with every puzzle damaged: verify --json listed every problem, in memory
    // and in its one line (200,000 took 125 MB), and the 20 on stderr did not say that
    // more were left out.
    constexpr int kPuzzles = 12'000;
    TempPath db("scale-verify.db");
    make_big_corpus(db, kPuzzles);
    exec_sql(db.str(), "UPDATE puzzles SET score = score + 1");
    CliResult r = run_kenken("verify -q --json -j 2 --db '" + db.str() + "'");
    CHECK(r.status == 5);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["disagree"] == kPuzzles);
    CHECK(j["problems"].size() == 10'000);
    CHECK(j["problems_left_out"] == kPuzzles - 10'000);
    CHECK_THAT(r.err,
               Catch::Contains("... and " + std::to_string(kPuzzles - 20) + " more problems\n"));
    r = run_kenken("verify -q -j 2 --db '" + db.str() + "'");
    CHECK(r.status == 5);
    CHECK_THAT(r.err, Catch::Contains("... and " + std::to_string(kPuzzles - 20) +
                                      " more problems (--json lists the first 10000)"));
}

TEST_CASE("a PDF book is drawn a page at a time: its drawings are not all held",
          "[cli][hostile-scale][export][pdf]") {
    // The planner kept every puzzle's drawing (clue layout, key and caption lines) until
    // the whole book was planned, and twice at the peak while a margin round replanned:
    // 20,000 4x4 puzzles took 68 MB, 2,000 took 22 MB. Now each page is drawn when it is
    // complete and let go, and its puzzles are read from the corpus as it is drawn (the
    // book held them all, about 1 KB each), and a drawn page's storage is let go too.
    constexpr int kSmall = kSanitized ? 200 : 2'000, kBig = kSanitized ? 1'000 : 12'000;
    // 10,000 puzzles more: the first planner took some 33 MB more, the second 9.9 MB
    // (holding the puzzles), this one 2.9 MB.
    constexpr long kMostGrowthKiB = 6 * 1024;
    TempPath db("scale-book.db"), pdf("scale-book.pdf"), out("scale-book.out"),
        tmp("scale-book-tmp");
    std::filesystem::create_directory(tmp.path);
    make_big_corpus(db, kBig);
    const auto book_of = [&](int count) {
        pdf.clear();
        const PeakRun run =
            run_measured("export --db '" + db.str() + "' --allow-repeats --solutions -n " +
                             std::to_string(count) + " -o '" + pdf.str() + "'",
                         out.str(), tmp.str());
        const std::string said = slurp(out.path);
        INFO(said);
        CHECK(said.find(std::to_string(count) + " puzzles to") != std::string::npos);
        const std::string book = slurp(pdf.path);
        CHECK(book.rfind("%PDF", 0) == 0);
        CHECK(book.find("%%EOF", book.size() - 16) != std::string::npos);
        return run;
    };
    const PeakRun small = book_of(kSmall);
    REQUIRE(small.status == 0);
    const PeakRun big = book_of(kBig);
    REQUIRE(big.status == 0);
    if (kMeasuresMemory) CHECK(big.peak_kib - small.peak_kib < kMostGrowthKiB);
    CHECK(occurrences(run_kenken("packs --db '" + db.str() + "'").out, "  pdf") == 2);
}
