// Hostile values on the command line and in configuration and book files (issue 11,
// item 8): zero quotas, empty names, NaN and infinity, out-of-range seeds and integers,
// filters, book words, variants. The other hostile uses are in test_cli_hostile_*.cpp.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

#include "db/store/corpus.h"
#include "tests/support/cli_run.h"
#include "tests/support/test_files.h"
#include "tests/support/test_folders.h"

namespace fs = std::filesystem;

TEST_CASE("level quotas that are all 0 are an error, from flags and from a file",
          "[cli][hostile][edges]") {
    TempPath db("zero-quotas.db");
    const CliResult flags =
        run_kenken("generate --db " + db.str() +
                   " --sizes 4 --per-level easy=0,normal=0,hard=0,extreme=0,unreasonable=0");
    CHECK(flags.status == 2);
    CHECK_THAT(flags.err, Catch::Contains("every level asks for 0 puzzles"));
    TempPath config("zero-quotas.toml");
    write_file(config.path, "[run]\nsizes = \"4\"\n\n[run.per_level]\neasy = 0\nhard = 0\n");
    const CliResult file = run_kenken("generate --db " + db.str() + " --config " + config.str());
    CHECK(file.status == 2);
    CHECK_THAT(file.err, Catch::Contains(config.str() + ":4:"));
    CHECK_FALSE(fs::exists(db.path));
}

TEST_CASE("an empty --db is an error for every command that takes one", "[cli][hostile][edges]") {
    for (const char* command :
         {"generate --count 4 --sizes 4", "stats", "query", "verify",
          "export --count 1 --format neknek --out kenken-hostile-never-written.neknek"}) {
        const CliResult r = run_kenken(std::string(command) + " --db ''");
        INFO(command << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("--db"));
    }
}

TEST_CASE("nan and inf are refused as weights and as the single-cell share, with file and line",
          "[cli][hostile][edges]") {
    TempPath db("nan.db");
    TempPath config("nan.toml");
    write_file(config.path, "[run]\nsizes = \"4\"\nmax_singletons = nan\n");
    CliResult r = run_kenken("generate --db " + db.str() + " --config " + config.str());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(config.str() + ":3:") && Catch::Contains("finite"));
    write_file(config.path,
               "[[recipes]]\nname = \"x\"\n[recipes.tiling]\nsize_weights = [0.0, inf, 1.0]\n");
    r = run_kenken("generate --db " + db.str() + " --config " + config.str());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(config.str() + ":4:") && Catch::Contains("finite"));
    for (const char* value : {"nan", "inf", "-inf"}) {
        r = run_kenken("generate --db " + db.str() + " --sizes 4 --count 4 --max-singletons " +
                       value);
        CHECK(r.status == 2);
    }
    CHECK_FALSE(fs::exists(db.path));
}

TEST_CASE("seeds outside 0..2^64-1 are refused, not wrapped", "[cli][hostile][edges]") {
    TempPath db("seeds.db");
    for (const char* seed :
         {"-1", "18446744073709551616", "99999999999999999999999", "1e3", "+5"}) {
        const CliResult r =
            run_kenken("generate --db " + db.str() + " --sizes 4 --count 4 --seed " + seed);
        INFO("seed " << seed << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(seed));
    }
    CHECK_FALSE(fs::exists(db.path));
    CHECK(run_kenken("query --db " + db.str() + " --order random --seed -1").status == 2);
    // The largest seed is stored with the run (beyond TOML's integers) and resumes.
    const CliResult top =
        run_kenken("generate --db " + db.str() +
                   " --sizes 4 --count 4 --seed 18446744073709551615 --stop-after 2");
    CHECK(top.status == 130);
    CHECK(run_kenken("generate --db " + db.str() + " --resume").status == 0);
    CHECK(kk::db::Corpus::open_existing(db.str()).runs().at(0).seed == 18446744073709551615ULL);
}

