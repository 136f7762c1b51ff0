// The worked solutions (each step, with the grid after each third of the cells) and the
// answer key (solved grids, a column per caption's width).
#include <algorithm>
#include <cctype>
#include <regex>

#include "db/render/clues.h"
#include "db/render/pdf_grid.h"
#include "db/render/pdf_planner.h"
#include "db/render/pdf_text.h"

namespace kk::db::pdf {
namespace {

// The grader names a cage "the cage at r1c2 (3/)", in ASCII; the grid prints its clue
// (3\u00f7, 12\u00d7, or a letter for a target too long: A\u00d7). The text says it as the
// grid does.
std::string in_grid_terms(const std::string& step, const Puzzle& p, const ClueLayout& clues) {
    static const std::regex cage(R"(cage at (r(\d+)c(\d+)) \((-?\d+)[-+x/]?)");
    std::string out;
    auto from = step.cbegin();
    for (std::sregex_iterator it(step.begin(), step.end(), cage), end; it != end; ++it) {
        const std::smatch& m = *it;
        const int first = (std::stoi(m[2]) - 1) * p.size + std::stoi(m[3]) - 1;
        std::string said = m.str();
        for (size_t c = 0; c < p.cages.size() && c < clues.clues.size(); ++c)
            if (p.cages[c].cells.front() == first && std::to_string(p.cages[c].target) == m[4])
                said = "cage at " + m.str(1) + " (" + clues.clues[c].text;
        out.append(from, m[0].first).append(said);
        from = m[0].second;
    }
    return out.append(from, step.cend());
}

// The step as a sentence: its first letter capitalised, unless it opens with a cell's
// name ("r2c1 = 3"), which is lowercase everywhere else.
std::string as_sentence(std::string step) {
    static const std::regex cell_first(R"(^r\d+c\d+)");
    if (!step.empty() && !std::regex_search(step, cell_first))
        step[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(step[0])));
    return step;
}

}  // namespace

void Planner::walkthroughs() {
    const int k = std::min(book_.layout.walkthrough, static_cast<int>(index_.size()));
    if (k <= 0) return;
    for (int i = 0; i < k; ++i) {
        new_page();
        if (i == 0) out_.plan.walkthrough_page = page_no();
        walkthrough(static_cast<size_t>(i), i == 0);
    }
}

void Planner::snapshot(const std::shared_ptr<const BookPuzzle>& bp, const Grid& placed,
                       const std::string& label) {
    const int n = bp->puzzle.size;
    const double cell = std::min(st_.walk_cell, (g_.content_w - 8) / n);
    const double side = cell * n;
    const ClueLayout clues = clues_for(cr_, bp->puzzle, cell, st_);
    const auto key = grid_key_lines(cr_, clues, side, st_);
    const double h = side + st_.body * 2.6 + 6 + key_height(key.size(), st_);
    const double at = place(h);
    const double gx = (g_.content_w - side) / 2;
    const Style st = st_;
    const double cw = g_.content_w;
    draw([=](cairo_t* cr, double x0, double y0) {
        set_font(cr, st.body, true);
        show_text(cr, label, x0 + cw / 2, y0 + at + st.body * 1.2, Align::Centre);
        const double gy = y0 + at + st.body * 1.9;
        draw_cage_lines(cr, bp->puzzle, x0 + gx, gy, cell, st);
        draw_clues(cr, bp->puzzle, clues, x0 + gx, gy, cell);
        draw_key(cr, key, x0 + gx, gy + side, st);
        cairo_set_source_rgb(cr, 0.1, 0.2, 0.6);
        draw_digits(cr, n, placed, x0 + gx, gy + cell * 0.08, cell, cell * 0.45);
        cairo_set_source_rgb(cr, 0, 0, 0);
    });
}

