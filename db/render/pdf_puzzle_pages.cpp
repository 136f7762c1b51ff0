// The puzzle pages: a heading per size and level, rows of grids with their keys and
// captions, as many a page as stay readable.
#include <algorithm>
#include <stdexcept>

#include "db/render/clues.h"
#include "db/render/pdf_grid.h"
#include "db/render/pdf_planner.h"
#include "db/render/pdf_text.h"

namespace kk::db::pdf {

Slots slots_for(int per_page) {
    switch (per_page) {
        case 6:
            return {2, 3};
        case 4:
            return {2, 2};
        case 2:
            return {1, 2};
        default:
            return {1, 1};
    }
}

double Planner::cell_for(int per_page, int n) const {
    const Slots s = slots_for(per_page);
    const double slot_w = g_.content_w / s.columns;
    const double row_h = row_height(per_page);
    return std::min({(slot_w - 16) / n, (row_h - caption_room(s.columns, n) - key_room(n) - 8) / n,
                     most_cell(per_page, n)});
}

double Planner::most_cell(int per_page, int n) const {
    // Alone on its page a grid may fill most of the text's width: at the style's
    // largest cell a 4x4 stood 2.6 in wide on an A4 page of its own.
    constexpr double kLoneGridShare = 0.8;
    if (per_page != 1) return st_.max_cell;
    return std::max(st_.max_cell, kLoneGridShare * g_.content_w / n);
}

double Planner::key_room(int n) const {
    const auto at = key_room_.find(n);
    return at == key_room_.end() ? 0 : at->second;
}

double Planner::row_height(int per_page) const {
    const Slots s = slots_for(per_page);
    // Room for a size heading and two level headings on a page.
    return (g_.content_h - size_heading_h() - 2 * level_heading_h()) / s.rows;
}

int Planner::choose_per_page(int n) const {
    const int forced = book_.layout.per_page;
    if (forced) {
        const double cell = cell_for(forced, n);
        if (cell < st_.min_cell)
            throw std::invalid_argument(
                "--per-page " + std::to_string(forced) + " on " +
                trim_page_phrase(book_.layout.trim) + " leaves " + size_name(n) + " cells of " +
                std::to_string(static_cast<int>(cell)) + " pt; clues of " +
                std::to_string(static_cast<int>(st_.min_clue)) + " pt need " +
                std::to_string(static_cast<int>(st_.min_cell)) + " pt: " +
                // At one a page nothing fewer is left: only a bigger page helps.
                (forced > 1                 ? "ask for fewer puzzles a page"
                 : book_.layout.large_print ? "choose a bigger trim, or leave out --large-print"
                                            : "choose a bigger trim"));
        return forced;
    }
    const std::vector<int> choices =
        book_.layout.large_print ? std::vector<int>{2, 1} : std::vector<int>{6, 4, 2, 1};
    for (int p : choices)
        if (cell_for(p, n) >= st_.min_cell) return p;
    throw std::invalid_argument(trim_page_phrase(book_.layout.trim) + " is too small for " +
                                size_name(n) + " grids with clues of " +
                                std::to_string(static_cast<int>(st_.min_clue)) + " pt");
}

std::vector<std::string> Planner::caption_lines(size_t i, int columns) const {
    std::string text = "No. " + std::to_string(index_.number(i)) + "  \u00b7  " +
                       level_title(book_.words, index_.level(i)) + "  \u00b7  #" +
                       std::to_string(index_.id(i));
    // A book of several kinds names each puzzle's, as its rules page says.
    if (index_.rules().size() > 1) text += "  \u00b7  " + kind_title(index_.rules_of(i));
    if (book_.layout.solutions) text += "  \u00b7  Solution p. 0000000";
    const double width = g_.content_w / columns - 6;
    set_font(cr_, st_.caption, false);
    if (text_width(cr_, text) <= width) return {text};
    return wrap(cr_, text, width);
}

double Planner::caption_height(size_t lines) const {
    return caption_h() + static_cast<double>(lines - 1) * st_.caption * 1.3;
}

double Planner::caption_room(int columns, int n) const {
    auto [at, fresh] = caption_room_.try_emplace({columns, n}, caption_h());
    if (fresh)
        for (size_t i = 0; i < index_.size(); ++i)
            if (index_.size_of(i) == n)
                at->second = std::max(at->second, caption_height(caption_lines(i, columns).size()));
    return at->second;
}

void Planner::puzzles() {
    const BookIndex& ps = index_;
    out_.plan.puzzle_page.assign(ps.size(), 0);
    // Drawing, the captions print the answers' pages before the key is planned.
    if (drawing())
        *solution_page_ = known_->solution_page;
    else
        solution_page_->assign(ps.size(), 0);
    centring_ = true;
    size_t i = 0;
    while (i < ps.size()) {
        const int n = ps.size_of(i);
        const int per_page = choose_per_page(n);
        out_.plan.per_page.push_back({n, per_page});
        const Slots s = slots_for(per_page);
        const double row_h = row_height(per_page), cell = cell_for(per_page, n);
        heading(size_name(n) + " puzzles", st_.size_heading, size_heading_h(),
                level_heading_h() + row_h);
        while (i < ps.size() && ps.size_of(i) == n) {
            const size_t first = i;  // of the section
            BookSection section{n, level_title(book_.words, ps.level(i)), 0, 0};
            heading(section.level, st_.heading, level_heading_h(), row_h);
            section.page = page_no();
            while (i < ps.size() && ps.size_of(i) == n && ps.same_level(i, first)) {
                const double at = place(row_h);
                int in_row = 0;
                while (in_row < s.columns && i + in_row < ps.size() &&
                       ps.size_of(i + in_row) == n && ps.same_level(i + in_row, first))
                    ++in_row;
                // A short row (a section's last, or its only puzzle) in the middle of
                // the page under its centred heading, not in the left column.
                const double indent = (s.columns - in_row) * (g_.content_w / s.columns) / 2;
                for (int c = 0; c < in_row; ++c, ++i) {
                    out_.plan.puzzle_page[i] = page_no();
                    ++section.count;
                    puzzle_slot(i, c, s, at, row_h, cell, indent);
                }
            }
            out_.plan.sections.push_back(section);
        }
    }
    centring_ = false;
}

void Planner::puzzle_slot(size_t i, int column, Slots s, double at, double row_h, double cell,
                          double indent) {
    if (!drawing()) return;  // nothing here moves the pages
    const std::shared_ptr<const BookPuzzle> bp = index_.puzzle(i);
    const double slot_w = g_.content_w / s.columns;
    const double side = cell * bp->puzzle.size;
    const double gx = indent + column * slot_w + (slot_w - side) / 2;
    const int n = bp->puzzle.size;
    const double gy = at + (row_h - caption_room(s.columns, n) - key_room(n) - side) / 2;
    const ClueLayout clues = clues_for(cr_, bp->puzzle, cell, st_);
    const auto key = grid_key_lines(cr_, clues, side, st_);
    const double key_h = key_height(key.size(), st_);
    const std::vector<std::string> cap = caption_lines(i, s.columns);
    const std::shared_ptr<std::vector<int>> sol_page = solution_page_;
    const bool with_key = book_.layout.solutions;
    const Style st = st_;
    const double cap_h = st_.caption;
    draw([=](cairo_t* cr, double x0, double y0) {
        draw_cage_lines(cr, bp->puzzle, x0 + gx, y0 + gy, cell, st);
        draw_clues(cr, bp->puzzle, clues, x0 + gx, y0 + gy, cell);
        draw_key(cr, key, x0 + gx, y0 + gy + side, st);
        set_font(cr, cap_h, false);
        cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
        for (size_t l = 0; l < cap.size(); ++l) {
            std::string text = cap[l];
            if (with_key && l + 1 == cap.size())  // the page in place of its 7 digits
                text = text.substr(0, text.size() - 7) + std::to_string((*sol_page)[i]);
            show_text(cr, text, x0 + gx + side / 2,
                      y0 + gy + side + key_h + cap_h * (1.8 + 1.3 * static_cast<double>(l)),
                      Align::Centre);
        }
        cairo_set_source_rgb(cr, 0, 0, 0);
    });
}

}  // namespace kk::db::pdf
