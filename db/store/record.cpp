#include "db/store/record.h"

#include <algorithm>
#include <bit>
#include <functional>

#include "core/model/features.h"

namespace kk::db {

// The same figures the factory's single-cell filter uses (core/puzzle_features.h).
void describe_structure(const Puzzle& p, PuzzleRecord& r) {
    const PuzzleFeatures f = features_of(p);
    r.size = p.size;
    r.cages = f.cages;
    r.singletons = f.singletons;
    r.max_cage = f.max_cage;
    r.ops = f.ops;
    r.rules = rules_name(p.rules);
}

std::uint64_t record_digest(const PuzzleRecord& r) {
    std::string key = r.neknek;
    for (const std::string& part : {r.solution, r.level}) (key += '\0') += part;
    const std::uint64_t text = std::hash<std::string>{}(key);
    return text ^ (std::bit_cast<std::uint64_t>(r.score) * 0x9E3779B97F4A7C15ULL);
}

std::string solution_text(const Grid& g) {
    std::string s;
    s.reserve(g.size());
    for (int v : g) s += static_cast<char>('0' + v);
    return s;
}

Grid solution_grid(const std::string& digits) {
    Grid g;
    g.reserve(digits.size());
    for (char ch : digits) g.push_back(ch - '0');
    return g;
}

}  // namespace kk::db