void Planner::walkthrough(size_t i, bool first) {
    const std::shared_ptr<const BookPuzzle> bp = index_.puzzle(i);
    const int n = bp->puzzle.size;
    heading("Worked solution: No. " + std::to_string(bp->number), st_.size_heading,
            size_heading_h(), 0);
    set_font(cr_, st_.body, false);
    std::string intro = size_name(n) + ", " + level_title(book_.words, bp->level) + ", page " +
                        std::to_string(out_.plan.puzzle_page[i]) + ".";
    if (first)
        intro +=
            " Each step names cells by row and column: r2c3 is row 2, column 3. \"Remove\" "
            "crosses a number out of a cell's possibilities; \"r2c3 = 4\" writes 4 in it.";
    text_lines(wrap(cr_, intro, g_.content_w), st_.body);
    y_ += st_.body * 0.5;
    Grid placed(static_cast<size_t>(n * n), 0);
    snapshot(bp, placed, "The puzzle");
    // The clues as the grids print them (a keyed cage's letter is the same at any cell).
    const ClueLayout clues = clues_for(cr_, bp->puzzle, std::max(st_.walk_cell, st_.min_cell), st_);
    // The grid again after each third of the cells is filled, and at the end.
    static const std::regex placement(R"(^r(\d+)c(\d+) = (\d+))");
    int filled = 0, shown = 0;
    const double lh = st_.body * 1.4;
    for (size_t s = 0; s < bp->steps.size(); ++s) {
        const std::string step = as_sentence(in_grid_terms(bp->steps[s], bp->puzzle, clues));
        set_font(cr_, st_.body, false);
        const auto lines = wrap(cr_, std::to_string(s + 1) + ". " + step, g_.content_w);
        for (size_t l = 0; l < lines.size(); ++l) {
            const double at = place(lh);
            const std::string line = (l ? "      " : "") + lines[l];
            const double size = st_.body;
            draw([line, size, at](cairo_t* cr, double x0, double y0) {
                set_font(cr, size, false);
                show_text(cr, line, x0, y0 + at + size, Align::Left);
            });
        }
        std::smatch m;
        if (std::regex_search(bp->steps[s], m, placement)) {
            const int r = std::stoi(m[1]) - 1, c = std::stoi(m[2]) - 1;
            if (r >= 0 && r < n && c >= 0 && c < n) {
                placed[static_cast<size_t>(r * n + c)] = std::stoi(m[3]);
                ++filled;
            }
        }
        const bool last = s + 1 == bp->steps.size();
        if ((shown < 2 && filled * 3 >= (shown + 1) * n * n && !last) || last) {
            ++shown;
            y_ += st_.body * 0.5;
            snapshot(bp, last ? bp->solution : placed,
                     last ? "Solved" : "After step " + std::to_string(s + 1));
            y_ += st_.body * 0.5;
        }
    }
}

std::string Planner::key_caption(size_t i) const {
    return "No. " + std::to_string(index_.number(i)) + "  \u00b7  p. " +
           std::to_string(out_.plan.puzzle_page[i]);
}

void Planner::answer_key() {
    if (!book_.layout.solutions) return;
    new_page();
    out_.plan.solutions_page = page_no();
    heading("Solutions", st_.size_heading, size_heading_h(), 0);
    const BookIndex& ps = index_;
    const double cell = st_.key_cell, gap = cell * 1.4, head = st_.caption * 2;
    size_t i = 0;
    int measured = 0;  // the size whose captions width holds
    double width = 0;
    while (i < ps.size()) {
        const int n = ps.size_of(i);
        const double side = n * cell;
        // A column as wide as the widest caption of the size: "No. 12 · p. 4" is
        // wider than a 3x3 key grid, and ran into its neighbours.
        if (n != measured) {
            measured = n;
            width = side;
            set_font(cr_, st_.caption, true);
            for (size_t j = i; j < ps.size() && ps.size_of(j) == n; ++j)
                width = std::max(width, text_width(cr_, key_caption(j)) + st_.caption);
        }
        const int columns = std::max(1, static_cast<int>((g_.content_w + gap) / (width + gap)));
        const double row_h = head + side + gap * 0.7;
        const double used = columns * width + (columns - 1) * gap;
        // A short row (a size's last, or a short book's only one) moved right by half
        // its empty columns, as on the puzzle pages: it sat left of the middle.
        int in_row = 0;
        while (in_row < columns && i + in_row < ps.size() && ps.size_of(i + in_row) == n) ++in_row;
        const double left =
            (g_.content_w - used) / 2 + (width - side) / 2 + (columns - in_row) * (width + gap) / 2;
        const double at = place(row_h);
        for (int c = 0; c < columns && i < ps.size() && ps.size_of(i) == n; ++c, ++i) {
            (*solution_page_)[i] = page_no();
            if (!drawing()) continue;  // nothing below moves the pages
            const std::shared_ptr<const BookPuzzle> bp = ps.puzzle(i);
            const double gx = left + c * (width + gap);
            const std::string text = key_caption(i);
            const Style st = st_;
            draw([=](cairo_t* cr, double x0, double y0) {
                set_font(cr, st.caption, true);
                show_text(cr, text, x0 + gx + side / 2, y0 + at + st.caption * 1.2, Align::Centre);
                Style key = st;
                key.thick_min = key.thick_max = st.thick_min * 0.7;
                draw_cage_lines(cr, bp->puzzle, x0 + gx, y0 + at + head, cell, key);
                draw_digits(cr, n, bp->solution, x0 + gx, y0 + at + head, cell, cell * 0.6);
            });
        }
    }
}

}  // namespace kk::db::pdf
