#include "core/grade/filling_memo.h"

namespace kk {

const std::u16string& FillingMemo::key(int cage, const int* cells, int count,
                                       const Candidates* cand) {
    key_.clear();
    key_.push_back(static_cast<char16_t>(cage));
    for (int j = 0; j < count; ++j) key_.push_back(static_cast<char16_t>(cand[cells[j]]));
    return key_;
}

bool FillingMemo::find(int cage, const int* cells, int count, const Candidates* cand,
                       CageSummary& summary, Candidates* fill) {
    const auto it = kept_.find(key(cage, cells, count, cand));
    if (it == kept_.end()) return false;
    ++hits_;
    summary = it->second.summary;
    for (int j = 0; j < count; ++j) fill[cells[j]] = it->second.fill[static_cast<std::size_t>(j)];
    return true;
}

void FillingMemo::keep(int cage, const int* cells, int count, const Candidates* cand,
                       const CageSummary& summary, const Candidates* fill) {
    if (kept_.size() >= kMaxEntries) kept_.clear();
    Kept k{summary, {}};
    k.fill.reserve(static_cast<std::size_t>(count));
    for (int j = 0; j < count; ++j) k.fill.push_back(fill[cells[j]]);
    kept_.insert_or_assign(key(cage, cells, count, cand), std::move(k));
}

}  // namespace kk
