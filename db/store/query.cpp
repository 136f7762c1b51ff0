#include "db/store/query.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/io/utf8.h"
#include "core/model/level.h"
#include "core/model/puzzle.h"
#include "core/model/rng.h"

namespace kk::db {
namespace {

bool known_level(const std::string& name) {
    for (const LevelName& l : kGraded)
        if (name == l.name) return true;
    return false;
}

}  // namespace

std::optional<std::string> filter_problem(const QueryFilter& f) {
    for (const std::string& l : f.levels)
        if (!known_level(l))
            return "--level: unknown level \"" + l + "\" (" + graded_level_names() + ")";
    if (f.ops)
        for (std::size_t i = 0; i < f.ops->size();) {
            if (std::string_view("+-*/").find((*f.ops)[i]) != std::string_view::npos) {
                ++i;
                continue;
            }
            // A whole character, not the first byte of one (a typed '÷' printed as '?').
            const std::size_t length = utf8_sequence_length(*f.ops, i);
            return "unknown operation '" + f.ops->substr(i, length ? length : 1) +
                   "' in --ops (use + - * /)";
        }
    for (int n : f.sizes)
        if (n < 1 || n > 9) return "--size: a size must be 1..9";
    if (f.variant) {
        std::string why;
        if (!parse_rules(*f.variant, &why)) return "--variant: " + why;
    }
    if (f.max_cage && *f.max_cage < 1) return "--max-cage must be at least 1";
    if (f.limit && *f.limit < 0) return "--limit must not be negative";
    // An empty range is a typo (the two swapped), not a question with no answer.
    if (f.min_score && f.max_score && *f.min_score > *f.max_score) {
        std::ostringstream why;
        why << "--min-score " << *f.min_score << " is above --max-score " << *f.max_score;
        return why.str();
    }
    return std::nullopt;
}

void normalise(QueryFilter& f) {
    auto level_rank = [](const std::string& name) {
        for (std::size_t i = 0; i < kGraded.size(); ++i)
            if (name == kGraded[i].name) return i;
        return kGraded.size();
    };
    std::stable_sort(
        f.levels.begin(), f.levels.end(),
        [&](const std::string& a, const std::string& b) { return level_rank(a) < level_rank(b); });
    f.levels.erase(std::unique(f.levels.begin(), f.levels.end()), f.levels.end());
    std::sort(f.sizes.begin(), f.sizes.end());
    f.sizes.erase(std::unique(f.sizes.begin(), f.sizes.end()), f.sizes.end());
    if (f.ops) {
        std::string ops;
        for (const char op : std::string_view("+-*/"))
            if (f.ops->find(op) != std::string::npos) ops += op;
        for (const char c : *f.ops)  // anything else, as given, for filter_problem to name
            if (std::string_view("+-*/").find(c) == std::string_view::npos) ops += c;
        f.ops = ops;
    }
}

std::vector<std::string> split_levels(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        // "easy, hard" as well as "easy,hard".
        const auto first = item.find_first_not_of(" \t");
        if (first == std::string::npos) continue;
        out.push_back(item.substr(first, item.find_last_not_of(" \t") - first + 1));
    }
    return out;
}

bool has_blank_item(const std::string& text) {
    if (text.empty()) return false;  // no list at all
    const auto items = static_cast<std::size_t>(std::count(text.begin(), text.end(), ',')) + 1;
    return split_levels(text).size() != items;
}

std::optional<Order> parse_order(const std::string& name) {
    if (name == "id") return Order::Id;
    if (name == "score") return Order::Score;
    if (name == "random") return Order::Random;
    return std::nullopt;
}

const char* order_name(Order o) {
    switch (o) {
        case Order::Id:
            return "id";
        case Order::Score:
            return "score";
        case Order::Random:
            return "random";
    }
    return "id";
}

std::string filter_json(const QueryFilter& f) {
    nlohmann::json j = nlohmann::json::object();
    // One size is recorded as before ("size"); a set as "sizes".
    if (f.sizes.size() == 1) j["size"] = f.sizes[0];
    if (f.sizes.size() > 1) j["sizes"] = f.sizes;
    if (!f.levels.empty()) j["levels"] = f.levels;
    if (f.min_score) j["min_score"] = *f.min_score;
    if (f.max_score) j["max_score"] = *f.max_score;
    if (f.ops) j["ops"] = *f.ops;
    if (f.max_cage) j["max_cage"] = *f.max_cage;
    if (f.variant) j["variant"] = *f.variant;
    j["fresh"] = f.fresh;
    j["order"] = order_name(f.order);
    if (f.order == Order::Random) j["seed"] = f.seed;
    if (f.limit) j["limit"] = *f.limit;
    return j.dump();
}

std::uint64_t random_key(std::int64_t id, std::uint64_t seed) {
    // The id-th output of SplitMix64 started at the seed: well mixed for neighbouring
    // ids, and a different seed gives an unrelated order.
    std::uint64_t state = seed + (static_cast<std::uint64_t>(id) - 1) * 0x9E3779B97F4A7C15ULL;
    return splitmix64_next(state);
}

}  // namespace kk::db
