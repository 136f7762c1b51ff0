// Grids as people read them: a row a line, digits separated by single spaces.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/model/puzzle.h"

namespace kk::cli {

std::string grid_text(const Grid& g, int n);
nlohmann::ordered_json grid_json(const Grid& g, int n);  // [[row],[row],...]

}  // namespace kk::cli
