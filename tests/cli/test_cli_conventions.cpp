// Everyday conventions of the command line: --version, "did you mean", help with
// defaults, exit statuses and examples, check, packs, export's file handling,
// datasets, the one JSON schema (also as input), and quotas that fill a corpus.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "tests/support/cli_run.h"
#include "tests/support/json_lines.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

// A small corpus made once per test that needs one: 12 4x4 and 5x5 puzzles.
void make_mixed_corpus(const TempPath& db) {
    REQUIRE(
        run_kenken("generate -q --db " + db.str() + " --sizes 4-5 -n 12 --seed 5 -j 2").status ==
        0);
}

}  // namespace

TEST_CASE("kenken --version names the project version and the git revision", "[cli][conv]") {
    const CliResult r = run_kenken("--version");
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::StartsWith("kenken ") && Catch::Contains("(git "));
    CHECK_THAT(r.out, Catch::Matches("kenken [0-9]+\\.[0-9]+\\.[0-9]+ \\(git [^)]+\\)\\s*"));
}

TEST_CASE("an unknown command says which one was meant", "[cli][conv]") {
    const CliResult r = run_kenken("solv x");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("unknown command 'solv'") &&
                          Catch::Contains("did you mean 'solve'"));
    CHECK_THAT(run_kenken("gen").err, Catch::Contains("did you mean 'generate'"));
    const CliResult far = run_kenken("xyzzyplugh");
    CHECK(far.status == 2);
    CHECK_THAT(far.err, !Catch::Contains("did you mean"));
}

TEST_CASE("an unknown option before the command is named, exit 2 as other usage errors",
          "[cli][conv]") {
    // Each said "A subcommand is required".
    const CliResult bogus = run_kenken("--bogus");
    CHECK(bogus.status == 2);
    CHECK_THAT(bogus.err, Catch::Contains("unknown option '--bogus'") &&
                              !Catch::Contains("A subcommand is required"));
    CHECK_THAT(run_kenken("--versoin").err, Catch::Contains("did you mean '--version'"));
    CHECK_THAT(run_kenken("-x solve").err, Catch::Contains("unknown option '-x'"));
    CHECK_THAT(run_kenken("--").err, !Catch::Contains("unknown option"));
    const CliResult early = run_kenken("--db x.db stats");
    CHECK(early.status == 2);
    CHECK_THAT(early.err, Catch::Contains("'--db' goes after the command"));
    // A usage error after the command exits the same way.
    CHECK(run_kenken("solve --bogus x").status == bogus.status);
    CHECK(run_kenken("--version").status == 0);
}

TEST_CASE("a mistyped option of a command names the one meant", "[cli][conv]") {
    // query's is --size, generate's --sizes: each said only "not expected".
    const CliResult sizes = run_kenken("query --db x.db --sizes 4");
    CHECK(sizes.status == 2);
    CHECK_THAT(sizes.err, Catch::Contains("not expected") &&
                              Catch::Contains("did you mean '--size' for '--sizes'"));
    CHECK_THAT(run_kenken("generate --db x.db --size=4").err,
               Catch::Contains("did you mean '--sizes' for '--size=4'"));
    CHECK_THAT(run_kenken("solve --bogus x").err, !Catch::Contains("did you mean"));
}

TEST_CASE("a file name led by a dash is named, with the way to pass it", "[cli][conv]") {
    // merge said only "shards is required", solve "not expected": neither said how.
    const CliResult merge = run_kenken("merge --db x.db -shard1.db");
    CHECK(merge.status == 2);
    CHECK_THAT(merge.err, Catch::Contains("'-shard1.db' is not an option") &&
                              Catch::Contains("-- -shard1.db") && Catch::Contains("./-shard1.db"));
    // ... and only that: CLI11's "shards is required" came first, as if none were given.
    CHECK_THAT(merge.err, !Catch::Contains("required"));
    const CliResult solve = run_kenken("solve -x.neknek");
    CHECK_THAT(solve.err, Catch::Contains("'-x.neknek' is not an option"));
    CHECK(solve.err.find('\n') == solve.err.size() - 1);  // one line
    // A mistyped option is still one, and a negative number still a value.
    CHECK_THAT(run_kenken("solve -bogus x").err, !Catch::Contains("is not an option"));
    CHECK_THAT(run_kenken("generate --db x.db --seed -1").err,
               !Catch::Contains("is not an option"));
}

