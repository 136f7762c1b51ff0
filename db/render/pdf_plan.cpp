#include "db/render/pdf_plan.h"

#include <algorithm>

#include "db/render/clues.h"
#include "db/render/pdf_grid.h"
#include "db/render/pdf_planner.h"
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
