// Reuse of cage tables between puzzles. A table depends only on the size, the
// operation and target, and which of the cage's cells share a row or a column, so
// the many cages that repeat across a factory run (2-cell sums, 3-cell products in
// an L) are enumerated once per thread.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "core/solve/cage_table.h"

namespace kk {

class CageTableCache {
  public:
    // As build_cage_table: appends the cage's tuples to out, or nullopt (out as it
    // was) when the table would pass the limits.
    std::optional<std::size_t> append(const Cage& cage, int n, const CageTableLimits& limits,
                                      std::vector<Mask>& out) {
        return append(cage, Rules{}, n, limits, out);
    }
    // Under the rules (build_cage_table's rules form); the key holds the cage's ops
    // and the killer flag.
    std::optional<std::size_t> append(const Cage& cage, const Rules& rules, int n,
                                      const CageTableLimits& limits, std::vector<Mask>& out);
    void clear();
    std::size_t size() const { return tables_.size(); }  // tables held

  private:
    struct Key {
        std::int64_t target;
        std::uint64_t rows, cols;  // 4-bit labels of each cell's row and column, by first use
        std::uint8_t n, m;
        OpSet ops;
        bool killer;
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const;
    };

    std::unordered_map<Key, std::vector<Mask>, KeyHash> tables_;
    std::size_t masks_ = 0;  // held in tables_, to bound memory
};

}  // namespace kk
