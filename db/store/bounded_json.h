// JSON parsed with a bound on its nesting. Every JSON text kenken reads (records on its
// input; a run's quotas, counters and progress and a pack's filters in a corpus) goes
// through here, never through a bare parse(): nlohmann's parser keeps its own stack,
// but dump() recurses, so a value nested 300,000 deep parsed and then overflowed the
// stack once printed (`solve` of a record with such a "schema", `packs` and `stats
// --json` of a corpus with such filters or counters died by SIGSEGV).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace kk::db {

// Far past anything kenken writes (four levels) or a person would.
constexpr int kMaxJsonDepth = 1000;

// Thrown by parse_bounded_json at the first array or object nested deeper than
// kMaxJsonDepth (what() says so); parsing stops there.
struct JsonTooDeep : std::runtime_error {
    JsonTooDeep();
};

// As Json::parse(text): throws nlohmann::json::parse_error for text that is no JSON,
// and JsonTooDeep.
template <class Json>
Json parse_bounded_json(std::string_view text);

// Text a corpus stores: its value, or nullopt when it is no JSON or nests too deep (the
// caller shows the text as it is, or says the corpus is damaged).
std::optional<nlohmann::json> parse_stored_json(std::string_view text);
std::optional<nlohmann::ordered_json> parse_stored_ordered_json(std::string_view text);

}  // namespace kk::db
