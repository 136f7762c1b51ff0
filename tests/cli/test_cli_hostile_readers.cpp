// Hostile use of the reading commands (solve, grade, check, bench, verify, stats, query,
// export's text formats): odd puzzle files, odd options and corpora edited by hand, each
// of which once gave a wrong or a lost result.
#include <sqlite3.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "tests/support/cli_run.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

// A small corpus: 6 4x4 puzzles.

// Runs one SQL statement on a corpus, as a hand edit with the sqlite3 shell would.
void edit(const TempPath& db, const std::string& sql) {
    sqlite3* handle = nullptr;
    REQUIRE(sqlite3_open(db.str().c_str(), &handle) == SQLITE_OK);
    char* error = nullptr;
    const int rc = sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, &error);
    INFO(sql << ": " << (error ? error : ""));
    sqlite3_free(error);
    sqlite3_close(handle);
    REQUIRE(rc == SQLITE_OK);
}

// The first column of every row a query gives, one after another.
std::string stored_texts(const TempPath& db, const std::string& sql) {
    sqlite3* handle = nullptr;
    REQUIRE(sqlite3_open(db.str().c_str(), &handle) == SQLITE_OK);
    std::string out;
    const auto append = [](void* text, int, char** values, char**) {
        *static_cast<std::string*>(text) += values[0] ? values[0] : "";
        return 0;
    };
    const int rc = sqlite3_exec(handle, sql.c_str(), append, &out, nullptr);
    sqlite3_close(handle);
    REQUIRE(rc == SQLITE_OK);
    return out;
}

}  // namespace

TEST_CASE("a JSON record's numbers past int are refused, not wrapped round", "[cli][hostile4]") {
    TempPath file("wrap.json");
    // 2^32 + 2 as the size was read as 2, and a row of 2^32 as row 0: a 2x2 puzzle solved.
    const std::string cages =
        R"([{"op":"add","target":3,"cells":[[0,0],[1,1]]},{"op":"add","target":3,"cells":[[1,0],[0,1]]}])";
    write_file(file, R"({"puzzle":{"size":4294967298,"cages":)" + cages + "}}\n");
    CliResult r = run_kenken("solve " + file.str());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(file.str() + ":1:") &&
                          Catch::Contains("size 4294967298 is outside 1..9"));
    write_file(
        file,
        R"({"puzzle":{"size":2,"cages":[{"op":"add","target":3,"cells":[[0,0],[4294967297,1]]},)"
        R"({"op":"add","target":3,"cells":[[1,0],[0,1]]}]}})"
        "\n");
    r = run_kenken("solve " + file.str());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("cell [4294967297,1] is outside the grid"));
    // A target past int64 wrapped to a negative one.
    write_file(
        file,
        R"({"puzzle":{"size":1,"cages":[{"op":"given","target":18446744073709551615,"cells":[[0,0]]}]}})"
        "\n");
    r = run_kenken("solve " + file.str());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("target 18446744073709551615 is too large"));
    // An id past int64 came back as -1.
    write_file(
        file,
        R"({"id":18446744073709551615,"puzzle":{"size":1,"cages":[{"op":"given","target":1,"cells":[[0,0]]}]}})"
        "\n");
    r = run_kenken("solve --json " + file.str());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("18446744073709551615 is past any puzzle id"));
}

TEST_CASE("verify names a stored number of the wrong type", "[cli][hostile4]") {
    TempPath db("types.db");
    make_small_corpus(db.str());
    // '4x' read as 4 by the row reader, so verify passed it, while stats and query --size 4
    // (SQL compares the stored text) lost the puzzle.
    edit(db, "UPDATE puzzles SET size = '4x' WHERE id = 1");
    edit(db, "UPDATE puzzles SET max_cage = 2.5 WHERE id = 2");
    const CliResult r = run_kenken("verify --db " + db.str());
    CHECK(r.status == 5);
    CHECK_THAT(r.err,
               Catch::Contains("holds values of the wrong type") &&
                   Catch::Contains("puzzle 1: size '4x' is stored as text, not as an integer") &&
                   Catch::Contains("puzzle 2: max_cage '2.5' is stored as real"));
}

