#include "core/model/level.h"

namespace kk {

const char* level_name(Level l) {
    return name_of(kLevels, l).data();
}

bool parse_level(std::string_view name, Level& out) {
    const auto l = parse_name(kLevels, name);
    if (l) out = *l;
    return l.has_value();
}

std::string graded_level_names() {
    std::string out;
    for (const LevelName& l : kGraded) out += (out.empty() ? "" : ", ") + std::string(l.name);
    return out;
}

}  // namespace kk
