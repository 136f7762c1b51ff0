// The ladder: always the easiest technique that makes progress, then back to the easiest.
#include "core/grade/technique.h"

namespace kk {

bool apply_technique(Technique t, Position& pos, StepLog* log) {
    switch (t) {
        case Technique::NakedSingle:
            return naked_single(pos, log);
        case Technique::HiddenSingle:
            return hidden_single(pos, log);
        case Technique::CageValueSet:
            return cage_value_set(pos, log);
        case Technique::CagePositions:
            return cage_positions(pos, log);
        case Technique::CageForcedExclusion:
            return cage_forced_exclusion(pos, log);
        case Technique::Subset:
            return subset(pos, log);
        case Technique::Fish:
            return fish(pos, log);
        case Technique::TwoCandidateChain:
            return two_candidate_chain(pos, log);
        case Technique::Guess:
            return false;  // needs the solution: see guess()
    }
    return false;
}

LadderEnd run_deductions(Position& pos, std::array<int, kTechniqueCount>* counts, StepLog* log) {
    for (;;) {
        if (pos.broken()) return LadderEnd::Broken;
        if (pos.solved()) return LadderEnd::Solved;
        if (pos.table().stopped()) return LadderEnd::Stalled;  // claims nothing: sound
        bool progress = false;
        for (Technique t : kDeductions) {
            if (!apply_technique(t, pos, log)) continue;
            if (counts) ++(*counts)[static_cast<int>(t)];
            progress = true;
            break;
        }
        if (!progress) return LadderEnd::Stalled;
    }
}

}  // namespace kk
