#include "db/store/bounded_json.h"

#include <string>

namespace kk::db {

JsonTooDeep::JsonTooDeep()
    : JsonPastBounds("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels") {}

JsonTooLong::JsonTooLong(std::size_t bytes)
    : JsonPastBounds(std::to_string(bytes) + " bytes, past the " +
                     std::to_string(kMaxJsonBytes >> 20) + " MiB read") {}

namespace {

// Whether the arrays and objects of text nest deeper than kMaxJsonDepth, counted
// outside strings. One linear pass: nlohmann's parser with a callback (which could stop
// at the depth) is quadratic in an array's length (it looks for a discarded member
// after each one), and took 23 s over a record of 300,000 cages.
bool nests_too_deep(std::string_view text) {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\')
                ++i;  // the escaped character, a quote included
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth) return true;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return false;
}

}  // namespace

template <class Json>
Json parse_bounded_json(std::string_view text) {
    // Depth first: a linear pass, and the answer for text past both bounds.
    if (nests_too_deep(text)) throw JsonTooDeep();
    if (text.size() > kMaxJsonBytes) throw JsonTooLong(text.size());
    return Json::parse(text);
}

template nlohmann::json parse_bounded_json<nlohmann::json>(std::string_view);
template nlohmann::ordered_json parse_bounded_json<nlohmann::ordered_json>(std::string_view);

namespace {

template <class Json>
std::optional<Json> parse_stored(std::string_view text) {
    try {
        return parse_bounded_json<Json>(text);
    } catch (const nlohmann::json::exception&) {
    } catch (const JsonPastBounds&) {
    }
    return std::nullopt;
}

}  // namespace

std::optional<nlohmann::json> parse_stored_json(std::string_view text) {
    return parse_stored<nlohmann::json>(text);
}

std::optional<nlohmann::ordered_json> parse_stored_ordered_json(std::string_view text) {
    return parse_stored<nlohmann::ordered_json>(text);
}

}  // namespace kk::db
