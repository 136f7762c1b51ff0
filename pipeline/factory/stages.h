// The factory's stage bodies: each takes a candidate one step further, or marks
// why it stops. The graph runs a body only on a candidate nothing has stopped yet;
// a stopped one still travels on to the writer, which counts it in candidate order.
#pragma once

#include <functional>

#include "pipeline/factory/candidate.h"
#include "pipeline/factory/config.h"
#include "pipeline/factory/steering.h"

namespace kk::stages {

void plan_and_sample_latin(Candidate& c, const Steering& steering);
void tile(Candidate& c, const FactoryConfig& config);
void assign_ops(Candidate& c, const FactoryConfig& config);
void filter_singletons(Candidate& c, const FactoryConfig& config);
void check_unique(Candidate& c);
void grade_level(Candidate& c, const FactoryConfig& config);

// The body of stage s (not the writer, which is serial and lives in the graph).
std::function<void(Candidate&)> body_of(Stage s, const FactoryConfig& config,
                                        const Steering& steering);

}  // namespace kk::stages
