#include "pipeline/cli/suggest.h"

#include <algorithm>

namespace kk::cli {
namespace {

// Levenshtein distance, one row at a time.
size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = up;
        }
    }
    return row[b.size()];
}

}  // namespace

std::optional<std::string> nearest(const std::string& word, const std::vector<std::string>& names) {
    std::optional<std::string> best;
    size_t best_distance = std::max<size_t>(2, word.size() / 3) + 1;
    for (const std::string& name : names) {
        size_t d = edit_distance(word, name);
        if (word.size() >= 2 && name.rfind(word, 0) == 0) d = 1;  // "gen" -> "generate"
        if (d < best_distance) {
            best_distance = d;
            best = name;
        }
    }
    return best;
}

}  // namespace kk::cli
