#include "db/render/book.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <regex>

#include "core/io/utf8.h"
#include "core/model/level.h"
#include "db/render/render.h"

namespace kk::db {

std::optional<Trim> parse_trim(const std::string& given, std::string& problem) {
    // In any case: "A4" and "Letter" are how paper is written (both were unknown trims).
    std::string text = given;
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    static const std::pair<const char*, std::pair<double, double>> named[] = {
        {"a4", {595.28, 841.89}}, {"letter", {612, 792}},  {"6x9", {432, 648}},
        {"7x10", {504, 720}},     {"8x10", {576, 720}},    {"8.25x11", {594, 792}},
        {"8.5x11", {612, 792}},   {"5.5x8.5", {396, 612}},
    };
    for (const auto& [name, size] : named)
        if (text == name) return Trim{size.first, size.second, name};
    static const std::regex custom(R"(^(\d{1,9}(?:\.\d{1,3})?)x(\d{1,9}(?:\.\d{1,3})?)(mm|in)?$)");
    std::smatch m;
    // Up to 9 digits: a size far too big (100000x100000mm) is a size, said to be outside
    // the range below, not an unknown trim.
    if (!std::regex_match(text, m, custom)) {
        problem = "unknown trim \"" + given +
                  "\" (a4, letter, 6x9, 7x10, 8x10, 8.25x11, 8.5x11, 5.5x8.5, WxH in inches "
                  "or WxHmm)";
        return std::nullopt;
    }
    const double unit = m[3] == "mm" ? kPointsPerInch / 25.4 : kPointsPerInch;
    const double w = std::stod(m[1]) * unit, h = std::stod(m[2]) * unit;
    // A book page between 3 x 4 in and 17 x 22 in: anything else is a typo.
    if (!(w >= 3 * kPointsPerInch && h >= 4 * kPointsPerInch && w <= 17 * kPointsPerInch &&
          h <= 22 * kPointsPerInch)) {
        problem = "trim \"" + given + "\" is outside 3x4 in to 17x22 in";
        return std::nullopt;
    }
    return Trim{w, h, text};
}

namespace {

// The characters of well-formed UTF-8 text; -1 at the first byte that is not, with
// its offset in bad_at.
long utf8_characters(const std::string& s, size_t& bad_at) {
    long count = 0;
    for (size_t i = 0; i < s.size(); ++count) {
        const size_t len = utf8_sequence_length(s, i);
        if (len == 0) {
            bad_at = i;
            return -1;
        }
        i += len;
    }
    return count;
}

// What is wrong with one field: its UTF-8, a control character, its length.
std::string field_problem(const std::string& name, const std::string& text, long most, bool lines) {
    size_t bad_at = 0;
    const long length = utf8_characters(text, bad_at);
    if (length < 0) return name + " is not valid UTF-8 (byte " + std::to_string(bad_at + 1) + ")";
    for (size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c < 0x20 || c == 0x7F) && !(lines && c == '\n'))
            return name + " holds a control character (byte " + std::to_string(i + 1) +
                   (c == '\n' ? ": a line break, which it cannot have)" : ")");
    }
    if (length > most)
        return name + " is " + std::to_string(length) + " characters long (at most " +
               std::to_string(most) + ")";
    return "";
}

}  // namespace

// A level named "\u00a0" or "\u200b" was taken and headed its pages and sections
// with nothing, where " " was refused as blank.
bool prints_blank(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t len = utf8_sequence_length(text, i);
        if (len == 0) return false;
        const char32_t c = utf8_code_point(text, i, len);
        const bool blank = c == U' ' || c == U'\t' || c == 0xA0 || c == 0x1680 ||
                           (c >= 0x2000 && c <= 0x200F) || c == 0x2028 || c == 0x2029 ||
                           c == 0x202F || c == 0x205F || c == 0x2060 || c == 0x3000 || c == 0xFEFF;
        if (!blank) return false;
        i += len;
    }
    return true;
}

std::string trim_page_phrase(const Trim& trim) {
    std::string name = trim.name;
    if (name == "a4") name = "A4";
    // Said aloud: "an A4", "an 8x10" (eight), "an 11x17" (eleven), "an 18x24" (eighteen).
    const bool vowel = name[0] == 'A' || name[0] == '8' ||
                       ((name.rfind("11", 0) == 0 || name.rfind("18", 0) == 0) &&
                        (name.size() == 2 || !std::isdigit(static_cast<unsigned char>(name[2]))));
    return (vowel ? "an " : "a ") + name + " page";
}