TEST_CASE("integer options name the value and the range, nothing wraps", "[cli][hostile][edges]") {
    // CLI11 said "Value 1e3 not in range 1 to 100000000" (it is: 1e3 is no integer) and
    // "Could not convert: --limit = ..."; packs --delete 99999999999999999999 looked
    // for pack 9223372036854775807.
    TempPath db("integers.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 2").status == 0);
    const std::string corpus = " --db " + db.str();
    const struct {
        std::string command, value, expected;
    } cases[] = {
        {"generate" + corpus + " --sizes 4 --count", "1e3",
         "'1e3' is not a whole number from 1 to 100000000"},
        {"generate" + corpus + " --sizes 4 --count", "-5", "'-5' is outside 1..100000000"},
        {"generate" + corpus + " --sizes 4 --count 2 -j", "2.5", "'2.5' is not a whole number"},
        {"query" + corpus + " --limit", "99999999999999999999", "is outside 0..2147483647"},
        {"query" + corpus + " --max-cage", "x", "'x' is not a whole number from 1 to 81"},
        {"packs" + corpus + " --delete", "99999999999999999999",
         "is outside 1..9223372036854775807"},
        {"packs" + corpus + " --show", "0", "'0' is outside 1.."},
        {"export" + corpus + " --out never.neknek -n", "+3", "'+3' is not a whole number"},
        {"export" + corpus + " --out never.pdf -n 1 --per-page", "9", "'9' is outside 1..6"},
        {"solve " + kTestData + "/seed001-4x4.neknek --limit", "0", "'0' is outside 1..1000000"},
        {"solve " + kTestData + "/seed001-4x4.neknek -j", "3", "'3' is outside 1..2"},
        {"bench " + kTestData + "/seed001-4x4.neknek --repeat", "1e2",
         "'1e2' is not a whole number"},
    };
    for (const auto& c : cases) {
        const CliResult r = run_kenken(c.command + " " + c.value);
        INFO(c.command << " " << c.value << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(c.expected));
    }
    CHECK_FALSE(fs::exists("never.neknek"));
    CHECK(kk::db::Corpus::open_existing(db.str()).packs().empty());
}

TEST_CASE("filter lists and numbers: no level named, typeset signs, hexadecimal scores",
          "[cli][hostile][edges]") {
    // "--level ," matched every level; "--ops ÷" was "unknown operation '\xc3'" (half a
    // character); "--min-score 0x10" was taken as 16 and " 5" as 5.
    TempPath db("filters.db");
    REQUIRE(
        run_kenken("generate -q --db " + db.str() + " --sizes 4-5 --count 12 --seed 7").status ==
        0);
    const std::string query = "query --format neknek --db " + db.str();
    const struct {
        std::string args, expected;
    } refused[] = {
        {"--level ,", "--level: no level named in ','"},
        {"--level ' , '", "--level: no level named"},
        {"--ops é", "unknown operation 'é' in --ops"},
        {"--ops '+\xc3'", "unknown operation '\xc3' in --ops"},
        {"--min-score 0x10", "'0x10' is not a number"},
        {"--max-score ' 5'", "' 5' is not a number"},
        {"--min-score +5", "'+5' is not a number"},
        {"--min-score 1e999", "'1e999' is not a finite number"},
    };
    for (const auto& c : refused) {
        const CliResult r = run_kenken(query + " " + c.args);
        INFO(c.args << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(c.expected));
    }
    // The signs as typeset pick what their ASCII spelling picks.
    const std::string ascii = run_kenken(query + " --ops '+*/'").out;
    CHECK_FALSE(ascii.empty());
    CHECK(ascii != run_kenken(query).out);  // the filter leaves some out
    CHECK(run_kenken(query + " --ops '+×÷'").out == ascii);
    CHECK(run_kenken(query + " --ops '+−'").out == run_kenken(query + " --ops +-").out);
    CHECK(run_kenken(query + " --level 'easy, hard'").out ==
          run_kenken(query + " --level easy,hard").out);
    CHECK(run_kenken(query + " --min-score 1e-999").status == 0);
}

