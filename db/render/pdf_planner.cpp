#include "db/render/pdf_planner.h"

#include "db/render/pdf_text.h"

namespace kk::db::pdf {

std::string size_name(int n) {
    return std::to_string(n) + "\u00d7" + std::to_string(n);
}

Planner::Planner(const Book& book, const Measured& measured, cairo_t* measure, double gutter,
                 const Planned* known, PageSink sink)
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

Planned Planner::run() {
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

void Planner::new_page(bool numbered) {
    if (!holding_) flush_pages();
    out_.pages.push_back({{}, numbered, centring_});
    y_ = 0;
}

void Planner::flush_pages() {
    if (!drawing()) return;
    for (; flushed_ < out_.pages.size(); ++flushed_) {
        Page& page = out_.pages[flushed_];
        sink_(page, static_cast<int>(flushed_) + 1);
        // Its storage too: `draws = {}` assigned an empty list and kept the capacity,
        // a few hundred bytes to 2 KB a page for the whole book (100,000 puzzles: 20 MB).
        std::vector<Draw>().swap(page.draws);
    }
}

double Planner::place(double h, double keep_with) {
    if (out_.pages.empty() || y_ + h + keep_with > g_.content_h + 0.01) new_page();
    const double at = y_;
    y_ += h;
    out_.pages.back().used = y_;
    return at;
}

double Planner::fitted(const std::string& text, double size, bool bold, double width) const {
    set_font(cr_, size, bold);
    const double w = text_width(cr_, text);
    return w > width ? size * width / w : size;
}

void Planner::heading(const std::string& text, double size, double h, double keep_with) {
    const double at = place(h, keep_with);
    const double w = g_.content_w;
    const double fit = fitted(text, size, true, w);
    draw([text, size, fit, at, w](cairo_t* cr, double x0, double y0) {
        set_font(cr, fit, true);
        show_text(cr, text, x0 + w / 2, y0 + at + size * 1.2, Align::Centre);
    });
}

void Planner::text_lines(const std::vector<std::string>& lines, double size, bool bold) {
    const double lh = size * 1.4;
    for (const std::string& line : lines) {
        const double at = place(lh);
        draw([line, size, bold, at](cairo_t* cr, double x0, double y0) {
            set_font(cr, size, bold);
            show_text(cr, line, x0, y0 + at + size, Align::Left);
        });
    }
}

}  // namespace kk::db::pdf