TEST_CASE("verify names a run's seed of the wrong type", "[cli][hostile4]") {
    TempPath db("run-types.db");
    make_small_corpus(db.str());
    // stats showed the seed as 0 and verify passed it; --resume would carry 0 on.
    edit(db, "UPDATE runs SET seed = 'abc' WHERE id = 1");
    const CliResult r = run_kenken("verify --db " + db.str());
    CHECK(r.status == 5);
    CHECK_THAT(r.err, Catch::Contains("run 1: seed 'abc' is stored as text, not as an integer"));
}

TEST_CASE("stats refuses to show a damaged run's seed or a variant no rules name",
          "[cli][hostile5]") {
    TempPath db("stats-damage.db");
    make_small_corpus(db.str());
    REQUIRE(run_kenken("stats --db " + db.str()).status == 0);
    // The seed 'abc' was shown as 0, and 'bogus' as a variant with its own table.
    edit(db, "UPDATE runs SET seed = 'abc' WHERE id = 1");
    for (const char* form : {"", " --json"}) {
        const CliResult r = run_kenken("stats --db " + db.str() + form);
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::Contains("run 1: seed 'abc' is stored as text"));
        CHECK(r.out.empty());
    }
    edit(db, "UPDATE runs SET seed = 1 WHERE id = 1");
    edit(db, "UPDATE puzzles SET rules = 'bogus' WHERE id = 2");
    const CliResult r = run_kenken("stats --db " + db.str());
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains("1 puzzle of") && Catch::Contains("rules 'bogus'"));
    CHECK_THAT(r.out, !Catch::Contains("bogus"));
    edit(db, "UPDATE puzzles SET rules = 'hidden' WHERE id = 2");
    CHECK(run_kenken("stats --db " + db.str()).status == 0);
}

TEST_CASE("query and export in neknek read the stored text back first", "[cli][hostile4]") {
    TempPath db("nek-text.db"), pack("nek-text.neknek");
    make_small_corpus(db.str());
    edit(db, "UPDATE puzzles SET neknek = 'garbage' WHERE id = 1");
    // It was copied out as it was (exit 0), and the pack recorded.
    const CliResult q = run_kenken("query --db " + db.str() + " --format neknek");
    CHECK(q.status == 1);
    CHECK_THAT(q.err, Catch::Contains("puzzle 1: stored text does not read back"));
    CHECK_THAT(q.out, !Catch::Contains("garbage"));
    const CliResult e =
        run_kenken("export --db " + db.str() + " -n 6 --format neknek -o " + pack.str());
    CHECK(e.status == 1);
    CHECK_THAT(e.err, Catch::Contains("puzzle 1"));
    CHECK(!fs::exists(pack.path));
    CHECK_THAT(run_kenken("packs --db " + db.str()).out, !Catch::Contains(pack.str()));
    // A sound corpus still writes its stored texts byte for byte.
    TempPath sound("nek-sound.db");
    make_small_corpus(sound.str());
    const CliResult all = run_kenken("query --db " + sound.str() + " --format neknek");
    CHECK(all.status == 0);
    CHECK(all.out == stored_texts(sound, "SELECT neknek FROM puzzles ORDER BY id"));
}