std::string book_field_problem(const std::string& key, const std::string& text) {
    static const struct {
        const char* key;
        long most;
        bool lines;
    } fields[] = {{"title", 199, true},
                  {"subtitle", 199, true},
                  {"author", 100, false},
                  {"copyright", 1000, true},
                  {"rules", 4000, true}};
    for (const auto& f : fields)
        if (key == f.key) return field_problem("the " + key, text, f.most, f.lines);
    for (const LevelName& level : kGraded) {
        if (key != "levels." + std::string(level.name)) continue;
        const std::string name = "the name of level " + std::string(level.name);
        std::string problem = field_problem(name, text, 24, false);
        // A level's name heads its pages and sections: blank, they were headed by nothing.
        if (problem.empty() && prints_blank(text)) problem = name + " is blank";
        return problem;
    }
    return "";
}

std::string book_words_problem(const BookWords& w) {
    std::string problem;
    for (const auto& [key, text] : {std::pair<const char*, const std::string&>{"title", w.title},
                                    {"subtitle", w.subtitle},
                                    {"author", w.author},
                                    {"copyright", w.copyright},
                                    {"rules", w.rules}})
        if (problem.empty()) problem = book_field_problem(key, text);
    for (size_t i = 0; problem.empty() && i < w.level_names.size(); ++i)
        problem = book_field_problem("levels." + std::string(kGraded[i].name), w.level_names[i]);
    if (problem.empty()) {
        size_t unused = 0;
        const long both = utf8_characters(w.title, unused) + utf8_characters(w.subtitle, unused);
        if (both > 199)
            problem = "the title and subtitle are " + std::to_string(both) +
                      " characters together (fewer than 200, as Amazon KDP asks)";
    }
    return problem;
}

std::size_t puzzle_count(const Book& book) {
    return book.source ? book.source->count() : book.puzzles.size();
}

void read_puzzles(const Book& book, std::size_t first, std::size_t n,
                  const std::function<void(std::shared_ptr<const BookPuzzle>)>& use) {
    if (book.source) {
        book.source->read(first, n, use);
        return;
    }
    // Held in the book: handed on without a copy (a pointer that owns nothing).
    const std::size_t end = std::min(book.puzzles.size(), first + n);
    for (std::size_t i = first; i < end; ++i)
        use(std::shared_ptr<const BookPuzzle>(std::shared_ptr<const BookPuzzle>(),
                                              &book.puzzles[i]));
}

namespace {

// The count of puzzles a title or subtitle names ("100 puzzles", "1,000 fiendish
// puzzles"), or -1 when it names none.
long named_puzzle_count(const std::string& text) {
    static const std::regex count(
        R"((?:^|[^\w.,])(\d{1,3}(?:,\d{3})+|\d+) +(?:[A-Za-z-]+ +)?puzzles?\b)", std::regex::icase);
    std::smatch m;
    if (!std::regex_search(text, m, count)) return -1;
    std::string digits = m[1];
    digits.erase(std::remove(digits.begin(), digits.end(), ','), digits.end());
    return digits.size() > 9 ? -1 : std::stol(digits);
}

}  // namespace

std::vector<std::string> book_warnings(const BookWords& words, std::size_t puzzles, int pages,
                                       const std::string& trim) {
    std::vector<std::string> out;
    const std::string count = std::to_string(pages) + " pages";
    const bool home_paper = trim == "a4" || trim == "letter";
    if (pages < kFewestPodPages && !home_paper)
        out.push_back("the book has " + count + ", fewer than the " +
                      std::to_string(kFewestPodPages) +
                      " a print-on-demand paperback needs (Amazon KDP): add puzzles, or ask "
                      "for fewer a page");
    if (pages > kMostPodPages)
        out.push_back("the book has " + count + ", more than the " + std::to_string(kMostPodPages) +
                      " a print-on-demand paperback may have (Amazon KDP, black ink on white "
                      "paper; fewer on cream paper or in colour): split it into volumes");
    for (const auto& [field, text] :
         {std::pair<const char*, const std::string&>{"title", words.title},
          {"subtitle", words.subtitle}}) {
        const long named = named_puzzle_count(text);
        if (named >= 0 && static_cast<std::size_t>(named) != puzzles)
            out.push_back(std::string("the ") + field + " names " + std::to_string(named) +
                          " puzzles and the book holds " + std::to_string(puzzles));
    }
    return out;
}

std::string level_title(const BookWords& words, const std::string& level) {
    for (size_t i = 0; i < kGraded.size(); ++i)
        if (level == kGraded[i].name) return words.level_names[i];
    return level;
}

std::string kind_title(const Rules& rules) {
    std::string out;
    const auto add = [&out](const char* words) {
        out += (out.empty() ? "" : " + ") + std::string(words);
    };
    if (rules.hidden) add("hidden operations");
    if (rules.ops == op_bit(Op::Mul)) add("multiplication only");
    if (rules.ops == (op_bit(Op::Add) | op_bit(Op::Sub))) add("addition and subtraction only");
    if (rules.killer) add("killer");
    if (out.empty()) return "Standard";
    out[0] = static_cast<char>(out[0] - 'a' + 'A');
    return out;
}

}  // namespace kk::db
