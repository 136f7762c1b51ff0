#include "pipeline/factory/stages.h"

#include <array>
#include <chrono>
#include <mutex>

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
        c_.seconds[stage_position(s_)] +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
    }

  private:
    Candidate& c_;
    Stage s_;
    std::chrono::steady_clock::time_point t0_;
};

// Tilings tried for a killer candidate before it is dropped for a repeat.
constexpr int kKillerRetiles = 200;

// Above order 6 a uniform square costs a Jacobson-Matthews chain of 2 n^2 proper
// visits. The candidates of one size in a group of kSquareGroup consecutive indices
// instead continue one shared start (itself a full sample) by a quarter of that, each
// with its own randomness and relabelling: each square is still a sample of the chain's
// (stationary, uniform) law, at about a third of the cost; only squares of the same
// group are not independent of one another.
constexpr std::uint64_t kSquareGroup = 64;
// Keys the starts' generators apart from the candidates' (Rng(stream, index)).
constexpr std::uint64_t kStartKey = 0x6c8e9cf570932bd5ULL;

// The starts, shared by the threads: a start depends only on (stream, group, size), so
// the first thread to need one draws it and the others copy it (when each thread kept
// its own, two threads drew every start twice). A size has a slot for each of the
// last kStartSlots groups, since the candidates in flight span several groups. A
// thread that finds the slot busy draws the start itself rather than wait: the
// holder may have lost its core, and a wait would idle this one.
class SquareStarts {
  public:
    // Copies the start of c's group into out, drawing it if no thread has.
    void copy(const LatinSampler& sampler, const Candidate& c, Grid& out) {
        const std::uint64_t group = c.index / kSquareGroup;
        Slot& s = slots_[static_cast<size_t>(c.size)][group % kStartSlots];
        std::unique_lock<std::mutex> lock(s.mutex, std::try_to_lock);
        if (!lock.owns_lock()) {
            out = draw(sampler, c, group);
            return;
        }
        if (s.group != group || s.stream != c.stream) {
            s.square = draw(sampler, c, group);
            s.group = group;
            s.stream = c.stream;
        }
        out.assign(s.square.begin(), s.square.end());
    }

  private:
    static Grid draw(const LatinSampler& sampler, const Candidate& c, std::uint64_t group) {
        Rng start_rng(c.stream ^ kStartKey,
                      group * (kMaxSize + 1) + static_cast<std::uint64_t>(c.size));
        return sampler.sample(start_rng);
    }

    static constexpr std::uint64_t kStartSlots = 16;
    struct Slot {
        std::mutex mutex;
        std::uint64_t stream = 0, group = ~std::uint64_t{0};
        Grid square;
    };
    std::array<std::array<Slot, kStartSlots>, kMaxSize + 1> slots_;
};

Grid chain_square(const LatinSampler& sampler, Candidate& c) {
    static SquareStarts starts;
    thread_local Grid start;
    starts.copy(sampler, c, start);
    return sampler.sample_from(start, c.rng);
}

}  // namespace

void plan_and_tile(Candidate& c, const Steering& steering, const FactoryConfig& config) {
    StageTimer t(c, Stage::Tiling);
    steering.plan(c);
    tile_cages(c.size, config.recipes[static_cast<size_t>(c.recipe)].tiling, c.rng, c.cages);
}

void filter_singletons(Candidate& c, const FactoryConfig& config) {
    StageTimer t(c, Stage::Singletons);
    if (exceeds_singletons(c.cages, config.max_singletons)) c.outcome = Outcome::TooManySingletons;
}

void sample_latin(Candidate& c, const FactoryConfig& config) {
    StageTimer t(c, Stage::Latin);
    // One sampler per thread and size: it keeps its scratch arrays between samples.
    thread_local std::vector<LatinSampler> samplers = [] {
        std::vector<LatinSampler> v;
        for (int n = 0; n <= kMaxSize; ++n) v.emplace_back(n == 0 ? 1 : n);
        return v;
    }();
    const LatinSampler& sampler = samplers[static_cast<size_t>(c.size)];
    c.solution =
        c.size > LatinSampler::kMaxTableOrder ? chain_square(sampler, c) : sampler.sample(c.rng);
    // Killer rule: a cage may not hold a value twice, so tile again until none does
    // (cells of a cage that share no line can repeat a value in a Latin square). Only a
    // layout that passes the single-cell filter replaces the one that did.
    if (!config.rules.killer) return;
    const TilingConfig& tiling = config.recipes[static_cast<size_t>(c.recipe)].tiling;
    // When every layout of this size has a cage of more than n cells, each repeats a
    // value: the retilings cannot help (cages of 9 cells on a 4x4 took 18 s to give a
    // quota up, 200 retilings a candidate). The candidate's generator is its own, so
    // skipping them changes no other candidate.
    if (every_layout_has_cage_over_n(c.size, tiling)) {
        c.outcome = Outcome::KillerRepeat;
        return;
    }
    for (int tries = 0; tries < kKillerRetiles && repeats_in_cage(c.solution, c.cages); ++tries) {
        auto next = tile_cages(c.size, tiling, c.rng);
        if (!exceeds_singletons(next, config.max_singletons)) c.cages = std::move(next);
    }
    // Still a repeat: its square breaks its own rule, so it is no solution of the puzzle
    // made from it. It went on to be solved in full: 70 ms a 9x9 candidate with cages of
    // up to 9 cells, nearly all of them such, so a quota no candidate met took 40 minutes
    // to give up (and one with another, unique solution would have been stored with this
    // square as its answer).
    if (repeats_in_cage(c.solution, c.cages)) c.outcome = Outcome::KillerRepeat;
}