TEST_CASE("an empty value is refused for every option but the book's text lines",
          "[cli][hostile][edges]") {
    // Each of these once meant the default (every size, A4, no variant...) or no file.
    TempPath db("empty-values.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 2").status == 0);
    const std::string corpus = " --db " + db.str();
    for (const std::string& command :
         {"generate" + corpus + " --count 2 --sizes ''", "generate" + corpus + " --per-level ''",
          "generate" + corpus + " --count 2 --config ''",
          "generate" + corpus + " --count 2 --variant ''", "query" + corpus + " --ops ''",
          "query" + corpus + " --level ''", "export" + corpus + " -n 1 --trim '' -o never.pdf",
          "export" + corpus + " -n 1 --book '' -o never.pdf", std::string("solve ''"),
          std::string("grade ''")}) {
        const CliResult r = run_kenken(command);
        INFO(command << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("empty"));
    }
    CHECK_FALSE(fs::exists("never.pdf"));
    CHECK(kk::db::Corpus::open_existing(db.str()).runs().size() == 1);
    // A blank title line is a choice, not a mistake.
    TempPath out("blank-title.neknek");
    CHECK(run_kenken("export" + corpus + " -n 1 --title '' -o " + out.str()).status == 0);
}

TEST_CASE("book words cairo cannot print, or a page cannot hold, are bad input, not write errors",
          "[cli][hostile][edges]") {
    // Invalid UTF-8 in --title failed half way as "cannot write ...: input string not
    // valid UTF-8", exit 1; a newline in --author printed as boxes.
    TempPath db("book-words.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 2").status == 0);
    TempPath out("book-words.pdf");
    for (const std::string& flag :
         {std::string("--title $'Bad \\xff'"), std::string("--author $'A\\nB'"),
          std::string("--title ") + std::string(200, 'T'),
          std::string("--level-names a,b,c,d,") + std::string(25, 'e')}) {
        const CliResult r = run_shell(std::string("bash -c \"") + kKenken + " export --db " +
                                      db.str() + " -n 1 -o " + out.str() + " " + flag + "\"");
        INFO(flag << ": " << r.out);
        CHECK(r.status == 2);
        CHECK_FALSE(fs::exists(out.path));
    }
    CHECK(kk::db::Corpus::open_existing(db.str()).packs().empty());
}

TEST_CASE("generate --per-level refuses a count past the cap and a level given twice",
          "[cli][hostile][edges]") {
    // Two levels of 2000000000 overflowed the size total: "0/-294967296 ETA done", the
    // run finished at once with nothing made, exit 0. "easy=3,easy=5" took 5 silently.
    TempPath db("per-level-cap.db");
    for (const auto& [value, said] :
         {std::pair<std::string, std::string>{"easy=2000000000,normal=2000000000",
                                              "more than 10000000"},
          {"easy=10000001", "more than 10000000"},
          {"easy=3,easy=5", "easy is given twice"}}) {
        const CliResult r =
            run_kenken("generate -q --db " + db.str() + " --sizes 4 --per-level " + value);
        INFO(value << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(said));
        CHECK_FALSE(fs::exists(db.path));
    }
}

TEST_CASE("a PDF refuses words its font cannot print, other packs take them",
          "[cli][hostile][book]") {
    // CJK titles printed as empty boxes, and Arabic or Hebrew backwards (cairo's text calls
    // lay characters out left to right), with exit 0.
    TempPath db("unprintable-words.db"), pdf("unprintable-words.pdf"),
        json("unprintable-words.json"), book("unprintable-words.toml");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 3").status == 0);
    const std::string pack = "export --allow-repeats -n 1 --db " + db.str();
    for (const auto& [title, said] :
         {std::pair<std::string, std::string>{"\u6f22\u5b57", "the title holds \u6f22 (U+6F22)"},
          {"\u0645\u0631\u062d\u0628\u0627", "the title holds right-to-left text"},
          {"\u05e9\u05dc\u05d5\u05dd", "the title holds right-to-left text"}}) {
        const CliResult r = run_kenken(pack + " -o " + pdf.str() + " --title '" + title + "'");
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(said));
        CHECK_FALSE(fs::exists(pdf.path));
        const CliResult text =
            run_kenken(pack + " --force -o " + json.str() + " --title '" + title + "'");
        CHECK(text.status == 0);  // a JSON pack's title is data, printed by someone else
    }
    write_file(book, "[levels]\neasy = \"\u521d\u7d1a\"\n");
    const CliResult level = run_kenken(pack + " -o " + pdf.str() + " --book " + book.str());
    CHECK(level.status == 2);
    CHECK_THAT(level.err, Catch::Contains("the name of level easy holds"));
    const CliResult fine = run_kenken(pack + " -o " + pdf.str() +
                                      " --title 'Caf\u00e9 \u03a9 \u041a\u0438\u0435\u0432' "
                                      "--author 'Zo\u00eb \u00c5ngstr\u00f6m'");
    CHECK(fine.status == 0);
    CHECK(fs::exists(pdf.path));
}

