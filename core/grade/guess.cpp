// Unreasonable: trial and error. A guess is refuted by a search that runs the whole ladder
// at every node and branches on the cell with fewest candidates; on two threads, each
// takes subtrees the other hands out while it waits. grade() only asks for refutations
// (the solver has proved the answer unique), so every node of the tree is visited
// whoever visits it, and the node count, which feeds the score, is the one-thread count.
// The answer being unique, the search only measures effort: once the count passes the
// caller's limit, a guess on trust stops counting and places the answer.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <utility>

#include "core/grade/filling_memo.h"
#include "core/grade/technique.h"

namespace kk {
namespace {

// The unplaced cell with fewest candidates, first in reading order; -1 when none.
int branch_cell(const Position& pos) {
    int best = -1, fewest = kMaxSize + 1;
    for (int cell = 0; cell < pos.cells(); ++cell) {
        if (pos.placed(cell)) continue;
        const int k = bits_in(pos.candidates(cell));
        if (k < fewest) {
            best = cell;
            fewest = k;
        }
    }
    return best;
}

// A full grid from placements alone can still break a cage the ladder did not look at again.
bool cages_hold(Position& pos) {
    for (int cage = 0; cage < static_cast<int>(pos.table().cages.size()); ++cage)
        if (!pos.summary(cage).values) return false;
    return true;
}

// What the ladder makes of a search node: a solution, a contradiction, or a stall that
// needs a guess.
enum class NodeEnd { Solution, Dead, Guess };
NodeEnd deduce(Position& pos) {
    switch (run_deductions(pos)) {
        case LadderEnd::Broken:
            return NodeEnd::Dead;
        case LadderEnd::Solved:
            return cages_hold(pos) ? NodeEnd::Solution : NodeEnd::Dead;
        case LadderEnd::Stalled:
            break;
    }
    return NodeEnd::Guess;
}

// Most refutations take a handful of nodes, fewer than a thread costs to start: the
// second thread starts only once the search has visited kAloneNodes, and is then handed
// children of the nodes the first is in, so nothing is searched twice.
constexpr std::uint64_t kAloneNodes = 256;

class SharedSearch {
  public:
    explicit SharedSearch(const GradeCages& table)
        : helper_table_(table), main_{&table}, helper_{&helper_table_} {
        helper_table_.memo = table.second_memo;  // a memo is one thread's (its table is shared)
    }

    // Past budget nodes the search stops (nodes then passes nodes + budget) and answers
    // false.
    bool run(Position root, std::uint64_t& nodes, std::uint64_t budget) {
        budget_ = budget;
        busy_ = 1;
        search(std::move(root), main_);
        serve(main_, true);  // then take what is handed out, until nothing is left
        if (second_.joinable()) second_.join();
        nodes += main_.nodes + helper_.nodes;
        return found_ && !over_;
    }

  private:
    // A node whose children are being searched: those not started yet can be handed out.
    struct Frame {
        const Position* pos;
        int cell;
        Candidates left;  // values not started yet
    };
    struct Worker {
        const GradeCages* table;
        std::uint64_t nodes = 0;
        std::array<Frame, kMaxCells + 1> frames{};
        int depth = 0;
    };

    // has_solution's search. While the other thread waits, it is handed the shallowest
    // child not started yet: the biggest piece of work, away from this thread's own.
    void search(Position pos, Worker& w) {
        if (found_.load(std::memory_order_relaxed) || pos.table().stopped()) return;
        const NodeEnd end = deduce(pos);
        if (end == NodeEnd::Solution) found_ = true;
        if (end != NodeEnd::Guess) return;
        Frame& f = w.frames[w.depth++];
        f = {&pos, branch_cell(pos), pos.candidates(branch_cell(pos))};
        while (f.left && !found_.load(std::memory_order_relaxed)) {
            if (&w == &main_ && !second_.joinable() && !alone_ && w.nodes >= kAloneNodes)
                start_second();
            if (idle_.load(std::memory_order_relaxed) > 0) hand_out_shallowest(w);
            if (!f.left) break;
            const int v = lowest_value(f.left);
            f.left = static_cast<Candidates>(f.left & (f.left - 1));
            Position trial = pos;
            trial.place(f.cell, v);
            if (!count_node(w)) break;
            search(std::move(trial), w);
        }
        --w.depth;
    }

    // One more node; false once the nodes pass the budget, which ends both searches.
    bool count_node(Worker& w) {
        ++w.nodes;
        if (counted_.fetch_add(1, std::memory_order_relaxed) < budget_) return true;
        over_ = true;
        found_ = true;
        return false;
    }

    // The search has proved long: the second thread joins in, waiting for a hand-out, and
    // finds the summaries the first has kept.
    void start_second() {
        FillingMemo* mine = main_.table->memo;
        if (mine && helper_table_.memo) helper_table_.memo->share_table_of(*mine);
        // A thread the system will not start (ulimit -u, ulimit -v): this one searches
        // alone, to the same answer.
        try {
            second_ = std::thread([this] { serve(helper_, false); });
        } catch (const std::system_error&) {
            alone_ = true;
        }
    }

