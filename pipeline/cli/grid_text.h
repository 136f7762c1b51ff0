// Grids as people read them: a row a line, values separated by single spaces.
#pragma once

#include "db/pack/dataset.h"
#include "db/pack/puzzle_json.h"

namespace kk::cli {

using db::grid_json;  // [[row], [row], ...]
using db::grid_text;

}  // namespace kk::cli
