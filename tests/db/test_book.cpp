// Print-ready books, checked from the PDF itself with poppler's pdfinfo, pdffonts and
// pdftotext -bbox: trim and bleed, embedded fonts, mirrored margins, clue sizes,
// puzzles a page, the answer key, --dry-run, and SVG clues as text.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <map>
#include <regex>

#include "db/pack/export.h"
#include "db/pack/text.h"
#include "tests/support/corpus_fixture.h"

using namespace kk;
using kk::test::TempDir;
namespace fs = std::filesystem;

namespace {

std::string capture(const std::string& cmd, int* status = nullptr) {
    std::string out;
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return out;
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, got);
    const int raw = pclose(pipe);
    if (status) *status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return out;
}

std::string shq(const std::string& s) {
    return "'" + s + "'";
}

// A small factory corpus of 4x4 to 6x6 puzzles, made by the binary (12 easy 4x4).
std::string factory_corpus(const TempDir& dir) {
    const std::string db = dir.file("f.db");
    int status = -1;
    capture(kKenken + " generate --db " + shq(db) +
                " --sizes 4-6 --count 60 --seed 3 --threads 1 >/dev/null 2>&1",
            &status);
    REQUIRE(status == 0);
    return db;
}

struct Word {
    double x0, y0, x1, y1;
    std::string text;
    double height() const { return y1 - y0; }
};

// Every page's words, from pdftotext -bbox; page 1 first.
std::vector<std::vector<Word>> pdf_words(const std::string& pdf) {
    const std::string html = capture("pdftotext -bbox " + shq(pdf) + " - 2>/dev/null");
    std::vector<std::vector<Word>> pages;
    static const std::regex word(
        R"re(<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>)re");
    size_t pos = 0;
    while ((pos = html.find("<page ", pos)) != std::string::npos) {
        const size_t end = html.find("</page>", pos);
        const std::string page = html.substr(pos, end - pos);
        pages.emplace_back();
        for (std::sregex_iterator it(page.begin(), page.end(), word), e; it != e; ++it)
            pages.back().push_back({std::stod((*it)[1]), std::stod((*it)[2]), std::stod((*it)[3]),
                                    std::stod((*it)[4]), (*it)[5]});
        pos = end;
    }
    return pages;
}

// Page sizes in points, from pdfinfo.
std::vector<std::pair<double, double>> page_sizes(const std::string& pdf) {
    const std::string info = capture("pdfinfo -f 1 -l 9999 " + shq(pdf) + " 2>/dev/null");
    std::vector<std::pair<double, double>> sizes;
    static const std::regex size(R"(Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts)");
    for (std::sregex_iterator it(info.begin(), info.end(), size), e; it != e; ++it)
        sizes.push_back({std::stod((*it)[1]), std::stod((*it)[2])});
    return sizes;
}

bool is_clue(const std::string& w) {
    static const std::regex clue("^[0-9]+(\\+|\u2212|\u00d7|\u00f7)$");
    return std::regex_match(w, clue);
}

// Puzzle pages: those with a caption ("No." then "·" then a level on one line) and clues.
std::vector<int> puzzle_pages(const std::vector<std::vector<Word>>& pages) {
    std::vector<int> out;
    for (size_t p = 0; p < pages.size(); ++p) {
        bool clue = false, caption = false;
        for (const Word& w : pages[p]) {
            clue = clue || is_clue(w.text);
            caption = caption || w.text == "Solution";
        }
        if (clue && caption) out.push_back(static_cast<int>(p) + 1);
    }
    return out;
}

// The captions of a page, each "No. k · level · #id · Solution p. N" as words, in the
// order pdftotext reads them.
std::vector<std::vector<Word>> captions(const std::vector<Word>& page) {
    std::vector<std::vector<Word>> out;
    for (size_t i = 0; i < page.size(); ++i) {
        if (page[i].text != "No.") continue;
        std::vector<Word> line;
        for (size_t j = i; j < page.size() && j < i + 12; ++j) {
            if (j > i && page[j].text == "No.") break;
            line.push_back(page[j]);
            if (j >= 2 && page[j - 1].text == "p." && page[j - 2].text == "Solution") {
                out.push_back(line);
                break;
            }
        }
    }
    return out;
}

db::ExportRequest book_request(const std::string& out, int count) {
    db::ExportRequest req;
    req.format = db::PackFormat::Pdf;
    req.out = out;
    req.count = count;
    req.solutions = true;
    req.allow_repeats = true;
    return req;
}

// DejaVu Sans as pdftotext -bbox measures it: a word's box is 1.164 em tall.
constexpr double kBoxPerPoint = 1.16;

}  // namespace

TEST_CASE("the page is the trim, plus bleed when asked", "[book]") {
    TempDir dir;
    const std::string db = factory_corpus(dir);
    db::Corpus c = db::Corpus::open_existing(db);
    struct Case {
        const char* trim;
        double w, h;
    };
    for (const Case& t :
         {Case{"6x9", 432, 648}, Case{"150x200mm", 425.197, 566.929}, Case{"a4", 595.28, 841.89}}) {
        for (bool bleed : {false, true}) {
            INFO(t.trim << (bleed ? " with bleed" : ""));
            std::string problem;
            auto req = book_request(dir.file("trim.pdf"), 6);
            req.layout.trim = *db::parse_trim(t.trim, problem);
            req.layout.bleed = bleed;
            fs::remove(req.out);
            const auto res = db::export_pack(c, req);
            const auto sizes = page_sizes(req.out);
            REQUIRE(static_cast<int>(sizes.size()) == res.pages);
            const double b = bleed ? 9 : 0;
            for (const auto& [w, h] : sizes) {
                CHECK(w == Approx(t.w + b).margin(0.5));
                CHECK(h == Approx(t.h + 2 * b).margin(0.5));
            }
        }
    }
    std::string problem;
    CHECK_FALSE(db::parse_trim("6x", problem));
    CHECK_FALSE(db::parse_trim("0x9", problem));
    CHECK_FALSE(db::parse_trim("100x100", problem));
}

TEST_CASE("a trim is read in any case, and a bad one is named as given", "[book]") {
    std::string problem;
    // "A4" and "Letter" were unknown trims.
    for (const char* given : {"A4", "Letter", "LETTER", "6X9", "210X297MM"}) {
        INFO(given);
        const auto trim = db::parse_trim(given, problem);
        REQUIRE(trim);
        std::string lower = given;
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        CHECK(trim->name == lower);
    }
    CHECK(db::parse_trim("A4", problem)->width == db::parse_trim("a4", problem)->width);
    CHECK_FALSE(db::parse_trim("6X9CM", problem));
    CHECK_THAT(problem, Catch::Contains("unknown trim \"6X9CM\""));
    // A size of more digits is a size too big, not an unknown trim.
    CHECK_FALSE(db::parse_trim("100000x100000mm", problem));
    CHECK_THAT(problem, Catch::Contains("is outside 3x4 in to 17x22 in"));
}

