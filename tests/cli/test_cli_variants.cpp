// Variants at the command line: JSON records of every variant (a hidden cage's op is
// "?"), read back by solve and grade from their neknek text or their cages alone,
// kenken check under the puzzle's rules, and the dataset statement of a variant.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/cli_run.h"
#include "tests/support/json_lines.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

// 3x3, answer 1 2 3 / 3 1 2 / 2 3 1 sums the L (r1c1 r1c2 r2c2) to 4 with 1 twice.
const char* kLPuzzle =
    "+\t4\tA1 A2 B2\n!\t3\tA3\n!\t3\tB1\n!\t2\tB3\n!\t2\tC1\n!\t3\tC2\n!\t1\tC3\n";
const char* kLAnswer = "1 2 3\n3 1 2\n2 3 1\n";

// 3x3 with hidden operations; its solution is 1 2 3 / 2 3 1 / 3 1 2.
const char* kHiddenPuzzle = "#\t3\n?\t2\tA1 A2\n?\t4\tA3 B3\n?\t5\tB1 B2\n?\t3\tC1 C2\n!\t2\tC3\n";

}  // namespace

TEST_CASE("JSON records carry every variant's rules, and solve and grade read them back",
          "[cli][variants][json]") {
    for (const char* variant : {"hidden", "mult-only", "add-sub", "killer", "hidden,killer"}) {
        INFO(variant);
        TempPath db("variant-json.db");
        REQUIRE(run_kenken("generate -q --db " + db.str() + " --variant " + variant +
                           " --sizes 4 -n 4 --seed 2 -j 1")
                    .status == 0);
        const CliResult query = run_kenken("query --db " + db.str() + " --format json");
        REQUIRE(query.status == 0);
        const auto records = json_lines(query.out);
        REQUIRE(records.size() == 4);
        const bool hidden = std::string(variant).find("hidden") != std::string::npos;
        std::string cages_only;  // the records without their neknek text
        for (auto j : records) {
            CHECK(j.at("puzzle").at("rules").at("variant") == variant);
            for (const auto& cage : j.at("puzzle").at("cages")) {
                const std::string op = cage.at("op");
                if (cage.at("cells").size() == 1)
                    CHECK(op == "given");
                else if (hidden)
                    CHECK(op == "?");
                else
                    CHECK(op != "?");
                if (std::string(variant) == "mult-only" && cage.at("cells").size() > 1)
                    CHECK(op == "mul");
                if (std::string(variant) == "add-sub")
                    CHECK((op == "given" || op == "add" || op == "sub"));
            }
            j["puzzle"].erase("neknek");
            cages_only += j.dump() + "\n";
        }
        // From the neknek text and from the cages alone: the stored solution, unique.
        for (const std::string& input : {query.out, cages_only}) {
            const CliResult solved = run_kenken("solve --json -", input);
            INFO(solved.err);
            REQUIRE(solved.status == 0);
            const auto answers = json_lines(solved.out);
            REQUIRE(answers.size() == records.size());
            for (size_t i = 0; i < answers.size(); ++i) {
                CHECK(answers[i].at("solutions") == 1);
                CHECK(answers[i].at("solution") == records[i].at("solution"));
                CHECK(answers[i].at("puzzle") == records[i].at("puzzle"));
            }
            const CliResult graded = run_kenken("grade --json -", input);
            REQUIRE(graded.status == 0);
            const auto grades = json_lines(graded.out);
            REQUIRE(grades.size() == records.size());
            for (size_t i = 0; i < grades.size(); ++i)
                CHECK(grades[i].at("grade").at("score") == records[i].at("grade").at("score"));
        }
    }
}

TEST_CASE("a JSON record whose rules contradict its cages or its neknek is refused",
          "[cli][variants][json]") {
    const std::string cages = R"("cages":[{"op":"?","target":3,"cells":[[0,0],[0,1]]},)"
                              R"({"op":"?","target":3,"cells":[[1,0],[1,1]]}])";
    // "?" under rules that show operations.
    const CliResult shown =
        run_kenken("solve -", R"({"puzzle":{"size":2,"rules":"standard",)" + cages + "}}\n");
    CHECK(shown.status == 2);
    CHECK_THAT(shown.err, Catch::Contains("<stdin>:1") && Catch::Contains("\"?\""));
    // The same cages under hidden rules: 1 2 / 2 1 or 2 1 / 1 2, two solutions.
    const CliResult hidden = run_kenken(
        "solve --json -", R"({"puzzle":{"size":2,"rules":{"variant":"hidden"},)" + cages + "}}\n");
    CHECK(hidden.status == 3);
    // An unknown variant, and rules that are not what the neknek text says.
    const CliResult unknown = run_kenken(
        "solve -", R"({"puzzle":{"size":2,"rules":{"variant":"sideways"},)" + cages + "}}\n");
    CHECK(unknown.status == 2);
    CHECK_THAT(unknown.err, Catch::Contains("sideways"));
    const CliResult clash = run_kenken(
        "solve -",
        R"({"puzzle":{"rules":{"variant":"killer"},"neknek":"#\t2\n+\t3\tA1 A2\n+\t3\tB1 B2\n"}})"
        "\n");
    CHECK(clash.status == 2);
    CHECK_THAT(clash.err, Catch::Contains("killer") && Catch::Contains("standard"));
    // A shown op under hidden rules: it was dropped without a word (solved as "?", exit
    // 3), and check took 1 2 / 2 1 for a 2- cage of 1 and 2; neknek refuses the mix.
    const std::string shown_op = R"({"puzzle":{"size":2,"rules":"hidden","cages":[)"
                                 R"({"op":"sub","target":2,"cells":[[0,0],[0,1]]},)"
                                 R"({"op":"?","target":3,"cells":[[1,0],[1,1]]}]}})"
                                 "\n";
    for (const char* command : {"solve -", "grade -"}) {
        const CliResult r = run_kenken(command, shown_op);
        INFO(command << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("<stdin>:1") && Catch::Contains("\"sub\"") &&
                              Catch::Contains("hide operations"));
    }
    TempPath record("hidden-shown-op.jsonl");
    write_file(record, shown_op);
    CHECK(run_kenken("check " + record.str() + " -", "1 2\n2 1\n").status == 2);
}

