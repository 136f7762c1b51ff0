// export's options as a publisher sets them (issue 49): flags over the book file, the
// options a format cannot use, what an SVG clue needs to fit, and the messages.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"
#include "tests/support/json_lines.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

// A corpus of 3x3 puzzles, the smallest grids a pack draws.
void small_corpus(const TempPath& db) {
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 3 -n 3 --seed 4").status == 0);
}

// The filters the corpus's only pack recorded.
nlohmann::json only_pack_filters(const TempPath& db) {
    const auto packs = json_lines(run_kenken("packs --db " + db.str() + " --json").out);
    REQUIRE(packs.size() == 1);
    return packs[0].at("filters");
}

// Recipes of big product cages (up to 8 cells): 9x9 clues such as 60480x.
constexpr const char* kBigCages = R"([run]
sizes = "9"
[[recipes]]
name = "huge"
tiling = { strategy = "domino-first", size_weights = [0.0, 0.6, 0.0, 0.0, 0.0, 0.1, 0.15, 0.15], max_cage = 8 }
operators = { two_cell = { add = 1.0, sub = 1.0, mul = 1.0, div = 1.0 }, larger = { mul = 1.0 } }
)";

// The advance of a clue in DejaVu Sans (fonts-dejavu-core) at size, in em from its
// metrics: every digit 1303/2048, each sign (+ − × ÷) 1716/2048. -1 for a key's mark
// ("A×"), which has letters.
double dejavu_sans_width(const std::string& clue, double size) {
    double em = 0;
    for (size_t i = 0; i < clue.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(clue[i]);
        if (c >= '0' && c <= '9') {
            em += 1303.0 / 2048;
        } else if (c == '+') {
            em += 1716.0 / 2048;
        } else if (c >= 0xC0) {  // the first byte of a typeset sign
            em += 1716.0 / 2048;
        } else if (c < 0x80) {
            return -1;
        }
    }
    return em * size;
}

struct SvgClue {
    std::string text;
    double x = 0, y = 0, size = 10, scale = 1, text_length = 0;
};

std::vector<SvgClue> svg_clues(const std::string& svg) {
    static const std::regex clue(R"re(<text class="clue"([^>]*)>([^<]*)</text>)re");
    static const std::regex at(R"re(x="([\d.]+)" y="([\d.]+)")re");
    static const std::regex moved(R"re(translate\(([\d.]+) ([\d.]+)\) scale\(([\d.]+) 1\))re");
    static const std::regex size(R"re(font-size:([\d.]+)px)re");
    static const std::regex length(R"re(textLength="([\d.]+)")re");
    std::vector<SvgClue> out;
    for (std::sregex_iterator it(svg.begin(), svg.end(), clue), end; it != end; ++it) {
        const std::string attributes = (*it)[1];
        SvgClue c;
        c.text = (*it)[2];
        std::smatch m;
        if (std::regex_search(attributes, m, moved)) {
            c.x = std::stod(m[1]);
            c.y = std::stod(m[2]);
            c.scale = std::stod(m[3]);
        } else if (std::regex_search(attributes, m, at)) {
            c.x = std::stod(m[1]);
            c.y = std::stod(m[2]);
        }
        if (std::regex_search(attributes, m, size)) c.size = std::stod(m[1]);
        if (std::regex_search(attributes, m, length)) c.text_length = std::stod(m[1]);
        out.push_back(c);
    }
    return out;
}

// Where a clue at (x, y) must end: the first cage line right of it in its row, or the
// grid's right edge, less half the line.
double clue_limit(const std::string& svg, double x, double y) {
    static const std::regex grid(R"re(<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)")re");
    static const std::regex line(
        R"re(<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"/>)re");
    std::smatch m;
    REQUIRE(std::regex_search(svg, m, grid));
    double limit = std::stod(m[1]) + std::stod(m[2]) - 1.5;
    const size_t from = svg.find("<g id=\"cages\""), to = svg.find("</g>", from);
    REQUIRE(from != std::string::npos);
    const std::string cages = svg.substr(from, to - from);
    for (std::sregex_iterator it(cages.begin(), cages.end(), line), end; it != end; ++it) {
        const double x1 = std::stod((*it)[1]), y1 = std::stod((*it)[2]), x2 = std::stod((*it)[3]),
                     y2 = std::stod((*it)[4]);
        if (x1 == x2 && x1 > x && y1 < y && y < y2) limit = std::min(limit, x1 - 1.2);
    }
    return limit;
}

}  // namespace

