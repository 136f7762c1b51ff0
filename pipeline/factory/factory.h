// The factory: a oneTBB flow graph from Latin squares to stored puzzles.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "db/store/corpus.h"
#include "pipeline/factory/config.h"
#include "pipeline/factory/counters.h"

namespace kk {

struct FactoryOptions {
    int threads = 0;                     // 0: every core
    std::optional<std::int64_t> resume;  // run id to continue
    std::uint64_t stop_after = 0;        // tests: stop as if interrupted after this many candidates
    const std::atomic<bool>* interrupt = nullptr;  // set by SIGINT/SIGTERM
    // The quotas are targets for the whole corpus: what it already holds counts.
    // false (--add): the run makes its quotas on top of what is there.
    bool corpus_targets = true;
    bool quiet = false;  // no progress
    // Asked before each batch is written and before the run's end is recorded: "" while
    // the corpus is still the file the run opened, else why not (the run then stops with
    // that as a DbError).
    std::function<std::string()> corpus_lost;
};

struct FactoryResult {
    std::int64_t run_id = 0;
    bool finished = false;  // every quota full or given up (otherwise interrupted)
    RunCounters counters;
};

// What the corpus already holds of what the quotas ask for, per size and level: its
// puzzles of these rules (a killer run counted standard puzzles and made nothing).
using HeldCounts = std::array<std::array<int, kGradedLevels>, kMaxSize + 1>;
HeldCounts held_counts(db::Corpus& corpus, const Rules& rules);
// Puzzles the quotas still ask for, given what is held.
int shortfall(const Quotas& quotas, const HeldCounts& held);

// Runs a new run, or continues options.resume, until its quotas are full or it is
// interrupted. The configuration of a resumed run is the one stored with it.
// A top-up run (shard N/N) counts the puzzles already in the corpus towards its
// quotas: it makes what a merge of shards left short.
FactoryResult run_factory(db::Corpus& corpus, const FactoryConfig& config,
                          const FactoryOptions& options);

}  // namespace kk
