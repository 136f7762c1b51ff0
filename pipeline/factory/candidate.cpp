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

const char* outcome_name(Outcome o) {
    return name_of(kOutcomes, o).data();
}

bool passed_stage(Outcome outcome, Stage s) {
    if (outcome == Outcome::Stored) return true;
    const OutcomeName* e = entry_of(kOutcomes, outcome);
    return e && stage_position(s) < stage_position(e->decided_by);
}

}  // namespace kk
