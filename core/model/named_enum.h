// One table per enum keeps each value and its names in step, as keen.c's lists do.
// A table is a constexpr array of entries with a `value` and a `name` member (more
// members are welcome: an operation also has its neknek symbol and glyph). The
// functions below work on any such table; counts come from the table's length.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace kk {

// The plain entry: a value and its name (tables with more members declare their own).
template <class Enum>
struct NamedValue {
    Enum value;
    std::string_view name;
};

// The name of value in table; "?" when the table does not list it.
template <class Entry, std::size_t N>
constexpr std::string_view name_of(const Entry (&table)[N], decltype(Entry::value) value) {
    for (const Entry& e : table)
        if (e.value == value) return e.name;
    return "?";
}

// The value named name; nullopt when no entry has that name.
template <class Entry, std::size_t N>
constexpr std::optional<decltype(Entry::value)> parse_name(const Entry (&table)[N],
                                                           std::string_view name) {
    for (const Entry& e : table)
        if (e.name == name) return e.value;
    return std::nullopt;
}

// The table's entry for value; nullptr when it has none.
template <class Entry, std::size_t N>
constexpr const Entry* entry_of(const Entry (&table)[N], decltype(Entry::value) value) {
    for (const Entry& e : table)
        if (e.value == value) return &e;
    return nullptr;
}

// The names in table order joined by sep: "easy, normal, hard" for messages and help.
template <class Entry, std::size_t N>
std::string joined_names(const Entry (&table)[N], std::string_view sep = ", ") {
    std::string out;
    for (const Entry& e : table) {
        if (!out.empty()) out += sep;
        out += e.name;
    }
    return out;
}

}  // namespace kk