TEST_CASE("every command's help shows defaults, allowed values, exit statuses and examples",
          "[cli][conv]") {
    for (const char* command : {"solve", "grade", "check", "generate", "merge", "verify", "stats",
                                "query", "export", "packs", "bench"}) {
        INFO(command);
        const CliResult r = run_kenken(std::string(command) + " --help");
        CHECK(r.status == 0);
        CHECK_THAT(r.out, Catch::Contains("Exit status:") && Catch::Contains("  0    success"));
        CHECK_THAT(r.out, Catch::Contains("Examples:") &&
                              Catch::Contains(std::string("kenken ") + command));
    }
    const std::string solve = run_kenken("solve --help").out;
    CHECK_THAT(solve, Catch::Contains("3    a puzzle has more than one solution"));
    CHECK_THAT(solve, Catch::Contains("{auto,neknek,cancan,j,fahda,keen,json}"));
    CHECK_THAT(solve, Catch::Contains("=2"));  // --limit's default
    const std::string gen = run_kenken("generate --help").out;
    CHECK_THAT(gen, Catch::Contains("-n,--count") && Catch::Contains("-j,--threads") &&
                        Catch::Contains("-q,--quiet") && Catch::Contains("130  interrupted"));
    const std::string exp = run_kenken("export --help").out;
    CHECK_THAT(exp, Catch::Contains("-o,--out") && Catch::Contains("--trim") &&
                        Catch::Contains("dataset"));
    CHECK_THAT(run_kenken("check --help").out, Catch::Contains("7    the answer breaks a rule"));
}

TEST_CASE("kenken check scores an answer: 0 when right, 7 naming the first broken rule",
          "[cli][conv][check]") {
    const std::string puzzle = (fs::path(kTestData) / "seed001-4x4.neknek").string();
    const std::string solution = (fs::path(kTestData) / "seed001-4x4.solution").string();
    const CliResult right = run_kenken("check " + puzzle + " " + solution);
    CHECK(right.status == 0);
    CHECK_THAT(right.out, Catch::Contains("correct"));
    // The same answer through stdin, commas between values.
    CHECK(run_kenken("check " + puzzle + " -", "4,2,3,1\n3,4,1,2\n1,3,2,4\n2,1,4,3\n").status == 0);
    // Rows of digits with nothing between them, as grids are often copied.
    CHECK(run_kenken("check " + puzzle + " -", "4231\n3412\n1324\n2143\n").status == 0);

    struct Case {
        const char* answer;
        const char* says;
    };
    for (const Case& c : {
             Case{"4 2 3 1\n4 2 3 1\n1 3 2 4\n2 1 4 3\n", "column 1 holds 4 twice (r1c1 and r2c1)"},
             Case{"4 2 3 1\n3 4 1 2\n1 3 2 4\n2 1 4 4\n", "row 4 holds 4 twice"},
             Case{"2 4 3 1\n3 2 1 4\n1 3 4 2\n4 1 2 3\n", "cage 7+ (r1c1 r2c1) holds 2 3"},
             Case{"4231\n3412\n1324\n2134\n", "column 3 holds 3 twice"},
             Case{"4 2 3 1\n3 4 1 2\n1 3 2 4\n2 1 4 5\n", "r4c4 holds 5, outside 1..4"},
             // A number past int was "not a number", then named no cell: "row 4:
             // '99999999999' is outside 1..4".
             Case{"4 2 3 1\n3 4 1 2\n1 3 2 4\n2 1 4 99999999999\n",
                  "r4c4 holds 99999999999, outside 1..4"},
             Case{"4 2 3 1\n3 4 1 2\n1 3 2 4\n2 1 18446744073709551617 3\n",
                  "r4c3 holds 18446744073709551617, outside 1..4"},
         }) {
        INFO(c.answer);
        const CliResult r = run_kenken("check " + puzzle + " -", c.answer);
        CHECK(r.status == 7);
        CHECK_THAT(r.out, Catch::Contains("wrong") && Catch::Contains(c.says));
    }
    CHECK(run_kenken("check /nonexistent.neknek " + solution).status == 2);
    // Text that is no grid of 4 rows of 4 numbers cannot be scored: bad input, on stderr
    // (tests/cli/test_cli_hostile_solving.cpp has more).
    for (const Case& c : {
             Case{"4 2 3 1\n3 4 1 2\n1 3 2 4\n", "the answer has 3 rows, not 4"},
             Case{"42310\n3412\n1324\n2143\n",
                  "<stdin>:1: not an answer grid of 4 rows of 4 "
                  "numbers: row 1 has 1 value, not 4"},
             Case{"4 2 3 1\n3 4 1 2\n1 3 2 4\n2 1 4 x\n", "'x' is not a number"},
             // A number past int in text that is no grid: the shape comes first (these
             // were "wrong", exit 7).
             Case{"2147483648\n", "row 1 has 1 value, not 4"},
             Case{"4231341213242143\n", "row 1 has 1 value, not 4"},
             Case{"4 2 3 1\n3 4 1 2\n1 3 2 4\n2 1 4 99999999999999999999\n1 2 3 4\n",
                  "the answer has 5 rows, not 4"},
         }) {
        INFO(c.answer);
        const CliResult r = run_kenken("check " + puzzle + " -", c.answer);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK_THAT(r.err, Catch::Contains(c.says));
    }
}