    void hand_out_shallowest(Worker& w) {
        for (int d = 0; d < w.depth; ++d) {
            Frame& f = w.frames[d];
            if (!f.left) continue;
            const int v = lowest_value(f.left);
            Position child = *f.pos;
            child.place(f.cell, v);
            if (hand_out(child)) f.left = static_cast<Candidates>(f.left & (f.left - 1));
            return;
        }
    }

    // Gives a child to an idle thread; false when none is waiting for one any more.
    bool hand_out(const Position& child) {
        std::lock_guard<std::mutex> lock(m_);
        if (slot_ || idle_ == 0) return false;
        slot_ = child;
        cv_.notify_one();
        return true;
    }

    // Searches children handed out until every thread is idle and none is left.
    // searching: the caller was counted in busy_ (it comes from its own search).
    void serve(Worker& w, bool searching) {
        std::unique_lock<std::mutex> lock(m_);
        if (searching) --busy_;
        for (;;) {
            ++idle_;
            cv_.wait(lock, [&] { return slot_ || busy_ == 0; });
            --idle_;
            if (!slot_) break;  // nobody searching, nothing handed out: done
            Position child = std::move(*slot_);
            slot_.reset();
            ++busy_;
            lock.unlock();
            child.use_table(*w.table);
            if (count_node(w)) search(std::move(child), w);
            lock.lock();
            --busy_;
        }
        cv_.notify_all();  // the other may be waiting for the end
    }

    GradeCages helper_table_;
    Worker main_, helper_;
    std::thread second_;  // started once the search is long
    bool alone_ = false;  // the second could not be started
    std::mutex m_;
    std::condition_variable cv_;
    std::optional<Position> slot_;
    int busy_ = 0;              // threads searching (under m_)
    std::atomic<int> idle_{0};  // threads waiting for a child (changed under m_)
    std::atomic<bool> found_{false};
    std::uint64_t budget_ = kNoNodeLimit;
    std::atomic<std::uint64_t> counted_{0};  // nodes, both threads
    std::atomic<bool> over_{false};          // the budget ran out (found_ is set to stop)
};

}  // namespace

bool has_solution(Position pos, std::uint64_t& nodes, std::uint64_t node_limit) {
    if (nodes > node_limit || pos.table().stopped()) return false;
    const NodeEnd end = deduce(pos);
    if (end != NodeEnd::Guess) return end == NodeEnd::Solution;
    const int cell = branch_cell(pos);
    const Candidates cand = pos.candidates(cell);
    for (int v = 1; v <= pos.size(); ++v) {
        if (!(cand & value_bit(v))) continue;
        ++nodes;
        Position trial = pos;  // the one copy a search node makes
        trial.place(cell, v);
        if (has_solution(std::move(trial), nodes, node_limit)) return true;
        if (nodes > node_limit) return false;
    }
    return false;
}

bool has_solution_on_two_threads(const Position& pos, std::uint64_t& nodes,
                                 std::uint64_t node_limit) {
    if (nodes > node_limit || pos.table().stopped()) return false;
    SharedSearch search(pos.table());
    return search.run(pos, nodes, node_limit - nodes);
}

bool guess(Position& pos, const Grid& solution, std::uint64_t& nodes, StepLog* log,
           std::uint64_t node_limit, int threads, bool on_trust) {
    const int cell = branch_cell(pos);
    if (cell < 0) return false;
    const int answer = solution[cell];
    const Candidates wrong = pos.candidates(cell) & ~value_bit(answer);
    const std::uint64_t before = nodes;
    for (int v = 1; v <= pos.size() && nodes <= node_limit; ++v) {
        if (!(wrong & value_bit(v))) continue;
        ++nodes;
        Position trial = pos;
        trial.place(cell, v);
        const bool found = threads > 1 ? has_solution_on_two_threads(trial, nodes, node_limit)
                                       : has_solution(std::move(trial), nodes, node_limit);
        if (found) {  // only when the given solution is not the only one
            pos.mark_broken();
            return true;
        }
    }
    // Where a search passing the limit stops depends on the threads: the count says only
    // that it passed.
    if (nodes > node_limit) {
        nodes = std::max(before, node_limit + 1);
        if (!on_trust) return false;
    }
    if (log) {
        const std::uint64_t trials = nodes - before;
        std::string count = std::to_string(trials) + (trials == 1 ? " trial" : " trials");
        if (before > node_limit)
            count = "not searched: the score is at its top";
        else if (nodes > node_limit)
            count = "over " + count + ", where the score reached its top and the count stopped";
        log->push_back(rc_name(pos.size(), cell) + " = " + std::to_string(answer) +
                       ": trial and error, " + values_text(wrong) +
                       (bits_in(wrong) == 1 ? " leads" : " each lead") + " to a contradiction (" +
                       count + ")");
    }
    pos.place(cell, answer);
    return true;
}

}  // namespace kk
