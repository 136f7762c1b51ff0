#include "db/store/bounded_json.h"

#include <string>

namespace kk::db {

JsonTooDeep::JsonTooDeep()
    : std::runtime_error("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels") {}

template <class Json>
Json parse_bounded_json(std::string_view text) {
    // depth: the arrays and objects around the event's (0 at the top).
    const auto within_depth = [](int depth, nlohmann::json::parse_event_t event, Json&) {
        if ((event == nlohmann::json::parse_event_t::object_start ||
             event == nlohmann::json::parse_event_t::array_start) &&
            depth >= kMaxJsonDepth)
            throw JsonTooDeep();
        return true;
    };
    return Json::parse(text, within_depth);
}

template nlohmann::json parse_bounded_json<nlohmann::json>(std::string_view);
template nlohmann::ordered_json parse_bounded_json<nlohmann::ordered_json>(std::string_view);

namespace {

template <class Json>
std::optional<Json> parse_stored(std::string_view text) {
    try {
        return parse_bounded_json<Json>(text);
    } catch (const nlohmann::json::exception&) {
    } catch (const JsonTooDeep&) {
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
