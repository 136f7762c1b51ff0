#include "pipeline/factory/stages.h"

#include <chrono>

#include "core/generate/cage_tiler.h"
#include "core/generate/latin_sampler.h"
#include "core/generate/operator_assigner.h"
#include "core/model/features.h"
#include "core/solve/solver.h"
#include "core/solve/swap_cycles.h"

namespace kk::stages {
namespace {

// Adds the time the enclosing scope takes to the candidate's stage clock.
class StageTimer {
  public:
    StageTimer(Candidate& c, Stage s) : c_(c), s_(s), t0_(std::chrono::steady_clock::now()) {}
    ~StageTimer() {
        c_.seconds[stage_position(s_)] +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
    }

  private:
    Candidate& c_;
    Stage s_;
    std::chrono::steady_clock::time_point t0_;
};

}  // namespace

void plan_and_sample_latin(Candidate& c, const Steering& steering) {
    StageTimer t(c, Stage::Latin);
    steering.plan(c);
    // One sampler per thread and size: it keeps its scratch arrays between samples.
    thread_local std::vector<LatinSampler> samplers = [] {
        std::vector<LatinSampler> v;
        for (int n = 0; n <= kMaxSize; ++n) v.emplace_back(n == 0 ? 1 : n);
        return v;
    }();
    c.solution = samplers[static_cast<size_t>(c.size)].sample(c.rng);
}

void tile(Candidate& c, const FactoryConfig& config) {
    StageTimer t(c, Stage::Tiling);
    c.cages = tile_cages(c.size, config.recipes[static_cast<size_t>(c.recipe)].tiling, c.rng);
}

void assign_ops(Candidate& c, const FactoryConfig& config) {
    StageTimer t(c, Stage::Operators);
    c.puzzle = assign_operators(c.size, c.solution, c.cages,
                                config.recipes[static_cast<size_t>(c.recipe)].operators, c.rng);
}

void filter_singletons(Candidate& c, const FactoryConfig& config) {
    StageTimer t(c, Stage::Singletons);
    if (exceeds_singletons(c.puzzle, config.max_singletons)) c.outcome = Outcome::TooManySingletons;
}

void check_unique(Candidate& c) {
    StageTimer t(c, Stage::Uniqueness);
    // Most ambiguous candidates show a second solution by a swap cycle of their own
    // square; the exact solver decides the rest.
    if (has_swap_alternative(c.puzzle, c.solution)) {
        c.outcome = Outcome::NotUnique;
        return;
    }
    const SolveResult r = solve(c.puzzle, 2);
    if (r.count == 0) c.outcome = Outcome::NoSolution;
    if (r.count > 1) c.outcome = Outcome::NotUnique;
}

void grade_level(Candidate& c, const FactoryConfig& config) {
    StageTimer t(c, Stage::Grading);
    // The uniqueness stage proved c.solution the only solution: no need to solve again.
    const Grade g =
        grade(c.puzzle, false, c.search_wanted ? config.max_search_nodes : 0, &c.solution);
    if (g.search_capped) {
        // Without a search wanted, a capped search only says "unreasonable": the
        // writer turns it away, as that level is full or not asked for.
        c.level = Level::Unreasonable;
        if (c.search_wanted)
            c.outcome = Outcome::TooMuchSearch;
        else
            c.score_unknown = true;
        return;
    }
    c.level = g.level;
    c.score = g.score;
    if (g.level == Level::Ambiguous) c.outcome = Outcome::NotUnique;
    if (g.level == Level::Impossible) c.outcome = Outcome::NoSolution;
}

std::function<void(Candidate&)> body_of(Stage s, const FactoryConfig& config,
                                        const Steering& steering) {
    switch (s) {
        case Stage::Latin:
            return [&steering](Candidate& c) { plan_and_sample_latin(c, steering); };
        case Stage::Tiling:
            return [&config](Candidate& c) { tile(c, config); };
        case Stage::Operators:
            return [&config](Candidate& c) { assign_ops(c, config); };
        case Stage::Singletons:
            return [&config](Candidate& c) { filter_singletons(c, config); };
        case Stage::Uniqueness:
            return [](Candidate& c) { check_unique(c); };
        case Stage::Grading:
            return [&config](Candidate& c) { grade_level(c, config); };
        case Stage::Writer:
            break;
    }
    return {};
}

}  // namespace kk::stages
