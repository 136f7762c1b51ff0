// Internal to db/render's PDF book: the page's measures (margins, gutters by page count)
// and the type and line sizes, regular or large print.
#pragma once

#include "db/render/book.h"
#include "db/render/clues.h"

namespace kk::db::pdf {

inline constexpr double kIn = kPointsPerInch;
inline constexpr double kBleed = 0.125 * kIn;
inline constexpr double kTop = 0.5 * kIn, kBottom = 0.6 * kIn;
inline const char* const kFont = kClueFont;
inline const char* const kCondensed = kClueCondensedFont;

// Outside margins from the trim: print-on-demand asks at least 0.25 in, 0.375 in with bleed.
inline double outside_margin(bool bleed) {
    return (bleed ? 0.375 : 0.3) * kIn;
}

// The text area's height on a page of this trim (the planner fills it; the drawing
// centres a puzzle page's blocks in it).
inline double text_height(const BookLayout& layout) {
    return layout.trim.height - kTop - kBottom;
}

// Print-on-demand gutters by page count.
inline double gutter_for(int pages) {
    if (pages <= 150) return 0.375;
    if (pages <= 300) return 0.5;
    if (pages <= 500) return 0.625;
    if (pages <= 700) return 0.75;
    return 0.875;
}

// Type and line sizes: regular or large print.
struct Style {
    double min_clue, max_clue, min_cell, max_cell;
    double thin, thick_min, thick_max;
    double caption, body, heading, size_heading, page_number;
    double key_cell, walk_cell;
};

// The answer key's cells hold digits of 0.6 of a cell: 24 pt cells give large print
// digits of 14 pt, as its clues (cells of 17 pt printed them at 10 pt).
inline Style style_for(bool large) {
    if (large) return {14, 18, 52, 66, 0.9, 2.6, 3.6, 13, 15, 18, 24, 13, 24, 50};
    return {9, 12, 36, 46, 0.5, 1.5, 2.5, 7.5, 9.5, 12, 16, 9, 12, 36};
}

}  // namespace kk::db::pdf
