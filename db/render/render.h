// Printable books with cairo: a PDF ready for a print-on-demand printer (trim,
// bleed, mirrored margins, sections, contents, answer key, worked solutions), or
// one SVG file per puzzle whose clues stay editable text.
#pragma once

#include <string>
#include <vector>

#include "db/render/book.h"

namespace kk::db {

struct BookSection {
    int size = 0;
    std::string level;  // as printed ("Gentle")
    int count = 0;      // puzzles in it
    int page = 0;       // where it opens
};

struct BookPlan {
    int pages = 0;
    double gutter_inches = 0;                      // the inside margin chosen for the page count
    std::vector<std::pair<int, int>> per_page;     // (size, puzzles a page), sizes in the book
    std::vector<BookSection> sections;             // by size, then level, easiest first
    std::vector<int> puzzle_page;                  // page of puzzle i (book order)
    int walkthrough_page = 0, solutions_page = 0;  // 0 when absent
};

// Lays the book out without writing anything. Throws std::invalid_argument when the
// asked-for layout cannot print clues at the minimum size (9 pt, 14 pt large print).
BookPlan plan_pdf(const Book& book);

// What the PDF cannot print among the book's words (title, subtitle, author, copyright,
// rules, level names): a character the book's fonts have no glyph for (CJK in DejaVu
// Sans: the page would show an empty box), or right-to-left text (cairo's text calls lay
// characters out left to right, so Arabic or Hebrew would print backwards). "" when every
// character prints. SVG packs leave text to the viewer's fonts and need no such check.
std::string unprintable_words(const BookWords& words);

// Why no PDF can be typeset here, or "": the book's fonts (DejaVu Sans and its condensed
// face) or, failing them, any font fontconfig finds. Without one cairo falls back to its
// own stroke font of ASCII letters, and every other character was blamed on the words
// ("the rules holds \u00d7, which the book's font cannot print").
std::string missing_font();

// Writes the book as a PDF; returns the number of pages. Throws std::invalid_argument
// as plan_pdf does, std::runtime_error when cairo cannot write the file.
int render_pdf(const Book& book, const std::string& path);

// Print-on-demand paperbacks (Amazon KDP, black ink on white paper) have 24 to 828 pages.
inline constexpr int kFewestPodPages = 24, kMostPodPages = 828;

// What to tell the publisher of a PDF of `pages` pages and `puzzles` puzzles, each a
// sentence; none when nothing: a page count a print-on-demand paperback cannot have,
// and a title or subtitle naming a number of puzzles the book does not hold ("100
// puzzles" over a book of 30). Too few pages only on a book's trim (6x9, say): a few
// pages on A4 or letter paper are a pack printed at home, not a paperback.
std::vector<std::string> book_warnings(const BookWords& words, std::size_t puzzles, int pages,
                                       const std::string& trim);

// Writes NNN.svg for every puzzle (and NNN-solution.svg with solutions) into dir,
// which must exist; the numbers are as wide as the largest (at least 3 digits), so
// that names sort in book order. Clues and digits are <text> elements. Returns the
// file names.
std::vector<std::string> render_svg(const Book& book, const std::string& dir);

}  // namespace kk::db
