// The start of a command's JSON line for a puzzle it read: schema, "id" (a stored
// puzzle read back from JSON) or "source" (FILE#INDEX), and "puzzle".
#pragma once

#include <nlohmann/json.hpp>

#include "db/pack/puzzle_json.h"
#include "pipeline/cli/input.h"

namespace kk::cli {

nlohmann::ordered_json record_for(const SourcedPuzzle& sp);

}  // namespace kk::cli
