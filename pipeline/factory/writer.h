// The writer: the one serial stage. It takes candidates in candidate order, decides
// against the quotas, stores survivors in batched transactions and saves, with each
// batch, all a resumed run needs.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

#include "db/store/corpus.h"
#include "pipeline/factory/candidate.h"
#include "pipeline/factory/counters.h"
#include "pipeline/factory/progress.h"
#include "pipeline/factory/steering.h"

namespace kk {

class CorpusWriter {
  public:
    CorpusWriter(db::Corpus& corpus, std::int64_t run_id, const FactoryConfig& config,
                 Steering& steering, RunCounters& counters, ProgressReporter& progress,
                 std::uint64_t next_index);

    // One candidate, in order. Ignored once the run is done or stopping.
    void accept(Candidate& c);
    // Commits what is pending; called when the graph has drained.
    void finish();
    // Stop after the current candidate: the source produces no more.
    void request_stop() { stopping_ = true; }
    // Asked before each batch is written (FactoryOptions::corpus_lost).
    void check_corpus_with(std::function<std::string()> corpus_lost) {
        corpus_lost_ = std::move(corpus_lost);
    }

    // Opens a write transaction; false, with none, when a stop request ended a wait for
    // another process's write lock (the corpus waits for it: wait_for_other_writers).
    bool begin_unless_stopped();

    bool done() const { return done_.load(std::memory_order_relaxed); }
    bool stopping() const { return stopping_.load(std::memory_order_relaxed); }
    std::uint64_t next_index() const { return next_index_; }

  private:
    void commit_batch();

    db::Corpus& corpus_;
    std::int64_t run_id_;
    const FactoryConfig& config_;
    Steering& steering_;
    RunCounters& counters_;
    ProgressReporter& progress_;
    std::uint64_t next_index_;
    // Stored records held for the batch's transaction at most: memory stays bounded
    // whatever the batch size.
    static constexpr std::size_t kMostHeldRecords = 4096;

    int pending_ = 0;                                   // candidates since the last commit
    std::vector<db::PuzzleRecord> batch_records_;       // to store with the batch
    std::unordered_set<std::string> batch_canonicals_;  // their canonical forms
    std::function<std::string()> corpus_lost_;
    std::atomic<bool> done_{false};
    std::atomic<bool> stopping_{false};
};

}  // namespace kk