TEST_CASE("every puzzle record has one JSON shape, and JSON lines are an input",
          "[cli][conv][json]") {
    TempPath db("json.db");
    make_mixed_corpus(db);
    const CliResult query = run_kenken("query --db " + db.str() + " --format json");
    REQUIRE(query.status == 0);
    const auto records = json_lines(query.out);
    REQUIRE(records.size() == 12);
    for (const auto& j : records) {
        CHECK(j.at("schema") == 1);
        CHECK(j.at("id").is_number_integer());
        CHECK(j.at("puzzle").at("rules").at("variant") == "standard");
        CHECK(j.at("puzzle").at("neknek").is_string());
        CHECK(j.at("puzzle").at("cages").is_array());
        CHECK(j.at("solution").size() == j.at("puzzle").at("size"));
        CHECK(j.at("grade").at("score").is_number_integer());
    }

    // query | solve -: each stored puzzle solved back to its stored solution, by id.
    const CliResult solved = run_kenken("solve --json -", query.out);
    REQUIRE(solved.status == 0);
    const auto answers = json_lines(solved.out);
    REQUIRE(answers.size() == records.size());
    for (size_t i = 0; i < answers.size(); ++i) {
        CHECK(answers[i].at("schema") == 1);
        CHECK(answers[i].at("id") == records[i].at("id"));
        CHECK(answers[i].at("puzzle") == records[i].at("puzzle"));
        CHECK(answers[i].at("solution") == records[i].at("solution"));
        CHECK(answers[i].at("solutions") == 1);
        CHECK(answers[i].at("second").is_null());
    }
    // query | grade -: the same level and score as stored, with techniques and steps.
    const CliResult graded = run_kenken("grade --json -", query.out);
    REQUIRE(graded.status == 0);
    const auto grades = json_lines(graded.out);
    REQUIRE(grades.size() == records.size());
    for (size_t i = 0; i < grades.size(); ++i) {
        const auto& g = grades[i].at("grade");
        CHECK(g.at("level") == records[i].at("grade").at("level"));
        CHECK(g.at("score") == records[i].at("grade").at("score"));
        CHECK(g.at("techniques").is_object());
        CHECK(g.at("search_nodes").is_number_integer());
        CHECK(!g.at("steps").empty());
    }
    // An ambiguous puzzle: "solutions" 2 and a "second" grid; "source" for a file.
    const CliResult two = run_kenken(
        "solve --json " + (fs::path(kTestData) / "seed002-4x4-multiple.neknek").string());
    CHECK(two.status == 3);
    const auto j = nlohmann::json::parse(two.out);
    CHECK(j.at("source").get<std::string>().find("seed002-4x4-multiple.neknek#1") !=
          std::string::npos);
    CHECK(j.at("solutions") == 2);
    CHECK(j.at("second").size() == 4);
    // A broken JSON line names its line.
    const CliResult bad = run_kenken(
        "solve -", query.out.substr(0, query.out.find('\n') + 1) + "{\"puzzle\": {\"size\": 4}}\n");
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::StartsWith("<stdin>:2: "));
    // A number past a double's range was an internal error (exit 1).
    const CliResult huge = run_kenken("solve -", "\n{\"puzzle\": {\"size\": 1e400}}\n");
    CHECK(huge.status == 2);
    CHECK_THAT(huge.err, Catch::StartsWith("<stdin>:2: not JSON") && Catch::Contains("1e400"));

    for (const char* command : {"stats", "verify"}) {
        const CliResult r = run_kenken(std::string(command) + " --json --db " + db.str());
        INFO(command << r.err);
        CHECK(r.status == 0);
        const auto s = nlohmann::json::parse(r.out);
        CHECK(s.at("schema") == 1);
        if (std::string(command) == "stats") CHECK(s.at("total") == 12);
        if (std::string(command) == "verify") CHECK(s.at("agree") == 12);
    }
    const CliResult bench = run_kenken("bench --json --repeat 1 " +
                                       (fs::path(kTestData) / "seed001-4x4.neknek").string());
    CHECK(bench.status == 0);
    CHECK(nlohmann::json::parse(bench.out).at("sizes").at(0).at("puzzles") == 1);
}

