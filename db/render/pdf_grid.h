// Internal to db/render's PDF book: a puzzle's grid, clues, key and digits on a page.
#pragma once

#include <cairo.h>

#include <string>
#include <vector>

#include "core/model/puzzle.h"
#include "db/render/clues.h"
#include "db/render/pdf_style.h"

namespace kk::db::pdf {

// The grid's lines: thin between cells, thick between cages and round the grid.
void draw_cage_lines(cairo_t* cr, const Puzzle& p, double x, double y, double cell,
                     const Style& st);

// The clue's font size for a cell: a quarter of it, within the style's bounds.
double clue_size(double cell, const Style& st);
// The clues of p in cells of `cell`, keyed as the smallest cell the style draws needs.
ClueLayout clues_for(cairo_t* cr, const Puzzle& p, double cell, const Style& st);
// The key under a grid (targets too long for their cells), in lines no wider than width.
std::vector<std::string> grid_key_lines(cairo_t* cr, const ClueLayout& clues, double width,
                                        const Style& st);
// The height the key's lines take under a grid.
double key_height(size_t lines, const Style& st);
void draw_key(cairo_t* cr, const std::vector<std::string>& lines, double x, double y,
              const Style& st);
// Clues in the top-left corner of each cage's first cell, kept in the top of the
// cell (the solver writes in the middle), as lay_out_clues sized them.
void draw_clues(cairo_t* cr, const Puzzle& p, const ClueLayout& clues, double x, double y,
                double cell);
// Digits centred in their cells; 0 leaves a cell empty.
void draw_digits(cairo_t* cr, int n, const Grid& g, double x, double y, double cell, double size);

}  // namespace kk::db::pdf