void assign_ops(Candidate& c, const FactoryConfig& config) {
    StageTimer t(c, Stage::Operators);
    assign_operators(c.size, c.solution, c.cages,
                     config.recipes[static_cast<size_t>(c.recipe)].operators, c.rng, config.rules,
                     c.puzzle);
}

// Why a stop condition ended a solve or a grade: the run's stop request, or the budget.
Outcome stop_outcome(const Candidate& c) {
    return c.stop.flag && c.stop.flag->load() ? Outcome::Abandoned : Outcome::OverBudget;
}

void check_unique(Candidate& c, const FactoryConfig& config, const std::atomic<bool>* interrupt) {
    StageTimer t(c, Stage::Uniqueness);
    c.stop = StopCondition::after(config.max_candidate_seconds, interrupt);
    // Most ambiguous candidates show a second solution by a swap cycle of their own
    // square; the exact solver decides the rest.
    if (has_swap_alternative(c.puzzle, c.solution)) {
        c.outcome = Outcome::NotUnique;
        return;
    }
    const SolveResult r = solve(c.puzzle, 2, &c.stop);
    if (r.undecided) {
        c.outcome = stop_outcome(c);
        return;
    }
    c.unique = r.count == 1;
    if (r.count == 0) c.outcome = Outcome::NoSolution;
    if (r.count > 1) c.outcome = Outcome::NotUnique;
}

void grade_level(Candidate& c, const FactoryConfig& config) {
    StageTimer t(c, Stage::Grading);
    // The uniqueness stage proved c.solution the only solution: no need to solve again.
    const Grade g = grade(c.puzzle, false, c.search_wanted ? config.max_search_nodes : 0,
                          &c.solution, &c.stop, c.ceiling);
    if (g.undecided) {
        c.outcome = stop_outcome(c);
        return;
    }
    if (g.above_ceiling) {
        // Above every level its size still needs: the writer turns it away.
        c.level = static_cast<Level>(static_cast<int>(c.ceiling) + 1);
        c.score_unknown = true;
        return;
    }
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

void fill_record(Candidate& c, const FactoryConfig& config) {
    db::PuzzleRecord& r = c.record;
    db::describe_structure(c.puzzle, r);
    r.neknek = write_neknek(c.puzzle);
    r.solution = db::solution_text(c.solution);
    r.level = level_name(c.level);
    r.score = c.score;
    r.canonical = canonical_form(c.puzzle);
    r.seed = config.seed;
    r.candidate = static_cast<std::int64_t>(c.index);
    r.shard = config.shard.index;
    c.has_record = true;
}

void prepare_record(Candidate& c, const Steering& steering, const FactoryConfig& config) {
    StageTimer t(c, Stage::Record);
    if (!c.score_unknown && steering.may_want(c)) fill_record(c, config);
}

std::function<void(Candidate&)> body_of(Stage s, const FactoryConfig& config,
                                        const Steering& steering,
                                        const std::atomic<bool>* interrupt) {
    switch (s) {
        case Stage::Tiling:
            return [&steering, &config](Candidate& c) { plan_and_tile(c, steering, config); };
        case Stage::Singletons:
            return [&config](Candidate& c) { filter_singletons(c, config); };
        case Stage::Latin:
            return [&config](Candidate& c) { sample_latin(c, config); };
        case Stage::Operators:
            return [&config](Candidate& c) { assign_ops(c, config); };
        case Stage::Uniqueness:
            return [&config, interrupt](Candidate& c) { check_unique(c, config, interrupt); };
        case Stage::Grading:
            return [&config](Candidate& c) { grade_level(c, config); };
        case Stage::Record:
            return [&steering, &config](Candidate& c) { prepare_record(c, steering, config); };
        case Stage::Writer:
            break;
    }
    return {};
}

}  // namespace kk::stages
