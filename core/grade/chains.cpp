// Extreme: two-candidate chains. Suppose a two-candidate cell X is not a; its other value
// b then forces each two-candidate cell that sees it to its other value, and so on (a
// breadth-first walk, as Keen's latin_solver_forcing). When the walk forces some cell C to
// a, one of X and C is a, so a leaves every cell that sees both.
#include "core/grade/technique.h"

namespace kk {
namespace {

struct ChainWalk {
    int label[kMaxCells];  // value the walk forces on a cell, 0 when not reached
    int prev[kMaxCells];   // the cell it was forced from
    int queue[kMaxCells];
};

bool sees(int n, int a, int b) {
    return a / n == b / n || a % n == b % n;
}

// "r1c1 = 2, r1c3 = 3, r3c3 = 1" from X to C.
std::string chain_text(int n, const ChainWalk& w, int c) {
    std::vector<int> path;
    for (int at = c; at >= 0; at = w.prev[at]) path.push_back(at);
    std::string out;
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
        if (!out.empty()) out += ", ";
        out += rc_name(n, *it) + " = " + std::to_string(w.label[*it]);
    }
    return out;
}

// Removes a from the cells that see both x and c; true when something went.
bool clear_common_peers(Position& pos, int x, int c, int a, const ChainWalk& w, StepLog* log) {
    const int n = pos.size();
    bool progress = false;
    std::vector<int> lost;
    for (int cell = 0; cell < pos.cells(); ++cell) {
        if (cell == x || cell == c || pos.placed(cell)) continue;
        if (!sees(n, cell, x) || !sees(n, cell, c)) continue;
        if (pos.remove(cell, value_bit(a))) {
            progress = true;
            if (log) lost.push_back(cell);
        }
    }
    if (progress && log)
        log->push_back("remove " + std::to_string(a) + " from " + cells_text(n, lost) + ": if " +
                       rc_name(n, x) + " were not " + std::to_string(a) + " then " +
                       chain_text(n, w, c) + "; so " + rc_name(n, x) + " or " + rc_name(n, c) +
                       " is " + std::to_string(a));
    return progress;
}

bool chain_from(Position& pos, int x, int a, ChainWalk& w, StepLog* log) {
    const int n = pos.size();
    for (int cell = 0; cell < pos.cells(); ++cell) w.label[cell] = 0;
    int head = 0, tail = 0;
    w.label[x] = lowest_value(pos.candidates(x) & ~value_bit(a));
    w.prev[x] = -1;
    w.queue[tail++] = x;
    while (head < tail) {
        const int at = w.queue[head++];
        const int v = w.label[at];
        if (v == a && clear_common_peers(pos, x, at, a, w, log)) return true;
        const int r = at / n, c = at % n;
        for (int i = 0; i < 2 * n; ++i) {  // column first, then row, as Keen walks
            const int next = i < n ? i * n + c : r * n + (i - n);
            if (next == at || w.label[next] || pos.placed(next)) continue;
            const Candidates cand = pos.candidates(next);
            if (!(cand & value_bit(v)) || bits_in(cand) != 2) continue;
            w.label[next] = lowest_value(cand & ~value_bit(v));
            w.prev[next] = at;
            w.queue[tail++] = next;
        }
    }
    return false;
}

}  // namespace

bool two_candidate_chain(Position& pos, StepLog* log) {
    ChainWalk walk;
    for (int x = 0; x < pos.cells(); ++x) {
        const Candidates cand = pos.candidates(x);
        if (pos.placed(x) || bits_in(cand) != 2) continue;
        for (int a = 1; a <= pos.size(); ++a)
            if ((cand & value_bit(a)) && chain_from(pos, x, a, walk, log)) return true;
    }
    return false;
}

}  // namespace kk
