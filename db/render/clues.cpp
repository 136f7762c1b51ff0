#include "db/render/clues.h"

#include <algorithm>

namespace kk::db {

TextMeasure::TextMeasure()
    : surface_(cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)), cr_(cairo_create(surface_)) {
    cairo_font_options_t* fo = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_set_font_options(cr_, fo);
    cairo_font_options_destroy(fo);
}

TextMeasure::~TextMeasure() {
    cairo_destroy(cr_);
    cairo_surface_destroy(surface_);
}

const char* const kClueFont = "DejaVu Sans";
const char* const kClueCondensedFont = "DejaVu Sans Condensed";

double clue_advance(cairo_t* cr, const std::string& text, double size, bool condensed) {
    // The caller's font stays: the planner measures its own text with it.
    cairo_save(cr);
    cairo_select_font_face(cr, condensed ? kClueCondensedFont : kClueFont, CAIRO_FONT_SLANT_NORMAL,
                           CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
    cairo_text_extents_t ext;
    cairo_text_extents(cr, text.c_str(), &ext);
    cairo_restore(cr);
    return ext.x_advance;
}

namespace {

// Cells from the cage's first cell rightwards that stay in its cage.
int run_right(const Puzzle& p, const std::vector<int>& owner, size_t cage) {
    const int n = p.size, first = p.cages[cage].cells.front();
    int run = 1;
    while (first % n + run < n && owner[static_cast<size_t>(first + run)] == static_cast<int>(cage))
        ++run;
    return run;
}

// "A".."Z", "AA".. : the k-th key mark (k from 0).
std::string mark(size_t k) {
    std::string m;
    for (++k; k > 0; k = (k - 1) / 26) m.insert(m.begin(), static_cast<char>('A' + (k - 1) % 26));
    return m;
}

}  // namespace

double clue_pad(double cell) {
    return std::max(1.5, cell * 0.07);
}

std::string grouped_digits(std::int64_t v) {
    const std::string digits = std::to_string(v);
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        const size_t left = digits.size() - i;  // digits from here to the end
        if (i && digits[i - 1] != '-' && left % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::vector<std::string> key_lines(cairo_t* measure, const std::vector<std::string>& key,
                                   double width, double size) {
    std::vector<std::string> lines;
    for (const std::string& entry : key) {
        const std::string joined = lines.empty() ? entry : lines.back() + "    " + entry;
        if (!lines.empty() && clue_advance(measure, joined, size, false) <= width)
            lines.back() = joined;
        else
            lines.push_back(entry);
    }
    return lines;
}

ClueLayout lay_out_clues(cairo_t* measure, const Puzzle& p, double cell, double size,
                         double min_cell, double min_size) {
    ClueLayout out;
    const std::vector<int> owner = cage_of_cells(p);
    for (size_t c = 0; c < p.cages.size(); ++c) {
        const Cage& cage = p.cages[c];
        const std::string sign = p.rules.hidden ? "" : op_glyph(cage.op);
        const int run = run_right(p, owner, c);
        ClueText clue{std::to_string(cage.target) + sign, size, false, 0};
        if (clue_advance(measure, clue.text, min_size, true) >
            run * min_cell - 2 * clue_pad(min_cell)) {
            const std::string m = mark(out.key.size());
            out.key.push_back(m + " = " + grouped_digits(cage.target));
            clue.text = m + sign;
        }
        const double room = run * cell - 2 * clue_pad(cell);
        clue.width = clue_advance(measure, clue.text, size, false);
        if (clue.width > room) {
            clue.condensed = true;
            clue.width = clue_advance(measure, clue.text, size, true);
            if (clue.width > room) {
                clue.size = std::max(min_size, size * room / clue.width);
                clue.width = clue_advance(measure, clue.text, clue.size, true);
            }
        }
        out.clues.push_back(clue);
    }
    return out;
}

}  // namespace kk::db
