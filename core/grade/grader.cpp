#include "core/grade/grader.h"

#include <algorithm>
#include <stdexcept>

#include "core/grade/filling_memo.h"
#include "core/grade/technique.h"
#include "core/solve/solver.h"

namespace kk {

const char* technique_name(Technique t) {
    return name_of(kTechniques, t).data();
}

Level technique_level(Technique t) {
    const TechniqueName* e = entry_of(kTechniques, t);
    return e ? e->level : Level::Unreasonable;
}

int technique_weight(Technique t) {
    const TechniqueName* e = entry_of(kTechniques, t);
    return e ? e->weight : 0;
}

namespace {

std::uint64_t steps_effort(const std::array<int, kTechniqueCount>& counts) {
    std::uint64_t effort = 0;
    for (int t = 0; t < kTechniqueCount; ++t)
        effort += static_cast<std::uint64_t>(counts[t]) *
                  static_cast<std::uint64_t>(technique_weight(static_cast<Technique>(t)));
    return effort;
}

}  // namespace

double grade_score(Level level, const std::array<int, kTechniqueCount>& counts,
                   std::uint64_t search_nodes) {
    const int band = static_cast<int>(level);
    if (band >= kGradedLevels) return -1;
    const std::uint64_t counted = std::min(search_nodes, kCountedSearchNodes);
    const std::uint64_t effort = steps_effort(counts) + kNodeWeight * counted;
    // 999 e / (e + K) grows with e and never reaches the next band.
    const std::uint64_t within = 999 * effort / (effort + kEffortHalf);
    return static_cast<double>(1000 * band + static_cast<int>(within));
}

std::uint64_t nodes_to_top_score(const std::array<int, kTechniqueCount>& counts) {
    const std::uint64_t top = 998 * kEffortHalf;
    const std::uint64_t steps = steps_effort(counts);
    const std::uint64_t to_top = steps >= top ? 0 : (top - steps + kNodeWeight - 1) / kNodeWeight;
    return std::min(to_top, kCountedSearchNodes);
}

namespace {

Level level_of(const std::array<int, kTechniqueCount>& counts) {
    Level level = Level::Easy;
    for (int t = 0; t < kTechniqueCount; ++t) {
        const Level l = technique_level(static_cast<Technique>(t));
        if (counts[t] > 0 && static_cast<int>(l) > static_cast<int>(level)) level = l;
    }
    return level;
}

Grade not_a_level(Level level) {
    Grade g;
    g.level = level;
    g.score = -1;
    return g;
}

Grade undecided() {
    Grade g = not_a_level(Level::Impossible);
    g.undecided = true;
    return g;
}

}  // namespace

Grade grade(const Puzzle& p, bool explain, std::uint64_t max_search_nodes,
            const Grid* unique_solution, const StopCondition* stop, Level ceiling, int threads) {
    Grade g;
    StepLog* log = explain ? &g.steps : nullptr;
    GradeCages table(p);
    table.stop = stop;
    FillingMemo memo, second_memo;
    Position pos(table);
    const bool capped = unique_solution && static_cast<int>(ceiling) < kGradedLevels - 1;
    LadderEnd outcome = run_deductions(pos, &g.counts, log, capped ? ceiling : Level::Unreasonable);
    if (table.stopped()) return undecided();
    if (capped && outcome == LadderEnd::Stalled) {
        Grade above = not_a_level(Level::Impossible);
        above.above_ceiling = true;
        return above;
    }
    // Sound deductions that end in one full grid prove it the only candidate for a
    // solution, and a contradiction proves there is none; only a stall needs the solver.
    std::uint64_t nodes = 0;
    if (outcome == LadderEnd::Stalled) {
        SolveResult solved;
        if (!unique_solution) {
            solved = solve(p, 2, stop, threads);
            if (solved.undecided) return undecided();
            if (solved.count == 0) return not_a_level(Level::Impossible);
            if (solved.count > 1) return not_a_level(Level::Ambiguous);
        }
        const Grid& answer = unique_solution ? *unique_solution : solved.solutions.front();
        // Candidates only shrink along one line of deductions, so a cage's state comes back
        // only in trial and error, which tries many lines from the same position.
        table.memo = &memo;
        table.second_memo = &second_memo;
        while (outcome == LadderEnd::Stalled) {
            // Counting stops where the score can grow no more, unless the caller's cap
            // comes first: then a longer search drops the puzzle.
            const std::uint64_t top = nodes_to_top_score(g.counts);
            const bool cap = max_search_nodes < top;
            const std::uint64_t limit = cap ? max_search_nodes : top;
            guess(pos, answer, nodes, log, limit, threads, !cap);
            if (!cap && nodes > limit) g.search_at_top = true;
            if (table.stopped()) return undecided();
            if (cap && nodes > limit) {
                g.level = Level::Unreasonable;
                g.search_capped = true;
                g.search_nodes = nodes;
                g.score = -1;
                return g;
            }
            ++g.counts[static_cast<int>(Technique::Guess)];
            outcome = run_deductions(pos, &g.counts, log);
            if (table.stopped()) return undecided();
        }
        if (outcome != LadderEnd::Solved || pos.grid() != answer)
            throw std::logic_error("grader: the ladder lost the solver's solution");
    }
    if (outcome == LadderEnd::Broken) return not_a_level(Level::Impossible);
    g.solution = pos.grid();
    if (!is_solution(p, g.solution)) return not_a_level(Level::Impossible);
    g.level = level_of(g.counts);
    g.search_nodes = nodes;
    g.score = grade_score(g.level, g.counts, nodes);
    return g;
}

}  // namespace kk
