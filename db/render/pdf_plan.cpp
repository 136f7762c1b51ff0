#include "db/render/pdf_plan.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <regex>
#include <string>

#include "db/render/clues.h"
#include "db/render/pdf_grid.h"
#include "db/render/pdf_style.h"
#include "db/render/pdf_text.h"

namespace kk::db::pdf {

Measured::Measured(const Book& book, cairo_t* cr)
    : index(book, [this, cr, st = style_for(book.layout.large_print)](const BookPuzzle& bp) {
          const int n = bp.puzzle.size;
          const ClueLayout clues = clues_for(cr, bp.puzzle, st.min_cell, st);
          double& room = key_room[n];
          room =
              std::max(room, key_height(grid_key_lines(cr, clues, n * st.min_cell, st).size(), st));
      }) {}

namespace {

struct Geometry {
    double width, height;  // the trim
    double content_w, content_h;
    double gutter;
};

std::string size_name(int n) {
    return std::to_string(n) + "\u00d7" + std::to_string(n);
}

// What the rules page adds for a variant: one short paragraph per rule that differs.
std::vector<std::string> variant_rules_text(const Rules& rules) {
    std::vector<std::string> out;
    if (rules.hidden)
        out.push_back(
            "Operations hidden: a cage shows only its number; find the operation too "
            "(two-cell cages may use any of the four, larger ones + or \u00d7).");
    if (rules.ops == op_bit(Op::Mul)) out.push_back("Multiplication only: every cage multiplies.");
    if (rules.ops == (op_bit(Op::Add) | op_bit(Op::Sub)))
        out.push_back("Addition and subtraction only.");
    if (rules.killer) out.push_back("Killer rule: no digit appears twice within a cage.");
    return out;
}

struct Slots {
    int columns, rows;
};

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

// Plans the book, measuring again only what an earlier run (known) did not; given that
// run's plan at the same gutter and a sink, draws it too, handing on each page as soon
// as it is complete, so that memory holds one page's drawing rather than the book's.
class Planner {
  public:
    Planner(const Book& book, const Measured& measured, cairo_t* measure, double gutter,
            const Planned* known = nullptr, PageSink sink = {})
        : book_(book),
          index_(measured.index),
          key_room_(measured.key_room),
          cr_(measure),
          st_(style_for(book.layout.large_print)),
          known_(known),
          sink_(std::move(sink)) {
        g_.width = book.layout.trim.width;
        g_.height = book.layout.trim.height;
        g_.gutter = gutter * kIn;
        g_.content_w = g_.width - g_.gutter - outside_margin(book.layout.bleed);
        g_.content_h = text_height(book.layout);
        if (known_ && known_->plan.gutter_inches == gutter) caption_room_ = known_->caption_room;
    }

    Planned run() {
        out_.plan.gutter_inches = g_.gutter / kIn;
        front_matter();
        puzzles();
        walkthroughs();
        answer_key();
        out_.plan.pages = static_cast<int>(out_.pages.size());
        out_.solution_page = *solution_page_;
        out_.caption_room = caption_room_;
        flush_pages();
        return std::move(out_);
    }

  private:
    const Book& book_;
    const BookIndex& index_;                 // the puzzles: a few bytes each, read when drawn
    const std::map<int, double>& key_room_;  // by size
    cairo_t* cr_;
    Style st_;
    Geometry g_;
    const Planned* known_;  // an earlier run's plan
    PageSink sink_;         // set when drawing
    Planned out_;
    size_t flushed_ = 0;     // pages handed to the sink
    bool holding_ = false;   // keeps complete pages back (the contents are still to draw)
    bool centring_ = false;  // new pages are puzzle pages
    double y_ = 0;           // used height on the current page
    mutable std::map<std::pair<int, int>, double> caption_room_;  // by columns and size
    int toc_first_ = 0, toc_pages_ = 0;

    double caption_h() const { return st_.caption * 2.4; }
    double size_heading_h() const { return st_.size_heading * 2.2; }
    double level_heading_h() const { return st_.heading * 2.0; }

