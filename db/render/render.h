// Printable packs with cairo: a PDF book (title page, puzzle pages, solution
// pages) or one SVG file per puzzle.
#pragma once

#include <string>
#include <vector>

#include "core/model/puzzle.h"

namespace kk::db {

enum class Paper { A4, Letter };

struct BookPuzzle {
    int number = 0;  // 1..K within the pack
    Puzzle puzzle;
    Grid solution;
    std::string level;
};

struct Book {
    std::string title;
    std::string date;  // shown on the title page, e.g. "2026-11-21"
    Paper paper = Paper::A4;
    bool solutions = false;
    std::vector<BookPuzzle> puzzles;
};

// How many puzzles share a page when the largest on it has this size.
int puzzles_per_page(int size);

// Writes the book as a PDF; returns the number of pages. Throws std::runtime_error
// when cairo cannot write the file.
int render_pdf(const Book& book, const std::string& path);

// Writes NNN.svg for every puzzle (and NNN-solution.svg with solutions) into dir,
// which must exist. Returns the file names written.
std::vector<std::string> render_svg(const Book& book, const std::string& dir);

}  // namespace kk::db