TEST_CASE("export picks the format from --out, writes text to stdout, and keeps files",
          "[cli][conv][export]") {
    TempPath db("exp.db"), json("exp.json"), pdf("exp.pdf"), odd("exp.xyz");
    make_mixed_corpus(db);
    const std::string base = "export --db " + db.str() + " --allow-repeats -n 3 ";
    // .json -> JSON lines.
    REQUIRE(run_kenken(base + "-o " + json.str()).status == 0);
    CHECK(json_lines(slurp(json.path)).size() == 3);
    // An existing file stays without --force.
    const std::string before = slurp(json.path);
    const CliResult again = run_kenken(base + "--size 5 -o " + json.str());
    CHECK(again.status == 2);
    CHECK_THAT(again.err, Catch::Contains("already exists") && Catch::Contains("--force"));
    CHECK(slurp(json.path) == before);
    CHECK(run_kenken(base + "--size 5 --force -o " + json.str()).status == 0);
    for (const auto& j : json_lines(slurp(json.path))) CHECK(j.at("puzzle").at("size") == 5);
    // A format that contradicts the extension, an extension naming none.
    const CliResult clash = run_kenken(base + "--format neknek -o " + pdf.str());
    CHECK(clash.status == 2);
    CHECK_THAT(clash.err, Catch::Contains("does not fit"));
    CHECK(!fs::exists(pdf.path));
    CHECK(run_kenken(base + "-o " + odd.str()).status == 2);
    // --out -: the pack on stdout, the summary on stderr; pdf cannot go there.
    const CliResult out = run_kenken(base + "--format neknek -o -");
    CHECK(out.status == 0);
    CHECK(out.out.find("#\t") == 0);
    CHECK_THAT(out.err, Catch::Contains("to stdout"));
    CHECK(run_kenken(base + "--format pdf -o -").status == 2);
}

TEST_CASE("export takes the format from an extension in any case", "[cli][conv][export]") {
    TempPath db("case.db"), pdf("Book.PDF"), json("Book.JSONL"), keen("Book.Keen"),
        svg("Pages.SVG"), odd("Book.svg"), clash_pdf("Clash.PDF");
    make_mixed_corpus(db);
    const std::string base = "export --db " + db.str() + " --allow-repeats -n 2 ";
    // Each needed --format ("cannot tell the format").
    const CliResult r = run_kenken(base + "-o " + pdf.str());
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(slurp(pdf.path).rfind("%PDF", 0) == 0);
    CHECK(run_kenken(base + "-o " + json.str()).status == 0);
    CHECK(json_lines(slurp(json.path)).size() == 2);
    CHECK(run_kenken(base + "-o " + keen.str()).status == 0);
    CHECK_THAT(slurp(keen.path), Catch::StartsWith("4:") || Catch::StartsWith("5:"));
    // .svg names the svg folder, so another format does not fit it (a PDF was written).
    CHECK(run_kenken(base + "-o " + svg.str()).status == 0);
    CHECK(fs::is_directory(svg.path));
    const CliResult clash = run_kenken(base + "--format pdf -o " + odd.str());
    CHECK(clash.status == 2);
    CHECK_THAT(clash.err, Catch::Contains("does not fit"));
    CHECK(!fs::exists(odd.path));
    CHECK(run_kenken(base + "--format neknek -o " + clash_pdf.str()).status == 2);
    CHECK(!fs::exists(clash_pdf.path));
}

