#include "db/store/query.h"

#include <nlohmann/json.hpp>
#include <sstream>

#include "core/model/level.h"
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
        if (!known_level(l)) return "unknown level \"" + l + "\" (" + graded_level_names() + ")";
    if (f.ops)
        for (char op : *f.ops)
            if (std::string("+-*/").find(op) == std::string::npos)
                return std::string("unknown operation '") + op + "' in --ops (use + - * /)";
    if (f.size && (*f.size < 1 || *f.size > 9)) return "size must be 1..9";
    if (f.max_cage && *f.max_cage < 1) return "--max-cage must be at least 1";
    if (f.limit && *f.limit < 0) return "--limit must not be negative";
    return std::nullopt;
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
    if (f.size) j["size"] = *f.size;
    if (!f.levels.empty()) j["levels"] = f.levels;
    if (f.min_score) j["min_score"] = *f.min_score;
    if (f.max_score) j["max_score"] = *f.max_score;
    if (f.ops) j["ops"] = *f.ops;
    if (f.max_cage) j["max_cage"] = *f.max_cage;
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
