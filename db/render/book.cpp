#include "db/render/book.h"

#include <cmath>
#include <regex>

namespace kk::db {

std::optional<Trim> parse_trim(const std::string& text, std::string& problem) {
    static const std::pair<const char*, std::pair<double, double>> named[] = {
        {"a4", {595.28, 841.89}}, {"letter", {612, 792}},  {"6x9", {432, 648}},
        {"7x10", {504, 720}},     {"8x10", {576, 720}},    {"8.25x11", {594, 792}},
        {"8.5x11", {612, 792}},   {"5.5x8.5", {396, 612}},
    };
    for (const auto& [name, size] : named)
        if (text == name) return Trim{size.first, size.second, name};
    static const std::regex custom(R"(^(\d{1,4}(?:\.\d{1,3})?)x(\d{1,4}(?:\.\d{1,3})?)(mm|in)?$)");
    std::smatch m;
    if (!std::regex_match(text, m, custom)) {
        problem = "unknown trim \"" + text +
                  "\" (a4, letter, 6x9, 7x10, 8x10, 8.25x11, 8.5x11, 5.5x8.5, WxH in inches "
                  "or WxHmm)";
        return std::nullopt;
    }
    const double unit = m[3] == "mm" ? kPointsPerInch / 25.4 : kPointsPerInch;
    const double w = std::stod(m[1]) * unit, h = std::stod(m[2]) * unit;
    // A book page between 3 x 4 in and 17 x 22 in: anything else is a typo.
    if (!(w >= 3 * kPointsPerInch && h >= 4 * kPointsPerInch && w <= 17 * kPointsPerInch &&
          h <= 22 * kPointsPerInch)) {
        problem = "trim \"" + text + "\" is outside 3x4 in to 17x22 in";
        return std::nullopt;
    }
    return Trim{w, h, text};
}

std::string level_title(const BookWords& words, const std::string& level) {
    static const char* stored[] = {"easy", "normal", "hard", "extreme", "unreasonable"};
    for (size_t i = 0; i < std::size(stored); ++i)
        if (level == stored[i]) return words.level_names[i];
    return level;
}

}  // namespace kk::db
