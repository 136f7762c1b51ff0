// The ladder: always the easiest technique that makes progress, then back to the easiest.
#include "core/grade/technique.h"

namespace kk {

bool apply_technique(Technique t, Position& pos, StepLog* log) {
    for (const Deduction& d : kDeductions)
        if (d.technique == t) return d.apply(pos, log);
    return false;
}

LadderEnd run_deductions(Position& pos, std::array<int, kTechniqueCount>* counts, StepLog* log) {
    for (;;) {
        if (pos.broken()) return LadderEnd::Broken;
        if (pos.solved()) return LadderEnd::Solved;
        bool progress = false;
        for (const Deduction& d : kDeductions) {
            if (!d.apply(pos, log)) continue;
            if (counts) ++(*counts)[static_cast<int>(d.technique)];
            progress = true;
            break;
        }
        if (!progress) return LadderEnd::Stalled;
    }
}

}  // namespace kk