TEST_CASE("a list option with an empty item is refused", "[cli][hostile4]") {
    TempPath db("lists.db"), fresh("lists-new.db");
    make_small_corpus(db.str());
    // "4,5," and "hard," were taken for "4,5" and "hard" (",4" was refused).
    const std::string query = "query --db " + db.str() + " ";
    const struct {
        std::string args, expected;
    } refused[] = {
        {query + "--size 4,", "--size: an empty item in '4,'"},
        {query + "--size 4,5,", "--size: an empty item in '4,5,'"},
        {query + "--level hard,", "--level: an empty item in 'hard,'"},
        {query + "--level ,hard", "--level: an empty item in ',hard'"},
        {query + "--level easy,,hard", "--level: an empty item in 'easy,,hard'"},
        {"generate -q --db " + fresh.str() + " -n 1 --sizes 4,", "an empty item in '4,'"},
        {"export --db " + db.str() + " -n 1 --dry-run -o p.pdf --level-names a,b,c,d,e,",
         "--level-names takes five names"},
    };
    for (const auto& c : refused) {
        const CliResult r = run_kenken(c.args);
        INFO(c.args << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(c.expected));
    }
    CHECK(!fs::exists(fresh.path));
    // Spaces after the commas are fine.
    CHECK(run_kenken(query + "--level 'easy, hard'").out ==
          run_kenken(query + "--level easy,hard").out);
}

TEST_CASE("a seed without a random order is refused, not ignored", "[cli][hostile4]") {
    TempPath db("seed-order.db");
    make_small_corpus(db.str());
    // It was ignored: the same puzzles in id order whatever the seed.
    for (const std::string& command :
         {"query --db " + db.str() + " --seed 7", "export --db " + db.str() +
                                                      " -n 1 --dry-run -o p.pdf "
                                                      "--seed 7 --order score"}) {
        const CliResult r = run_kenken(command);
        INFO(command);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("--seed orders --order random only"));
    }
    const std::string random = "query --db " + db.str() + " --order random";
    const CliResult seeded = run_kenken(random + " --seed 7");
    CHECK(seeded.status == 0);
    CHECK(seeded.out == run_kenken(random + " --seed 7").out);
    // The default seed is 0.
    CHECK(run_kenken(random).out == run_kenken(random + " --seed 0").out);
}

TEST_CASE("an empty levels table in a book file is refused", "[cli][hostile4]") {
    TempPath db("book-levels.db"), book("book-levels.toml"), pdf("book-levels.pdf");
    make_small_corpus(db.str());
    for (const char* text : {"title = \"T\"\n\n[levels]\n", "title = \"T\"\nlevels = {}\n"}) {
        write_file(book, text);
        const CliResult r = run_kenken("export --db " + db.str() + " -n 2 --book " + book.str() +
                                       " -o " + pdf.str());
        INFO(text);
        CHECK(r.status == 2);
        CHECK_THAT(r.err,
                   Catch::Contains(book.str() + ":") && Catch::Contains("[levels] is empty"));
        CHECK(!fs::exists(pdf.path));
    }
}

TEST_CASE("JSON records pretty-printed or in an array are named as such", "[cli][hostile4]") {
    TempPath db("pretty.db");
    make_small_corpus(db.str());
    const std::string records = run_kenken("query --db " + db.str() + " --format json").out;
    const std::string first = records.substr(0, records.find('\n'));
    // A record over several lines, as `jq .` writes it: "parse error at line 1, column 2:
    // ... unexpected end of input" on its first line.
    std::string pretty = first;
    for (const std::string key : {"\"id\"", "\"puzzle\"", "\"solution\""})
        pretty.replace(pretty.find(key), key.size(), "\n  " + key);
    CliResult r = run_kenken("solve -", pretty + "\n" + pretty + "\n");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("<stdin>:1: a record over several lines: JSON lines take "
                                      "one record a line"));
    // An array of records was read as neknek: "expected a '#<TAB>size' header".
    r = run_kenken("solve -", "[" + first + "]\n");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("<stdin>:1: an array of records"));
    // A line that is no JSON at all still says so.
    r = run_kenken("solve -", first + "\n{\"puzzle\":\n");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("<stdin>:2: not JSON"));
    CHECK(run_kenken("solve -", records).status == 0);
}