    int page_no() const { return static_cast<int>(out_.pages.size()); }
    void new_page(bool numbered = true) {
        if (!holding_) flush_pages();
        out_.pages.push_back({{}, numbered, centring_});
        y_ = 0;
    }
    bool drawing() const { return static_cast<bool>(sink_); }
    // Hands every page so far to the sink (when drawing) and lets go of its drawing.
    void flush_pages() {
        if (!drawing()) return;
        for (; flushed_ < out_.pages.size(); ++flushed_) {
            Page& page = out_.pages[flushed_];
            sink_(page, static_cast<int>(flushed_) + 1);
            // Its storage too: `draws = {}` assigned an empty list and kept the capacity,
            // a few hundred bytes to 2 KB a page for the whole book (100,000 puzzles: 20 MB).
            std::vector<Draw>().swap(page.draws);
        }
    }
    // A block of height h at the current position, on a new page when it does not fit.
    double place(double h, double keep_with = 0) {
        if (out_.pages.empty() || y_ + h + keep_with > g_.content_h + 0.01) new_page();
        const double at = y_;
        y_ += h;
        out_.pages.back().used = y_;
        return at;
    }
    void draw(Draw d) {
        if (drawing()) out_.pages.back().draws.push_back(std::move(d));
    }

    // The size at which text fits width: size, or smaller for a long level name on a
    // narrow page (24 letters in large print ran off a 5.5x8.5 page).
    double fitted(const std::string& text, double size, bool bold, double width) const {
        set_font(cr_, size, bold);
        const double w = text_width(cr_, text);
        return w > width ? size * width / w : size;
    }

    void heading(const std::string& text, double size, double h, double keep_with) {
        const double at = place(h, keep_with);
        const double w = g_.content_w;
        const double fit = fitted(text, size, true, w);
        draw([text, size, fit, at, w](cairo_t* cr, double x0, double y0) {
            set_font(cr, fit, true);
            show_text(cr, text, x0 + w / 2, y0 + at + size * 1.2, Align::Centre);
        });
    }

    // Lines of text (already wrapped) from the current position.
    void text_lines(const std::vector<std::string>& lines, double size, bool bold = false) {
        const double lh = size * 1.4;
        for (const std::string& line : lines) {
            const double at = place(lh);
            draw([line, size, bold, at](cairo_t* cr, double x0, double y0) {
                set_font(cr, size, bold);
                show_text(cr, line, x0, y0 + at + size, Align::Left);
            });
        }
    }

