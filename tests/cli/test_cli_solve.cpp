// `kenken solve` end to end: the seed puzzles from every form, CanCan's 100, and
// every kind of bad input.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/cli_run.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

// Expected answers from tests/data/INDEX.md: 1 with a .solution file, else 0 or 2.
int expected_solutions(const std::string& name) {
    if (fs::exists(fs::path(kTestData) / (name + ".solution"))) return 1;
    if (name == "seed001-8x8") return 0;
    if (name == "seed002-4x4-multiple") return 2;
    FAIL("no expectation for " << name);
    return -1;
}

}  // namespace

TEST_CASE("kenken solve gives each seed puzzle's answer from neknek and its own form",
          "[cli][solve]") {
    int checked = 0;
    for (const auto& entry : fs::directory_iterator(kTestData)) {
        const auto ext = entry.path().extension().string();
        if (ext != ".neknek" && ext != ".j" && ext != ".txt" && ext != ".cancan") continue;
        const std::string name = entry.path().stem().string();
        if (name.rfind("seed", 0) != 0) continue;  // other test data lives beside them
        INFO(entry.path().string());
        const int want = expected_solutions(name);
        const CliResult r = run_kenken("solve --json " + entry.path().string());
        const auto j = nlohmann::json::parse(r.out);
        CHECK(j["solutions"] == want);
        if (want == 1) {
            CHECK(r.status == 0);
            std::string grid;
            for (const auto& row : j["solution"]) {
                for (size_t c = 0; c < row.size(); ++c) {
                    if (c) grid += ' ';
                    grid += row[c].dump();
                }
                grid += "\n";
            }
            CHECK(grid == slurp(fs::path(kTestData) / (name + ".solution")));
        } else if (want == 0) {
            CHECK(r.status == 4);
            CHECK(j["solution"].is_null());
            CHECK_THAT(run_kenken("solve " + entry.path().string()).out,
                       Catch::Contains("no solution"));
        } else {
            CHECK(r.status == 3);
            CHECK(j["solution"] != j["second"]);
        }
        ++checked;
    }
    CHECK(checked == 17 + 4 + 6 + 4);  // neknek, j, fahda, cancan
}

TEST_CASE("kenken solve solves CanCan's 100 puzzles from the one file", "[cli][solve]") {
    const fs::path file = fs::path(KENKEN_SHARED_DIR) / "puzzles/cancan/6x6.100";
    if (!fs::exists(file)) {
        WARN("../shared/puzzles/cancan/6x6.100 is absent: CanCan's 100 puzzles not checked");
        return;
    }
    const CliResult r = run_kenken("solve " + file.string());
    REQUIRE(r.status == 0);
    // The solutions printed under each puzzle as "# d d d ..." rows, in order.
    std::string expected;
    std::istringstream in(slurp(file));
    std::string line;
    int rows = 0;
    while (std::getline(in, line)) {
        if (line.size() == 13 && line.rfind("# ", 0) == 0 && std::isdigit(line[2])) {
            expected += line.substr(2) + "\n";
            if (++rows % 6 == 0 && rows < 600) expected += "\n";
        }
    }
    CHECK(rows == 600);
    CHECK(r.out == expected);
}

TEST_CASE("kenken solve reads stdin and CRLF text", "[cli][solve]") {
    std::string text = slurp(fs::path(kTestData) / "seed004-5x5a.neknek");
    std::string crlf;
    for (char ch : text) crlf += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
    const CliResult r = run_kenken("solve -", crlf);
    CHECK(r.status == 0);
    CHECK(r.out == slurp(fs::path(kTestData) / "seed004-5x5a.solution"));
}

TEST_CASE("every bad input gives exit 2 and a message with file and line", "[cli][solve]") {
    int checked = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(kTestData) / "bad")) {
        const std::string path = entry.path().string();
        INFO(path);
        const CliResult r = run_kenken("solve " + path);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        // "FILE:LINE: reason"
        REQUIRE(r.err.rfind(path + ":", 0) == 0);
        const std::string rest = r.err.substr(path.size() + 1);
        CHECK(std::isdigit(static_cast<unsigned char>(rest[0])));
        CHECK(rest.find(": ") != std::string::npos);
        CHECK(rest.size() > 8);
        ++checked;
    }
    CHECK(checked >= 10);
    const CliResult missing = run_kenken("solve /nonexistent/puzzle.neknek");
    CHECK(missing.status == 2);
    CHECK_THAT(missing.err, Catch::Contains("/nonexistent/puzzle.neknek: cannot read"));
}

TEST_CASE("a bad command line is bad input and --help explains each command", "[cli]") {
    CHECK(run_kenken("solve --limit 0 x").status == 2);
    CHECK(run_kenken("solve --format yaml x").status == 2);
    CHECK(run_kenken("query").status == 2);  // --db is required
    CHECK(run_kenken("").status == 2);       // a subcommand is required
    const CliResult help = run_kenken("--help");
    CHECK(help.status == 0);
    for (const char* command : {"solve", "grade", "generate", "verify", "stats", "query", "export"})
        CHECK_THAT(help.out, Catch::Contains(command));
    const CliResult solve_help = run_kenken("solve --help");
    CHECK(solve_help.status == 0);
    CHECK_THAT(solve_help.out, Catch::Contains("--limit") && Catch::Contains("--json"));
}

