#include "db/render/pdf_grid.h"

#include <algorithm>

#include "db/render/pdf_text.h"

namespace kk::db::pdf {

void draw_cage_lines(cairo_t* cr, const Puzzle& p, double x, double y, double cell,
                     const Style& st) {
    const int n = p.size;
    const std::vector<int> owner = cage_of_cells(p);
    auto cage_at = [&](int r, int c) { return owner[static_cast<size_t>(r * n + c)]; };
    cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
    cairo_set_line_width(cr, st.thin);
    for (int k = 1; k < n; ++k) {
        cairo_move_to(cr, x + k * cell, y);
        cairo_line_to(cr, x + k * cell, y + n * cell);
        cairo_move_to(cr, x, y + k * cell);
        cairo_line_to(cr, x + n * cell, y + k * cell);
    }
    cairo_stroke(cr);
    const double thick = std::clamp(cell * 0.055, st.thick_min, st.thick_max);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, thick);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const double x0 = x + c * cell, y0 = y + r * cell;
            if (c + 1 < n && cage_at(r, c) != cage_at(r, c + 1)) {
                cairo_move_to(cr, x0 + cell, y0);
                cairo_line_to(cr, x0 + cell, y0 + cell);
            }
            if (r + 1 < n && cage_at(r, c) != cage_at(r + 1, c)) {
                cairo_move_to(cr, x0, y0 + cell);
                cairo_line_to(cr, x0 + cell, y0 + cell);
            }
        }
    cairo_stroke(cr);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    cairo_set_line_width(cr, thick * 1.3);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
    cairo_rectangle(cr, x, y, n * cell, n * cell);
    cairo_stroke(cr);
}

double clue_size(double cell, const Style& st) {
    return std::clamp(cell * 0.25, st.min_clue, st.max_clue);
}

ClueLayout clues_for(cairo_t* cr, const Puzzle& p, double cell, const Style& st) {
    return lay_out_clues(cr, p, cell, clue_size(cell, st), std::min(st.min_cell, st.walk_cell),
                         st.min_clue);
}

std::vector<std::string> grid_key_lines(cairo_t* cr, const ClueLayout& clues, double width,
                                        const Style& st) {
    return key_lines(cr, clues.key, width, st.min_clue);
}

double key_height(size_t lines, const Style& st) {
    return lines ? static_cast<double>(lines) * st.min_clue * 1.3 + st.min_clue * 0.4 : 0;
}

void draw_key(cairo_t* cr, const std::vector<std::string>& lines, double x, double y,
              const Style& st) {
    set_font(cr, st.min_clue, false);
    for (size_t i = 0; i < lines.size(); ++i)
        show_text(cr, lines[i], x, y + (static_cast<double>(i) + 1) * st.min_clue * 1.3,
                  Align::Left);
}

void draw_clues(cairo_t* cr, const Puzzle& p, const ClueLayout& clues, double x, double y,
                double cell) {
    const int n = p.size;
    const double pad = clue_pad(cell);
    cairo_set_source_rgb(cr, 0, 0, 0);
    for (size_t c = 0; c < p.cages.size(); ++c) {
        const ClueText& clue = clues.clues[c];
        set_font(cr, clue.size, false, clue.condensed ? kCondensed : kFont);
        cairo_text_extents_t ext;
        cairo_text_extents(cr, "0", &ext);
        const int first = p.cages[c].cells.front();
        const double cx = x + (first % n) * cell + pad;
        const double cy = y + (first / n) * cell + pad * 0.8 - ext.y_bearing;
        show_text(cr, clue.text, cx, cy, Align::Left);
    }
}

void draw_digits(cairo_t* cr, int n, const Grid& g, double x, double y, double cell, double size) {
    set_font(cr, size, false);
    cairo_text_extents_t ext;
    cairo_text_extents(cr, "0", &ext);
    for (int i = 0; i < n * n; ++i) {
        const int v = g[static_cast<size_t>(i)];
        if (v == 0) continue;
        show_text(cr, std::to_string(v), x + (i % n + 0.5) * cell,
                  y + (i / n + 0.5) * cell - ext.y_bearing / 2, Align::Centre);
    }
}

}  // namespace kk::db::pdf