TEST_CASE("a flag given false wins over the book file as a flag given true does",
          "[cli][export][options49]") {
    // "--book book-6x9.toml --solutions=false" printed the answer key and recorded
    // "solutions":true; "--large-print=false --per-page 4" with a large-print book was
    // refused, blaming the book.
    TempPath db("flags-over-book.db"), book("flags-over-book.toml"), pdf("flags-over-book.pdf");
    small_corpus(db);
    write_file(book, "title = \"B\"\nsolutions = true\nbleed = true\nlarge_print = true\n");
    const std::string export_to =
        "export --db " + db.str() + " -n 1 -o " + pdf.str() + " --book " + book.str() + " ";
    CliResult r = run_kenken(export_to + "--dry-run");
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("solutions: page") && Catch::Contains("with bleed"));
    r = run_kenken(export_to + "--dry-run --solutions=false --bleed=false");
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, !Catch::Contains("solutions: page") && !Catch::Contains("with bleed"));
    r = run_kenken(export_to + "--dry-run --large-print=false --per-page 4");
    INFO(r.err);
    CHECK(r.status == 0);
    r = run_kenken(export_to + "--solutions=false");
    INFO(r.err);
    REQUIRE(r.status == 0);
    const nlohmann::json filters = only_pack_filters(db);
    CHECK(filters.at("solutions") == false);
    CHECK(filters.at("bleed") == true);
}

TEST_CASE("a text pack refuses --solutions, which it cannot change, naming the format",
          "[cli][export][options49]") {
    // neknek, keen, cancan and json packs with --solutions were byte for byte the ones
    // without, yet recorded "solutions":true.
    TempPath db("text-solutions.db");
    small_corpus(db);
    for (const std::string format : {"neknek", "keen", "cancan", "json", "dataset"}) {
        const CliResult r =
            run_kenken("export --db " + db.str() + " -n 1 -o - --solutions --format " + format);
        INFO(format << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::StartsWith("export: --solutions is for books (pdf, svg)") &&
                              Catch::Contains(format + " pack", Catch::CaseSensitive::No));
        CHECK(r.out.empty());
    }
    CHECK(run_kenken("packs --db " + db.str()).out == "no packs\n");
    // Given false it asks for nothing.
    CHECK(run_kenken("export --db " + db.str() + " -n 1 -o - --solutions=false --format json")
              .status == 0);
}

