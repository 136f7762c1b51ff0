// What each stage passed and rejected, and the time spent in it: shown at the end
// of a run and stored with it.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

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
    // Quotas given up (nothing new stored in kGiveUpAfter candidates of the size), each
    // with what the corpus holds of what it asks: "3x3 extreme: 0 of 3", "9x9: 12 of 50".
    // Stored with the run, so stats shows them beside the stages the next morning.
    std::vector<std::string> given_up;

    void count(const Candidate& c);
    nlohmann::json to_json() const;
    static RunCounters from_json(const nlohmann::json& j);
    std::string table() const;  // the end-of-run report
};

}  // namespace kk
