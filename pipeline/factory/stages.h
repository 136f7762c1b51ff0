// The factory's stage bodies: each takes a candidate one step further, or marks
// why it stops. The graph runs a body only on a candidate nothing has stopped yet;
// a stopped one still travels on to the writer, which counts it in candidate order.
#pragma once

#include <atomic>
#include <functional>

#include "pipeline/factory/candidate.h"
#include "pipeline/factory/config.h"
#include "pipeline/factory/steering.h"

namespace kk::stages {

// Plans the candidate (size, recipe, target level, ceiling) and tiles its cages.
void plan_and_tile(Candidate& c, const Steering& steering, const FactoryConfig& config);
// Drops a layout with too many single-cell cages (before any square is sampled).
void filter_singletons(Candidate& c, const FactoryConfig& config);
// Samples the square; under the killer rule, tiles again until no cage repeats a value
// and the layout still passes the single-cell filter.
void sample_latin(Candidate& c, const FactoryConfig& config);
void assign_ops(Candidate& c, const FactoryConfig& config);
// Both stop a candidate as OverBudget past config.max_candidate_seconds (counted from
// the start of the uniqueness check), and as Abandoned once *interrupt reads true.
void check_unique(Candidate& c, const FactoryConfig& config, const std::atomic<bool>* interrupt);
// Grades by the full ladder, but stops once the candidate is shown above c.ceiling
// (then level is the level just above it and score_unknown is set: never stored).
void grade_level(Candidate& c, const FactoryConfig& config);
// Fills c.record when the candidate's snapshot still wants its size and level.
void prepare_record(Candidate& c, const Steering& steering, const FactoryConfig& config);
// The row of a stored puzzle (all but run_id), from the candidate alone.
void fill_record(Candidate& c, const FactoryConfig& config);

// The body of stage s (not the writer, which is serial and lives in the graph).
std::function<void(Candidate&)> body_of(Stage s, const FactoryConfig& config,
                                        const Steering& steering,
                                        const std::atomic<bool>* interrupt);

}  // namespace kk::stages