TEST_CASE("a book file's words are checked with its file and line, a level name cannot be blank",
          "[cli][hostile][book]") {
    // A blank level name was printed: its pages and sections were headed by nothing. A
    // control character in the file's rules was named without the file or line.
    TempPath db("book-file-words.db"), book("book-file-words.toml"), out("book-file-words.pdf");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 2").status == 0);
    for (const auto& [text, said] :
         {std::pair<std::string, std::string>{"[levels]\neasy = \"Gentle\"\nhard = \"  \"\n",
                                              ":3: the name of level hard is blank"},
          {"title = \"T\"\nrules = \"Fill\\tthe grid\"\n",
           ":2: the rules holds a control character (byte 5)"},
          // A float past int64 was converted to an integer (undefined behaviour, found by
          // the book fuzz target), and 4.0 was taken as 4.
          {"title = \"T\"\nper_page = 77777777777777777777778.0\n",
           ":2: per_page must be a whole number"},
          {"walkthrough = 4.0\n", ":1: walkthrough must be a whole number"}}) {
        write_file(book, text);
        const CliResult r = run_kenken("export --db " + db.str() + " -n 1 --book " + book.str() +
                                       " -o " + out.str());
        INFO(text << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(book.str() + said));
        CHECK_FALSE(fs::exists(out.path));
    }
    CHECK(kk::db::Corpus::open_existing(db.str()).packs().empty());
}

TEST_CASE("variant standard combined with another variant says why it is refused",
          "[cli][hostile][edges]") {
    // "standard,hidden" said "unknown variant 'standard' (use standard, or ...)".
    TempPath db("variant-standard.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 1").status == 0);
    for (const std::string& command :
         {"query --db " + db.str() + " --variant standard,hidden",
          "generate -q --db " + db.str() +
              " --add --sizes 4 --count 1 --variant hidden,standard"}) {
        const CliResult r = run_kenken(command);
        INFO(command << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("cannot be combined") &&
                              !Catch::Contains("unknown variant 'standard'"));
    }
}

TEST_CASE("a configuration file may not name the top-up stream as its shard",
          "[cli][hostile][config]") {
    // shard = "2/2" (meant as the second of two; --shard 2/2 is refused) ran as the
    // top-up stream of a merged corpus: the whole quota, not half of it, exit 0.
    TempPath db("config-shard.db"), config("config-shard.toml");
    write_file(config, "[run]\nsizes = \"4\"\ncount = 4\nshard = \"2/2\"\n");
    const CliResult r = run_kenken("generate -q --db " + db.str() + " --config " + config.str());
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(config.str() + ":4: run.shard") &&
                          Catch::Contains("need 0 <= I < N"));
    CHECK_FALSE(fs::exists(db.path));
}

