#include "core/model/features.h"

#include <algorithm>

namespace kk {

PuzzleFeatures features_of(const Puzzle& p) {
    PuzzleFeatures f;
    bool used[5] = {};
    for (const Cage& cage : p.cages) {
        ++f.cages;
        f.singletons += cage.cells.size() == 1;
        f.max_cage = std::max(f.max_cage, static_cast<int>(cage.cells.size()));
        used[static_cast<int>(cage.op)] = true;
    }
    for (Op op : {Op::Add, Op::Sub, Op::Mul, Op::Div})
        if (used[static_cast<int>(op)]) f.ops += op_symbol(op);
    if (p.rules.hidden && !f.ops.empty()) f.ops = "?";  // the ops are not shown
    f.singleton_share = f.cages ? static_cast<double>(f.singletons) / f.cages : 0.0;
    return f;
}

bool exceeds_singletons(const Puzzle& p, double max_share) {
    return features_of(p).singleton_share > max_share;
}

bool exceeds_singletons(const std::vector<std::vector<int>>& cages, double max_share) {
    if (cages.empty()) return false;
    int singletons = 0;
    for (const auto& cage : cages) singletons += cage.size() == 1;
    return static_cast<double>(singletons) / static_cast<double>(cages.size()) > max_share;
}

}  // namespace kk