TEST_CASE("every font is embedded and the metadata names the book", "[book]") {
    TempDir dir;
    const std::string db = factory_corpus(dir);
    db::Corpus c = db::Corpus::open_existing(db);
    auto req = book_request(dir.file("fonts.pdf"), 8);
    req.words.title = "Test Title";
    req.words.author = "A. Writer";
    req.layout.walkthrough = 1;
    db::export_pack(c, req);
    const std::string fonts = capture("pdffonts " + shq(req.out));
    std::istringstream lines(fonts);
    std::string line;
    int listed = 0;
    std::getline(lines, line);
    std::getline(lines, line);  // the header and its rule
    while (std::getline(lines, line)) {
        ++listed;
        INFO(line);
        // name type [encoding] emb sub uni object ID: emb is the fifth column from the end.
        std::vector<std::string> cols;
        std::istringstream words(line);
        for (std::string w; words >> w;) cols.push_back(w);
        REQUIRE(cols.size() >= 7);
        CHECK(cols[cols.size() - 5] == "yes");
    }
    CHECK(listed >= 2);
    const std::string info = capture("pdfinfo " + shq(req.out));
    CHECK_THAT(info, Catch::Contains("Title:           Test Title"));
    CHECK_THAT(info, Catch::Contains("Author:          A. Writer"));
    CHECK_THAT(capture("pdftotext " + shq(req.out) + " -"), !Catch::Contains("KenKen"));
}

TEST_CASE("the inside margin mirrors on odd and even pages", "[book]") {
    TempDir dir;
    const std::string db = factory_corpus(dir);
    db::Corpus c = db::Corpus::open_existing(db);
    for (bool bleed : {false, true}) {
        INFO((bleed ? "with bleed" : "without bleed"));
        auto req = book_request(dir.file(bleed ? "b.pdf" : "m.pdf"), 4);
        req.filter.sizes = {5};
        req.layout.trim.width = 432;
        req.layout.trim.height = 648;
        req.layout.per_page = 1;
        req.layout.bleed = bleed;
        db::export_pack(c, req);
        const auto pages = pdf_words(req.out);
        const auto puzzles = puzzle_pages(pages);
        REQUIRE(puzzles.size() == 4);
        // Each grid's centre is its caption's centre; in trim coordinates the centres
        // of odd and even pages sum to the trim width when the margins mirror.
        std::map<int, double> centre;
        for (int p : puzzles) {
            const auto caps = captions(pages[static_cast<size_t>(p - 1)]);
            REQUIRE(caps.size() == 1);
            double lo = 1e9, hi = -1e9;
            for (const Word& w : caps[0]) {
                lo = std::min(lo, w.x0);
                hi = std::max(hi, w.x1);
            }
            // Even pages carry the bleed on their left: shift back to the trim.
            centre[p] = (lo + hi) / 2 - (p % 2 == 0 && bleed ? 9 : 0);
        }
        const double odd =
            centre.begin()->first % 2 ? centre.begin()->second : std::next(centre.begin())->second;
        const double even =
            centre.begin()->first % 2 ? std::next(centre.begin())->second : centre.begin()->second;
        CHECK(odd + even == Approx(432).margin(0.6));
        if (!bleed) CHECK(odd > even + 1);  // the gutter is wider than the outside margin
        for (const auto& [p, x] : centre) CHECK(x == Approx(p % 2 ? odd : even).margin(0.6));
    }
}

TEST_CASE("clues are at least 9 pt, 14 pt in large print, and --per-page is honoured", "[book]") {
    TempDir dir;
    // Twelve 4x4 easy puzzles: one section, so pages hold exactly per_page.
    const std::string db = dir.file("easy4.db");
    int status = -1;
    capture(kKenken + " generate --db " + shq(db) +
                " --sizes 4 --per-level easy=12 --seed 3 --threads 1 >/dev/null 2>&1",
            &status);
    REQUIRE(status == 0);
    db::Corpus c = db::Corpus::open_existing(db);
    struct Case {
        int per_page;
        bool large;
        double min_clue;
    };
    for (const Case& k :
         {Case{0, false, 9}, Case{1, false, 9}, Case{2, false, 9}, Case{4, false, 9},
          Case{6, false, 9}, Case{0, true, 14}, Case{1, true, 14}, Case{2, true, 14}}) {
        INFO("per page " << k.per_page << (k.large ? " large print" : ""));
        auto req = book_request(dir.file("clues.pdf"), 12);
        req.filter.sizes = {4};
        req.filter.levels = {"easy"};
        req.layout.per_page = k.per_page;
        req.layout.large_print = k.large;
        fs::remove(req.out);
        db::export_pack(c, req);
        const auto pages = pdf_words(req.out);
        const auto puzzles = puzzle_pages(pages);
        REQUIRE_FALSE(puzzles.empty());
        int clues = 0;
        std::vector<size_t> per_page;
        for (int p : puzzles) {
            for (const Word& w : pages[static_cast<size_t>(p - 1)])
                if (is_clue(w.text)) {
                    ++clues;
                    CHECK(w.height() / kBoxPerPoint >= k.min_clue - 0.05);
                }
            per_page.push_back(captions(pages[static_cast<size_t>(p - 1)]).size());
        }
        CHECK(clues > 12);
        const size_t most = *std::max_element(per_page.begin(), per_page.end());
        if (k.per_page) {
            CHECK(most == static_cast<size_t>(k.per_page));
            // Full pages but the last: 12 puzzles of one size and level.
            CHECK(puzzles.size() == static_cast<size_t>((12 + k.per_page - 1) / k.per_page));
        } else {
            CHECK(most <= (k.large ? 2u : 6u));
        }
    }
}

TEST_CASE("a layout that would shrink clues below the minimum is refused", "[book]") {
    TempDir dir;
    const std::string db = factory_corpus(dir);
    db::Corpus c = db::Corpus::open_existing(db);
    auto req = book_request(dir.file("tiny.pdf"), 2);
    req.filter.sizes = {6};
    std::string problem;
    req.layout.trim = *db::parse_trim("5.5x8.5", problem);
    req.layout.per_page = 6;
    CHECK_THROWS_AS(db::export_pack(c, req), std::invalid_argument);
    CHECK_FALSE(fs::exists(req.out));
    CHECK(c.packs().empty());
}