TEST_CASE("a puzzle with more cages than the cancan form has letters is named", "[cli][hostile4]") {
    TempPath db("cancan-letters.db"), pack("cancan-letters.cancan");
    make_small_corpus(db.str());
    // A 9x9 grid of 81 givens (a sound puzzle: one solution), stored by hand.
    std::string neknek = "#\t9\n", solution;
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c) {
            const int v = (r * 3 + r / 3 + c) % 9 + 1;
            solution += std::to_string(v);
            neknek += "!\t" + std::to_string(v) + "\t" + std::string(1, 'A' + r) +
                      std::to_string(c + 1) + "\n";
        }
    edit(db,
         "INSERT INTO puzzles (id, size, neknek, solution, level, score, cages, singletons, "
         "max_cage, ops, canonical, seed, candidate, run_id) VALUES (100, 9, '" +
             neknek + "', '" + solution + "', 'easy', 0, 81, 81, 1, '', 'by hand', 0, 0, 1)");
    // It was exit 1, a corpus fault, without the puzzle's id.
    const CliResult q = run_kenken("query --db " + db.str() + " --format cancan --size 9");
    CHECK(q.status == 2);
    CHECK_THAT(q.err, Catch::Contains("query: puzzle 100 (standard): the cancan form has 52 cage "
                                      "letters; this puzzle has 81 cages"));
    CHECK(q.out.empty());
    const CliResult e =
        run_kenken("export --db " + db.str() + " --size 9 -n 1 --format cancan -o " + pack.str());
    CHECK(e.status == 2);
    CHECK_THAT(e.err, Catch::Contains("export: puzzle 100 (standard): the cancan form"));
    CHECK(!fs::exists(pack.path));
    // Other forms carry it.
    CHECK(run_kenken("query --db " + db.str() + " --format keen --size 9").status == 0);
}

TEST_CASE("an undecided puzzle's JSON keeps the stored puzzle's id", "[cli][hostile4]") {
    TempPath db("undecided-id.db");
    make_small_corpus(db.str());
    const std::string records = run_kenken("query --db " + db.str() + " --format json").out;
    REQUIRE(!records.empty());
    // A budget no search meets: only "source" ("<stdin>#1") was written, the id lost.
    for (const std::string command : {"solve", "grade"}) {
        const CliResult r = run_kenken(command + " --json --max-seconds 1e-9 -", records);
        INFO(command << ": " << r.out);
        CHECK(r.status == 8);
        std::istringstream lines(r.out), ids(records);
        int undecided = 0;
        for (std::string line, record; std::getline(lines, line) && std::getline(ids, record);) {
            const auto j = nlohmann::json::parse(line);
            const bool out_of_time =
                j.value("undecided", false) || j.value("level", "") == "undecided";
            if (!out_of_time) continue;
            ++undecided;
            CHECK(j["schema"] == 1);
            CHECK(j["id"] == nlohmann::json::parse(record)["id"]);
            CHECK(j["puzzle"]["size"] == 4);
        }
        CHECK(undecided > 0);
    }
}

TEST_CASE("puzzle files with lines ending in CR alone read as lines", "[cli][hostile4]") {
    TempPath db("cr-lines.db");
    make_small_corpus(db.str());
    // Old Mac text was one long line: "header must be '#', the size and at most a
    // variant, not '#\x094\x0D*...'" (check took such answers already).
    for (const std::string format : {"neknek", "cancan", "keen"}) {
        const std::string text =
            run_kenken("query --db " + db.str() + " --limit 3 --format " + format).out;
        std::string cr = text;
        std::replace(cr.begin(), cr.end(), '\n', '\r');
        const CliResult lf = run_kenken("solve -", text), mac = run_kenken("solve -", cr);
        INFO(format << ": " << mac.err);
        CHECK(lf.status == 0);
        CHECK(mac.status == 0);
        CHECK(mac.out == lf.out);
    }
    // Line numbers count CR-ended lines too.
    const CliResult bad = run_kenken("solve -", "#\t4\r\r*\t24\tA1 B1 C1 D1\rbad\r");
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains("<stdin>:4: unknown operation 'bad'"));
}

