// Difficulty levels: Keen's ladder, plus the two answers that are not a level.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/model/named_enum.h"

namespace kk {

enum class Level { Easy, Normal, Hard, Extreme, Unreasonable, Ambiguous, Impossible };

// One table keeps the levels and their names in step.
struct LevelName {
    Level value;
    std::string_view name;
};
inline constexpr LevelName kLevels[] = {
    {Level::Easy, "easy"},
    {Level::Normal, "normal"},
    {Level::Hard, "hard"},
    {Level::Extreme, "extreme"},
    {Level::Unreasonable, "unreasonable"},
    {Level::Ambiguous, "ambiguous"},
    {Level::Impossible, "impossible"},
};
constexpr int kGradedLevels = 5;  // easy..unreasonable: the levels a puzzle can be sold at
// The graded levels alone, easiest first.
inline constexpr std::span<const LevelName, kGradedLevels> kGraded{kLevels, kGradedLevels};
// "easy, normal, hard, extreme, unreasonable" for messages and help.
std::string graded_level_names();

const char* level_name(Level l);
// "easy".."impossible" -> Level; returns false when unknown.
bool parse_level(std::string_view name, Level& out);

}  // namespace kk
