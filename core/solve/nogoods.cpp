#include "core/solve/nogoods.h"

namespace kk {
namespace {

// 4M assignments of 2 bytes: past it a long run records no more (it stays complete).
constexpr std::size_t kMaxLiterals = std::size_t{1} << 22;

}  // namespace

void NogoodStore::clear(int cells) {
    literals_.clear();
    start_.clear();
    size_.clear();
    units_.clear();
    watches_.resize(static_cast<std::size_t>(cells) * 16);
    for (auto& w : watches_) w.clear();
    recorded_ = 0;
}

void NogoodStore::record(const Decision* path, int depth) {
    positives_.clear();
    for (int d = 0; d < depth; ++d) {
        const Literal lit = literal(path[d].cell, path[d].value);
        if (path[d].positive) {
            positives_.push_back(lit);
            continue;
        }
        if (positives_.empty()) {
            units_.push_back(lit);
            ++recorded_;
            continue;
        }
        if (literals_.size() + positives_.size() + 1 > kMaxLiterals) return;
        const int g = static_cast<int>(start_.size());
        start_.push_back(static_cast<std::uint32_t>(literals_.size()));
        size_.push_back(static_cast<std::uint32_t>(positives_.size() + 1));
        // Watch the negated value and the deepest positive decision: going down a later
        // run, these are the last of the nogood to hold, so it is looked at least often.
        literals_.push_back(lit);
        literals_.insert(literals_.end(), positives_.rbegin(), positives_.rend());
        watches_[lit].push_back(g);
        watches_[positives_.back()].push_back(g);
        ++recorded_;
    }
}

void NogoodStore::record_set(const Literal* lits, int count) {
    if (count == 1) {
        units_.push_back(lits[0]);
        ++recorded_;
        return;
    }
    if (literals_.size() + static_cast<std::size_t>(count) > kMaxLiterals) return;
    ++recorded_;
    const int g = static_cast<int>(start_.size());
    start_.push_back(static_cast<std::uint32_t>(literals_.size()));
    size_.push_back(static_cast<std::uint32_t>(count));
    literals_.insert(literals_.end(), lits, lits + count);
    watches_[lits[0]].push_back(g);
    watches_[lits[1]].push_back(g);
}

}  // namespace kk
