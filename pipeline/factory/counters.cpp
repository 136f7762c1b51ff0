#include "pipeline/factory/counters.h"

#include <cstdio>

namespace kk {

void RunCounters::count(const Candidate& c) {
    ++candidates;
    outcomes[static_cast<size_t>(c.outcome)] += 1;
    for (int s = 0; s < kStageCount; ++s)
        seconds[static_cast<size_t>(s)] += c.seconds[static_cast<size_t>(s)];
    // Every candidate is tiled; then each rejection stops it.
    passed[static_cast<size_t>(Stage::Tiling)] += 1;
    if (c.outcome == Outcome::TooManySingletons) return;
    passed[static_cast<size_t>(Stage::Singletons)] += 1;
    passed[static_cast<size_t>(Stage::Latin)] += 1;
    passed[static_cast<size_t>(Stage::Operators)] += 1;
    if (c.outcome == Outcome::NotUnique || c.outcome == Outcome::NoSolution) return;
    passed[static_cast<size_t>(Stage::Uniqueness)] += 1;
    if (c.outcome == Outcome::TooMuchSearch) return;
    passed[static_cast<size_t>(Stage::Grading)] += 1;
    if (static_cast<int>(c.level) < kGradedLevels) graded[static_cast<size_t>(c.level)] += 1;
    if (c.has_record) passed[static_cast<size_t>(Stage::Record)] += 1;
    if (c.outcome == Outcome::Stored) passed[static_cast<size_t>(Stage::Writer)] += 1;
}

nlohmann::json RunCounters::to_json() const {
    nlohmann::json j;
    j["candidates"] = candidates;
    j["wall_seconds"] = wall_seconds;
    for (int s = 0; s < kStageCount; ++s) {
        j["stages"][stage_name(static_cast<Stage>(s))] = {
            {"passed", passed[static_cast<size_t>(s)]},
            {"seconds", seconds[static_cast<size_t>(s)]}};
    }
    for (int o = 1; o < kOutcomeCount; ++o)
        j["outcomes"][outcome_name(static_cast<Outcome>(o))] = outcomes[static_cast<size_t>(o)];
    for (int l = 0; l < kGradedLevels; ++l)
        j["graded"][level_name(static_cast<Level>(l))] = graded[static_cast<size_t>(l)];
    return j;
}

RunCounters RunCounters::from_json(const nlohmann::json& j) {
    RunCounters c;
    c.candidates = j.at("candidates").get<std::uint64_t>();
    c.wall_seconds = j.value("wall_seconds", 0.0);
    for (int s = 0; s < kStageCount; ++s) {
        // Runs stored before a stage existed lack it: zero.
        if (!j.at("stages").contains(stage_name(static_cast<Stage>(s)))) continue;
        const auto& st = j.at("stages").at(stage_name(static_cast<Stage>(s)));
        c.passed[static_cast<size_t>(s)] = st.at("passed").get<std::uint64_t>();
        c.seconds[static_cast<size_t>(s)] = st.at("seconds").get<double>();
    }
    for (int o = 1; o < kOutcomeCount; ++o)
        c.outcomes[static_cast<size_t>(o)] =
            j.at("outcomes").at(outcome_name(static_cast<Outcome>(o))).get<std::uint64_t>();
    for (int l = 0; l < kGradedLevels; ++l)
        c.graded[static_cast<size_t>(l)] =
            j.at("graded").at(level_name(static_cast<Level>(l))).get<std::uint64_t>();
    return c;
}

std::string RunCounters::table() const {
    std::string out;
    char line[160];
    std::snprintf(line, sizeof line, "%-20s %12s %12s %12s\n", "stage", "passed", "rejected",
                  "cpu seconds");
    out += line;
    std::uint64_t in = candidates;
    for (int s = 0; s < kStageCount; ++s) {
        const auto p = passed[static_cast<size_t>(s)];
        std::snprintf(line, sizeof line, "%-20s %12llu %12llu %12.2f\n",
                      stage_name(static_cast<Stage>(s)), static_cast<unsigned long long>(p),
                      static_cast<unsigned long long>(in - p), seconds[static_cast<size_t>(s)]);
        out += line;
        in = p;
    }
    out += "\noutcomes:\n";
    for (int o = 1; o < kOutcomeCount; ++o) {
        if (!outcomes[static_cast<size_t>(o)]) continue;
        std::snprintf(line, sizeof line, "  %-34s %10llu\n", outcome_name(static_cast<Outcome>(o)),
                      static_cast<unsigned long long>(outcomes[static_cast<size_t>(o)]));
        out += line;
    }
    out += "graded unique candidates:";
    for (int l = 0; l < kGradedLevels; ++l) {
        std::snprintf(line, sizeof line, " %s %llu", level_name(static_cast<Level>(l)),
                      static_cast<unsigned long long>(graded[static_cast<size_t>(l)]));
        out += line;
    }
    std::snprintf(line, sizeof line, "\nwall time: %.2f s for %llu candidates\n", wall_seconds,
                  static_cast<unsigned long long>(candidates));
    out += line;
    return out;
}

}  // namespace kk
