// Latin-square set techniques: subsets within a line (hard), fish on one value (extreme).
// Both look for k things confined to k places; sizes run from 2 to half the open places,
// since a set of k and its complement in the line give the same deduction.
#include "core/grade/technique.h"

namespace kk {
namespace {

// Next bit pattern with the same number of set bits (Gosper's hack).
unsigned next_combination(unsigned x) {
    const unsigned low = x & (~x + 1);
    const unsigned ripple = x + low;
    return ripple | (((x ^ ripple) >> 2) / low);
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
    for (unsigned pick = (1u << k) - 1; pick < (1u << m); pick = next_combination(pick)) {
        Candidates together = 0;
        for (int i = 0; i < m; ++i)
            if (pick & (1u << i)) together |= open.cand[i];
        if (bits_in(together) > k) continue;
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
        if (!progress) continue;
        if (log)
            log->push_back("remove " + values_text(together) + " from " +
                           cells_text(pos.size(), lost) + ": " +
                           cells_text(pos.size(), picked_cells(open, pick, true)) + " hold only " +
                           values_text(together) + " between them in " + line_word(by_row) + " " +
                           std::to_string(line + 1));
        return true;
    }
    return false;
}

// k values that fit only in the same k cells: those cells lose their other candidates.
bool hidden_subset(Position& pos, const OpenLine& open, int k, bool by_row, int line,
                   StepLog* log) {
    int values[kMaxSize];
    int nv = 0;
    Candidates all = 0;
    for (int i = 0; i < open.count; ++i) all |= open.cand[i];
    for (int v = 1; v <= pos.size(); ++v)
        if (all & value_bit(v)) values[nv++] = v;
    for (unsigned pick = (1u << k) - 1; pick < (1u << nv); pick = next_combination(pick)) {
        Candidates chosen = 0;
        for (int i = 0; i < nv; ++i)
            if (pick & (1u << i)) chosen |= value_bit(values[i]);
        unsigned where = 0;
        for (int i = 0; i < open.count; ++i)
            if (open.cand[i] & chosen) where |= 1u << i;
        const int places = bits_in(where);
        if (places > k) continue;
        if (places < k) {
            pos.mark_broken();
            return true;
        }
        bool progress = false;
        for (int i = 0; i < open.count; ++i)
            if (where & (1u << i))
                progress |= pos.remove(open.cell[i], static_cast<Candidates>(~chosen));
        if (!progress) continue;
        if (log)
            log->push_back(cells_text(pos.size(), picked_cells(open, where, true)) + " keep only " +
                           values_text(chosen) + ": " + values_text(chosen) +
                           " fit nowhere else in " + line_word(by_row) + " " +
                           std::to_string(line + 1));
        return true;
    }
    return false;
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
    for (unsigned pick = (1u << k) - 1; pick < (1u << map.count); pick = next_combination(pick)) {
        unsigned across = 0, lines = 0;
        for (int i = 0; i < map.count; ++i)
            if (pick & (1u << i)) {
                across |= map.places[i];
                lines |= 1u << map.line[i];
            }
        const int width = bits_in(across);
        if (width > k) continue;
        if (width < k) {
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
        if (!progress) continue;
        if (log)
            log->push_back("remove " + std::to_string(v) + " from " + cells_text(n, lost) +
                           ": in " + line_word(by_row) + "s " + numbers_text(lines) + " the " +
                           std::to_string(v) + " can only go in " + line_word(!by_row) + "s " +
                           numbers_text(across));
        return true;
    }
    return false;
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