TEST_CASE("a book file's keys a pack cannot use are refused as their flags are",
          "[cli][export][options49]") {
    // "--book book-6x9.toml" with an SVG or neknek pack dropped its trim and walkthrough
    // without a word (the SVG pack took its solutions).
    TempPath db("book-keys.db"), book("book-keys.toml"), folder("book-keys-svg"),
        text("book-keys.neknek");
    small_corpus(db);
    const auto export_with = [&](const std::string& toml, const TempPath& out) {
        write_file(book, toml);
        return run_kenken("export --db " + db.str() + " -n 1 --book " + book.str() + " -o " +
                          out.str() + (&out == &folder ? " --format svg" : ""));
    };
    for (const TempPath* out : {&folder, &text})
        for (const std::string key : {"trim = \"6x9\"", "bleed = true", "per_page = 2",
                                      "large_print = true", "walkthrough = 3", "subtitle = \"S\"",
                                      "author = \"A\"", "copyright = \"C\"", "rules = \"R\""}) {
            const CliResult r = export_with("title = \"T\"\n" + key + "\n", *out);
            INFO(out->str() << " " << key << ": " << r.err);
            CHECK(r.status == 2);
            CHECK_THAT(r.err, Catch::StartsWith("export: " + book.str() +
                                                ":2: " + key.substr(0, key.find(' ')) +
                                                " is for books (pdf)"));
            CHECK_FALSE(fs::exists(out->path));
        }
    CliResult r = export_with("[levels]\neasy = \"E\"\n", text);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(":1: [levels] is for books (pdf, svg)"));
    r = export_with("solutions = true\n", text);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(":1: solutions = true is for books (pdf, svg)"));
    CHECK(run_kenken("packs --db " + db.str()).out == "no packs\n");
    // What asks for nothing passes (the shipped files write these), and an SVG pack takes
    // the title, the level names and the solutions.
    const std::string nothing =
        "title = \"T\"\nauthor = \"\"\nbleed = false\nper_page = 0\nwalkthrough = 0\n";
    r = export_with(nothing + "solutions = true\n[levels]\neasy = \"E\"\n", folder);
    INFO(r.err);
    CHECK(r.status == 0);
    r = export_with(nothing, text);
    INFO(r.err);
    CHECK(r.status == 0);
}

TEST_CASE("export's help says --fresh is its default already", "[cli][export][options49]") {
    // It read "Only puzzles never exported in a pack", as if export took published ones
    // without it; the pack is the same with it or without.
    const CliResult help = run_kenken("export --help");
    REQUIRE(help.status == 0);
    CHECK_THAT(help.out, Catch::Contains("export's default already (a no-op"));
}

TEST_CASE("an SVG clue squeezed to fit its cage fits in the fonts every viewer has",
          "[cli][export][options49]") {
    // Squeezed clues were named 'DejaVu Sans Condensed' (fonts-dejavu-extra): a viewer
    // without that face drew 60480x in DejaVu Sans (fonts-dejavu-core), over the cage
    // line and into the next clue. Each clue is measured here as such a viewer draws
    // it, in DejaVu Sans, through its transform, with textLength or without.
    TempPath db("svg-squeeze.db"), config("svg-squeeze.toml"), folder("svg-squeeze");
    write_file(config, kBigCages);
    REQUIRE(
        run_kenken("generate -q --db " + db.str() + " --config " + config.str() + " -n 6 --seed 2")
            .status == 0);
    REQUIRE(
        run_kenken("export --db " + db.str() + " -n 6 --format svg -o " + folder.str()).status ==
        0);
    int squeezed = 0;
    for (const auto& entry : fs::directory_iterator(folder.path)) {
        const std::string svg = slurp(entry.path());
        CHECK_THAT(svg, !Catch::Contains("Condensed"));
        for (const SvgClue& c : svg_clues(svg)) {
            const double regular = dejavu_sans_width(c.text, c.size);
            if (regular < 0) continue;
            INFO(entry.path().filename().string() << ": " << c.text << " at " << c.x << "," << c.y);
            if (c.text_length > 0) CHECK(std::abs(c.text_length - regular) < 0.1);
            CHECK(c.x + c.scale * regular <= clue_limit(svg, c.x, c.y) + 0.05);
            if (c.scale < 1) ++squeezed;
        }
    }
    CHECK(squeezed > 0);
}

TEST_CASE("a book with a blank title is refused, naming where the title came from",
          "[cli][export][options49]") {
    // --title "" printed a book with no title, where a blank level name is refused.
    TempPath db("blank-title.db"), book("blank-title.toml"), pdf("blank-title.pdf"),
        text("blank-title.neknek");
    small_corpus(db);
    const std::string export_to = "export --db " + db.str() + " -n 1 ";
    for (const char* title : {"''", "'   '", "$'\\u00a0'"}) {
        const CliResult r = run_shell(std::string("bash -c \"") + kKenken + " " + export_to +
                                      "-o " + pdf.str() + " --title " + title + "\"");
        INFO(title << ": " << r.out);
        CHECK(r.status == 2);
        CHECK_THAT(r.out, Catch::Contains("export: --title is blank: a book needs a title"));
    }
    write_file(book, "title = \" \"\n");
    CliResult r = run_kenken(export_to + "-o " + pdf.str() + " --book " + book.str());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("title in " + book.str() + " is blank"));
    CHECK_FALSE(fs::exists(pdf.path));
    // A text pack's title only labels it: blank is a choice there.
    r = run_kenken(export_to + "-o " + text.str() + " --title ''");
    CHECK(r.status == 0);
}

