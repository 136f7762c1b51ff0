// Datasets: a stored puzzle as one JSON line in the shape reasoning datasets use:
//   {"question": the puzzle stated in plain text, "answer": the grid as text,
//    "metadata": {"id", "size", "rules", "level", "score", "seed"}}
#pragma once

#include <string>

#include "core/model/puzzle.h"
#include "db/store/record.h"

namespace kk::db {

// The puzzle in words a person or a language model can read: the rules, then the
// cages one a line ("12* : r1c1 r1c2 r2c1"), then how to answer.
std::string puzzle_statement(const Puzzle& p);
// The grid as text: a row a line, values separated by single spaces.
std::string grid_text(const Grid& g, int size);
// One JSON object, no newline.
std::string dataset_json(const PuzzleRecord& r);

}  // namespace kk::db