    void front_matter() {
        const BookWords& w = book_.words;
        new_page(false);  // 1: title
        const double cw = g_.content_w, ch = g_.content_h;
        // The title and subtitle fill at most half the page, from 0.3 of its height
        // down, and end above the author (at 0.85): a long title on a small trim comes
        // out smaller.
        double big = book_.layout.large_print ? 34 : 26, sub = st_.heading + 2;
        std::vector<std::string> title_lines, sub_lines;
        for (;;) {
            set_font(cr_, big, true);
            title_lines = wrap(cr_, w.title, cw);
            set_font(cr_, sub, false);
            sub_lines = wrap(cr_, w.subtitle, cw);
            const double height = static_cast<double>(title_lines.size()) * big * 1.25 + big * 0.5 +
                                  static_cast<double>(sub_lines.size()) * sub * 1.4;
            // The contents line (sub * 3 below) clears the author's lines too: it was
            // printed over them under a long title on a 6x9 page.
            const double room = w.author.empty() ? ch : ch * 0.85 - sub * 1.2;
            if ((height <= ch * 0.5 && ch * 0.3 + height + sub * 3.5 <= room) || big <= 8) break;
            big = std::max(8.0, big * 0.9);
            sub = std::max(7.0, sub * 0.9);
        }
        const std::string about = contents_line();
        set_font(cr_, sub - 1, false);
        const auto author_lines = wrap(cr_, w.author, cw);  // at most 100 characters
        draw([=](cairo_t* cr, double x0, double y0) {
            double y = y0 + ch * 0.3;
            set_font(cr, big, true);
            for (const auto& l : title_lines)
                show_text(cr, l, x0 + cw / 2, y += big * 1.25, Align::Centre);
            y += big * 0.5;
            set_font(cr, sub, false);
            for (const auto& l : sub_lines)
                show_text(cr, l, x0 + cw / 2, y += sub * 1.4, Align::Centre);
            set_font(cr, sub - 1, false);
            show_text(cr, about, x0 + cw / 2, y + sub * 3, Align::Centre);
            double at = y0 + ch * 0.85;
            for (const auto& l : author_lines) {
                show_text(cr, l, x0 + cw / 2, at, Align::Centre);
                at += (sub - 1) * 1.4;
            }
        });

        new_page();  // 2: how to play, the levels, the copyright line
        heading("How to play", st_.size_heading, size_heading_h(), 0);
        set_font(cr_, st_.body, false);
        size_t from = 0;
        while (from <= w.rules.size()) {
            size_t to = w.rules.find('\n', from);
            if (to == std::string::npos) to = w.rules.size();
            text_lines(wrap(cr_, w.rules.substr(from, to - from), g_.content_w), st_.body);
            y_ += st_.body * 0.6;
            from = to + 1;
        }
        // Variants: each distinct rule set in the book, in order of first use.
        const std::vector<Rules>& seen = index_.rules();
        for (const Rules& r : seen)
            for (const std::string& line : variant_rules_text(r)) {
                const std::string head = seen.size() > 1 ? rules_name(r) + " puzzles: " : "";
                text_lines(wrap(cr_, head + line, g_.content_w), st_.body);
                y_ += st_.body * 0.6;
            }
        // Merged big cages have targets too long for a cell: say once how they print.
        if (std::any_of(key_room_.begin(), key_room_.end(),
                        [](const auto& room) { return room.second > 0; })) {
            text_lines(wrap(cr_,
                            "A target too long for its cell shows a letter in its place "
                            "(A\u00d7); the target is listed under the grid (A = 3,982,060).",
                            g_.content_w),
                       st_.body);
            y_ += st_.body * 0.6;
        }
        y_ += st_.body * 0.4;
        std::string levels;
        for (const auto& name : w.level_names) levels += (levels.empty() ? "" : ", ") + name;
        text_lines(wrap(cr_, "Levels, from the easiest: " + levels + ".", g_.content_w), st_.body);
        if (book_.layout.solutions) {
            y_ += st_.body * 0.5;
            text_lines(wrap(cr_,
                            "Every puzzle has exactly one solution. The page of its solution is "
                            "printed under it.",
                            g_.content_w),
                       st_.body);
        }
        std::string legal = w.copyright;
        if (!book_.date.empty()) legal += (legal.empty() ? "" : "\n") + book_.date;
        set_font(cr_, st_.caption + 1, false);
        const auto legal_lines = wrap(cr_, legal, g_.content_w);
        const double size = st_.caption + 1;
        // At the foot of the page, below the rules: on a page of its own when long rules
        // leave no room (a full rules page was printed over).
        const double legal_h = size * 1.4 * (static_cast<double>(legal_lines.size()) + 1);
        if (y_ + legal_h > g_.content_h) new_page();
        draw([=](cairo_t* cr, double x0, double y0) {
            set_font(cr, size, false);
            double y = y0 + ch - size * 1.4 * static_cast<double>(legal_lines.size());
            for (const auto& l : legal_lines) show_text(cr, l, x0, y += size * 1.4, Align::Left);
        });

        // 3..: contents, drawn once every page is known; its length is known now.
        toc_first_ = page_no() + 1;
        const int entries = static_cast<int>(sections_count()) + 2;
        const double lh = st_.body * 1.6;
        const int per = std::max(1, static_cast<int>((g_.content_h - size_heading_h()) / lh));
        toc_pages_ = (entries + per - 1) / per;
        holding_ = true;
        for (int i = 0; i < toc_pages_; ++i) new_page();
        holding_ = false;
        if (drawing()) contents(known_->plan);
        y_ = g_.content_h;  // full: the puzzles open a page of their own
    }

    // "100 puzzles · 6×6 to 9×9", for the title page.
    std::string contents_line() const {
        const int lo = index_.smallest(), hi = index_.largest();
        const size_t k = index_.size();
        std::string line = std::to_string(k) + (k == 1 ? " puzzle" : " puzzles");
        if (k) line += "  \u00b7  " + size_name(lo) + (lo == hi ? "" : " to " + size_name(hi));
        return line;
    }

    size_t sections_count() const {
        size_t count = 0;
        for (size_t i = 0; i < index_.size(); ++i)
            if (i == 0 || index_.size_of(i) != index_.size_of(i - 1) ||
                !index_.same_level(i, i - 1))
                ++count;
        return count + 8;  // size lines
    }

    double cell_for(int per_page, int n) const {
        const Slots s = slots_for(per_page);
        const double slot_w = g_.content_w / s.columns;
        const double row_h = row_height(per_page);
        return std::min({(slot_w - 16) / n,
                         (row_h - caption_room(s.columns, n) - key_room(n) - 8) / n, st_.max_cell});
    }
    // The room the keys under n x n grids may take (measured with the index).
    double key_room(int n) const {
        const auto at = key_room_.find(n);
        return at == key_room_.end() ? 0 : at->second;
    }
    double row_height(int per_page) const {
        const Slots s = slots_for(per_page);
        // Room for a size heading and two level headings on a page.
        return (g_.content_h - size_heading_h() - 2 * level_heading_h()) / s.rows;
    }