TEST_CASE("a JSON line that is not one record says why, not 'over several lines'",
          "[cli][hostile4][readers]") {
    TempPath db("json-why.db"), file("json-why.json"), ids("json-why.txt");
    make_small_corpus(db.str());
    const std::string records = run_kenken("query --db " + db.str() + " --format json").out;
    const std::string first = records.substr(0, records.find('\n'));
    struct Case {
        std::string text, says;
    };
    for (const Case& c : {
             // Two records on one line: the second starts right after the first.
             Case{first + first + "\n",
                  ":1: text after the record at column " + std::to_string(first.size() + 1)},
             Case{first + " xyz\n",
                  ":1: text after the record at column " + std::to_string(first.size() + 2)},
         }) {
        write_file(file, c.text);
        const CliResult r = run_kenken("solve " + file.str());
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err,
                   Catch::Contains(file.str() + c.says) && !Catch::Contains("over several lines"));
    }
    // Keen ids read as JSON are no JSON at all.
    write_file(ids, "4:a_a_6a_a_caa,d2m12s1m12d2s2a7\n");
    const CliResult keen = run_kenken("solve --format json " + ids.str());
    CHECK(keen.status == 2);
    CHECK_THAT(keen.err, Catch::Contains(ids.str() + ":1: not JSON") &&
                             !Catch::Contains("over several lines"));
}

TEST_CASE("a JSON record's solution is rows of values or null, nothing else",
          "[cli][hostile4][readers]") {
    TempPath db("json-solution.db");
    make_small_corpus(db.str());
    const std::string records = run_kenken("query --db " + db.str() + " --format json").out;
    const std::string first = records.substr(0, records.find('\n'));
    auto with_solution = [&](const std::string& value) {
        const size_t at = first.find("\"solution\":");
        REQUIRE(at != std::string::npos);
        const size_t end = first.find("]]", at) + 2;
        return first.substr(0, at) + "\"solution\": " + value + first.substr(end) + "\n";
    };
    // "x" was taken as no solution; [[1]] was refused.
    for (const char* value : {"\"x\"", "5", "{}"}) {
        const CliResult r = run_kenken("solve -", with_solution(value));
        INFO(value << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err,
                   Catch::Contains("<stdin>:1: \"solution\" must be rows of values or null"));
    }
    CHECK(run_kenken("solve -", with_solution("null")).status == 0);
}

TEST_CASE("a text of no recognised format names the likely one", "[cli][hostile4][readers]") {
    TempPath j("likely.j");
    // seed000's first puzzle with a space before its first comma: it was "expected a
    // '#<TAB>size' header before the cages", though --format j reads it.
    std::string text = slurp(kTestData + "/seed000-kk0.j");
    text.insert(text.find(','), " ");
    write_file(j, text);
    const CliResult r = run_kenken("solve " + j.str());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(j.str() + ":1: the format is not recognised") &&
                          Catch::Contains("try --format j"));
    CHECK(run_kenken("solve --format j " + j.str()).status == 0);
}

TEST_CASE("a j cage with a space before its operation reads with the --format j suggested",
          "[cli][hostile4][readers]") {
    TempPath j("spaced.j");
    // seed000's first puzzle as "11 +,1 2 5 6": detection said "try --format j", and j then
    // said "target '11 ' is not a number".
    std::string text = slurp(kTestData + "/seed000-kk0.j");
    const size_t at = text.find("11+,");
    REQUIRE(at != std::string::npos);
    text.insert(at + 2, " ");
    write_file(j, "\n" + text.substr(at) + text.substr(0, at));  // its first line
    const CliResult r = run_kenken("solve " + j.str());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(j.str() + ":2: the format is not recognised from '11 +,") &&
                          Catch::Contains("try --format j"));
    const CliResult forced = run_kenken("solve --format j " + j.str());
    INFO(forced.err);
    CHECK(forced.status == 0);
    CHECK(forced.out == run_kenken("solve " + kTestData + "/seed000-kk0.j").out);
    // A space inside a target is not suggested j, and j names the line and the target.
    write_file(j, "1 1+,1 2 5 6\n");
    CHECK_THAT(run_kenken("solve " + j.str()).err, !Catch::Contains("try --format j"));
    CHECK_THAT(run_kenken("solve --format j " + j.str()).err,
               Catch::Contains(j.str() + ":1: target '1 1' is not a number"));
}