TEST_CASE("the answer for puzzle k is the stored solution of puzzle k", "[book]") {
    TempDir dir;
    const std::string db = factory_corpus(dir);
    db::Corpus c = db::Corpus::open_existing(db);
    auto req = book_request(dir.file("key.pdf"), 10);
    req.filter.order = db::Order::Random;
    req.filter.seed = 9;
    const auto res = db::export_pack(c, req);
    std::map<std::int64_t, db::PuzzleRecord> by_id;
    for (auto& r : c.all_puzzles()) by_id[r.id] = r;
    const auto pages = pdf_words(req.out);

    // Where each puzzle is printed, from its caption: "No. k ... Solution p. N".
    std::map<int, int> puzzle_page, solution_page;
    for (size_t p = 0; p < pages.size(); ++p)
        for (const auto& line : captions(pages[p])) {
            const int k = std::stoi(line.at(1).text);
            puzzle_page[k] = static_cast<int>(p) + 1;
            solution_page[k] = std::stoi(line.back().text);
        }
    REQUIRE(puzzle_page.size() == 10);

    int checked = 0;
    for (size_t p = 0; p < pages.size(); ++p) {
        const auto& words = pages[p];
        // Answer headings: "No." k "·" "p." N, bold above each grid.
        struct Heading {
            int k, page;
            double cx, y;
        };
        std::vector<Heading> heads;
        for (size_t i = 0; i + 4 < words.size(); ++i)
            if (words[i].text == "No." && words[i + 3].text == "p.")
                heads.push_back({std::stoi(words[i + 1].text), std::stoi(words[i + 4].text),
                                 (words[i].x0 + words[i + 4].x1) / 2, words[i].y1});
        // Each digit belongs to the nearest heading above it in its column.
        std::map<int, std::vector<Word>> digits;
        for (const Word& w : words) {
            if (w.text.size() != 1 || !std::isdigit(static_cast<unsigned char>(w.text[0])))
                continue;
            bool in_heading = false;  // the k and page of a heading are digits too
            for (const Heading& h : heads) in_heading = in_heading || std::abs(h.y - w.y1) < 0.5;
            if (in_heading) continue;
            // The row of headings just above the digit, then the nearest heading in it.
            const double cx = (w.x0 + w.x1) / 2;
            double row = -1;
            for (const Heading& h : heads)
                if (h.y <= w.y0) row = std::max(row, h.y);
            const Heading* best = nullptr;
            for (const Heading& h : heads)
                if (std::abs(h.y - row) < 0.5 &&
                    (!best || std::abs(h.cx - cx) < std::abs(best->cx - cx)))
                    best = &h;
            if (best) digits[best->k].push_back(w);
        }
        for (const Heading& h : heads) {
            INFO("answer " << h.k << " on page " << p + 1);
            CHECK(solution_page.at(h.k) == static_cast<int>(p) + 1);
            CHECK(h.page == puzzle_page.at(h.k));
            auto cells = digits[h.k];
            std::sort(cells.begin(), cells.end(), [](const Word& a, const Word& b) {
                return std::abs(a.y0 - b.y0) > 1 ? a.y0 < b.y0 : a.x0 < b.x0;
            });
            const auto& r = by_id.at(res.puzzle_ids.at(static_cast<size_t>(h.k - 1)));
            // The page number may sit under the last grid: the grid is its first n*n digits.
            const size_t n2 = static_cast<size_t>(r.size * r.size);
            REQUIRE(cells.size() >= n2);
            std::string printed;
            for (size_t d = 0; d < n2; ++d) printed += cells[d].text;
            std::string stored;
            for (int v : db::solution_grid(r.solution)) stored += std::to_string(v);
            CHECK(printed == stored);
            ++checked;
        }
    }
    CHECK(checked == 10);
}

TEST_CASE("a dry run (--dry-run) says what would go in and writes and records nothing", "[book]") {
    TempDir dir;
    const std::string db = factory_corpus(dir);
    const std::string out = dir.file("dry.pdf");
    int status = -1;
    const std::string said = capture(kKenken + " export --db " + shq(db) +
                                         " --count 20 --trim 6x9 --solutions --walkthrough 1 "
                                         "--dry-run --out " +
                                         shq(out) + " 2>&1",
                                     &status);
    CHECK(status == 0);
    CHECK_THAT(said, Catch::Contains("dry run: 20 puzzles") && Catch::Contains("pages") &&
                         Catch::Contains("section ") && Catch::Contains("solutions: page"));
    CHECK_FALSE(fs::exists(out));
    for (const auto& e : fs::directory_iterator(dir.path))
        CHECK(e.path().filename().string().find("kkpart") == std::string::npos);
    db::Corpus c = db::Corpus::open_existing(db);
    CHECK(c.packs().empty());
}

TEST_CASE("SVG clues are text elements", "[book]") {
    TempDir dir;
    const std::string db = factory_corpus(dir);
    db::Corpus c = db::Corpus::open_existing(db);
    db::ExportRequest req;
    req.format = db::PackFormat::Svg;
    req.out = dir.file("svgs");
    req.count = 3;
    const auto res = db::export_pack(c, req);
    REQUIRE(res.files.size() == 3);
    std::map<std::int64_t, db::PuzzleRecord> by_id;
    for (auto& r : c.all_puzzles()) by_id[r.id] = r;
    for (size_t i = 0; i < 3; ++i) {
        const std::string svg = slurp(req.out + "/" + res.files[i]);
        CHECK_THAT(svg, !Catch::Contains("<path") && !Catch::Contains("<use"));
        const Puzzle p = db::record_puzzle(by_id.at(res.puzzle_ids[i]));
        for (const Cage& cage : p.cages) {
            const std::string label = std::to_string(cage.target) + op_glyph(cage.op);
            CHECK_THAT(svg, Catch::Contains(">" + label + "</text>"));
        }
    }
}

TEST_CASE("book TOML files are read and bad ones named with their line", "[book]") {
    TempDir dir;
    const std::string db = factory_corpus(dir);
    for (const char* config : {"book-6x9.toml", "book-large-print.toml"}) {
        INFO(config);
        int status = -1;
        const std::string said = capture(
            kKenken + " export --db " + shq(db) + " --count 4 --size 4 --book " + kTestData +
                "/../../configs/" + config + " --dry-run --out " + shq(dir.file("x.pdf")) + " 2>&1",
            &status);
        CHECK(status == 0);
        CHECK_THAT(said, Catch::Contains("dry run: 4 puzzles"));
    }
    const std::string bad = dir.file("bad.toml");
    std::ofstream(bad) << "title = \"A\"\n\ncolour = \"red\"\n";
    int status = -1;
    const std::string said = capture(kKenken + " export --db " + shq(db) + " --count 4 --book " +
                                         shq(bad) + " --out " + shq(dir.file("y.pdf")) + " 2>&1",
                                     &status);
    CHECK(status == 2);
    CHECK_THAT(said, Catch::Contains("bad.toml:3") && Catch::Contains("colour"));
}

