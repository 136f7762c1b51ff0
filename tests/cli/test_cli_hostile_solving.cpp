// The solving commands (solve, grade, check, bench) fed valid but hostile puzzles and
// options: puzzles with a great many solutions, output that cannot be written, answers
// that are no grid at all.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"
#include "tests/support/test_files.h"

namespace {

// A search runs several times slower under AddressSanitizer, which checks no memory
// (kMeasuresMemory): the sanitizer build lists fewer solutions.
constexpr int kManySolutions = kMeasuresMemory ? 100'000 : 20'000;

// A 9x9 whose cages are its rows, each summing to 45: every Latin square solves it.
std::string rows_as_sum_cages() {
    std::string text = "#\t9\n";
    for (char row = 'A'; row <= 'I'; ++row) {
        text += "+\t45\t";
        for (int col = 1; col <= 9; ++col)
            text += std::string(1, row) + std::to_string(col) + (col < 9 ? " " : "\n");
    }
    return text;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// The grids of a solve listing, each as its 9 rows joined, in the order printed.
std::vector<std::string> grids_of(const std::vector<std::string>& lines) {
    std::vector<std::string> grids;
    std::string grid;
    for (const std::string& line : lines) {
        if (line.empty() || line.find(':') != std::string::npos) continue;
        grid += line + "/";
        if (std::count(grid.begin(), grid.end(), '/') == 9) {
            grids.push_back(grid);
            grid.clear();
        }
    }
    return grids;
}

}  // namespace

TEST_CASE("solve --limit N lists a puzzle's many solutions as it finds them, in bounded memory",
          "[cli][hostile-solving][limit]") {
    // Every solution was kept until the search ended: --limit 1000000 took 460 MB (and
    // bench, which shows only the count, the same).
    TempPath puzzle("rows.neknek"), out("rows.out"), big_out("rows-big.out"), json_out("rows.json"),
        bench_out("rows-bench.out"), tmp("rows-tmp");
    write_file(puzzle, rows_as_sum_cages());
    std::filesystem::create_directories(tmp.path);
    const std::string name = puzzle.str() + "#1";
    const std::string many = std::to_string(kManySolutions);
    // Measured first: a child's peak starts from this process's size when it forks.
    const PeakRun small =
        run_measured("solve --limit 1000 '" + puzzle.str() + "'", out.str(), tmp.str());
    const PeakRun big =
        run_measured("solve --limit " + many + " '" + puzzle.str() + "'", big_out.str(), tmp.str());
    // --json shows two of them, bench the count: neither keeps any.
    const PeakRun json = run_measured("solve --json --limit " + many + " '" + puzzle.str() + "'",
                                      json_out.str(), tmp.str());
    const PeakRun bench = run_measured(
        "bench --repeat 1 --limit " + many + " '" + puzzle.str() + "'", bench_out.str(), tmp.str());
    if (kMeasuresMemory) {
        CHECK(big.peak_kib - small.peak_kib < 16 * 1024);
        CHECK(json.peak_kib - small.peak_kib < 16 * 1024);
        CHECK(bench.peak_kib - small.peak_kib < 16 * 1024);
    }
    CHECK(json.status == 3);
    CHECK_THAT(slurp(json_out.path), Catch::Contains("\"solutions\":2,\"second\":[["));
    CHECK(bench.status == 0);
    CHECK_THAT(slurp(bench_out.path), Catch::Contains("limit " + many));

    // Up to a thousand solutions the listing is as it was: the count first.
    CHECK(small.status == 3);
    const std::vector<std::string> small_lines = lines_of(slurp(out.path));
    REQUIRE(!small_lines.empty());
    CHECK(small_lines[0] == name + ": more than one solution; 1000 or more found:");
    const std::vector<std::string> first_thousand = grids_of(small_lines);
    CHECK(first_thousand.size() == 1000);

    // Past them, listed as found, the count last.
    CHECK(big.status == 3);
    const std::vector<std::string> lines = lines_of(slurp(big_out.path));
    REQUIRE(lines.size() > 2);
    CHECK(lines.front() == name + ": more than one solution; listed as they are found:");
    CHECK(lines.back() == name + ": " + many + " or more solutions found");
    const std::vector<std::string> grids = grids_of(lines);
    CHECK(grids.size() == static_cast<size_t>(kManySolutions));
    // Each once (a restarted search that meets one again drops it), in the same order.
    CHECK(std::set<std::string>(grids.begin(), grids.end()).size() == grids.size());
    REQUIRE(grids.size() >= first_thousand.size());
    CHECK(std::equal(first_thousand.begin(), first_thousand.end(), grids.begin()));

    // A listing cut short by --max-seconds ends with the undecided line after what it
    // printed.
    const CliResult cut = run_kenken("solve --max-seconds 0.2 --limit 1000000 " + puzzle.str());
    CHECK(cut.status == 8);
    const std::vector<std::string> cut_lines = lines_of(cut.out);
    REQUIRE(!cut_lines.empty());
    CHECK_THAT(cut_lines.back(), Catch::StartsWith(name + ": undecided ("));
    CHECK(cut.err == name + ": undecided: no answer within --max-seconds 0.2\n");
}

TEST_CASE("solve and grade stop working once their output cannot be written",
          "[cli][hostile-solving][output]") {
    // To /dev/full, every puzzle was still solved (and every solution of --limit N
    // searched) before "cannot write the output": 20 s for a listing nobody gets.
    TempPath rows("full-rows.neknek"), copies("full-copies.neknek"), two("full-two.neknek"),
        tmp("full-tmp");
    std::filesystem::create_directories(tmp.path);
    write_file(rows, rows_as_sum_cages());
    const PeakRun listing =
        run_measured("solve --limit 1000000 '" + rows.str() + "'", "/dev/full", tmp.str());
    CHECK(listing.status == 1);
    CHECK(listing.seconds < 5);

    // 20 copies of a puzzle that takes a while, against 2 written out whole: the
    // commands stop at the first record that cannot be written.
    const std::string slow = slurp(kTestData + "/long-plain-search.neknek");
    std::string twenty;
    for (int i = 0; i < 20; ++i) twenty += slow;
    write_file(copies, twenty);
    write_file(two, slow + slow);
    for (const std::string command : {"solve --json -j 1 ", "grade --json -j 1 "}) {
        INFO(command);
        const PeakRun whole = run_measured(command + "'" + two.str() + "'", "/dev/null", tmp.str());
        CHECK(whole.status == 0);
        const PeakRun lost =
            run_measured(command + "'" + copies.str() + "'", "/dev/full", tmp.str());
        CHECK(lost.status == 1);
        CHECK(lost.seconds < 3 * whole.seconds);
    }
    // The message says why.
    const CliResult said =
        run_shell("(" + kKenken + " solve --limit 1000000 " + rows.str() + " >/dev/full)");
    CHECK(said.status == 1);
    CHECK_THAT(said.out, Catch::Contains("kenken: cannot write the output"));
}

TEST_CASE("check tells an answer that is no grid (exit 2) from a wrong one (exit 7)",
          "[cli][hostile-solving][check]") {
    // Both were "wrong", exit 7: an answer file cut short, or a model's prose, scored as
    // an answer that breaks a rule.
    const std::string puzzle = kTestData + "/seed001-4x4.neknek";
    const std::string rows = "4 2 3 1\n3 4 1 2\n1 3 2 4\n";
    const struct {
        std::string answer, says;
    } malformed[] = {
        {"", "<stdin>: not an answer grid of 4 rows of 4 numbers: the answer has 0 rows, not 4"},
        {"The answer is:\n" + rows + "2 1 4 3\n",
         "<stdin>:1: not an answer grid of 4 rows of 4 "
         "numbers: row 1: 'The' is not a number"},
        {rows, "the answer has 3 rows, not 4"},
        {rows + "2 1 4 3\n2 1 4 3\n", "the answer has 5 rows, not 4"},
        {"\n" + rows + "2 1 4\n",
         "<stdin>:5: not an answer grid of 4 rows of 4 numbers: row 4 "
         "has 3 values, not 4"},
        {rows + "2 1 4 three\n",
         "<stdin>:4: not an answer grid of 4 rows of 4 numbers: row 4: "
         "'three' is not a number"},
    };
    for (const auto& c : malformed) {
        INFO(c.answer);
        const CliResult r = run_kenken("check " + puzzle + " -", c.answer);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK_THAT(r.err, Catch::Contains(c.says));
    }
    // A grid of numbers that breaks a rule, a number outside 1..n included, is wrong.
    for (const char* last : {"2 1 4 5", "2 1 4 0", "2 1 4 -3", "2 1 4 99999999999", "2 1 3 4"}) {
        INFO(last);
        const CliResult r = run_kenken("check " + puzzle + " -", rows + last + "\n");
        CHECK(r.status == 7);
        CHECK_THAT(r.out, Catch::Contains("<stdin>: wrong: "));
        CHECK(r.err.empty());
    }
    // The help says which is which.
    const std::string help = run_kenken("check --help").out;
    CHECK_THAT(help, Catch::Contains("no grid of n rows of n numbers is bad input (exit 2)") &&
                         Catch::Contains("7    the answer breaks a rule"));
}

TEST_CASE("an undecided puzzle's message quotes --max-seconds as it was given",
          "[cli][hostile-solving][max-seconds]") {
    // The stream's six digits misquoted it: 1.23457e-06 for 0.0000012345678 (and
    // 1.23457e+06 for 1234567).
    const std::string puzzle = kTestData + "/long-plain-search.neknek";
    for (const std::string command : {"solve", "grade", "bench --repeat 1"}) {
        INFO(command);
        const CliResult r = run_kenken(command + " --max-seconds 0.0000012345678 " + puzzle);
        CHECK(r.status == 8);
        CHECK_THAT(r.out + r.err, Catch::Contains("within --max-seconds 1.2345678e-06"));
    }
}

TEST_CASE("a long solve or grade with no --max-seconds says once that it is still searching",
          "[cli][hostile-solving][max-seconds]") {
    // A wrong puzzle with big cages took 20 to 40 s to refute, saying nothing all that
    // while: it looked like a hang.
    const std::string slow = kTestData + "/slow-refutation.neknek";
    const std::string quick = kTestData + "/seed001-4x4.neknek";
    const auto run = [&](const std::string& notice, const std::string& seconds,
                         const std::string& args) {
        // Standard error only: the subshell's output is what run_shell keeps.
        return run_shell("(KENKEN_NOTICE_SECONDS=" + notice + " timeout " + seconds + " " +
                         kKenken + " " + args + " 2>&1 >/dev/null)");
    };
    for (const std::string command : {"solve", "grade"}) {
        INFO(command);
        // After the quick puzzle, the slow one gets the word, once, by its name.
        const CliResult r = run("0.2", "1.5", command + " " + quick + " " + slow);
        CHECK(r.status == 124);  // still searching when timeout stopped it
        CHECK(occurrences(r.out, "still searching") == 1);
        CHECK_THAT(r.out, Catch::Contains(command + ": warning: " + slow +
                                          "#1: still searching after 0.2 s; --max-seconds S "
                                          "gives up on a puzzle (exit 8)"));
        // A puzzle under a budget ends on its own: no word.
        const CliResult bounded = run("0.2", "10", command + " --max-seconds 0.6 " + slow);
        CHECK(bounded.status == 8);
        CHECK(occurrences(bounded.out, "still searching") == 0);
        // 0: never; nor a wait past what the clock counts (it overflowed into "now").
        for (const std::string forever : {"0", "1e300"}) {
            const CliResult never = run(forever, "1", command + " " + slow);
            CHECK(never.status == 124);
            CHECK(never.out.empty());
        }
    }
    // A quick puzzle says nothing; a value that is no number of seconds is named.
    CHECK(run("0.2", "10", "solve " + quick).out.empty());
    const CliResult bad = run("soon", "10", "solve " + quick);
    CHECK(bad.status == 0);
    CHECK_THAT(bad.out, Catch::Contains("KENKEN_NOTICE_SECONDS='soon' is not a number of seconds"));
}

TEST_CASE("solve --limit 1 says in its help that exit 0 proves no uniqueness",
          "[cli][hostile-solving][limit]") {
    // Exit 0 meant "exactly one solution" everywhere, and "solutions": 1 too, while
    // --limit 1 stops at the first solution of an ambiguous puzzle all the same.
    TempPath two("two-solutions.neknek");
    write_file(two, "#\t2\n+\t3\tA1 A2\n+\t3\tB1 B2\n");
    CHECK(run_kenken("solve " + two.str()).status == 3);
    const CliResult first = run_kenken("solve --json --limit 1 " + two.str());
    CHECK(first.status == 0);
    CHECK_THAT(first.out, Catch::Contains("\"solutions\":1"));
    CHECK_THAT(run_kenken("solve --help").out,
               Catch::Contains("not that it is the only one") &&
                   Catch::Contains("past 1000 they are listed as found"));
}

TEST_CASE("check names a puzzle file of two puzzles escaped, and stdin as <stdin>",
          "[cli][hostile-solving][check]") {
    // The name was printed as given: a terminal escape in it reached the terminal, and
    // standard input was "-".
    const std::string one = slurp(kTestData + "/seed001-4x4.neknek");
    const std::string answer = kTestData + "/seed001-4x4.solution";
    TempPath folder("two-puzzles");
    std::filesystem::create_directories(folder.path);
    write_file(folder.path / "two\x1b[31m.neknek", one + one);
    CliResult r =
        run_kenken("check '" + (folder.path / "two\x1b[31m.neknek").string() + "' " + answer);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains((folder.path / "two\\x1b[31m.neknek").string() +
                                      ": holds 2 puzzles; check takes one"));
    CHECK(r.err.find('\x1b') == std::string::npos);
    r = run_kenken("check - " + answer, one + one);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith("<stdin>: holds 2 puzzles; check takes one"));
}
