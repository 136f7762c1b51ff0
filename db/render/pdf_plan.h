// Internal to db/render's PDF book: the book planned page by page (so the contents, the
// captions and the answer key know every page number), and drawn by the same plan.
#pragma once

#include <cairo.h>

#include <functional>
#include <map>
#include <utility>
#include <vector>

#include "db/render/book.h"
#include "db/render/book_index.h"
#include "db/render/render.h"

namespace kk::db::pdf {

using Draw = std::function<void(cairo_t*, double x0, double y0)>;  // at the content origin

struct Page {
    std::vector<Draw> draws;
    bool numbered = true;
    bool centred = false;  // a puzzle page: its blocks centred in the text area
    double used = 0;       // height the blocks take, from the top of the text area
};

struct Planned {
    std::vector<Page> pages;
    BookPlan plan;
    std::vector<int> solution_page;  // page of puzzle i's answer (book order), 0 without
    // What the puzzles' captions need, measured once: their room by columns and size at
    // this plan's gutter.
    std::map<std::pair<int, int>, double> caption_room;
};

// The book's puzzles as the planner sees them: the index, and the room the keys under
// each size's grids take (the most lines any has, wrapped to the narrowest grid the
// book allows), measured as the index reads the puzzles.
struct Measured {
    std::map<int, double> key_room;  // first: the index fills it as it is made
    BookIndex index;

    Measured(const Book& book, cairo_t* cr);
};

// Takes each page of the drawing pass as it completes, with its number (from 1).
using PageSink = std::function<void(const Page&, int number)>;

// Plans until the gutter suits the page count it produces. Nothing is drawn: the
// pages hold no drawing.
Planned plan_book(const Book& book, const Measured& measured);

// Plans the book again at planned's gutter (measuring with measure), handing each page to sink,
// drawn, as soon as it is complete (memory holds one page's drawing, not the book's). The puzzles
// are read again as they are drawn, which may fail (a corpus changed under a pack): that throws.
void draw_book(const Book& book, const Measured& measured, cairo_t* measure, const Planned& planned,
               const PageSink& sink);

}  // namespace kk::db::pdf
