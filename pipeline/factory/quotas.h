// What a run must make: puzzles per size, or per size and level.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/grade/grader.h"

namespace kk {

struct Quotas {
    std::vector<int> sizes;                      // sizes the run makes, ascending
    std::vector<int> per_size;                   // any level, aligned with sizes (--count)
    std::array<int, kGradedLevels> per_level{};  // per size and level (--per-level)
    bool by_level() const;                       // levels have their own quotas
    int size_total(size_t size_index) const;     // quota of one size
    int total() const;
    std::string to_json() const;
};

// "4-9", "6", "4,6,9" -> sizes; throws std::invalid_argument with a message.
std::vector<int> parse_sizes(const std::string& text);
std::string sizes_text(const std::vector<int>& sizes);
// The most puzzles one level may ask for per size, from flags and from a file: five
// levels at the most still leave a run's total within int.
constexpr int kMaxLevelQuota = 10'000'000;
// "easy=N,normal=N,..." -> per-level counts; throws std::invalid_argument.
std::array<int, kGradedLevels> parse_per_level(const std::string& text);
// The parsers' messages start with what they read ("sizes: 10 is outside 3..9",
// "per-level: ..."); a caller that names the source itself (an option, a file's key)
// takes the rest.
std::string reason_of(const std::string& message);
// Spreads count evenly over the sizes: the smaller sizes take the remainder.
std::vector<int> spread_count(int count, size_t sizes);

}  // namespace kk