    int choose_per_page(int n) const {
        const int forced = book_.layout.per_page;
        if (forced) {
            const double cell = cell_for(forced, n);
            if (cell < st_.min_cell)
                throw std::invalid_argument(
                    "--per-page " + std::to_string(forced) + " on a " + book_.layout.trim.name +
                    " page leaves " + size_name(n) + " cells of " +
                    std::to_string(static_cast<int>(cell)) + " pt; clues of " +
                    std::to_string(static_cast<int>(st_.min_clue)) + " pt need " +
                    std::to_string(static_cast<int>(st_.min_cell)) +
                    " pt: ask for fewer puzzles a page");
            return forced;
        }
        const std::vector<int> choices =
            book_.layout.large_print ? std::vector<int>{2, 1} : std::vector<int>{6, 4, 2, 1};
        for (int p : choices)
            if (cell_for(p, n) >= st_.min_cell) return p;
        throw std::invalid_argument("a " + book_.layout.trim.name + " page is too small for " +
                                    size_name(n) + " grids with clues of " +
                                    std::to_string(static_cast<int>(st_.min_clue)) + " pt");
    }

    // Puzzle i's caption in lines no wider than its slot: a 24-letter level name ran
    // into the next slot's caption, and off the page. The last word is the page of its
    // solution, measured as 7 digits until the answer key is planned.
    std::vector<std::string> caption_lines(size_t i, int columns) const {
        std::string text = "No. " + std::to_string(index_.number(i)) + "  \u00b7  " +
                           level_title(book_.words, index_.level(i)) + "  \u00b7  #" +
                           std::to_string(index_.id(i));
        if (book_.layout.solutions) text += "  \u00b7  Solution p. 0000000";
        const double width = g_.content_w / columns - 6;
        set_font(cr_, st_.caption, false);
        if (text_width(cr_, text) <= width) return {text};
        return wrap(cr_, text, width);
    }
    double caption_height(size_t lines) const {
        return caption_h() + static_cast<double>(lines - 1) * st_.caption * 1.3;
    }
    // The room the captions of n x n puzzles take in slots of a row of `columns`.
    double caption_room(int columns, int n) const {
        auto [at, fresh] = caption_room_.try_emplace({columns, n}, caption_h());
        if (fresh)
            for (size_t i = 0; i < index_.size(); ++i)
                if (index_.size_of(i) == n)
                    at->second =
                        std::max(at->second, caption_height(caption_lines(i, columns).size()));
        return at->second;
    }

