#include "core/solve/cage_table_cache.h"

#include <array>

namespace kk {
namespace {

// Tables above this many masks in all are dropped and rebuilt as needed.
constexpr std::size_t kMaxCachedMasks = 4'000'000;
// Cages of more cells than fit 4-bit labels in a word are not cached.
constexpr std::size_t kMaxCachedCells = 16;

// Labels 0,1,2.. for the distinct values of `index(cell)`, in order of first use.
template <class Index>
std::uint64_t pattern(const std::vector<int>& cells, Index index) {
    std::array<int, kMaxSize> label;
    label.fill(-1);
    int next = 0;
    std::uint64_t p = 0;
    for (std::size_t j = 0; j < cells.size(); ++j) {
        int& l = label[(index(cells[j]))];
        if (l < 0) l = next++;
        p |= static_cast<std::uint64_t>(l) << (4 * j);
    }
    return p;
}

}  // namespace

std::size_t CageTableCache::KeyHash::operator()(const Key& k) const {
    std::uint64_t h = static_cast<std::uint64_t>(k.target) * 0x9e3779b97f4a7c15ull;
    h ^= k.rows + 0x632be59bd9b4e019ull + (h << 6) + (h >> 2);
    h ^= k.cols + 0x85ebca6bull + (h << 6) + (h >> 2);
    h ^= (static_cast<std::uint64_t>(k.n) << 16) | (static_cast<std::uint64_t>(k.m) << 8) |
         static_cast<std::uint64_t>(k.ops) | (static_cast<std::uint64_t>(k.killer) << 24);
    return h;
}

void CageTableCache::clear() {
    tables_.clear();
    masks_ = 0;
}

std::optional<std::size_t> CageTableCache::append(const Cage& cage, const Rules& rules, int n,
                                                  const CageTableLimits& limits,
                                                  std::vector<Mask>& out) {
    const std::size_t m = cage.cells.size();
    if (m > kMaxCachedCells) return build_cage_table(cage, rules, n, limits, out);
    const Key key{cage.target,
                  pattern(cage.cells, [n](int c) { return c / n; }),
                  pattern(cage.cells, [n](int c) { return c % n; }),
                  static_cast<std::uint8_t>(n),
                  static_cast<std::uint8_t>(m),
                  cage_ops(cage, rules),
                  rules.killer};
    if (auto it = tables_.find(key); it != tables_.end()) {
        const std::vector<Mask>& t = it->second;
        const std::size_t tuples = t.size() / m;
        if (tuples > limits.max_tuples) return std::nullopt;
        out.insert(out.end(), t.begin(), t.end());
        return tuples;
    }
    const std::size_t start = out.size();
    auto built = build_cage_table(cage, rules, n, limits, out);
    if (!built) return built;  // over the limits: not worth keeping
    if (masks_ + (out.size() - start) > kMaxCachedMasks) clear();
    tables_.emplace(key,
                    std::vector<Mask>(out.begin() + static_cast<std::ptrdiff_t>(start), out.end()));
    masks_ += out.size() - start;
    return built;
}

}  // namespace kk
