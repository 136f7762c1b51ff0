// The ladder: always the easiest technique that makes progress, then back to the easiest.
#include <iterator>

#include "core/grade/technique.h"

namespace kk {

bool apply_technique(Technique t, Position& pos, StepLog* log) {
    for (const Deduction& d : kDeductions)
        if (d.technique == t) return d.apply(pos, log);
    return false;
}

LadderEnd run_deductions(Position& pos, std::array<int, kTechniqueCount>* counts, StepLog* log,
                         Level ceiling) {
    // kDeductions is easiest first: the ones within the ceiling are a prefix.
    int allowed = 0;
    while (allowed < static_cast<int>(std::size(kDeductions)) &&
           static_cast<int>(technique_level(kDeductions[allowed].technique)) <=
               static_cast<int>(ceiling))
        ++allowed;
    for (;;) {
        if (pos.broken()) return LadderEnd::Broken;
        if (pos.solved()) return LadderEnd::Solved;
        if (pos.table().stopped()) return LadderEnd::Stalled;  // claims nothing: sound
        bool progress = false;
        for (int i = 0; i < allowed; ++i) {
            const Deduction& d = kDeductions[i];
            if (!d.apply(pos, log)) continue;
            if (counts) ++(*counts)[static_cast<int>(d.technique)];
            progress = true;
            break;
        }
        if (!progress) return LadderEnd::Stalled;
    }
}

}  // namespace kk
