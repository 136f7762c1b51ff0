// Extreme: two-candidate chains. Suppose a two-candidate cell X is not a; its other value
// b then forces each two-candidate cell that sees it to its other value, and so on (a
// breadth-first walk, as Keen's latin_solver_forcing). When the walk forces some cell C to
// a, one of X and C is a, so a leaves every cell that sees both.
#include "core/grade/technique.h"

namespace kk {
namespace {

struct ChainWalk {
    int label[kMaxCells] = {};  // value the walk forces on a cell, 0 when not reached
    int prev[kMaxCells];        // the cell it was forced from
    int queue[kMaxCells];
    int reached = 0;  // cells in queue: the only labels the next walk must clear
};

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

// The cells other than x and c that see both, in reading order: the rest of their row or
// column when they share one, else the two cells at the corners of their rectangle.
int common_peers(int n, int x, int c, int* out) {
    const int xr = x / n, xc = x % n, cr = c / n, cc = c % n;
    int count = 0;
    if (xr == cr || xc == cc) {
        for (int i = 0; i < n; ++i) {
            const int cell = xr == cr ? xr * n + i : i * n + xc;
            if (cell != x && cell != c) out[count++] = cell;
        }
        return count;
    }
    const int a = xr * n + cc, b = cr * n + xc;
    out[count++] = a < b ? a : b;
    out[count++] = a < b ? b : a;
    return count;
}

// Removes a from the cells that see both x and c; true when something went.
bool clear_common_peers(Position& pos, int x, int c, int a, const ChainWalk& w, StepLog* log) {
    const int n = pos.size();
    int peers[kMaxSize];
    const int count = common_peers(n, x, c, peers);
    bool progress = false;
    std::vector<int> lost;
    for (int k = 0; k < count; ++k) {
        const int cell = peers[k];
        if (pos.placed(cell)) continue;
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
    for (int k = 0; k < w.reached; ++k) w.label[w.queue[k]] = 0;
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
    w.reached = tail;
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
