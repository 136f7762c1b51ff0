// JSON parsed with a bound on its nesting. Every JSON text kenken reads (records on its
// input; a run's quotas, counters and progress and a pack's filters in a corpus) goes
// through here, never through a bare parse(): nlohmann's parser keeps its own stack,
// but dump() recurses, so a value nested 300,000 deep parsed and then overflowed the
// stack once printed (`solve` of a record with such a "schema", `packs` and `stats
// --json` of a corpus with such filters or counters died by SIGSEGV).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace kk::db {

// Far past anything kenken writes (four levels) or a person would.
constexpr int kMaxJsonDepth = 1000;
// Longest JSON text read: kenken writes a few KB (a 9x9's record with grade --json's
// steps, 14 KB; a run's progress, 6 KB), and a value takes some 20 times its text in
// memory (63 MB of cages took 1.2 GB).
constexpr std::size_t kMaxJsonBytes = std::size_t{1} << 20;

// Thrown by parse_bounded_json for text past a bound; what() says which.
struct JsonPastBounds : std::runtime_error {
    using std::runtime_error::runtime_error;
};
// At the first array or object nested deeper than kMaxJsonDepth; parsing stops there.
struct JsonTooDeep : JsonPastBounds {
    JsonTooDeep();
};
// Before a text longer than kMaxJsonBytes is parsed.
struct JsonTooLong : JsonPastBounds {
    explicit JsonTooLong(std::size_t bytes);
};

// As Json::parse(text): throws nlohmann::json::parse_error for text that is no JSON,
// and JsonTooLong or JsonTooDeep.
template <class Json>
Json parse_bounded_json(std::string_view text);

// Text a corpus stores: its value, or nullopt when it is no JSON or past a bound (the
// caller shows the text as it is, or says the corpus is damaged).
std::optional<nlohmann::json> parse_stored_json(std::string_view text);
std::optional<nlohmann::ordered_json> parse_stored_ordered_json(std::string_view text);

}  // namespace kk::db