TEST_CASE("export's messages name packs and pages as they are said, and --format takes any case",
          "[cli][export][options49]") {
    TempPath db("export-words.db"), folder("export-words-svg"), pdf("export-words.pdf");
    small_corpus(db);
    const std::string export_to = "export --db " + db.str() + " -n 1 ";
    // "--per-page 6 on a a4 page", "a svg pack has no use for it".
    CliResult r = run_kenken(export_to + "-o " + pdf.str() + " --per-page 6 --trim 80x110mm");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("--per-page 6 on an 80x110mm page leaves"));
    r = run_kenken(export_to + "--format svg -o " + folder.str() + " --per-page 2");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("): an SVG pack has no use for it"));
    r = run_kenken(export_to + "--format svg -o -");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("export: an SVG pack cannot go to stdout"));
    r = run_kenken(export_to + "-o - --solutions --format json");
    CHECK_THAT(r.err, Catch::Contains("a JSON pack carries each puzzle's solution already"));
    // --format PDF was refused, where Book.PDF was taken as a PDF.
    r = run_kenken(export_to + "--dry-run --format PDF -o " + pdf.str());
    INFO(r.err);
    CHECK(r.status == 0);
    r = run_kenken(export_to + "--format Svg -o " + folder.str());
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(fs::is_directory(folder.path));
    // --order only picks the puzzles: the pack is put easiest first whatever it says.
    const CliResult help = run_kenken("export --help");
    CHECK_THAT(help.out, Catch::Contains("the pack itself is always ordered easiest first"));
}

TEST_CASE("a killer puzzle refused as a Keen id is refused for the killer rule alone",
          "[cli][export][options49]") {
    // The refusal read "Keen ids (every Keen cage shows its operation) cannot carry the
    // killer rule": the operations have nothing to do with it.
    TempPath db("keen-killer.db");
    REQUIRE(
        run_kenken("generate -q --db " + db.str() + " --sizes 4 -n 1 --variant killer").status ==
        0);
    const CliResult r = run_kenken("export --db " + db.str() + " -n 1 -o - --format keen");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("Keen ids cannot carry the killer rule") &&
                          !Catch::Contains("shows its operation"));
}

TEST_CASE("a page count from the book file is refused as the file's key, with its line",
          "[cli][export][options50]") {
    // Issue 11 (50th session): per_page = 6 in a book file on a page too small for it
    // was refused as "--per-page 6 on ...", a flag never given.
    TempPath db("book-per-page.db"), book("book-per-page.toml"), pdf("book-per-page.pdf");
    small_corpus(db);
    write_file(book, "title = \"Small\"\nper_page = 6\n");
    const std::string export_to = "export --db " + db.str() + " -n 1 -o " + pdf.str() + " --book " +
                                  book.str() + " --trim 80x110mm";
    for (const std::string dry : {"", " --dry-run"}) {
        const CliResult r = run_kenken(export_to + dry);
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::StartsWith("export: " + book.str() +
                                            ":2: per_page = 6 on an 80x110mm page leaves") &&
                              !Catch::Contains("--per-page"));
        CHECK_FALSE(fs::exists(pdf.path));
    }
    // Given, the flag wins and is named.
    const CliResult flag = run_kenken(export_to + " --per-page 4");
    CHECK(flag.status == 2);
    CHECK_THAT(flag.err, Catch::StartsWith("export: --per-page 4 on an 80x110mm page leaves"));
}
