// The front matter: the title page, how to play (with the book's variants and levels),
// the copyright line, and the contents pages, drawn once every page is known.
#include <algorithm>
#include <cmath>

#include "db/render/pdf_planner.h"
#include "db/render/pdf_text.h"

namespace kk::db::pdf {
namespace {

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

}  // namespace

void Planner::front_matter() {
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

std::string Planner::contents_line() const {
    const int lo = index_.smallest(), hi = index_.largest();
    const size_t k = index_.size();
    std::string line = std::to_string(k) + (k == 1 ? " puzzle" : " puzzles");
    if (k) line += "  \u00b7  " + size_name(lo) + (lo == hi ? "" : " to " + size_name(hi));
    return line;
}

size_t Planner::sections_count() const {
    size_t count = 0;
    for (size_t i = 0; i < index_.size(); ++i)
        if (i == 0 || index_.size_of(i) != index_.size_of(i - 1) || !index_.same_level(i, i - 1))
            ++count;
    return count + 8;  // size lines
}

void Planner::contents(const BookPlan& plan) {
    // Lines: a size line (bold) then its levels; then worked solutions and solutions.
    struct Line {
        std::string text;
        int page;
        bool bold;
    };
    std::vector<Line> lines;
    int last_size = 0;
    for (const BookSection& s : plan.sections) {
        if (s.size != last_size) lines.push_back({size_name(s.size) + " puzzles", s.page, true});
        last_size = s.size;
        lines.push_back({"    " + s.level + "  (" + std::to_string(s.count) + ")", s.page, false});
    }
    if (plan.walkthrough_page) lines.push_back({"Worked solutions", plan.walkthrough_page, true});
    if (plan.solutions_page) lines.push_back({"Solutions", plan.solutions_page, true});
    const double lh = st_.body * 1.6;
    const int per = std::max(1, static_cast<int>((g_.content_h - size_heading_h()) / lh));
    const double w = g_.content_w, body = st_.body;
    for (size_t k = 0; k < lines.size(); ++k) {
        const size_t page = static_cast<size_t>(toc_first_ - 1) + k / static_cast<size_t>(per);
        if (page >= static_cast<size_t>(toc_first_ - 1 + toc_pages_)) break;
        const double at = size_heading_h() + static_cast<double>(k % static_cast<size_t>(per)) * lh;
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

}  // namespace kk::db::pdf