TEST_CASE("export --format dataset writes question, answer and metadata lines",
          "[cli][conv][export]") {
    TempPath db("ds.db"), out("ds.jsonl");
    make_mixed_corpus(db);
    REQUIRE(
        run_kenken("export --db " + db.str() + " -n 4 --size 4 --format dataset -o " + out.str())
            .status == 0);
    const auto lines = json_lines(slurp(out.path));
    REQUIRE(lines.size() == 4);
    for (const auto& j : lines) {
        const std::string q = j.at("question");
        CHECK_THAT(q, Catch::Contains("4x4 KenKen") && Catch::Contains("Cages:") &&
                          Catch::Contains("r1c1"));
        const auto& m = j.at("metadata");
        CHECK(m.at("size") == 4);
        CHECK(m.at("rules").at("variant") == "standard");
        CHECK(m.at("seed") == 5);
        CHECK(m.at("score").is_number_integer());
        // The answer is a grid that kenken check accepts for the stored puzzle.
        TempPath answer("ds-answer.txt"), puzzle("ds-puzzle.neknek");
        write_file(answer, j.at("answer").get<std::string>());
        const auto one = run_kenken("query --db " + db.str() + " --format json --limit 100");
        for (const auto& r : json_lines(one.out))
            if (r.at("id") == m.at("id")) write_file(puzzle, r.at("puzzle").at("neknek"));
        CHECK(run_kenken("check " + puzzle.str() + " " + answer.str()).status == 0);
    }
}

TEST_CASE("kenken packs lists, shows and deletes packs, deleted puzzles are fresh again",
          "[cli][conv][packs]") {
    TempPath db("packs.db"), a("packs-a.neknek"), b("packs-b.neknek");
    make_mixed_corpus(db);
    CHECK_THAT(run_kenken("packs --db " + db.str()).out, Catch::Contains("no packs"));
    REQUIRE(run_kenken("export --db " + db.str() + " -n 5 --size 4 -o " + a.str()).status == 0);
    REQUIRE(run_kenken("export --db " + db.str() + " -n 5 --size 5 -o " + b.str()).status == 0);
    const CliResult list = run_kenken("packs --db " + db.str());
    CHECK(list.status == 0);
    CHECK_THAT(list.out,
               Catch::Contains("size=4") && Catch::Contains(a.str()) && Catch::Contains(b.str()));
    const auto packs = json_lines(run_kenken("packs --json --db " + db.str()).out);
    REQUIRE(packs.size() == 2);
    CHECK(packs[0].at("count") == 5);
    CHECK(packs[1].at("file") == fs::absolute(b.path).string());
    const auto shown = json_lines(run_kenken("packs --json --db " + db.str() + " --show 1").out);
    REQUIRE(shown.size() == 5);
    for (const auto& j : shown) CHECK(j.at("puzzle").at("size") == 4);
    // 6 4x4 puzzles, 5 published: one fresh; deleting pack 1 makes all 6 fresh again.
    const std::string fresh = "query --db " + db.str() + " --size 4 --fresh --format json";
    CHECK(json_lines(run_kenken(fresh).out).size() == 1);
    const CliResult del = run_kenken("packs --db " + db.str() + " --delete 1");
    CHECK(del.status == 0);
    CHECK(json_lines(run_kenken(fresh).out).size() == 6);
    CHECK(json_lines(run_kenken("packs --json --db " + db.str()).out).size() == 1);
    CHECK(run_kenken("packs --db " + db.str() + " --delete 1").status == 2);
    CHECK(run_kenken("packs --db " + db.str() + " --show 9").status == 2);
}

