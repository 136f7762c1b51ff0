// What each stage passed and rejected, and the time spent in it: shown at the end
// of a run and stored with it.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "pipeline/factory/candidate.h"

namespace kk {

struct RunCounters {
    std::uint64_t candidates = 0;
    // Per stage, in kStages order: candidates it ran on, and those it passed on.
    std::array<std::uint64_t, kStageCount> entered{};
    std::array<std::uint64_t, kStageCount> passed{};
    std::array<std::uint64_t, kOutcomeCount> outcomes{};
    std::array<double, kStageCount> seconds{};
    std::array<std::uint64_t, kGradedLevels> graded{};  // unique candidates by level
    double wall_seconds = 0;                            // summed over the sessions of a resumed run

    void count(const Candidate& c);
    nlohmann::json to_json() const;
    static RunCounters from_json(const nlohmann::json& j);
    std::string table() const;  // the end-of-run report
};

}  // namespace kk