    void puzzles() {
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

    // Puzzle i in column `column` of a row at `at`, the row moved right by indent.
    void puzzle_slot(size_t i, int column, Slots s, double at, double row_h, double cell,
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

    void walkthroughs() {
        const int k = std::min(book_.layout.walkthrough, static_cast<int>(index_.size()));
        if (k <= 0) return;
        for (int i = 0; i < k; ++i) {
            new_page();
            if (i == 0) out_.plan.walkthrough_page = page_no();
            walkthrough(static_cast<size_t>(i), i == 0);
        }
    }

    // Grid snapshot: the puzzle with the digits placed so far.
    void snapshot(const std::shared_ptr<const BookPuzzle>& bp, const Grid& placed,
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

    void walkthrough(size_t i, bool first) {
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
        // The grid again after each third of the cells is filled, and at the end.
        static const std::regex placement(R"(^r(\d+)c(\d+) = (\d+))");
        int filled = 0, shown = 0;
        const double lh = st_.body * 1.4;
        for (size_t s = 0; s < bp->steps.size(); ++s) {
            std::string step = bp->steps[s];
            if (!step.empty()) step[0] = static_cast<char>(std::toupper(step[0]));
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

    // The heading of puzzle i's answer: its number and the page it is on.
    std::string key_caption(size_t i) const {
        return "No. " + std::to_string(index_.number(i)) + "  \u00b7  p. " +
               std::to_string(out_.plan.puzzle_page[i]);
    }

    void answer_key() {
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
            while (in_row < columns && i + in_row < ps.size() && ps.size_of(i + in_row) == n)
                ++in_row;
            const double left = (g_.content_w - used) / 2 + (width - side) / 2 +
                                (columns - in_row) * (width + gap) / 2;
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
                    show_text(cr, text, x0 + gx + side / 2, y0 + at + st.caption * 1.2,
                              Align::Centre);
                    Style key = st;
                    key.thick_min = key.thick_max = st.thick_min * 0.7;
                    draw_cage_lines(cr, bp->puzzle, x0 + gx, y0 + at + head, cell, key);
                    draw_digits(cr, n, bp->solution, x0 + gx, y0 + at + head, cell, cell * 0.6);
                });
            }
        }
    }

    // The contents pages' lines, from the plan of the book.
    void contents(const BookPlan& plan) {
        // Lines: a size line (bold) then its levels; then worked solutions and solutions.
        struct Line {
            std::string text;
            int page;
            bool bold;
        };
        std::vector<Line> lines;
        int last_size = 0;
        for (const BookSection& s : plan.sections) {
            if (s.size != last_size)
                lines.push_back({size_name(s.size) + " puzzles", s.page, true});
            last_size = s.size;
            lines.push_back(
                {"    " + s.level + "  (" + std::to_string(s.count) + ")", s.page, false});
        }
        if (plan.walkthrough_page)
            lines.push_back({"Worked solutions", plan.walkthrough_page, true});
        if (plan.solutions_page) lines.push_back({"Solutions", plan.solutions_page, true});
        const double lh = st_.body * 1.6;
        const int per = std::max(1, static_cast<int>((g_.content_h - size_heading_h()) / lh));
        const double w = g_.content_w, body = st_.body;
        for (size_t k = 0; k < lines.size(); ++k) {
            const size_t page = static_cast<size_t>(toc_first_ - 1) + k / static_cast<size_t>(per);
            if (page >= static_cast<size_t>(toc_first_ - 1 + toc_pages_)) break;
            const double at =
                size_heading_h() + static_cast<double>(k % static_cast<size_t>(per)) * lh;
            const Line line = lines[k];
            const std::string num = std::to_string(line.page);
            set_font(cr_, body, line.bold);
            const double fit = fitted(line.text, body, line.bold, w - text_width(cr_, num) - body);
            out_.pages[page].draws.push_back([=](cairo_t* cr, double x0, double y0) {
                set_font(cr, fit, line.bold);
                show_text(cr, line.text, x0, y0 + at + body, Align::Left);
                set_font(cr, body, line.bold);
                show_text(cr, num, x0 + w, y0 + at + body, Align::Right);
                // Dot leaders between the entry and its page.
                set_font(cr, fit, line.bold);
                const double from = x0 + text_width(cr, line.text) + body;
                set_font(cr, body, line.bold);
                const double to = x0 + w - text_width(cr, num) - body;
                cairo_set_source_rgb(cr, 0.5, 0.5, 0.5);
                for (double x = from; x < to; x += body * 0.6) {
                    cairo_arc(cr, x, y0 + at + body - 1, 0.5, 0, 2 * M_PI);
                    cairo_fill(cr);
                }
                cairo_set_source_rgb(cr, 0, 0, 0);
            });
        }
        const double size = st_.size_heading;
        out_.pages[static_cast<size_t>(toc_first_ - 1)].draws.push_back(
            [=](cairo_t* cr, double x0, double y0) {
                set_font(cr, size, true);
                show_text(cr, "Contents", x0 + w / 2, y0 + size * 1.2, Align::Centre);
            });
    }

    // Filled by the answer key, read by the captions when they are drawn.
    std::shared_ptr<std::vector<int>> solution_page_ = std::make_shared<std::vector<int>>();
};

}  // namespace

// Plans until the gutter suits the page count it produces. Nothing is drawn: the
// pages hold no drawing.
Planned plan_book(const Book& book, const Measured& measured) {
    const TextMeasure measure;
    double gutter = gutter_for(0);
    Planned planned;
    for (int round = 0; round < 4; ++round) {
        planned = Planner(book, measured, measure.get(), gutter, &planned).run();
        const double wanted = gutter_for(planned.plan.pages);
        if (wanted <= gutter) break;
        gutter = wanted;
    }
    return planned;
}

void draw_book(const Book& book, const Measured& measured, cairo_t* measure, const Planned& planned,
               const PageSink& sink) {
    Planner(book, measured, measure, planned.plan.gutter_inches, &planned, sink).run();
}

}  // namespace kk::db::pdf
