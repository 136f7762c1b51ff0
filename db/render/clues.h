// Cage clues laid out for print, shared by the PDF and the SVG: a clue goes in its
// cage's first cell and may run on into the cells right of it in the same cage; one
// too long for that even condensed at the smallest type is printed as a mark ("A×")
// with its target in a key under the grid. Keeps every clue inside its cage and at
// least the minimum size: merged big cages have products of 16 digits.
#pragma once

#include <cairo.h>

#include <string>
#include <vector>

#include "core/model/puzzle.h"

namespace kk::db {

// A cairo context to measure text in, with metrics unhinted as a PDF's are.
class TextMeasure {
  public:
    TextMeasure();
    ~TextMeasure();
    TextMeasure(const TextMeasure&) = delete;
    TextMeasure& operator=(const TextMeasure&) = delete;
    cairo_t* get() const { return cr_; }

  private:
    cairo_surface_t* surface_;
    cairo_t* cr_;
};

extern const char* const kClueFont;
extern const char* const kClueCondensedFont;

struct ClueText {
    std::string text;  // the target and sign, or a key's mark and sign
    double size = 0;   // font size in points
    bool condensed = false;
    double width = 0;  // its advance at that size and face
};

struct ClueLayout {
    std::vector<ClueText> clues;   // one a cage, in cage order
    std::vector<std::string> key;  // "A = 3,982,060,486,656,000", in mark order
};

// The space left of a clue and above it in a cell.
double clue_pad(double cell);

// The clues of p for cells of `cell` points with type of `size` points. A clue is
// keyed when it does not fit condensed at min_size in a cell of min_cell (the smallest
// the book draws), so that the keys, and the room they take, do not depend on the cell;
// the others shrink as far as min_size to fit. cell must be at least min_cell.
ClueLayout lay_out_clues(cairo_t* measure, const Puzzle& p, double cell, double size,
                         double min_cell, double min_size);

// The key's entries in lines no wider than width at size points, in the regular face;
// an entry is never split (it has a line of its own when wider).
std::vector<std::string> key_lines(cairo_t* measure, const std::vector<std::string>& key,
                                   double width, double size);

// The advance of text at size points, regular or condensed.
double clue_advance(cairo_t* measure, const std::string& text, double size, bool condensed);

// "3982060486656000" as "3,982,060,486,656,000".
std::string grouped_digits(std::int64_t v);

}  // namespace kk::db
