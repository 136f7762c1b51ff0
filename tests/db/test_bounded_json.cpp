// The bounded JSON parser: nesting counted outside strings, 1,000 levels read, deeper
// refused, and text that is no JSON refused as nlohmann refuses it.
#include <catch2/catch.hpp>
#include <string>

#include "db/store/bounded_json.h"

using kk::db::JsonTooDeep;
using kk::db::kMaxJsonBytes;
using kk::db::kMaxJsonDepth;
using kk::db::parse_bounded_json;
using kk::db::parse_stored_json;

namespace {

std::string arrays(int depth, const std::string& inside = "") {
    return std::string(static_cast<std::size_t>(depth), '[') + inside +
           std::string(static_cast<std::size_t>(depth), ']');
}

}  // namespace

TEST_CASE("JSON nesting up to the bound reads, one level more is refused", "[db][json]") {
    const nlohmann::json deepest = parse_bounded_json<nlohmann::json>(arrays(kMaxJsonDepth, "7"));
    const nlohmann::json* at = &deepest;
    for (int level = 1; level < kMaxJsonDepth; ++level) at = &(*at)[0];
    CHECK((*at)[0] == 7);
    CHECK_THROWS_AS(parse_bounded_json<nlohmann::json>(arrays(kMaxJsonDepth + 1)), JsonTooDeep);
    CHECK_THROWS_AS(
        parse_bounded_json<nlohmann::ordered_json>("{\"a\": " + arrays(kMaxJsonDepth) + "}"),
        JsonTooDeep);
    CHECK_FALSE(parse_stored_json(arrays(kMaxJsonDepth + 1)));
    CHECK(parse_stored_json(arrays(kMaxJsonDepth)));
}

TEST_CASE("brackets inside JSON strings are not nesting", "[db][json]") {
    // Two thousand brackets, and escaped quotes and backslashes before them, in strings.
    const std::string brackets(2000, '[');
    const std::string text = "{\"a\\\"[\": \"" + brackets + "\", \"b\": \"x\\\\\", \"c\": [\"" +
                             std::string(2000, '{') + "\\\"\"]}";
    const nlohmann::json j = parse_bounded_json<nlohmann::json>(text);
    CHECK(j["a\"["] == brackets);
    CHECK(j["b"] == "x\\");
    CHECK(j["c"][0].get<std::string>().size() == 2001);
}

TEST_CASE("text that is no JSON is refused as nlohmann refuses it", "[db][json]") {
    CHECK_THROWS_AS(parse_bounded_json<nlohmann::json>("{\"a\": [1, 2}"),
                    nlohmann::json::parse_error);
    CHECK_THROWS_AS(parse_bounded_json<nlohmann::json>(""), nlohmann::json::parse_error);
    CHECK_FALSE(parse_stored_json("{x"));
    CHECK(parse_stored_json("{}") == nlohmann::json::object());
}

TEST_CASE("JSON text past 1 MiB is refused before it is parsed", "[db][json]") {
    // A value takes some 20 times its text: a stored run's counters or a pack's filters
    // of 60 MB would take 1.2 GB to read.
    const std::string prefix = "{\"a\":\"";
    const std::string fits = prefix + std::string(kMaxJsonBytes - prefix.size() - 2, 'x') + "\"}";
    CHECK(parse_bounded_json<nlohmann::json>(fits)["a"].get<std::string>().size() ==
          kMaxJsonBytes - prefix.size() - 2);
    const std::string longer = prefix + std::string(kMaxJsonBytes, 'x') + "\"}";
    CHECK_THROWS_WITH(parse_bounded_json<nlohmann::ordered_json>(longer),
                      std::to_string(longer.size()) + " bytes, past the 1 MiB read");
    CHECK_THROWS_AS(parse_bounded_json<nlohmann::json>(longer), kk::db::JsonTooLong);
    CHECK_FALSE(parse_stored_json(longer));
    // Text past both bounds is said to be too deep, as it was before the length bound.
    CHECK_THROWS_AS(parse_bounded_json<nlohmann::json>(arrays(600000)), JsonTooDeep);
}
