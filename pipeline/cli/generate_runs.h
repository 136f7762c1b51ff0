// How `kenken generate` starts a run (internal to pipeline/cli, for generate.cpp): the
// command's options, a new run's configuration, and the corpus opened for one of the
// three kinds of run. Each returns the exit status where the command stops, its message
// said, or nothing when the run goes on.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "db/store/corpus.h"
#include "db/store/writer_lock.h"
#include "pipeline/factory/factory.h"

namespace kk::cli {

struct GenerateOptions {
    std::string db, config, sizes, per_level, shard;
    std::optional<std::string> variant;
    std::optional<int> count, threads;
    std::optional<std::uint64_t> seed;
    // Read as text and checked by run_generate: a hidden option has no name in CLI11's
    // messages, so a bad value said only ": '-1' is not a whole number ...".
    std::optional<std::string> stop_after;
    std::optional<double> max_singletons;
    bool resume = false, add = false, quiet = false, top_up = false;
};

// "another process is writing" for the writer lock's holder: exit kLocked.
int say_generate_locked(const std::string& db, const std::string& holder);

// The configuration of a new run (not --resume): the file or name given, or the
// default, with the flags applied. Checked before the corpus is touched, so that a bad
// setting leaves no file behind. An exit status when it cannot be had.
std::optional<int> read_configuration(const GenerateOptions& o, FactoryConfig& config);

// --resume: the corpus's latest interrupted run, with the configuration it started
// with. An exit status when there is none to resume.
std::optional<int> open_resumed_run(const GenerateOptions& o, std::optional<db::Corpus>& corpus,
                                    FactoryConfig& config, FactoryOptions& fo);

// --top-up: a merged corpus's own stream after the shards', with their configuration,
// once every shard is in. An exit status when there is nothing to top up (or not yet).
std::optional<int> open_top_up_run(const GenerateOptions& o, std::optional<db::Corpus>& corpus,
                                   FactoryConfig& config);

// A new run: the corpus opened or made (and locked as a file once it exists), and what
// it already holds counted against the quotas unless --add. An exit status when the run
// must not start, or has nothing to make.
std::optional<int> open_new_run(const GenerateOptions& o, db::WriterLock& lock,
                                std::optional<db::Corpus>& corpus, const FactoryConfig& config);

}  // namespace kk::cli
