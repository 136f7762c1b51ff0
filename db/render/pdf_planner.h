// Internal to db/render's PDF book: the planner that lays the book out page by page and,
// given a sink, draws it by the same plan (pdf_plan.cpp runs it). A file per part of the
// book: pdf_planner.cpp the pages and their blocks, pdf_front_matter.cpp the title,
// rules and contents pages, pdf_puzzle_pages.cpp the puzzles, pdf_answer_pages.cpp the
// worked solutions and the answer key.
#pragma once

#include <cairo.h>

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "db/render/pdf_plan.h"
#include "db/render/pdf_style.h"

namespace kk::db::pdf {

struct Geometry {
    double width, height;  // the trim
    double content_w, content_h;
    double gutter;
};

// "9×9".
std::string size_name(int n);
// Sizes in increasing order as the title page names them: "4×4 to 9×9" when every size
// between is there, else each one ("4×4, 6×6 and 9×9").
std::string sizes_text(const std::vector<int>& sizes);

// The columns and rows of puzzles a page of per_page (1, 2, 4 or 6) holds.
struct Slots {
    int columns, rows;
};
Slots slots_for(int per_page);

// Plans the book, measuring again only what an earlier run (known) did not; given that
// run's plan at the same gutter and a sink, draws it too, handing on each page as soon
// as it is complete, so that memory holds one page's drawing rather than the book's.
class Planner {
  public:
    Planner(const Book& book, const Measured& measured, cairo_t* measure, double gutter,
            const Planned* known = nullptr, PageSink sink = {});
    // The book in order: front matter, puzzles, worked solutions, answer key; then the
    // contents, once every page is known. Runs once.
    Planned run();

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
    // Filled by the answer key, read by the captions when they are drawn.
    std::shared_ptr<std::vector<int>> solution_page_ = std::make_shared<std::vector<int>>();

    double caption_h() const { return st_.caption * 2.4; }
    double size_heading_h() const { return st_.size_heading * 2.2; }
    double level_heading_h() const { return st_.heading * 2.0; }
    int page_no() const { return static_cast<int>(out_.pages.size()); }
    bool drawing() const { return static_cast<bool>(sink_); }
    void draw(Draw d) {
        if (drawing()) out_.pages.back().draws.push_back(std::move(d));
    }

    // Pages and blocks (pdf_planner.cpp).
    void new_page(bool numbered = true);
    // Hands every page so far to the sink (when drawing) and lets go of its drawing.
    void flush_pages();
    // A block of height h at the current position, on a new page when it does not fit
    // (with the keep_with below it). Returns the block's top.
    double place(double h, double keep_with = 0);
    // The size at which text fits width: size, or smaller for a long level name on a
    // narrow page (24 letters in large print ran off a 5.5x8.5 page).
    double fitted(const std::string& text, double size, bool bold, double width) const;
    void heading(const std::string& text, double size, double h, double keep_with);
    // Lines of text (already wrapped) from the current position.
    void text_lines(const std::vector<std::string>& lines, double size, bool bold = false);

    // The title page, how to play, and room for the contents (pdf_front_matter.cpp).
    void front_matter();
    // "100 puzzles · 6×6 to 9×9", for the title page.
    std::string contents_line() const;
    // The grid sizes the book holds, smallest first.
    std::vector<int> sizes_in_book() const;
    // Entries the contents may list (each size and level, and the size lines).
    size_t sections_count() const;
    // The contents pages' lines, from the plan of the book.
    void contents(const BookPlan& plan);

    // The puzzle pages (pdf_puzzle_pages.cpp).
    void puzzles();
    // Puzzle i in column `column` of a row at `at`, the row moved right by indent.
    void puzzle_slot(size_t i, int column, Slots s, double at, double row_h, double cell,
                     double indent);
    // The cell size of n x n grids at per_page a page.
    double cell_for(int per_page, int n) const;
    // The largest cell of n x n grids at per_page a page: bigger for a grid alone.
    double most_cell(int per_page, int n) const;
    // The room the keys under n x n grids may take (measured with the index).
    double key_room(int n) const;
    double row_height(int per_page) const;
    // The most puzzles a page whose cells stay readable (or --per-page, checked);
    // throws std::invalid_argument when none is.
    int choose_per_page(int n) const;
    // Puzzle i's caption in lines no wider than its slot: a 24-letter level name ran
    // into the next slot's caption, and off the page. The last word is the page of its
    // solution, measured as 7 digits until the answer key is planned.
    std::vector<std::string> caption_lines(size_t i, int columns) const;
    double caption_height(size_t lines) const;
    // The room the captions of n x n puzzles take in slots of a row of `columns`.
    double caption_room(int columns, int n) const;

    // The worked solutions and the answer key (pdf_answer_pages.cpp).
    void walkthroughs();
    void walkthrough(size_t i, bool first);
    // Grid snapshot: the puzzle with the digits placed so far.
    void snapshot(const std::shared_ptr<const BookPuzzle>& bp, const Grid& placed,
                  const std::string& label);
    void answer_key();
    // The heading of puzzle i's answer: its number and the page it is on.
    std::string key_caption(size_t i) const;
};

}  // namespace kk::db::pdf
