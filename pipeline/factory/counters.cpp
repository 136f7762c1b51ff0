#include "pipeline/factory/counters.h"

#include <cstdio>

#include "core/io/utf8.h"
#include "pipeline/factory/steering.h"  // kGiveUpAfter

namespace kk {

void RunCounters::count(const Candidate& c) {
    ++candidates;
    outcomes[static_cast<int>(c.outcome)] += 1;
    for (int i = 0; i < kStageCount; ++i) {
        seconds[i] += c.seconds[i];
        if (c.entered & (1u << i)) entered[i] += 1;
        if (passed_stage(c.outcome, kStages[i].value)) passed[i] += 1;
    }
    if (passed_stage(c.outcome, Stage::Grading) && static_cast<int>(c.level) < kGradedLevels)
        graded[static_cast<int>(c.level)] += 1;
}

nlohmann::json RunCounters::to_json() const {
    nlohmann::json j;
    j["candidates"] = candidates;
    j["wall_seconds"] = wall_seconds;
    for (int i = 0; i < kStageCount; ++i)
        j["stages"][std::string(kStages[i].name)] = {
            {"entered", entered[i]}, {"passed", passed[i]}, {"seconds", seconds[i]}};
    for (int o = 1; o < kOutcomeCount; ++o)
        j["outcomes"][outcome_name(static_cast<Outcome>(o))] = outcomes[static_cast<size_t>(o)];
    for (int l = 0; l < kGradedLevels; ++l)
        j["graded"][level_name(static_cast<Level>(l))] = graded[static_cast<size_t>(l)];
    if (!given_up.empty()) j["given_up"] = given_up;
    return j;
}

RunCounters RunCounters::from_json(const nlohmann::json& j) {
    RunCounters c;
    c.candidates = j.at("candidates").get<std::uint64_t>();
    c.wall_seconds = j.value("wall_seconds", 0.0);
    for (int i = 0; i < kStageCount; ++i) {
        // A run stored before a stage existed lacks it: zero.
        if (!j.at("stages").contains(std::string(kStages[i].name))) continue;
        const auto& st = j.at("stages").at(std::string(kStages[i].name));
        c.entered[i] = st.value("entered", std::uint64_t{0});
        c.passed[i] = st.at("passed").get<std::uint64_t>();
        c.seconds[i] = st.at("seconds").get<double>();
    }
    for (int o = 1; o < kOutcomeCount; ++o)
        c.outcomes[static_cast<size_t>(o)] =
            j.at("outcomes").value(outcome_name(static_cast<Outcome>(o)), std::uint64_t{0});
    for (int l = 0; l < kGradedLevels; ++l)
        c.graded[static_cast<size_t>(l)] =
            j.at("graded").at(level_name(static_cast<Level>(l))).get<std::uint64_t>();
    if (j.contains("given_up")) c.given_up = j.at("given_up").get<std::vector<std::string>>();
    return c;
}

std::string RunCounters::table() const {
    std::string out;
    char line[160];
    std::snprintf(line, sizeof line, "%-20s %12s %12s %12s\n", "stage", "passed", "rejected",
                  "cpu seconds");
    out += line;
    std::uint64_t in = candidates;
    for (int i = 0; i < kStageCount; ++i) {
        const auto p = passed[i];
        std::snprintf(line, sizeof line, "%-20s %12llu %12llu %12.2f\n", kStages[i].name.data(),
                      static_cast<unsigned long long>(p), static_cast<unsigned long long>(in - p),
                      seconds[i]);
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
    // The warnings said so as each was given up, hours back in a night's log.
    if (!given_up.empty()) {
        out += "\nquotas given up (no new puzzle in " + std::to_string(kGiveUpAfter) +
               " candidates of the size), stored of asked:\n";
        // printable: stats reads them back from a file anyone could have edited.
        for (const std::string& quota : given_up) out += "  " + printable_cut(quota, 80) + "\n";
    }
    return out;
}

}  // namespace kk