TEST_CASE("a text of no recognised format shows its UTF-8 words as they are",
          "[cli][hostile4][readers]") {
    TempPath file("words.txt");
    write_file(file, "Cr\u00e8me br\u00fbl\u00e9e\n");
    const CliResult r = run_kenken("solve " + file.str());
    CHECK(r.status == 2);
    // It was 'Cr\xC3\xA8me br\xC3\xBBl\xC3\xA9e'.
    CHECK_THAT(r.err, Catch::Contains(file.str() + ":1: the format is not recognised from "
                                                   "'Cr\u00e8me br\u00fbl\u00e9e'"));
}

TEST_CASE("a JSON record whose fields contradict its neknek text is refused, naming the field",
          "[cli][hostile4][readers]") {
    TempPath db("json-fields.db");
    make_small_corpus(db.str());
    const std::string records = run_kenken("query --db " + db.str() + " --format json").out;
    const std::string first = records.substr(0, records.find('\n') + 1);
    const nlohmann::json record = nlohmann::json::parse(first);
    REQUIRE(record.at("puzzle").at("size") == 4);
    REQUIRE(record.at("solution").is_array());
    REQUIRE(run_kenken("solve -", first).status == 0);
    const std::string level = record.at("grade").at("level");
    const int score = record.at("grade").at("score");
    struct Case {
        const char* field;
        std::function<void(nlohmann::json&)> edit;
        std::string says;
    };
    const std::vector<Case> cases = {
        {"size", [](nlohmann::json& j) { j["puzzle"]["size"] = 5; },
         "\"size\" says 5 but \"neknek\" is 4x4"},
        {"the record's size", [](nlohmann::json& j) { j["size"] = 6; },
         "the record's \"size\" says 6 but \"neknek\" is 4x4"},
        {"cages", [](nlohmann::json& j) { j["puzzle"]["cages"].erase(0); },
         "\"cages\" are not the cages of \"neknek\""},
        {"solution", [](nlohmann::json& j) { std::swap(j["solution"][0][0], j["solution"][0][1]); },
         "\"solution\" does not solve the puzzle"},
        {"grade", [&](nlohmann::json& j) { j["grade"]["score"] = score + 1000; },
         "\"grade\" has \"score\" " + std::to_string(score + 1000) + " for \"level\" \"" + level +
             "\""},
        {"level", [](nlohmann::json& j) { j["grade"]["level"] = "hrad"; },
         "\"grade\" has \"level\" \"hrad\""},
    };
    for (const Case& c : cases) {
        nlohmann::json edited = record;
        c.edit(edited);
        // After a good record: the message names the second line.
        const CliResult r = run_kenken("solve -", first + edited.dump() + "\n");
        INFO(c.field << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("<stdin>:2: " + c.says));
    }
}

TEST_CASE("'?' and the signs × ÷ − in a puzzle file, and '?' on a one-cell JSON cage",
          "[cli][hostile4][readers]") {
    TempPath file("signs.neknek");
    // The 1x1 '?': a '+' cage before, printed so; now a given.
    write_file(file, "#\t1\n?\t1\tA1\n");
    CliResult r = run_kenken("solve --json " + file.str());
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("\"op\":\"given\"") && Catch::Contains("\"standard\""));
    // It was "unknown operation '\xC3\x97'".
    write_file(file, "#\t2\n\u00d7\t2\tA1 A2\n!\t2\tB1\n!\t1\tB2\n");
    r = run_kenken("solve " + file.str());
    INFO(r.err);
    CHECK(r.status == 0);
    // A JSON cage "?" of one cell under shown rules is a given too.
    const std::string record =
        R"({"puzzle":{"size":1,"cages":[{"op":"?","target":1,"cells":[[0,0]]}]}})";
    CHECK(run_kenken("solve -", record + "\n").status == 0);
}