TEST_CASE("solve and grade --max-seconds end an undecided puzzle with exit 8",
          "[cli][solve][stop]") {
    // One cage of all 81 cells: counting its solutions to a million never ends in time.
    std::string all = "#\t9\n+\t405\t";
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c)
            all += std::string(1, static_cast<char>('A' + r)) + std::to_string(c + 1) +
                   (r * 9 + c < 80 ? " " : "\n");
    TempPath file("whole-grid.neknek");
    {
        std::ofstream out(file.str());
        out << all;
    }
    const CliResult s = run_kenken("solve --limit 1000000 --max-seconds 0.2 " + file.str());
    CHECK(s.status == 8);
    CHECK(s.out.find("undecided") != std::string::npos);
    const CliResult j = run_kenken("solve --json --limit 1000000 --max-seconds 0.2 " + file.str());
    CHECK(j.status == 8);
    CHECK(nlohmann::json::parse(j.out)["undecided"] == true);

    // A grade given no time at all is undecided too; a decided puzzle is unaffected.
    const CliResult g = run_kenken("grade --max-seconds 1e-9 " + kTestData + "/big-cages-1.neknek");
    CHECK(g.status == 8);
    CHECK(g.out.find("undecided") != std::string::npos);
    CHECK(g.err.find("undecided") != std::string::npos);
    const CliResult fine =
        run_kenken("grade --max-seconds 60 " + kTestData + "/big-cages-2.neknek");
    CHECK(fine.status == 3);  // decided: ambiguous
    CHECK(run_kenken("solve --max-seconds 0 " + file.str()).status == 2);
    // nan would mean no limit at all, inf none either: refused, with the reason.
    for (const char* bad : {"nan", "inf", "-1", "0", "ten"})
        for (const char* cmd : {"solve", "grade"}) {
            INFO(cmd << " --max-seconds " << bad);
            const CliResult r = run_kenken(std::string(cmd) + " --max-seconds " + bad + " " +
                                           kTestData + "/big-cages-1.neknek");
            CHECK(r.status == 2);
            CHECK(r.err.find("--max-seconds") != std::string::npos);
            CHECK(r.err.find(std::string("'") + bad + "' is not") != std::string::npos);
        }
    const CliResult help = run_kenken("solve --help");
    CHECK(help.out.find("--max-seconds") != std::string::npos);
    CHECK(help.out.find("8") != std::string::npos);
}

TEST_CASE("bench --seeds times each puzzle over several search seeds", "[cli][bench]") {
    // A big-cage puzzle's time is partly its seed's luck: --seeds N counts each puzzle's
    // median over N search seeds, and says so; the answers are the solver's either way.
    const std::string file = kTestData + "/big-cages-2.neknek";
    const CliResult one = run_kenken("bench --json --repeat 1 " + file);
    REQUIRE(one.status == 0);
    const CliResult three = run_kenken("bench --json --repeat 1 --seeds 3 " + file);
    INFO(three.err);
    REQUIRE(three.status == 0);
    const auto a = nlohmann::json::parse(one.out), b = nlohmann::json::parse(three.out);
    CHECK(a.at("seeds") == 1);
    CHECK(b.at("seeds") == 3);
    CHECK(b.at("sizes").at(0).at("puzzles") == 1);
    CHECK(b.at("sizes").at(0).at("ambiguous") == a.at("sizes").at(0).at("ambiguous"));
    CHECK(b.at("sizes").at(0).at("ambiguous") == 1);
    CHECK(b.at("sizes").at(0).at("mean_nodes").get<double>() > 0);
    CHECK(b.at("sizes").at(0).at("undecided_seeds") == 0);
    const CliResult table = run_kenken("bench --repeat 1 --seeds 2 " + file);
    CHECK(table.status == 0);
    CHECK(table.out.find("median over 2 search seeds") != std::string::npos);
    // With every seed out of time the median is unknown: undecided, as a single run is.
    const CliResult none = run_kenken("bench --json --seeds 2 --max-seconds 1e-9 " + file);
    CHECK(none.status == 8);
    const auto c = nlohmann::json::parse(none.out);
    CHECK(c.at("sizes").at(0).at("undecided") == 1);
    CHECK(c.at("sizes").at(0).at("undecided_seeds") == 2);
    // The grader and a warm cache keep no seed: refused, as is a seed count of 0.
    for (const char* bad : {"--seeds 2 --grade", "--seeds 2 --warm", "--seeds 0", "--seeds x"}) {
        INFO(bad);
        const CliResult r = run_kenken(std::string("bench ") + bad + " " + file);
        CHECK(r.status == 2);
        CHECK(r.err.find("--seeds") != std::string::npos);
    }
}

TEST_CASE("solve and grade -j 1 and -j 2 print the same answers", "[cli][solve][threads]") {
    // Big cages run two restarted searches, side by side with -j 2: the same solutions,
    // grades and exit statuses either way (only the times differ).
    std::string files;
    for (const char* name : {"big-cages-1.neknek", "big-cages-5.neknek", "big-cages-6.neknek"})
        files += " " + (fs::path(kTestData) / name).string();
    const auto without_times = [](const std::string& lines) {
        std::string out;
        std::istringstream in(lines);
        for (std::string line; std::getline(in, line);) {
            auto j = nlohmann::json::parse(line);
            j.erase("micros");
            out += j.dump() + "\n";
        }
        return out;
    };
    for (const char* command : {"solve --json", "grade --json"}) {
        INFO(command);
        const CliResult one = run_kenken(std::string(command) + " -j 1" + files);
        const CliResult two = run_kenken(std::string(command) + " --threads 2" + files);
        CHECK(one.status == 3);  // each of them has more than one solution
        CHECK(two.status == one.status);
        CHECK(without_times(two.out) == without_times(one.out));
        CHECK(std::count(one.out.begin(), one.out.end(), '\n') == 3);
    }
    CHECK(run_kenken("solve -j 0" + files).status == 2);
    CHECK(run_kenken("grade -j 3" + files).status == 2);
    CHECK(run_kenken("solve --help").out.find("--threads") != std::string::npos);
}