TEST_CASE("kenken check checks an answer under the puzzle's rules", "[cli][variants][check]") {
    TempPath standard("check-std.neknek"), killer("check-killer.neknek"),
        hidden("check-hidden.neknek");
    write_file(standard, std::string("#\t3\n") + kLPuzzle);
    write_file(killer, std::string("#\t3\tkiller\n") + kLPuzzle);
    write_file(hidden, kHiddenPuzzle);
    // The L holds 1 2 1: a sum of 4, fine by the standard rules, not by the killer rule.
    CHECK(run_kenken("check " + standard.str() + " -", kLAnswer).status == 0);
    const CliResult repeat = run_kenken("check " + killer.str() + " -", kLAnswer);
    CHECK(repeat.status == 7);
    CHECK_THAT(repeat.out, Catch::Contains("cage 4+ (r1c1 r1c2 r2c2) holds 1 2 1: 1 twice in "
                                           "one cage (killer rule)"));
    // Hidden operations: 1 2 makes 2 by x or /, 3 1 makes 4 by +, 3 1 makes 3 by x or /.
    CHECK(run_kenken("check " + hidden.str() + " -", "1 2 3\n2 3 1\n3 1 2\n").status == 0);
    const CliResult wrong = run_kenken("check " + hidden.str() + " -", "2 3 1\n3 1 2\n1 2 3\n");
    CHECK(wrong.status == 7);
    CHECK_THAT(wrong.out, Catch::Contains("cage 2? (r1c1 r1c2) holds 2 3, which does not make 2 "
                                          "with any operation the rules allow"));
}

TEST_CASE("a hidden-operator dataset question shows targets only and says why",
          "[cli][variants][export]") {
    TempPath db("variant-ds.db"), out("variant-ds.jsonl");
    REQUIRE(run_kenken("generate -q --db " + db.str() +
                       " --variant hidden,killer --sizes 4 -n 3 --seed 4 -j 1")
                .status == 0);
    REQUIRE(
        run_kenken("export --db " + db.str() + " -n 3 --format dataset -o " + out.str()).status ==
        0);
    const auto lines = json_lines(slurp(out.path));
    REQUIRE(lines.size() == 3);
    for (const auto& j : lines) {
        const std::string q = j.at("question");
        CHECK_THAT(q, Catch::Contains("operations are hidden") &&
                          Catch::Contains("No number may repeat within a cage"));
        const std::string cages = q.substr(q.find("Cages:"));
        CHECK(cages.find('?') != std::string::npos);
        for (const char* op : {"+:", "-:", "*:", "/:"}) CHECK(cages.find(op) == std::string::npos);
    }
}

TEST_CASE("a variant named twice, or an empty item in a comma list, is refused",
          "[cli][variants][lists]") {
    // Issue 11 (50th session): --variant killer,killer and --per-level easy=5, were taken
    // (for killer and easy=5), where --sizes 4, is refused.
    TempPath db("comma-lists.db"), config("comma-lists.toml");
    const std::string generate = "generate -q --db " + db.str() + " ";
    for (const auto& [args, said] : std::vector<std::pair<std::string, std::string>>{
             {"--variant killer,killer",
              "generate: --variant: killer is named twice in "
              "'killer,killer'"},
             {"--variant hidden,killer,hidden", "hidden is named twice"},
             {"--variant mult-only,mult-only", "mult-only is named twice"},
             {"--variant killer,", "generate: --variant: an empty item in 'killer,'"},
             {"--variant ,killer", "an empty item in ',killer'"},
             {"--per-level easy=5,", "generate: --per-level: an empty item in 'easy=5,'"},
             {"--per-level easy=5,,hard=1", "an empty item in 'easy=5,,hard=1'"},
             {"-n 2 --sizes 4,", "generate: --sizes: an empty item"}}) {
        INFO(args);
        const CliResult r = run_kenken(
            generate + args + (args.find("--sizes") == std::string::npos ? " --sizes 4" : ""));
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(said));
        CHECK_FALSE(fs::exists(db.path));
    }
    // The same words in a configuration, with its line.
    write_file(config, "[run]\nsizes = \"4\"\nvariant = \"killer,killer\"\n");
    const CliResult file = run_kenken("generate -q --db " + db.str() + " --config " + config.str());
    CHECK(file.status == 2);
    CHECK_THAT(file.err,
               Catch::StartsWith(config.str() + ":3: run.variant: killer is named twice"));
    // query and export filter by the same lists.
    TempPath corpus("comma-lists-corpus.db");
    make_small_corpus(corpus.str());
    for (const std::string filter :
         {"--variant killer,killer", "--variant killer,", "--level easy,", "--size 4,"}) {
        INFO(filter);
        const CliResult q = run_kenken("query --db " + corpus.str() + " " + filter);
        CHECK(q.status == 2);
        CHECK_THAT(q.err, Catch::Contains("named twice") || Catch::Contains("an empty item"));
    }
    CHECK(run_kenken("query --db " + corpus.str() + " --variant standard").status == 0);
}
