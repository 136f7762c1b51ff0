// Steering: chooses each candidate's size and recipe so that the quotas fill
// evenly, leaning on the recipes that have yielded the levels still short.
//
// Determinism: candidate i plans from a snapshot of the statistics taken after
// candidates 0..(e-1)*L-1, where e = i / L and L is the in-flight limit. The limiter
// guarantees those candidates have left the writer before i enters, so the plan
// never depends on timing or thread count.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "pipeline/factory/candidate.h"
#include "pipeline/factory/config.h"

namespace kk {

constexpr int kSizeSlots = kMaxSize + 1;  // indexed by size

struct SteeringStats {
    std::array<std::array<std::uint32_t, kMaxRecipes>, kSizeSlots> attempts{};
    std::array<std::array<std::array<std::uint32_t, kGradedLevels>, kMaxRecipes>, kSizeSlots>
        hits{};
    std::array<std::array<int, kGradedLevels>, kSizeSlots> stored{};
    std::array<int, kSizeSlots> stored_size{};
    std::array<std::array<bool, kGradedLevels>, kSizeSlots> unreachable{};
    // Level quotas: candidates of each size since a puzzle of each level was last
    // stored. Hits alone do not count: a size with only a few puzzles of a level (3x3)
    // graded them again and again as duplicates, and the run never ended.
    std::array<std::array<std::uint32_t, kGradedLevels>, kSizeSlots> since_level_stored{};
    // Count quotas: candidates of each size since its last stored puzzle, and sizes
    // given up on after too many of them.
    std::array<std::uint32_t, kSizeSlots> since_stored{};
    std::array<bool, kSizeSlots> size_unreachable{};

    nlohmann::json to_json() const;
    static SteeringStats from_json(const nlohmann::json& j);
};

// A size (count quotas) or a level cell (level quotas) with no puzzle stored in this
// many candidates of its size is given up on, with a warning: some cannot be met at
// all, and some only by duplicates of what is stored.
constexpr std::uint32_t kGiveUpAfter = 60000;

class Steering {
  public:
    explicit Steering(const FactoryConfig& config);

    // Reader side (any thread): size, recipe and target level for a candidate.
    void plan(Candidate& c) const;
    // Reader side: might the writer still store a puzzle of c's size and level? False
    // only when c's snapshot already has that cell full (the live counts are never
    // below a snapshot's, so the writer would refuse it too).
    bool may_want(const Candidate& c) const;

    // Writer side (the serial writer only).
    const SteeringStats& live() const { return live_; }
    // Does the run still want a puzzle of this size and level?
    Outcome admit(int size, Level level) const;
    void record(const Candidate& c);               // a graded candidate or a stored puzzle
    void finished_candidate(std::uint64_t index);  // takes snapshots at epoch ends
    bool all_full() const;
    // Level cells given up on (nothing stored in many tries); for the log.
    std::vector<std::pair<int, Level>> newly_unreachable();
    // Count quotas given up on (no stored puzzle in many tries of that size); for the log.
    std::vector<int> newly_unreachable_sizes();

    // A new run into a corpus that already holds puzzles: they count toward the
    // quotas from the first candidate on (every snapshot starts from them).
    void preload(const std::array<std::array<int, kGradedLevels>, kSizeSlots>& held);

    // Resume: the live statistics, the last snapshots and the run's starting statistics.
    nlohmann::json save() const;
    void restore(const nlohmann::json& j, std::uint64_t next_index);

  private:
    int need(const SteeringStats& s, int size, int level) const;
    int size_need(const SteeringStats& s, int size) const;
    // The hardest level a size still needs in s (Unreasonable under count quotas):
    // every level above it is full or unwanted, in s and so in every later count.
    Level ceiling(const SteeringStats& s, int size) const;
    const SteeringStats& snapshot_for(std::uint64_t index) const;

    const FactoryConfig& config_;
    std::uint64_t epoch_;  // the in-flight limit L
    SteeringStats live_;
    std::array<SteeringStats, 4> ring_;  // snapshot m lives in ring_[m % 4]
    // What every snapshot starts as (preload's, or nothing): a run whose first candidate
    // is not at an epoch's start asks for snapshots no candidate of it wrote, and they
    // hold this.
    SteeringStats initial_;
    std::uint64_t latest_snapshot_ = 0;
    std::vector<std::pair<int, Level>> fresh_unreachable_;
    std::vector<int> fresh_unreachable_sizes_;
};

}  // namespace kk
