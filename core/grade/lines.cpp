// Latin-square set techniques: subsets within a line (hard), fish on one value (extreme).
// Both look for k things confined to k places; sizes run from 2 to half the open places,
// since a set of k and its complement in the line give the same deduction.
#include "core/grade/technique.h"

namespace kk {
namespace {

// Calls act(pick, together) for the picks of k of masks[0..m) (bit i: masks[i] picked)
// whose masks together have at most k bits, in increasing order of pick, as a loop over
// every pick would meet them (Gosper's order); true at the first act that returns true.
// Picks are built from their highest index down, the masks together so far at hand, so a
// partial pick already over k bits is dropped with all its completions.
template <typename Act>
bool first_tight_pick(const unsigned* masks, int k, int left, int below, unsigned pick,
                      unsigned together, Act& act) {
    if (left == 0) return act(pick, together);
    for (int h = left - 1; h < below; ++h) {
        const unsigned with = together | masks[h];
        if (bits_in(with) > k) continue;
        if (first_tight_pick(masks, k, left - 1, h, pick | (1u << h), with, act)) return true;
    }
    return false;
}

template <typename Act>
bool first_tight_pick(const unsigned* masks, int m, int k, Act act) {
    return first_tight_pick(masks, k, k, m, 0u, 0u, act);
}

std::string numbers_text(unsigned bits, int offset = 1) {
    std::string out;
    for (int i = 0; i < 16; ++i)
        if (bits & (1u << i)) {
            if (!out.empty()) out += ", ";
            out += std::to_string(i + offset);
        }
    return out;
}

const char* line_word(bool by_row) {
    return by_row ? "row" : "column";
}

// The open cells of a line: unplaced, two or more candidates.
struct OpenLine {
    int count = 0;
    int cell[kMaxSize];
    Candidates cand[kMaxSize];
};

OpenLine open_cells(const Position& pos, bool by_row, int line) {
    OpenLine open;
    const int n = pos.size();
    for (int i = 0; i < n; ++i) {
        const int cell = by_row ? line * n + i : i * n + line;
        if (pos.placed(cell) || bits_in(pos.candidates(cell)) < 2) continue;
        open.cell[open.count] = cell;
        open.cand[open.count] = pos.candidates(cell);
        ++open.count;
    }
    return open;
}

std::vector<int> picked_cells(const OpenLine& open, unsigned pick, bool inside) {
    std::vector<int> cells;
    for (int i = 0; i < open.count; ++i)
        if (((pick >> i) & 1) == inside) cells.push_back(open.cell[i]);
    return cells;
}

// k cells whose candidates together are k values: those values leave the other cells.
bool naked_subset(Position& pos, const OpenLine& open, int k, bool by_row, int line, StepLog* log) {
    const int m = open.count;
    unsigned masks[kMaxSize];
    for (int i = 0; i < m; ++i) masks[i] = open.cand[i];
    return first_tight_pick(masks, m, k, [&](unsigned pick, unsigned values) {
        const Candidates together = static_cast<Candidates>(values);
        if (bits_in(together) < k) {  // k cells, fewer values: no solution
            pos.mark_broken();
            return true;
        }
        bool progress = false;
        std::vector<int> lost;
        for (int i = 0; i < m; ++i)
            if (!(pick & (1u << i)) && pos.remove(open.cell[i], together)) {
                progress = true;
                if (log) lost.push_back(open.cell[i]);
            }
        if (!progress) return false;
        if (log)
            log->push_back("remove " + values_text(together) + " from " +
                           cells_text(pos.size(), lost) + ": " +
                           cells_text(pos.size(), picked_cells(open, pick, true)) + " hold only " +
                           values_text(together) + " between them in " + line_word(by_row) + " " +
                           std::to_string(line + 1));
        return true;
    });
}

// k values that fit only in the same k cells: those cells lose their other candidates.
bool hidden_subset(Position& pos, const OpenLine& open, int k, bool by_row, int line,
                   StepLog* log) {
    Candidates all = 0;
    for (int i = 0; i < open.count; ++i) all |= open.cand[i];
    // By value in increasing order: the open cells where it fits.
    unsigned where_of[kMaxSize];
    Candidates value_of[kMaxSize];
    int nv = 0;
    for (int v = 1; v <= pos.size(); ++v) {
        if (!(all & value_bit(v))) continue;
        unsigned where = 0;
        for (int i = 0; i < open.count; ++i)
            if (open.cand[i] & value_bit(v)) where |= 1u << i;
        where_of[nv] = where;
        value_of[nv++] = value_bit(v);
    }
    return first_tight_pick(where_of, nv, k, [&](unsigned pick, unsigned where) {
        Candidates chosen = 0;
        for (int i = 0; i < nv; ++i)
            if (pick & (1u << i)) chosen |= value_of[i];
        if (bits_in(where) < k) {
            pos.mark_broken();
            return true;
        }
        bool progress = false;
        for (int i = 0; i < open.count; ++i)
            if (where & (1u << i))
                progress |= pos.remove(open.cell[i], static_cast<Candidates>(~chosen));
        if (!progress) return false;
        if (log)
            log->push_back(cells_text(pos.size(), picked_cells(open, where, true)) + " keep only " +
                           values_text(chosen) + ": " + values_text(chosen) +
                           " fit nowhere else in " + line_word(by_row) + " " +
                           std::to_string(line + 1));
        return true;
    });
}

// Where value v can still go: bit c of places[r] for row-wise, bit r of places[c] otherwise.
struct ValueMap {
    int count = 0;
    int line[kMaxSize];
    unsigned places[kMaxSize];
};

ValueMap value_places(const Position& pos, int v, bool by_row) {
    ValueMap map;
    const int n = pos.size();
    for (int line = 0; line < n; ++line) {
        const Candidates done = by_row ? pos.row_placed(line) : pos.col_placed(line);
        if (done & value_bit(v)) continue;
        unsigned places = 0;
        for (int i = 0; i < n; ++i) {
            const int cell = by_row ? line * n + i : i * n + line;
            if (!pos.placed(cell) && (pos.candidates(cell) & value_bit(v))) places |= 1u << i;
        }
        map.line[map.count] = line;
        map.places[map.count] = places;
        ++map.count;
    }
    return map;
}

bool fish_of_size(Position& pos, int v, const ValueMap& map, int k, bool by_row, StepLog* log) {
    const int n = pos.size();
    return first_tight_pick(map.places, map.count, k, [&](unsigned pick, unsigned across) {
        unsigned lines = 0;
        for (int i = 0; i < map.count; ++i)
            if (pick & (1u << i)) lines |= 1u << map.line[i];
        if (bits_in(across) < k) {
            pos.mark_broken();
            return true;
        }
        bool progress = false;
        std::vector<int> lost;
        for (int i = 0; i < map.count; ++i) {
            if (pick & (1u << i)) continue;
            for (int j = 0; j < n; ++j) {
                if (!(across & (1u << j))) continue;
                const int cell = by_row ? map.line[i] * n + j : j * n + map.line[i];
                if (pos.remove(cell, value_bit(v))) {
                    progress = true;
                    if (log) lost.push_back(cell);
                }
            }
        }
        if (!progress) return false;
        if (log)
            log->push_back("remove " + std::to_string(v) + " from " + cells_text(n, lost) +
                           ": in " + line_word(by_row) + "s " + numbers_text(lines) + " the " +
                           std::to_string(v) + " can only go in " + line_word(!by_row) + "s " +
                           numbers_text(across));
        return true;
    });
}

}  // namespace

bool subset(Position& pos, StepLog* log) {
    for (int by = 0; by < 2; ++by) {
        const bool by_row = by == 0;
        for (int line = 0; line < pos.size(); ++line) {
            if (!pos.line_dirty(by_row, line)) continue;  // nothing new since it was looked at
            const OpenLine open = open_cells(pos, by_row, line);
            for (int k = 2; 2 * k <= open.count; ++k)
                if (naked_subset(pos, open, k, by_row, line, log) ||
                    hidden_subset(pos, open, k, by_row, line, log))
                    return true;
            pos.line_checked(by_row, line);
        }
    }
    return false;
}

bool fish(Position& pos, StepLog* log) {
    for (int v = 1; v <= pos.size(); ++v) {
        if (!pos.value_dirty(v)) continue;  // nothing new for v since it was looked at
        for (int by = 0; by < 2; ++by) {
            const bool by_row = by == 0;
            const ValueMap map = value_places(pos, v, by_row);
            for (int k = 2; 2 * k <= map.count; ++k)
                if (fish_of_size(pos, v, map, k, by_row, log)) return true;
        }
        pos.value_checked(v);
    }
    return false;
}

}  // namespace kk
