// "Did you mean": the nearest of some names to a mistyped word.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace kk::cli {

// The name nearest to word by edit distance (a prefix counts as near), or nullopt
// when none is within a third of the word's length (at least 2 edits).
std::optional<std::string> nearest(const std::string& word, const std::vector<std::string>& names);

}  // namespace kk::cli
