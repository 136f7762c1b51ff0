#include "pipeline/factory/candidate.h"

namespace kk {

const char* stage_name(Stage s) {
    return name_of(kStages, s).data();
}

int stage_position(Stage s) {
    for (int i = 0; i < kStageCount; ++i)
        if (kStages[i].value == s) return i;
    return kStageCount;
}

void Candidate::reset(std::uint64_t new_stream, std::uint64_t new_index) {
    index = new_index;
    stream = new_stream;
    size = 0;
    recipe = 0;
    target_level = -1;
    search_wanted = true;
    ceiling = Level::Unreasonable;
    rng = Rng(new_stream, new_index);
    outcome = Outcome::Pending;
    unique = false;
    stop = StopCondition{};
    level = Level::Impossible;
    score = 0;
    score_unknown = false;
    has_record = false;
    seconds.fill(0);
    entered = 0;
}

const char* outcome_name(Outcome o) {
    return name_of(kOutcomes, o).data();
}

bool passed_stage(Outcome outcome, Stage s) {
    if (outcome == Outcome::Stored) return true;
    const OutcomeName* e = entry_of(kOutcomes, outcome);
    return e && stage_position(s) < stage_position(e->decided_by);
}

}  // namespace kk