TEST_CASE("quotas are targets for the corpus: a second run adds nothing, --add adds more",
          "[cli][conv][quotas]") {
    TempPath db("quota.db");
    const std::string run = "generate -q --db " + db.str() + " --sizes 4 -n 8 --seed 9 -j 2";
    REQUIRE(run_kenken(run).status == 0);
    const CliResult again = run_kenken(run);
    CHECK(again.status == 0);
    CHECK_THAT(again.out, Catch::Contains("already holds the 8 puzzles") &&
                              Catch::Contains("nothing to make"));
    CHECK(nlohmann::json::parse(run_kenken("stats --json --db " + db.str()).out).at("total") == 8);
    // A larger quota makes only the difference.
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 -n 10 --seed 9").status == 0);
    CHECK(nlohmann::json::parse(run_kenken("stats --json --db " + db.str()).out).at("total") == 10);
    // --add makes that many more, with the same seed and no duplicates lost to it.
    REQUIRE(run_kenken(run + " --add").status == 0);
    const auto stats = nlohmann::json::parse(run_kenken("stats --json --db " + db.str()).out);
    CHECK(stats.at("total") == 18);
    CHECK(stats.at("runs").size() == 3);  // the run that had nothing to make left no run
    // Per-level targets count what is held per level.
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 5 --per-level easy=2,normal=1")
                .status == 0);
    CHECK_THAT(
        run_kenken("generate -q --db " + db.str() + " --sizes 5 --per-level easy=2,normal=1").out,
        Catch::Contains("nothing to make"));
    // --count and --per-level together: an error, not one silently ignored.
    const CliResult both = run_kenken("generate --db " + db.str() + " -n 5 --per-level easy=1");
    CHECK(both.status == 2);
    CHECK_THAT(both.err, Catch::Contains("excludes"));
}

TEST_CASE("generate keeps stdout for its report: progress and logs go to stderr",
          "[cli][conv][progress]") {
    TempPath db("progress.db");
    const CliResult r = run_kenken("generate --db " + db.str() + " --sizes 4 -n 4 --seed 2");
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::StartsWith("run 1 finished"));
    CHECK_THAT(r.out, !Catch::Contains("[info]"));
    CHECK_THAT(r.err, Catch::Contains("4x4"));  // the final progress line
    const CliResult quiet = run_kenken("generate -q --db " + db.str() + " --sizes 4 -n 6 --seed 3");
    REQUIRE(quiet.status == 0);
    CHECK(quiet.err.empty());
}

TEST_CASE("the size filter takes one size, a range or a list, and refuses sizes outside 3..9",
          "[cli][conv][filter]") {
    TempPath db("sizes.db");
    REQUIRE(
        run_kenken("generate -q --db " + db.str() + " --sizes 4-6 -n 12 --seed 5 -j 2").status ==
        0);
    auto sizes_of = [&](const std::string& option) {
        std::multiset<int> sizes;
        const CliResult r = run_kenken("query --db " + db.str() + " --format json " + option);
        REQUIRE(r.status == 0);
        for (const auto& j : json_lines(r.out)) sizes.insert(j.at("puzzle").at("size").get<int>());
        return sizes;
    };
    CHECK(sizes_of("--size 5") == std::multiset<int>{5, 5, 5, 5});
    CHECK(sizes_of("--size 5-6") == std::multiset<int>{5, 5, 5, 5, 6, 6, 6, 6});
    CHECK(sizes_of("--size 4,6") == std::multiset<int>{4, 4, 4, 4, 6, 6, 6, 6});
    CHECK(sizes_of("").size() == 12);
    for (const char* bad : {"10", "6-4", "x", "2"}) {
        const CliResult r = run_kenken("query --db " + db.str() + " --size " + bad);
        INFO(bad << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("--size"));
    }
}

TEST_CASE("an unknown option is named before a missing required one, and --version stands alone",
          "[cli][conv]") {
    // `query --bogus` said "--db is required", `merge --db m.db --bogus` "shards is
    // required" and `query --version` "--db is required", naming nothing of the mistake;
    // `stats --jsn` got no suggestion (a short word), and `kenken --version extra`
    // printed the version, exit 0.
    for (const std::string command : {"query --bogus", "merge --db m.db --bogus"}) {
        const CliResult r = run_kenken(command);
        INFO(command << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::StartsWith("The following argument was not expected: --bogus"));
        CHECK_THAT(r.err, !Catch::Contains("required"));
    }
    const CliResult version = run_kenken("query --version");
    CHECK(version.status == 2);
    CHECK_THAT(version.err, Catch::Contains("'--version' is kenken's own option") &&
                                !Catch::Contains("required"));
    const CliResult jsn = run_kenken("stats --jsn");
    CHECK(jsn.status == 2);
    CHECK_THAT(jsn.err, Catch::Contains("did you mean '--json' for '--jsn'?"));
    CHECK_THAT(run_kenken("stats --db x.db --foo").err, !Catch::Contains("did you mean"));
    const CliResult extra = run_kenken("--version extra");
    CHECK(extra.status == 2);
    CHECK_THAT(extra.err, Catch::Contains("'--version' takes no other word"));
    CHECK(extra.out.empty());
}
