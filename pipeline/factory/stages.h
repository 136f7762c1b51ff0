// The factory's stage bodies: each takes a candidate one step further, or marks
// why it stops. A stopped candidate still travels on to the writer, which counts
// it in candidate order.
#pragma once

#include "pipeline/factory/candidate.h"
#include "pipeline/factory/config.h"
#include "pipeline/factory/steering.h"

namespace kk::stages {

// In order: plan (size, recipe, target level) and tile, drop too many single-cell
// cages, sample the square, assign operators, prove uniqueness, grade, and fill the
// row to store when the level may still be wanted.
void plan_and_tile(Candidate& c, const Steering& steering, const FactoryConfig& config);
void filter_singletons(Candidate& c, const FactoryConfig& config);
void sample_latin(Candidate& c);
void assign_ops(Candidate& c, const FactoryConfig& config);
void check_unique(Candidate& c);
void grade_level(Candidate& c, const FactoryConfig& config);
void prepare_record(Candidate& c, const Steering& steering, std::uint64_t seed);

// Every stage above, one after the other: the body of the factory's parallel node.
void build(Candidate& c, const Steering& steering, const FactoryConfig& config);

// The row of a stored puzzle (all but run_id), from the candidate alone.
void fill_record(Candidate& c, std::uint64_t seed);

}  // namespace kk::stages
