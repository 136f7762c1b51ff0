#include "pipeline/factory/writer.h"

#include <spdlog/spdlog.h>

#include <chrono>

#include "pipeline/factory/stages.h"

namespace kk {

CorpusWriter::CorpusWriter(db::Corpus& corpus, std::int64_t run_id, const FactoryConfig& config,
                           Steering& steering, RunCounters& counters, ProgressReporter& progress,
                           std::uint64_t next_index)
    : corpus_(corpus),
      run_id_(run_id),
      config_(config),
      steering_(steering),
      counters_(counters),
      progress_(progress),
      next_index_(next_index) {
    done_ = steering_.all_full();
}

void CorpusWriter::accept(Candidate& c) {
    if (done() || stopping()) return;
    if (c.outcome == Outcome::Abandoned) {
        // Stopped mid-search: neither it nor any later candidate counts; next_index
        // stays here, so --resume redoes it and the corpus comes out the same.
        request_stop();
        return;
    }
    const auto t0 = std::chrono::steady_clock::now();
    if (c.outcome == Outcome::Pending) {
        c.entered |= 1u << stage_position(Stage::Writer);
        c.outcome = steering_.admit(c.size, c.level);
        // Planned when unreasonable was full or unwanted, so admit turns it away; a
        // puzzle without its score is never stored even if that changed.
        if (c.outcome == Outcome::Stored && c.score_unknown) c.outcome = Outcome::LevelFull;
        if (c.outcome == Outcome::Stored) {
            // The parallel side filled the row unless its snapshot had the level full.
            if (!c.has_record) stages::fill_record(c, config_);
            c.record.run_id = run_id_;
            // Decided now, written with the batch: a rotation or reflection of a puzzle
            // stored before or earlier in this batch is a duplicate. This run is the
            // corpus's only writer of puzzles (its writer lock), so a read decides.
            if (!batch_canonicals_.insert(c.record.canonical).second ||
                corpus_.holds_canonical(c.record.canonical))
                c.outcome = Outcome::Duplicate;
            else
                batch_records_.push_back(c.record);
        }
    }
    steering_.record(c);
    steering_.finished_candidate(c.index);
    for (auto [size, level] : steering_.newly_unreachable())
        spdlog::warn(
            "{}x{} {}: no new puzzle of this level in the last {} candidates of this size "
            "({} stored); its quota is given up",
            size, size, level_name(level), kGiveUpAfter,
            steering_.live().stored[static_cast<size_t>(size)][static_cast<size_t>(level)]);
    for (int size : steering_.newly_unreachable_sizes())
        spdlog::warn(
            "{}x{}: no candidate stored in the last {} of this size ({} stored); its count "
            "quota is given up",
            size, size, kGiveUpAfter, steering_.live().stored_size[static_cast<size_t>(size)]);
    c.seconds[stage_position(Stage::Writer)] +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    counters_.count(c);
    next_index_ = c.index + 1;
    if (steering_.all_full()) done_ = true;
    if (++pending_ >= config_.batch || done() || batch_records_.size() >= kMostHeldRecords)
        commit_batch();
    progress_.update(steering_.live());
}

// The batch is written in one short transaction: SQLite's write lock was taken at the
// batch's first candidate and held while the rest were made, and an export or a packs
// --delete waiting on it failed after its 10 s busy timeout whenever a batch took longer
// (a large batch, slow recipes).
void CorpusWriter::commit_batch() {
    if (pending_ == 0) return;
    if (corpus_lost_)
        if (const std::string problem = corpus_lost_(); !problem.empty())
            throw db::DbError(problem);
    nlohmann::json progress{{"next_index", next_index_}, {"steering", steering_.save()}};
    if (!begin_unless_stopped()) {
        // Stopped while another process held the corpus: the corpus keeps the previous
        // batch's progress, so --resume makes these candidates again, as they were.
        spdlog::warn(
            "the last {} candidates ({} new puzzles) were not written: --resume makes "
            "them again",
            pending_, batch_records_.size());
        batch_records_.clear();
        batch_canonicals_.clear();
        pending_ = 0;
        return;
    }
    try {
        for (const db::PuzzleRecord& r : batch_records_) corpus_.insert_puzzle(r);
        corpus_.save_progress(run_id_, progress.dump(), counters_.to_json().dump());
        corpus_.commit();
    } catch (...) {
        corpus_.abandon();
        throw;
    }
    batch_records_.clear();
    batch_canonicals_.clear();
    pending_ = 0;
}

bool CorpusWriter::begin_unless_stopped() {
    try {
        corpus_.begin();
        return true;
    } catch (const db::DbError&) {
        if (!corpus_.gave_up_waiting()) throw;
        request_stop();  // the wait was given up for a stop request
        return false;
    }
}

void CorpusWriter::finish() {
    commit_batch();
}

}  // namespace kk
