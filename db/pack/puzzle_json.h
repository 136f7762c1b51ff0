// The one JSON shape of a puzzle record, shared by every command that writes or
// reads puzzles as JSON (docs/json.md):
//   {"schema": 1, "id" or "source", "puzzle": {"size", "rules", "neknek", "cages"},
//    "solution": [[row], ...], "grade": {"level", "score", ...}}
// Commands add their own keys after these (solve: "solutions", "second").
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/model/puzzle.h"

namespace kk::db {

constexpr int kJsonSchema = 1;

// The rules' name ("standard" for the classic puzzle).
nlohmann::ordered_json puzzle_rules(const Puzzle& p);

// {"size", "rules", "neknek", "cages": [{"op", "target", "cells": [[row, col], ...]}]}.
// A cage of two or more cells under hidden operators has op "?".
nlohmann::ordered_json puzzle_json(const Puzzle& p);
// A grid as rows of values.
nlohmann::ordered_json grid_json(const Grid& g, int size);
// {"schema": 1, key: value} to start a record; key is "id" or "source".
nlohmann::ordered_json record_start(const char* key, const nlohmann::ordered_json& value);
// j as one line of JSON text. A string that is not UTF-8 (a file name in Latin-1, say)
// has its bad bytes as U+FFFD: dump() threw, and `solve --json` ended in an internal error.
template <class Json>
std::string json_line(const Json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}
// Scores are whole numbers: written as integers.
long long score_int(double score);

// Reads a record's puzzle (its "neknek" text when present, else its "cages") under its
// "rules" (puzzle_rules' object or a variant name; standard when absent); the solution
// when the record has one. nullopt with the reason in problem otherwise, also when
// "rules" and the neknek text disagree or a "?" op comes under rules that show ops.
struct JsonPuzzle {
    Puzzle puzzle;
    std::optional<Grid> solution;
};
std::optional<JsonPuzzle> puzzle_from_json(const nlohmann::json& record, std::string& problem);

}  // namespace kk::db