TEST_CASE("query in a form that cannot carry a variant refuses before writing anything",
          "[cli][hostile][variants]") {
    // A standard puzzle, then a hidden-operator one: query --format keen printed the
    // first and then stopped, exit 1 (a corpus fault), naming no puzzle.
    TempPath db("query-keen-hidden.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 1").status == 0);
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 1 --add --variant " +
                       "hidden")
                .status == 0);
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 1 --add --variant " +
                       "killer")
                .status == 0);
    for (const auto& [format, rules] :
         {std::pair{"keen", "hidden"}, std::pair{"cancan", "killer"}}) {
        const CliResult r = run_kenken("query --db " + db.str() + " --format " + format);
        INFO(format << ": " << r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK_THAT(r.err, Catch::Contains("query: puzzle ") &&
                              Catch::Contains(std::string("(") + rules + "): ") &&
                              Catch::Contains("use neknek"));
    }
    // What the form can carry is still written.
    const CliResult standard =
        run_kenken("query --db " + db.str() + " --format keen --variant standard");
    CHECK(standard.status == 0);
    CHECK_THAT(standard.out, Catch::StartsWith("4:"));
    CHECK(run_kenken("query --db " + db.str() + " --format cancan --variant hidden").status == 0);
}

TEST_CASE("query and export say when a form cannot carry mult-only or add-sub",
          "[cli][hostile][variants]") {
    // cancan (and a Keen id for add-sub) wrote them without a word, and they read back
    // labelled standard; hidden,mult-only in cancan read back as another puzzle.
    TempPath db("relabelled.db"), pack("relabelled.cancan"), hidden("relabelled-hidden.cancan");
    for (const std::string variant : {"mult-only", "add-sub", "hidden,mult-only"})
        REQUIRE(run_kenken("generate -q --db " + db.str() +
                           " --sizes 4 --count 2 --add --variant " + variant)
                    .status == 0);
    CliResult r = run_kenken("query --db " + db.str() + " --format cancan --variant mult-only");
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.err ==
          "query: warning: the cancan form cannot carry the variant mult-only: its 2 puzzles (the "
          "same, operations shown) read back as standard; neknek and json keep it\n");
    r = run_kenken("query --db " + db.str() + " --format keen --variant mult-only");
    CHECK(r.status == 0);
    CHECK(r.err.empty());  // Keen ids have a multiplication-only mode
    r = run_kenken("query --db " + db.str() + " --format keen --variant add-sub");
    CHECK(r.status == 0);
    CHECK_THAT(r.err, Catch::Contains("the keen form cannot carry the variant add-sub: its 2"));
    r = run_kenken("export --db " + db.str() + " -n 2 --variant add-sub -o " + pack.str());
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK_THAT(r.err, Catch::StartsWith("export: warning: the cancan form cannot carry the "
                                        "variant add-sub: its 2 puzzles"));
    // Hidden operations of one kind: refused before anything is written, as killer.
    r = run_kenken("query --db " + db.str() + " --format cancan --variant hidden,mult-only");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains("cannot carry hidden operations of hidden,mult-only"));
    r = run_kenken("export --db " + db.str() + " -n 2 --variant hidden,mult-only -o " +
                   hidden.str());
    CHECK(r.status == 2);
    CHECK_FALSE(fs::exists(hidden.path));
}

TEST_CASE("a configuration's switches take true or false, not a number",
          "[cli][hostile][config]") {
    // TOML's 1 is an integer: steering = 1 was taken as true (and 0 as false) where
    // steering = "no" was refused.
    TempPath config("review-bool.toml"), db("review-bool.db");
    for (const char* line : {"steering = 1", "steering = 0",
                             "[[recipes]]\nname = \"r\"\noperators = { avoid_giveaways = 1 }",
                             "[[recipes]]\nname = \"r\"\noperators = { strongest = 0 }"}) {
        write_file(config, std::string("[run]\nsizes = \"4\"\ncount = 2\n") + line + "\n");
        const CliResult r =
            run_kenken("generate -q --db " + db.str() + " --config " + config.str());
        INFO(line << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(config.str() + ":") &&
                              Catch::Contains("expected true or false"));
        CHECK_FALSE(fs::exists(db.path));
    }
}