TEST_CASE("the book's words are checked: UTF-8, no control characters, lengths a page holds",
          "[book]") {
    const auto problem_with = [](auto set) {
        db::BookWords w;
        set(w);
        return db::book_words_problem(w);
    };
    CHECK(db::book_words_problem(db::BookWords{}).empty());
    // 199 characters of two bytes each: characters count, not bytes.
    std::string accented;
    for (int i = 0; i < 199; ++i) accented += "\u00e9";
    CHECK(problem_with([&](db::BookWords& w) { w.title = accented; }).empty());
    CHECK_THAT(problem_with([&](db::BookWords& w) { w.title = accented + "e"; }),
               Catch::Contains("the title is 200 characters long"));
    CHECK_THAT(problem_with([](db::BookWords& w) {
                   w.title = std::string(120, 'a');
                   w.subtitle = std::string(80, 'b');
               }),
               Catch::Contains("200 characters together"));
    for (const char* bad : {"\xff", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x82"}) {
        INFO(bad);
        CHECK_THAT(problem_with([&](db::BookWords& w) { w.title = std::string("Ab") + bad; }),
                   Catch::Contains("the title is not valid UTF-8 (byte 3)"));
    }
    CHECK_THAT(problem_with([](db::BookWords& w) { w.author = "A\nB"; }),
               Catch::Contains("the author holds a control character (byte 2: a line break"));
    CHECK(problem_with([](db::BookWords& w) { w.subtitle = "One\nTwo"; }).empty());
    CHECK_THAT(problem_with([](db::BookWords& w) { w.copyright = "(c)\t2026"; }),
               Catch::Contains("the copyright holds a control character (byte 4)"));
    CHECK_THAT(
        problem_with([](db::BookWords& w) { w.level_names[4] = std::string(25, 'x'); }),
        Catch::Contains("the name of level unreasonable is 25 characters long (at most 24)"));
    CHECK_THAT(problem_with([](db::BookWords& w) { w.author = std::string(101, 'x'); }),
               Catch::Contains("the author is 101 characters long (at most 100)"));
}

TEST_CASE("a long title, author and unbroken word stay on a small title page", "[book]") {
    TempDir dir;
    const std::string db = factory_corpus(dir);
    db::Corpus c = db::Corpus::open_existing(db);
    std::string title;
    while (title.size() < 199) title += "Longer Title ";
    title.resize(199);
    for (const std::string& t : {title, std::string(150, 'W')}) {
        auto req = book_request(dir.file("long.pdf"), 2);
        std::string problem;
        req.layout.trim = *db::parse_trim("4.5x6", problem);
        req.words.title = t;
        req.words.author = std::string(60, 'A') + " " + std::string(39, 'B');
        REQUIRE(db::book_words_problem(req.words).empty());
        fs::remove(req.out);
        db::export_pack(c, req);
        const auto pages = pdf_words(req.out);
        REQUIRE_FALSE(pages.empty());
        const auto [w, h] = page_sizes(req.out).at(0);
        size_t letters = 0;
        for (const Word& word : pages[0]) {
            INFO(word.text << " at " << word.x0 << ".." << word.x1 << ", " << word.y0 << ".."
                           << word.y1);
            CHECK(word.x0 >= 0);
            CHECK(word.x1 <= w);
            CHECK(word.y1 <= h);
            letters += word.text.size();
        }
        CHECK(letters >= t.size() - 40);  // the whole title is there, less its spaces
    }
}

TEST_CASE("a hidden-operator book shows targets only, a standard one its operators", "[book]") {
    if (capture("command -v pdftotext >/dev/null 2>&1 && echo found") != "found\n") {
        WARN("pdftotext is not installed (poppler-utils, scripts/setup.sh): not checked");
        return;
    }
    // A clue with an operator, as printed (+ − × ÷) or typed (- x * /), or an operator
    // alone; not a section's "4×4".
    static const std::regex op_clue("^[0-9]*(\\+|-|x|X|\\*|/|\u2212|\u00d7|\u00f7)$");
    const auto has_glyph = [](const std::string& w) { return std::regex_match(w, op_clue); };
    for (const char* variant : {"standard", "hidden"}) {
        INFO(variant);
        TempDir dir;
        const std::string db = dir.file("v.db");
        int status = -1;
        capture(kKenken + " generate --db " + shq(db) + " --variant " + variant +
                    " --sizes 4-5 --count 8 --seed 3 --threads 1 >/dev/null 2>&1",
                &status);
        REQUIRE(status == 0);
        db::Corpus c = db::Corpus::open_existing(db);
        const auto req = book_request(dir.file("v.pdf"), 8);
        db::export_pack(c, req);
        const auto pages = pdf_words(req.out);
        int puzzle_pages = 0, glyphs = 0, targets = 0;
        for (const auto& page : pages) {
            if (captions(page).empty()) continue;  // title and rules pages explain the ops
            ++puzzle_pages;
            for (const Word& w : page) {
                if (has_glyph(w.text)) {
                    UNSCOPED_INFO("operator in '" << w.text << "'");
                    ++glyphs;
                }
                targets += std::regex_match(w.text, std::regex("^[0-9]+$"));
            }
        }
        CHECK(puzzle_pages > 0);
        if (std::string(variant) == "hidden") {
            CHECK(glyphs == 0);
            // Bare targets: at least 4 cages in each puzzle, beside its caption's k and page.
            CHECK(targets >= 8 * (4 + 2));
        } else {
            CHECK(glyphs > 0);
        }
    }
}

namespace {

// A book of the merged big-cage puzzles in tests/data, whose products run to 16 digits.
db::Book big_cage_book() {
    db::Book book;
    int number = 0;
    for (const char* name : {"big-cages-13", "big-cages-5", "big-cages-2"}) {
        const std::string text = slurp(kTestData + "/" + name + ".neknek");
        db::BookPuzzle bp;
        bp.number = ++number;
        bp.puzzle = read_puzzles(text, Format::Neknek).at(0).puzzle;
        bp.level = "hard";
        bp.id = number;
        book.puzzles.push_back(bp);
    }
    return book;
}

bool overlap(const Word& a, const Word& b) {
    const double slack = 0.3;  // boxes that only touch
    return a.x0 + slack < b.x1 && b.x0 + slack < a.x1 && a.y0 + slack < b.y1 && b.y0 + slack < a.y1;
}

}  // namespace

TEST_CASE("a clue too long for its cell prints as a key under the grid, never below 9 pt",
          "[book]") {
    TempDir dir;
    const db::Book book = big_cage_book();
    SECTION("PDF: no word over another, none under the minimum, the target in the key") {
        const std::string pdf = dir.file("big.pdf");
        db::render_pdf(book, pdf);
        bool keyed = false;
        for (const auto& page : pdf_words(pdf)) {
            for (size_t i = 0; i < page.size(); ++i) {
                keyed = keyed || page[i].text == "3,982,060,486,656,000";
                if (is_clue(page[i].text)) CHECK(page[i].height() >= 9 * kBoxPerPoint - 0.1);
                for (size_t j = i + 1; j < page.size(); ++j) {
                    INFO(page[i].text << " and " << page[j].text);
                    CHECK(!overlap(page[i], page[j]));
                }
            }
        }
        CHECK(keyed);
    }
    SECTION("PDF in large print with an answer key: every word on its page") {
        db::Book large = book;
        std::string problem;
        large.layout.trim = *db::parse_trim("letter", problem);
        large.layout.large_print = true;
        large.layout.solutions = true;
        for (auto& bp : large.puzzles) bp.solution.assign(81, 1);
        const std::string pdf = dir.file("large.pdf");
        db::render_pdf(large, pdf);
        const double width = page_sizes(pdf).at(0).first;
        for (const auto& page : pdf_words(pdf))
            for (const Word& w : page) {
                INFO(w.text);
                CHECK(w.x1 <= width);
            }
    }
    SECTION("SVG: the long clue is a mark in its cell and its target is in the key") {
        const auto files = db::render_svg(book, dir.path.string());
        REQUIRE(files.size() == 3);
        const std::string svg = slurp(dir.file(files[0]));
        CHECK_THAT(svg, Catch::Contains(">A\u00d7</text>"));
        CHECK_THAT(svg, Catch::Contains(">A = 3,982,060,486,656,000</text>"));
        CHECK_THAT(svg, !Catch::Contains("3982060486656000"));
        // A clue shrunk to fit stays at 9 pt or more.
        static const std::regex size(R"(font-size:([\d.]+)px)");
        for (const auto& f : files) {
            const std::string text = slurp(dir.file(f));
            for (std::sregex_iterator it(text.begin(), text.end(), size), e; it != e; ++it)
                CHECK(std::stod((*it)[1]) >= 9);
        }
    }
}

namespace {

// The answer key's captions on a page, "No. k · p. N", each as its words.
std::vector<std::vector<Word>> key_captions(const std::vector<Word>& page) {
    std::vector<std::vector<Word>> out;
    for (size_t i = 0; i + 4 < page.size(); ++i)
        if (page[i].text == "No." && page[i + 3].text == "p.")
            out.push_back(
                {page.begin() + static_cast<long>(i), page.begin() + static_cast<long>(i) + 5});
    return out;
}

// The answer key's captions on this page stand, together, under the middle of its
// "Solutions" heading.
void check_answers_centred(const std::vector<Word>& key, int count) {
    double middle = -1;
    for (const Word& w : key)
        if (w.text == "Solutions") middle = (w.x0 + w.x1) / 2;
    REQUIRE(middle > 0);
    const auto caps = key_captions(key);
    REQUIRE(caps.size() == static_cast<size_t>(count));
    double sum = 0;
    for (const auto& cap : caps) sum += (cap.front().x0 + cap.back().x1) / 2;
    CHECK(sum / count == Approx(middle).margin(1));
}

}  // namespace

TEST_CASE("a lone puzzle, and a section's short last row, stand in the middle of the page",
          "[book]") {
    // A section of one puzzle stood in the left column under its centred headings; so
    // did the last puzzle of a section of three, two a row. And their answers: three in
    // a row of seven columns stood in its three left columns, left of the centred
    // "Solutions" heading.
    TempDir dir;
    const std::string db = factory_corpus(dir);
    db::Corpus c = db::Corpus::open_existing(db);
    for (const int count : {1, 3}) {
        INFO(count << " puzzles");
        auto req = book_request(dir.file("lone.pdf"), count);
        req.filter.sizes = {4};  // one section: twelve easy 4x4 puzzles to choose from
        req.filter.levels = {"easy"};
        req.layout.per_page = 4;  // two a row
        fs::remove(req.out);
        db::export_pack(c, req);
        const auto pages = pdf_words(req.out);
        const auto puzzles = puzzle_pages(pages);
        REQUIRE(puzzles.size() == 1);
        const auto& page = pages[static_cast<size_t>(puzzles[0] - 1)];
        // The middle of the text area: the centre of the size heading ("4×4 puzzles").
        double middle = -1;
        for (size_t i = 1; i < page.size(); ++i)
            if (page[i].text == "puzzles") middle = (page[i - 1].x0 + page[i].x1) / 2;
        REQUIRE(middle > 0);
        auto centre = [](const std::vector<Word>& caption) {
            return (caption.front().x0 + caption.back().x1) / 2;
        };
        auto caps = captions(page);
        REQUIRE(caps.size() == static_cast<size_t>(count));
        // The last row is the lowest caption.
        std::sort(caps.begin(), caps.end(),
                  [](const auto& a, const auto& b) { return a.front().y0 < b.front().y0; });
        CHECK(centre(caps.back()) == Approx(middle).margin(1));
        if (count == 3) {  // the full row above is still two columns either side
            CHECK(caps[0].front().y0 == Approx(caps[1].front().y0).margin(0.5));
            CHECK((centre(caps[0]) + centre(caps[1])) / 2 == Approx(middle).margin(1));
            CHECK(std::abs(centre(caps[0]) - centre(caps[1])) > 100);
        }
        check_answers_centred(pages.back(), count);  // the answers close the book
    }
}

TEST_CASE("long level names wrap their captions within the slot, over no other word", "[book]") {
    TempDir dir;
    const std::string db = factory_corpus(dir);
    db::Corpus c = db::Corpus::open_existing(db);
    db::ExportRequest req = book_request(dir.file("wide.pdf"), 8);
    req.filter.sizes = {4};  // side by side: one size and level
    req.filter.levels = {"easy"};
    std::string problem;
    req.layout.trim = *db::parse_trim("6x9", problem);
    req.layout.solutions = true;
    req.words.level_names.fill(std::string(24, 'W'));  // the longest a level name may be
    db::export_pack(c, req);
    const double width = page_sizes(req.out).at(0).first;
    for (const auto& page : pdf_words(req.out))
        for (size_t i = 0; i < page.size(); ++i) {
            INFO(page[i].text);
            CHECK(page[i].x0 >= 0);
            CHECK(page[i].x1 <= width);
            for (size_t j = i + 1; j < page.size(); ++j) {
                INFO("and " << page[j].text);
                CHECK(!overlap(page[i], page[j]));
            }
        }
}

TEST_CASE("SVG file names sort in book order past 9999 puzzles", "[book]") {
    TempDir dir;
    db::Book book = big_cage_book();
    book.puzzles.resize(2);
    book.puzzles[0].number = 9999;
    book.puzzles[1].number = 10000;
    const auto files = db::render_svg(book, dir.path.string());
    // 10000.svg sorted between 1000.svg and 1001.svg, and 9999 came last.
    CHECK(files == std::vector<std::string>{"09999.svg", "10000.svg"});
}

TEST_CASE("the copyright lines never print over long rules", "[book]") {
    TempDir dir;
    db::Book book = big_cage_book();
    book.puzzles.resize(1);
    book.date = "2026-11-27";
    std::string problem;
    book.layout.trim = *db::parse_trim("5.5x8.5", problem);
    std::string copyright;
    while (copyright.size() < 960) copyright += "Copyright line words here and more words ";
    book.words.copyright = copyright;
    // Rules of every length that ends a page at a different height.
    for (size_t length = 1200; length <= 3000; length += 150) {
        std::string rules;
        while (rules.size() < length) rules += "lorem ipsum dolor sit amet consectetur ";
        book.words.rules = rules;
        const std::string pdf = dir.file("rules-" + std::to_string(length) + ".pdf");
        db::render_pdf(book, pdf);
        const auto pages = pdf_words(pdf);
        for (size_t p = 1; p < 4 && p < pages.size(); ++p)
            for (size_t i = 0; i < pages[p].size(); ++i)
                for (size_t j = i + 1; j < pages[p].size(); ++j) {
                    INFO(length << " characters of rules, page " << p + 1 << ": "
                                << pages[p][i].text << " and " << pages[p][j].text);
                    CHECK(!overlap(pages[p][i], pages[p][j]));
                }
    }
}

TEST_CASE("the title page's contents line never prints over the author", "[book]") {
    TempDir dir;
    db::Book book = big_cage_book();
    book.puzzles.resize(1);
    std::string author;
    while (author.size() < 100) author += "Author Name ";
    book.words.author = author.substr(0, 100);
    for (const char* trim : {"5.5x8.5", "6x9"})
        for (size_t title_length : {100, 150, 198}) {
            std::string problem, title, subtitle;
            book.layout.trim = *db::parse_trim(trim, problem);
            while (title.size() < title_length) title += "Title words that go on and on ";
            while (subtitle.size() < 199 - title_length) subtitle += "Subtitle more words ";
            book.words.title = title.substr(0, title_length);
            book.words.subtitle = subtitle.substr(0, 199 - title_length);
            const std::string pdf = dir.file("title.pdf");
            db::render_pdf(book, pdf);
            const auto page = pdf_words(pdf).at(0);
            for (size_t i = 0; i < page.size(); ++i)
                for (size_t j = i + 1; j < page.size(); ++j) {
                    INFO(trim << ", a title of " << title_length << ": " << page[i].text << " and "
                              << page[j].text);
                    CHECK(!overlap(page[i], page[j]));
                }
        }
}

namespace {

// A book of the 3x3 and 4x4 seed puzzles, each 12 times, in book order: the smallest
// grids, whose captions are wider than they are.
db::Book small_grid_book() {
    db::Book book;
    for (const auto& seed : kk::test::seed_puzzles()) {
        if (seed.puzzle.size > 4) continue;
        for (int copy = 0; copy < 12; ++copy) {
            db::BookPuzzle bp;
            bp.number = static_cast<int>(book.puzzles.size()) + 1;
            bp.puzzle = seed.puzzle;
            bp.solution = seed.solution;
            bp.level = "easy";
            bp.id = bp.number;
            book.puzzles.push_back(bp);
        }
    }
    std::stable_sort(book.puzzles.begin(), book.puzzles.end(),
                     [](const auto& a, const auto& b) { return a.puzzle.size < b.puzzle.size; });
    for (size_t i = 0; i < book.puzzles.size(); ++i)
        book.puzzles[i].number = static_cast<int>(i) + 1;
    return book;
}

}  // namespace

TEST_CASE("answer key captions of small grids stay apart", "[book]") {
    TempDir dir;
    db::Book book = small_grid_book();
    book.layout.solutions = true;
    REQUIRE(book.puzzles.size() >= 24);
    const std::string pdf = dir.file("key.pdf");
    const int pages = db::render_pdf(book, pdf);
    const auto words = pdf_words(pdf);
    const int key_page = db::plan_pdf(book).solutions_page;
    REQUIRE(key_page > 0);
    for (int p = key_page; p <= pages; ++p) {
        const auto& page = words.at(static_cast<size_t>(p - 1));
        for (size_t i = 0; i < page.size(); ++i)
            for (size_t j = i + 1; j < page.size(); ++j) {
                INFO("page " << p << ": " << page[i].text << " and " << page[j].text);
                CHECK(!overlap(page[i], page[j]));
            }
    }
}

TEST_CASE("a long level name in large print stays on a small page, in headings and contents",
          "[book]") {
    TempDir dir;
    db::Book book = small_grid_book();
    std::string problem;
    book.layout.trim = *db::parse_trim("5.5x8.5", problem);
    book.layout.large_print = true;
    book.words.level_names.fill(std::string(24, 'W'));  // the longest a level name may be
    const std::string pdf = dir.file("large.pdf");
    db::render_pdf(book, pdf);
    const double width = page_sizes(pdf).at(0).first;
    const auto pages = pdf_words(pdf);
    for (size_t p = 0; p < pages.size(); ++p)
        for (size_t i = 0; i < pages[p].size(); ++i) {
            const Word& a = pages[p][i];
            INFO("page " << p + 1 << ": " << a.text);
            CHECK(a.x1 <= width);
            for (size_t j = i + 1; j < pages[p].size(); ++j) {
                INFO("and " << pages[p][j].text);
                CHECK(!overlap(a, pages[p][j]));
            }
        }
}

namespace {

// Page `page`'s text from pdftotext, its lines joined with spaces (sentences wrap).
std::string page_text(const std::string& pdf, int page) {
    const std::string n = std::to_string(page);
    std::string text =
        capture("pdftotext -f " + n + " -l " + n + " " + shq(pdf) + " - 2>/dev/null");
    std::replace(text.begin(), text.end(), '\n', ' ');
    return text;
}

// A corpus of two 4x4 puzzles of each variant named, one generate each.
std::string corpus_of_variants(const TempDir& dir, const std::vector<std::string>& variants) {
    const std::string db = dir.file("variants.db");
    for (const std::string& variant : variants) {
        int status = -1;
        capture(kKenken + " generate --db " + shq(db) + " --variant " + variant +
                    " --sizes 4 --count 2 --seed 3 --threads 1 >/dev/null 2>&1",
                &status);
        REQUIRE(status == 0);
    }
    return db;
}

bool has(const std::string& text, const std::string& words) {
    return text.find(words) != std::string::npos;
}

}  // namespace

TEST_CASE("a variant book's rules page says the variant's rule in place of the one it contradicts",
          "[book]") {
    struct Case {
        const char* variant;
        std::vector<std::string> absent, present;
    };
    const std::vector<Case> cases = {
        {"standard",
         {},
         {"A number may repeat within a cage", "with the operation shown", "multiplies them"}},
        {"killer",
         {"may repeat within a cage"},
         {"No number repeats within a cage", "with the operation shown"}},
        {"hidden", {"with the operation shown"}, {"the operation is hidden", "may repeat"}},
        {"hidden,killer",
         {"with the operation shown", "may repeat within a cage"},
         {"the operation is hidden", "No number repeats within a cage"}},
        {"mult-only", {"+ adds them", "divided by"}, {"multiply to make the target"}},
        {"add-sub", {"multiplies them", "divided by"}, {"+ adds them"}},
    };
    for (const Case& k : cases) {
        INFO(k.variant);
        TempDir dir;
        const std::string db = corpus_of_variants(dir, {k.variant});
        db::Corpus c = db::Corpus::open_existing(db);
        const auto req = book_request(dir.file("v.pdf"), 2);
        db::export_pack(c, req);
        const std::string rules = page_text(req.out, 2);
        INFO(rules);
        REQUIRE(has(rules, "How to play"));
        for (const std::string& words : k.absent) CHECK_FALSE(has(rules, words));
        for (const std::string& words : k.present) CHECK(has(rules, words));
    }
}

TEST_CASE("a book mixing variants says the rules they share once and each one's own", "[book]") {
    TempDir dir;
    const std::string db = corpus_of_variants(dir, {"standard", "killer"});
    db::Corpus c = db::Corpus::open_existing(db);
    const auto req = book_request(dir.file("mixed.pdf"), 4);
    db::export_pack(c, req);
    const std::string rules = page_text(req.out, 2);
    INFO(rules);
    // It said the standard "A number may repeat within a cage" and then "killer
    // puzzles: Killer rule: no digit appears twice within a cage".
    CHECK_FALSE(has(rules, "holds its target. A number may repeat"));
    CHECK_FALSE(has(rules, "Killer rule"));
    CHECK(has(rules, "whether it may repeat within a cage depends on the kind of puzzle"));
    CHECK(has(rules, "In puzzles marked Killer, no number repeats within a cage"));
    CHECK(has(rules, "In puzzles marked Standard, a number may repeat within a cage"));
    // The operations are the same for both: said once, as in a standard book.
    CHECK(has(rules, "The numbers in a cage combine, with the operation shown"));
    CHECK_FALSE(has(rules, "depends on the kind of puzzle, below. A cage"));
    // Each puzzle's caption names its kind, as the rules page says.
    const std::string pages = capture("pdftotext -f 3 " + shq(req.out) + " - 2>/dev/null");
    CHECK(has(pages, "\u00b7 Killer"));
    CHECK(has(pages, "\u00b7 Standard"));
}

TEST_CASE("the title page names the sizes the book holds, a range only when it has them all",
          "[book]") {
    TempDir dir;
    const std::string db = factory_corpus(dir);
    db::Corpus c = db::Corpus::open_existing(db);
    struct Case {
        std::vector<int> sizes;
        std::string line;
    };
    for (const Case& k : {Case{{4, 6}, "4\u00d74 and 6\u00d76"},
                          Case{{4, 5, 6}, "4\u00d74 to 6\u00d76"}, Case{{5}, "5\u00d75"}}) {
        INFO(k.line);
        auto req = book_request(dir.file("sizes.pdf"), 6);
        req.filter.sizes = k.sizes;
        fs::remove(req.out);
        db::export_pack(c, req);
        const std::string title = page_text(req.out, 1);
        INFO(title);
        CHECK(has(title, k.line));
        if (k.sizes.size() != 3) CHECK_FALSE(has(title, " to "));
    }
}

TEST_CASE("a subtitle naming another count of puzzles than the book's is warned of", "[book]") {
    db::BookWords words;
    words.subtitle = "100 puzzles from gentle to fiendish";
    const auto said = db::book_warnings(words, 30, 40, "6x9");
    REQUIRE(said.size() == 1);
    CHECK_THAT(said[0], Catch::Contains("subtitle names 100 puzzles") && Catch::Contains("30"));
    CHECK(db::book_warnings(words, 100, 40, "6x9").empty());
    words.subtitle = "1,000 Fiendish Puzzles";
    CHECK(db::book_warnings(words, 1000, 40, "6x9").empty());
    CHECK(db::book_warnings(words, 999, 40, "6x9").size() == 1);
    words.subtitle = "Puzzles for 6x9 pages, 2 a page";
    CHECK(db::book_warnings(words, 30, 40, "6x9").empty());
    // The shipped 6x9 book names no count: it is for books of any length.
    const std::string config = slurp(kTestData + "/../../configs/book-6x9.toml");
    const size_t at = config.find("\nsubtitle = ");
    REQUIRE(at != std::string::npos);
    CHECK_FALSE(std::regex_search(config.substr(at, config.find('\n', at + 1) - at),
                                  std::regex("\\d+ puzzles", std::regex::icase)));
}

TEST_CASE("worked solutions name cages and cells as the grids print them", "[book]") {
    TempDir dir;
    db::Book book = big_cage_book();
    book.puzzles.resize(1);
    db::BookPuzzle& bp = book.puzzles[0];
    const int n = bp.puzzle.size;
    bp.solution.assign(static_cast<size_t>(n * n), 0);
    book.layout.walkthrough = 1;
    // Steps as the grader writes them: "the cage at r1c2 (3/)", ASCII operators, the
    // whole target; and one opening with a cell's name.
    const auto cell = [n](int i) {
        return "r" + std::to_string(i / n + 1) + "c" + std::to_string(i % n + 1);
    };
    std::int64_t longest = 0;
    for (const Cage& cage : bp.puzzle.cages) {
        const char* ascii = cage.op == Op::Add   ? "+"
                            : cage.op == Op::Sub ? "-"
                            : cage.op == Op::Mul ? "x"
                            : cage.op == Op::Div ? "/"
                                                 : ", given";
        const std::string first = cell(cage.cells.front());
        bp.steps.push_back("remove 9 from " + first + ": the cage at " + first + " (" +
                           std::to_string(cage.target) + ascii + ") can only use 1");
        if (cage.op == Op::Mul) longest = std::max(longest, cage.target);
    }
    bp.steps.push_back("r2c1 = 3: the only place for 3 in row 2");
    const std::string pdf = dir.file("walk.pdf");
    db::render_pdf(book, pdf);
    std::string text;
    for (int p = 4; p <= 12; ++p) text += page_text(pdf, p);
    REQUIRE(has(text, "Worked solution"));
    INFO(text);
    static const std::regex ascii_clue(R"(\(\d+[-x/]\))");  // + is the grid's too
    CHECK_FALSE(std::regex_search(text, ascii_clue));
    CHECK(std::regex_search(text, std::regex("\\(\\d+(\u00d7|\\+|\u2212|\u00f7)\\)")));
    // The longest product prints as a letter in the grid: the text names the letter.
    CHECK(std::regex_search(text, std::regex("\\([A-Z]+\u00d7\\)")));
    CHECK_FALSE(has(text, std::to_string(longest) + "x"));
    CHECK_FALSE(has(text, "(" + std::to_string(longest)));
    CHECK(has(text, "r2c1 = 3"));
    CHECK_FALSE(has(text, "R2c1"));
    CHECK(has(text, "Remove 9 from r1c1"));
}

TEST_CASE("a large-print answer key prints its digits at least 14 pt", "[book]") {
    TempDir dir;
    const std::string db = factory_corpus(dir);
    db::Corpus c = db::Corpus::open_existing(db);
    auto req = book_request(dir.file("lp.pdf"), 6);
    req.filter.sizes = {6};
    req.layout.large_print = true;
    db::export_pack(c, req);
    const auto pages = pdf_words(req.out);
    // The answer key is the last page: its digits, save the captions' numbers.
    const auto& key = pages.back();
    int digits = 0, large = 0;
    for (size_t i = 0; i < key.size(); ++i) {
        if (!std::regex_match(key[i].text, std::regex("^[1-6]$"))) continue;
        if (i > 0 && (key[i - 1].text == "No." || key[i - 1].text == "p.")) continue;
        ++digits;
        large += key[i].height() / kBoxPerPoint >= 14 - 0.05;
    }
    INFO(large << " of " << digits << " digits at 14 pt or more");
    CHECK(digits >= 36);
    CHECK(large >= digits - 1);  // the page number aside
}

TEST_CASE("a grid alone on its page is drawn large", "[book]") {
    TempDir dir;
    const std::string db = factory_corpus(dir);
    db::Corpus c = db::Corpus::open_existing(db);
    for (const bool large : {false, true}) {
        INFO((large ? "large print" : "regular"));
        auto req = book_request(dir.file("one.pdf"), 6);
        req.filter.sizes = {4};
        req.layout.per_page = 1;
        req.layout.large_print = large;
        fs::remove(req.out);
        db::export_pack(c, req);
        const auto pages = pdf_words(req.out);
        // The grid's width from its clues: the widest spread of clues' left edges on a
        // page is at most 3 of the 4 cells.
        double widest = 0;
        for (int p : puzzle_pages(pages)) {
            double lo = 1e9, hi = 0;
            for (const Word& w : pages[static_cast<size_t>(p - 1)])
                if (is_clue(w.text)) lo = std::min(lo, w.x0), hi = std::max(hi, w.x0);
            widest = std::max(widest, hi - lo);
        }
        // A4's text is 7.6 in wide; the grid at least 5 in (a cell of 1.25 in).
        CHECK(widest >= 3 * 1.25 * 72);
    }
}

TEST_CASE("a book's page count outside what print on demand takes is warned of", "[book]") {
    TempDir dir;
    const std::string db = factory_corpus(dir);
    const auto run = [&](const std::string& args, int& status) {
        return capture(kKenken + " export --db " + shq(db) + " --allow-repeats --solutions " +
                           args + " 2>&1 >/dev/null",
                       &status);
    };
    int status = -1;
    std::string said = run("-n 4 --trim 6x9 --dry-run -o " + shq(dir.file("short.pdf")), status);
    CHECK(status == 0);
    CHECK_THAT(said, Catch::Contains("warning") && Catch::Contains("pages, fewer than the 24"));
    said = run("-n 4 --trim 6x9 -o " + shq(dir.file("short.pdf")), status);
    CHECK(status == 0);
    CHECK_THAT(said, Catch::Contains("pages, fewer than the 24"));
    CHECK(fs::exists(dir.file("short.pdf")));
    // A few pages on A4 or letter paper are a pack printed at home: no warning.
    for (const char* paper : {"a4", "letter"}) {
        said =
            run(std::string("-n 4 --dry-run --trim ") + paper + " -o " + shq(dir.file("home.pdf")),
                status);
        CHECK(status == 0);
        CHECK_THAT(said, !Catch::Contains("warning"));
    }
    said = run("-n 30 --per-page 1 --dry-run -o " + shq(dir.file("ok.pdf")), status);
    CHECK(status == 0);
    CHECK_THAT(said, !Catch::Contains("warning"));

    const db::BookWords words;
    CHECK(db::book_warnings(words, 100, 24, "6x9").empty());
    CHECK(db::book_warnings(words, 100, 828, "6x9").empty());
    CHECK(db::book_warnings(words, 100, 4, "a4").empty());
    CHECK(db::book_warnings(words, 100, 4, "6x9").size() == 1);
    const auto many = db::book_warnings(words, 100, 829, "a4");
    REQUIRE(many.size() == 1);
    CHECK_THAT(many[0], Catch::Contains("829 pages") && Catch::Contains("828"));
}

TEST_CASE("an SVG caption names a variant's kind, since the file has no rules page", "[book]") {
    TempDir dir;
    const std::string db = corpus_of_variants(dir, {"standard", "killer"});
    db::Corpus c = db::Corpus::open_existing(db);
    db::ExportRequest req;
    req.format = db::PackFormat::Svg;
    req.out = dir.file("svgs");
    req.count = 4;
    req.solutions = true;
    const auto res = db::export_pack(c, req);
    REQUIRE(res.files.size() == 8);
    std::map<std::int64_t, db::PuzzleRecord> by_id;
    for (auto& r : c.all_puzzles()) by_id[r.id] = r;
    int killers = 0;
    for (const std::string& name : res.files) {
        const std::string svg = slurp(req.out + "/" + name);
        const int number = std::stoi(name);  // 001.svg, 001-solution.svg
        const Puzzle p = db::record_puzzle(by_id.at(res.puzzle_ids[number - 1]));
        INFO(name << ": " << svg);
        // A killer grid looks like a standard one: only the caption tells them apart.
        CHECK(has(svg, "\u00b7 Killer") == p.rules.killer);
        CHECK_FALSE(has(svg, "\u00b7 Standard"));
        killers += p.rules.killer ? 1 : 0;
    }
    CHECK(killers == 4);  // two killer puzzles, each with its solution
}
