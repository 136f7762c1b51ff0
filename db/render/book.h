// A book to print: its words, its trim and layout choices, and its puzzles.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/level.h"
#include "core/model/puzzle.h"

namespace kk::db {

constexpr double kPointsPerInch = 72;

// The finished page, in points, and the name it was asked for by.
struct Trim {
    double width = 595.28, height = 841.89;
    std::string name = "a4";
};

// "a4", "letter", "6x9", "7x10", "8x10", "8.25x11", "8.5x11", "5.5x8.5", or a custom
// "WxH" in inches or "WxHmm", in any case ("A4"). Sets problem and returns nothing when
// not a trim.
std::optional<Trim> parse_trim(const std::string& given, std::string& problem);

// The printed words. Neutral by default: no trademarked name for the puzzle.
struct BookWords {
    std::string title = "Cage Arithmetic Puzzles";
    std::string subtitle;
    std::string author;
    std::string copyright;
    std::string rules =
        "Fill the grid with the numbers 1 to N (N is the size of the grid) so that each "
        "number appears once in every row and once in every column.\n"
        "The heavy lines mark cages. The numbers in a cage combine, with the operation shown, "
        "to make the target in its corner: + adds them, \u00d7 multiplies them, \u2212 is the "
        "difference of two numbers and \u00f7 the larger divided by the smaller.\n"
        "A cage of one cell holds its target. A number may repeat within a cage, but never "
        "within a row or column.";
    // easy, normal, hard, extreme, unreasonable as printed.
    std::array<std::string, kGradedLevels> level_names = {"Gentle", "Moderate", "Tricky", "Tough",
                                                          "Fiendish"};
};

// What is wrong with the words for print, "" when nothing: each field valid UTF-8
// (cairo refuses the rest, and the export failed half way as a write error), no
// control characters (tabs and the like print as boxes; line breaks only in the title,
// subtitle, copyright and rules), and lengths a page can hold: title and subtitle
// together under 200 characters (Amazon KDP's rule for a book's title), the author
// at most 100, a level name at most 24 (it heads pages and sections), the copyright
// at most 1,000 and the rules at most 4,000.
std::string book_words_problem(const BookWords& words);
// The same for one field, by its book TOML key ("title", "rules", "levels.easy"), so a
// book file can name the line; a level name may not be blank either. Empty when fine.
std::string book_field_problem(const std::string& key, const std::string& text);

// Whether text prints as nothing: spaces of any width (no-break, ideographic, ...) and
// zero-width characters only.
bool prints_blank(std::string_view text);

// The trim as a message names its page: "an A4 page", "a letter page", "an 8.5x11 page".
std::string trim_page_phrase(const Trim& trim);

struct BookLayout {
    Trim trim;
    bool bleed = false;        // 0.125 in more at the outside edge, top and bottom
    int per_page = 0;          // 1, 2, 4 or 6; 0 chooses by trim and size
    bool large_print = false;  // clues at least 14 pt, thicker lines, 1 or 2 a page
    bool solutions = false;    // the answer key at the back
    int walkthrough = 0;       // worked solutions for the first K puzzles
};

struct BookPuzzle {
    int number = 0;  // 1..K within the pack, in book order
    Puzzle puzzle;
    Grid solution;
    std::string level;               // the stored level name: "easy".."unreasonable"
    std::int64_t id = 0;             // corpus id, printed under the puzzle
    std::vector<std::string> steps;  // the grader's explanation (walkthrough puzzles only)
};

// A book's puzzles where they are stored, read when needed: a book of 100,000 puzzles
// held them all in memory (about 0.8 KB a 4x4, more for a 9x9 or with worked steps).
class BookSource {
  public:
    virtual ~BookSource() = default;
    virtual std::size_t count() const = 0;
    // Puzzles first .. first + n - 1 (book order, numbered from first + 1), each handed
    // to use as it is read; a puzzle lives as long as something holds it.
    virtual void read(std::size_t first, std::size_t n,
                      const std::function<void(std::shared_ptr<const BookPuzzle>)>& use) = 0;
};

struct Book {
    BookWords words;
    BookLayout layout;
    std::string date;                 // e.g. "2026-11-21", on the copyright page
    std::vector<BookPuzzle> puzzles;  // in book order: by size, then easiest first
    // When set, the puzzles are read from here as the PDF or SVG needs them, and
    // `puzzles` is empty.
    std::shared_ptr<BookSource> source;
};

// The book's puzzles in book order, one at a time, from either place.
std::size_t puzzle_count(const Book& book);
void read_puzzles(const Book& book, std::size_t first, std::size_t n,
                  const std::function<void(std::shared_ptr<const BookPuzzle>)>& use);

// The printed name of a stored level ("easy" -> "Gentle").
std::string level_title(const BookWords& words, const std::string& level);

// A kind of puzzle as rules pages and captions name it: "Standard", "Killer",
// "Hidden operations + killer".
std::string kind_title(const Rules& rules);

}  // namespace kk::db