TEST_CASE("a share past its range is said as a count past its range is",
          "[cli][hostile][numbers]") {
    // --max-singletons 5. said "Value 5. not in range 0.000000 to 1.000000" where
    // --count 0 says "'0' is outside 1..100000000".
    TempPath db("review-share.db");
    for (const char* value : {"5.", "1e+2", "-0.5", "1.0000001"}) {
        const CliResult r = run_kenken("generate -q --sizes 4 -n 2 --db " + db.str() +
                                       " --max-singletons " + value);
        INFO(value << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(std::string("'") + value + "' is outside 0..1"));
        CHECK_FALSE(fs::exists(db.path));
    }
}

TEST_CASE("a configuration's recipe named by an empty string is refused with file and line",
          "[cli][hostile][config]") {
    // Taken, and every message about it named "recipes..tiling".
    TempPath config("review2-empty-name.toml"), db("review2-empty-name.db");
    write_file(config,
               "[run]\nsizes = \"4\"\ncount = 2\n\n[[recipes]]\nname = \"\"\n"
               "[recipes.tiling]\nmax_cage = 3\n");
    const CliResult r = run_kenken("generate -q --db " + db.str() + " --config " + config.str());
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(config.str() + ":6: recipes.name: empty"));
    CHECK_FALSE(fs::exists(db.path));
}

TEST_CASE("a level named with spaces that print as nothing is refused as blank",
          "[cli][hostile][book]") {
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

TEST_CASE("sizes and level quotas refuse a sign or blanks before a number, as counts do",
          "[cli][hostile][numbers]") {
    // --count ' 5' and --count +5 were refused ("not a whole number"), but --sizes ' 5',
    // --sizes +5, --per-level hard=+5 and query --size '\t5' were taken as 5.
    TempPath db("review4-numbers.db");
    for (const std::string& value : {std::string("+5"), std::string(" 5"), std::string("\t5"),
                                     std::string("4,+5"), std::string("+4-6")}) {
        DYNAMIC_SECTION("sizes [" << value << "]") {
            const CliResult r =
                run_kenken("generate -q --db " + db.str() + " -n 2 --sizes '" + value + "'");
            INFO(r.err);
            CHECK(r.status == 2);
            CHECK_THAT(r.err, Catch::Contains("--sizes") && Catch::Contains("is not a number"));
            CHECK_FALSE(fs::exists(db.path));
            const CliResult q = run_kenken("query --db " + db.str() + " --size '" + value + "'");
            CHECK(q.status == 2);
            CHECK_THAT(q.err, Catch::Contains("--size") && Catch::Contains("is not a number"));
        }
    }
    for (const std::string& value : {std::string("hard=+5"), std::string("hard= 5")}) {
        DYNAMIC_SECTION("per-level [" << value << "]") {
            const CliResult r = run_kenken("generate -q --db " + db.str() +
                                           " --sizes 4 --per-level '" + value + "'");
            INFO(r.err);
            CHECK(r.status == 2);
            CHECK_THAT(r.err, Catch::Contains("--per-level") && Catch::Contains("is not a number"));
            CHECK_FALSE(fs::exists(db.path));
        }
    }
    // The configuration file reads its sizes the same way.
    TempPath config("review4-numbers.toml");
    write_file(config.path, "[run]\nsizes = \"+5\"\n");
    const CliResult r = run_kenken("generate -q --db " + db.str() + " --config " + config.str());
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("is not a number"));
    CHECK_FALSE(fs::exists(db.path));
    // Plain digits still work.
    CHECK(run_kenken("generate -q --db " + db.str() + " -n 2 --sizes 4 --seed 3").status == 0);
}

TEST_CASE("a bad value of the tests' hidden --stop-after names the option",
          "[cli][hostile][numbers]") {
    // A hidden option has no name in CLI11's messages: ": '-1' is not a whole number ...".
    TempPath db("review4-stop-after.db");
    for (const char* value : {"-1", "x", "99999999999999999999"}) {
        const CliResult r =
            run_kenken("generate -q --db " + db.str() + " --sizes 4 -n 2 --stop-after " + value);
        INFO(value << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::StartsWith("generate: --stop-after: '"));
        CHECK_FALSE(fs::exists(db.path));
    }
}
