// Which puzzles a query or a pack asks for, and the SQL that finds them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kk::db {

enum class Order { Id, Score, Random };

struct QueryFilter {
    std::vector<int> sizes;           // any of these; empty: every size
    std::vector<std::string> levels;  // any of these; empty: every level
    std::optional<double> min_score, max_score;
    std::optional<std::string> ops;  // every operation used is among these
    std::optional<int> max_cage;
    std::optional<std::string> variant;  // rules_name: only puzzles of these rules
    bool fresh = false;                  // never exported in a pack
    Order order = Order::Id;
    std::uint64_t seed = 0;  // for Order::Random
    std::optional<int> limit;
};

// Why a filter cannot be run (an unknown level, an operation that is not one of
// "+-*/", ...); nullopt when it is fine.
std::optional<std::string> filter_problem(const QueryFilter& f);

// The filter in one spelling, as packs record it: levels easiest first, sizes
// ascending, operations in "+-*/" order, each once ("--level easy,easy" was recorded
// as ["easy","easy"]). Unknown levels and operations (filter_problem's) go last.
void normalise(QueryFilter& f);

// "easy,hard" -> {"easy", "hard"}; blank items are skipped.
std::vector<std::string> split_levels(const std::string& text);
// Whether a comma list has a blank item: "hard,", ",hard", "easy,,hard" (not "").
bool has_blank_item(const std::string& text);
std::optional<Order> parse_order(const std::string& name);
const char* order_name(Order o);

// The filter as JSON, as packs record it.
std::string filter_json(const QueryFilter& f);

// SplitMix64 of (id, seed): the key of --order random.
std::uint64_t random_key(std::int64_t id, std::uint64_t seed);

}  // namespace kk::db
