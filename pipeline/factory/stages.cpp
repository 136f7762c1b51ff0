#include "pipeline/factory/stages.h"

#include <chrono>

#include "core/generate/cage_tiler.h"
#include "core/generate/latin_sampler.h"
#include "core/generate/operator_assigner.h"
#include "core/io/formats.h"
#include "core/model/canonical.h"
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
        c_.seconds[static_cast<size_t>(s_)] +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
    }

  private:
    Candidate& c_;
    Stage s_;
    std::chrono::steady_clock::time_point t0_;
};

bool stopped(const Candidate& c) {
    return c.outcome != Outcome::Pending;
}

}  // namespace

void plan_and_tile(Candidate& c, const Steering& steering, const FactoryConfig& config) {
    StageTimer t(c, Stage::Tiling);
    steering.plan(c);
    c.cages = tile_cages(c.size, config.recipes[static_cast<size_t>(c.recipe)].tiling, c.rng);
}

void filter_singletons(Candidate& c, const FactoryConfig& config) {
    StageTimer t(c, Stage::Singletons);
    if (exceeds_singletons(c.cages, config.max_singletons)) c.outcome = Outcome::TooManySingletons;
}

void sample_latin(Candidate& c) {
    if (stopped(c)) return;
    StageTimer t(c, Stage::Latin);
    // One sampler per size, shared by every thread: sampling is reentrant, and the
    // exact table of the small orders is built once.
    static const std::vector<LatinSampler> samplers = [] {
        std::vector<LatinSampler> v;
        for (int n = 0; n <= kMaxSize; ++n) v.emplace_back(n == 0 ? 1 : n);
        return v;
    }();
    c.solution = samplers[static_cast<size_t>(c.size)].sample(c.rng);
}

void assign_ops(Candidate& c, const FactoryConfig& config) {
    if (stopped(c)) return;
    StageTimer t(c, Stage::Operators);
    c.puzzle = assign_operators(c.size, c.solution, c.cages,
                                config.recipes[static_cast<size_t>(c.recipe)].operators, c.rng);
}

void check_unique(Candidate& c) {
    if (stopped(c)) return;
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
    if (stopped(c)) return;
    StageTimer t(c, Stage::Grading);
    // The uniqueness stage proved c.solution the only solution: no need to solve again.
    const Grade g =
        grade(c.puzzle, false, c.search_wanted ? config.max_search_nodes : 0, &c.solution);
    if (g.search_capped) {
        c.level = Level::Unreasonable;
        const bool asked = config.quotas.per_level[static_cast<size_t>(Level::Unreasonable)] > 0 ||
                           !config.quotas.by_level();
        c.outcome = c.search_wanted ? Outcome::TooMuchSearch
                    : asked         ? Outcome::LevelFull
                                    : Outcome::LevelUnwanted;
        return;
    }
    c.level = g.level;
    c.score = g.score;
    if (g.level == Level::Ambiguous) c.outcome = Outcome::NotUnique;
    if (g.level == Level::Impossible) c.outcome = Outcome::NoSolution;
}

void fill_record(Candidate& c, std::uint64_t seed) {
    db::PuzzleRecord& r = c.record;
    db::describe_structure(c.puzzle, r);
    r.neknek = write_neknek(c.puzzle);
    r.solution = db::solution_text(c.solution);
    r.level = level_name(c.level);
    r.score = c.score;
    r.canonical = canonical_form(c.puzzle);
    r.seed = seed;
    r.candidate = static_cast<std::int64_t>(c.index);
    c.has_record = true;
}

void prepare_record(Candidate& c, const Steering& steering, std::uint64_t seed) {
    if (stopped(c) || !steering.may_want(c)) return;
    StageTimer t(c, Stage::Record);
    fill_record(c, seed);
}

void build(Candidate& c, const Steering& steering, const FactoryConfig& config) {
    plan_and_tile(c, steering, config);
    filter_singletons(c, config);
    sample_latin(c);
    assign_ops(c, config);
    check_unique(c);
    grade_level(c, config);
    prepare_record(c, steering, config.seed);
}

}  // namespace kk::stages
