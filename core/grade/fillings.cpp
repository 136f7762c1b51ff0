#include "core/grade/fillings.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/grade/filling_memo.h"
#include "core/solve/cage_supports.h"

namespace kk {
namespace {

// A walk longer than this gives up, and the cage is summarised line by line instead
// (core/solve/cage_supports.h: the value sets each row, then each column, can take):
// sound, and how a person reasons about a cage too big to list. The walk covers every
// cage of up to six cells in full; only huge cages (a whole row or two) reach it.
constexpr std::uint64_t kMaxWalkSteps = 200'000;
// Big cages (more than kBigCageCells cells; none by default: the factory's cages have at
// most 5) are first narrowed line by line, which is cheap and keeps every filling (each
// repeats no value in a row or column), so the walk, smaller, reports the same; and their
// walk gives up sooner: the ladder asks for them again and again (a 9-cell cage cost 33
// million steps in one grade), and the line sets are what a person would use anyway.
// 200 steps still list a big cage that is nearly filled; 10,000 spent three quarters of
// the grade's time on walks that gave up (big-cage sets: same levels either way).
constexpr std::uint64_t kMaxBigWalkSteps = 200;
// Cages of fewer cells walk faster than the memo (core/grade/filling_memo.h) looks them up;
// from three cells on, a hit saves the walk (set2/p00061-1: 2.07 s -> 1.87 s with -j 1).
constexpr int kMemoMinCells = 3;

// A product's walk tries only the candidates that divide what is left, and divides by
// multiplying: a divide per candidate, and the branch on whether it divided, were most
// of the walk's time. A value 1..9 divides x exactly when it divides x mod 2520 (their
// least common multiple), and then x / v is (x >> shift) times the inverse of v's odd
// part mod 2^64 (v = 2^shift * odd).
constexpr int kDivisorsLcm = 2520;
struct SmallDivisor {
    int shift = 0;
    std::uint64_t inverse = 1;
};
struct SmallDivision {
    std::array<SmallDivisor, kMaxSize + 1> by{};
    std::array<Candidates, kDivisorsLcm> dividing{};  // by residue: bit v when v divides it
};
constexpr SmallDivision small_division() {
    SmallDivision d;
    for (int v = 1; v <= kMaxSize; ++v) {
        std::uint64_t odd = static_cast<std::uint64_t>(v);
        while (odd % 2 == 0) {
            odd /= 2;
            ++d.by[v].shift;
        }
        std::uint64_t inv = odd;  // Newton's iteration: each step doubles the correct bits
        for (int i = 0; i < 6; ++i) inv *= 2 - odd * inv;
        d.by[v].inverse = inv;
    }
    for (int r = 0; r < kDivisorsLcm; ++r)
        for (int v = 1; v <= kMaxSize; ++v)
            if (r % v == 0) d.dividing[r] = static_cast<Candidates>(d.dividing[r] | value_bit(v));
    return d;
}
constexpr SmallDivision kSmallDivision = small_division();

// The values 1..9 that divide x (x >= 0).
inline Candidates dividing(std::int64_t x) {
    return kSmallDivision.dividing[static_cast<std::uint64_t>(x) % kDivisorsLcm];
}
// x / v, for v dividing x (x >= 0).
inline std::int64_t divided(std::int64_t x, int v) {
    const SmallDivisor& d = kSmallDivision.by[v];
    return static_cast<std::int64_t>((static_cast<std::uint64_t>(x) >> d.shift) * d.inverse);
}

// Depth-first walk over a cage's cells in reading order. Add and Mul prune with bounds on
// what the remaining cells can still make; the last cell's value is forced by the rest.
class FillingWalk {
  public:
    FillingWalk(const GradeCages& table, int cage, const Candidates* cand, CageSummary& summary,
                Candidates* fill)
        : entry_(table.cages[cage]),
          cells_(table.cells_of(cage)),
          k_(entry_.count),
          n_(table.size),
          summary_(summary),
          fill_(fill) {
        for (int j = 0; j < k_; ++j) {
            row_[j] = cells_[j] / n_;
            col_[j] = cells_[j] % n_;
            cand_[j] = cand[cells_[j]];
            found_[j] = 0;
        }
        summary_.values = 0;
        for (int i = 0; i < n_; ++i) {
            summary_.row_need[i] = (entry_.rows >> i) & 1 ? full_mask(n_) : 0;
            summary_.col_need[i] = (entry_.cols >> i) & 1 ? full_mask(n_) : 0;
        }
    }

    void run() {
        if (k_ > kBigCageCells) max_steps_ = kMaxBigWalkSteps;
        if (k_ > kBigCageCells && !narrow_first()) {
            done_ = true;  // no filling at all
            for (int j = 0; j < k_; ++j) fill_[cells_[j]] = 0;
            summary_.row_need.fill(0);
            summary_.col_need.fill(0);
            return;
        }
        list_lines();
        // Hidden operators: the fillings of every possible op, together.
        for (int o = 0; o <= static_cast<int>(Op::Div) && !done_; ++o) {
            op_ = static_cast<Op>(o);
            if (!(entry_.ops & op_bit(op_))) continue;
            if (op_ == Op::Sub || op_ == Op::Div) {
                walk_pairs();
            } else {
                bounds();
                walk(0, entry_.target);
            }
        }
        if (gave_up_) summarize_by_lines();
        for (int j = 0; j < k_; ++j) {
            fill_[cells_[j]] = found_[j];
            summary_.values |= found_[j];  // every value some filling used
        }
        if (!any_ && !gave_up_) {
            summary_.row_need.fill(0);
            summary_.col_need.fill(0);
        }
    }

  private:
    // A sum or product (or a hidden one of the two): narrows cand_ to the line-set
    // supports; false when none.
    bool narrow_first() {
        if (entry_.ops & ~(op_bit(Op::Add) | op_bit(Op::Mul))) return true;
        LineNeeds needs;
        Candidates before[kMaxCells];
        for (int j = 0; j < k_; ++j) before[j] = cand_[j];
        // The DP may leave out an op without fillings; the walk below may not (its
        // steps, where it gives up, count every op's).
        if (!narrow_by_line_sets_of_ops(entry_.line_ops, entry_.target, cells_, k_, n_, cand_,
                                        &needs))
            return false;
        for (int i = 0; i < n_; ++i) {
            least_row_need_[i] = needs.row[i];
            least_col_need_[i] = needs.col[i];
        }
        kept_all_ = true;
        for (int j = 0; j < k_; ++j) kept_all_ = kept_all_ && cand_[j] == before[j];
        big_ = true;
        return true;
    }

    void summarize_by_lines() {
        LineNeeds needs;
        for (int j = 0; j < k_; ++j) found_[j] = cand_[j];
        summary_.values = 0;
        summary_.row_need.fill(0);
        summary_.col_need.fill(0);
        // Every op the cage may have: a hidden cage's entry_.op is whatever normalize() wrote
        // (+ for three cells or more), not its real op. The DP is a pure function of the
        // candidates: when narrow_first() kept them all, it would answer the same again.
        if (big_ && kept_all_) {
            for (int i = 0; i < n_; ++i) {
                needs.row[i] = least_row_need_[i];
                needs.col[i] = least_col_need_[i];
            }
        } else if (!narrow_by_line_sets_of_ops(entry_.line_ops, entry_.target, cells_, k_, n_,
                                               found_, &needs)) {
            for (int j = 0; j < k_; ++j) found_[j] = 0;
            return;
        }
        for (int j = 0; j < k_; ++j) summary_.values |= found_[j];
        for (int i = 0; i < n_; ++i) {
            summary_.row_need[i] = needs.row[i];
            summary_.col_need[i] = needs.col[i];
        }
    }

    // Smallest and largest sum (product) the cells from i on can make, ignoring clashes.
    void bounds() {
        const bool add = op_ != Op::Mul;
        lo_[k_] = add ? 0 : 1;
        hi_[k_] = add ? 0 : 1;
        const std::int64_t cap = entry_.target + 1;  // products above the target all act alike
        for (int j = k_ - 1; j >= 0; --j) {
            int lo = lowest_value(cand_[j]);
            int hi = 0;
            for (int v = n_; v >= 1; --v)
                if (cand_[j] & value_bit(v)) {
                    hi = v;
                    break;
                }
            if (add) {
                lo_[j] = lo_[j + 1] + lo;
                hi_[j] = hi_[j + 1] + hi;
            } else {
                lo_[j] = std::min(cap, lo_[j + 1] * std::max(lo, 1));
                hi_[j] = std::min(cap, hi_[j + 1] * hi);
            }
        }
    }

    bool fits(int j, int v) const {
        return v >= 1 && v <= n_ && (cand_[j] & value_bit(v)) &&
               !(row_used_[row_[j]] & value_bit(v)) && !(col_used_[col_[j]] & value_bit(v)) &&
               !(cage_used_ & value_bit(v));
    }

    // The values cell j may take given the cells before it: its candidates less its lines'
    // (and under the killer rule the cage's) values so far.
    Candidates free_values(int j) const {
        return cand_[j] &
               static_cast<Candidates>(~(row_used_[row_[j]] | col_used_[col_[j]] | cage_used_));
    }

    // Visits, in increasing order of v, exactly the values the loop over 1..n with fits()
    // and the bounds would: the step count, and so where a capped walk gives up, stay the same.
    void walk(int j, std::int64_t rest) {
        if (done_) return;
        if (++steps_ > max_steps_) {
            gave_up_ = done_ = true;
            return;
        }
        const Candidates free = free_values(j);
        if (j == k_ - 1) {
            if (rest >= 1 && rest <= n_ && (free & value_bit(static_cast<int>(rest)))) {
                const int v = static_cast<int>(rest);
                enter(j, v);
                record();
                leave(j, v);
            }
            return;
        }
        if (op_ != Op::Mul) {  // Given and Add both sum to the target
            // rest - v within [lo, hi] of the cells after j
            for (Candidates left = free & range_mask(rest - hi_[j + 1], rest - lo_[j + 1]); left;
                 left &= static_cast<Candidates>(left - 1)) {
                const int v = lowest_value(left);
                enter(j, v);
                walk(j + 1, rest - v);
                leave(j, v);
                if (done_) return;
            }
            return;
        }
        for (Candidates left = free & dividing(rest); left;
             left &= static_cast<Candidates>(left - 1)) {
            const int v = lowest_value(left);
            const std::int64_t next = divided(rest, v);
            if (next < lo_[j + 1]) return;    // larger v only makes it smaller
            if (next > hi_[j + 1]) continue;  // hi is capped above the target
            enter(j, v);
            walk(j + 1, next);
            leave(j, v);
            if (done_) return;
        }
    }

    void walk_pairs() {
        const std::int64_t t = entry_.target;
        for (int a = 1; a <= n_; ++a) {
            if (!fits(0, a)) continue;
            enter(0, a);
            for (int b = 1; b <= n_; ++b) {
                if (!fits(1, b)) continue;
                const int big = std::max(a, b), small = std::min(a, b);
                const bool ok =
                    op_ == Op::Sub ? big - small == t : big % small == 0 && big / small == t;
                if (!ok) continue;
                enter(1, b);
                record();
                leave(1, b);
            }
            leave(0, a);
        }
    }

    void enter(int j, int v) {
        value_[j] = v;
        row_used_[row_[j]] |= value_bit(v);
        col_used_[col_[j]] |= value_bit(v);
        if (entry_.killer) cage_used_ |= value_bit(v);
    }
    void leave(int j, int v) {
        row_used_[row_[j]] &= static_cast<Candidates>(~value_bit(v));
        col_used_[col_[j]] &= static_cast<Candidates>(~value_bit(v));
        cage_used_ &= static_cast<Candidates>(~value_bit(v));
    }

    // One complete filling: record it, and stop once it cannot teach anything new.
    // Only the lines the cage touches: the needs of the others stay empty.
    void record() {
        any_ = true;
        bool saturated = true;
        for (int j = 0; j < k_; ++j) {
            found_[j] |= value_bit(value_[j]);
            saturated = saturated && found_[j] == cand_[j];
        }
        for (int t = 0; t < line_count_; ++t) {
            Candidates& need = *need_[t];
            need &= *used_[t];
            saturated = saturated && need == least_need_[t];
        }
        done_ = saturated && untouched_saturated_;
    }

    // The lines the cage touches, with what their needs cannot shrink below; and whether
    // the other lines (needs empty) are saturated too.
    void list_lines() {
        line_count_ = 0;
        untouched_saturated_ = true;
        for (int i = 0; i < n_; ++i)
            for (int by_row = 1; by_row >= 0; --by_row) {
                const bool touched = ((by_row ? entry_.rows : entry_.cols) >> i) & 1;
                const Candidates least =
                    big_ ? (by_row ? least_row_need_[i] : least_col_need_[i]) : 0;
                if (!touched) {
                    untouched_saturated_ = untouched_saturated_ && least == 0;
                    continue;
                }
                need_[line_count_] = by_row ? &summary_.row_need[i] : &summary_.col_need[i];
                used_[line_count_] = by_row ? &row_used_[i] : &col_used_[i];
                least_need_[line_count_] = least;
                ++line_count_;
            }
    }

    const GradeCages::Entry& entry_;
    Op op_ = Op::Given;  // the op being walked
    const int* cells_;
    int k_;
    int n_;
    CageSummary& summary_;
    Candidates* fill_;
    bool any_ = false;
    bool done_ = false;
    bool gave_up_ = false;
    std::uint64_t steps_ = 0;
    std::uint64_t max_steps_ = kMaxWalkSteps;
    int row_[kMaxCells];
    int col_[kMaxCells];
    int value_[kMaxCells];
    Candidates cand_[kMaxCells];
    Candidates found_[kMaxCells];
    std::int64_t lo_[kMaxCells + 1];
    std::int64_t hi_[kMaxCells + 1];
    Candidates row_used_[kMaxSize] = {};
    Candidates col_used_[kMaxSize] = {};
    Candidates cage_used_ = 0;  // values in the cage so far, under the killer rule
    // What every filling surely puts in each line (line sets): the needs cannot shrink
    // below it, so the walk may stop there.
    bool big_ = false;       // narrowed by line sets first; then the three below are set
    bool kept_all_ = false;  // that narrowing removed nothing
    Candidates least_row_need_[kMaxSize];
    Candidates least_col_need_[kMaxSize];
    // The lines the cage touches (list_lines).
    int line_count_ = 0;
    Candidates* need_[2 * kMaxSize];
    const Candidates* used_[2 * kMaxSize];
    Candidates least_need_[2 * kMaxSize];
    bool untouched_saturated_ = true;
};

}  // namespace

void summarize_fillings(const GradeCages& table, int cage, const Candidates* cand,
                        CageSummary& summary, Candidates* fill) {
    const GradeCages::Entry& e = table.cages[cage];
    const int* cells = table.cells_of(cage);
    const bool kept = table.memo && e.count >= kMemoMinCells;
    if (kept && table.memo->find(cage, cells, e.count, cand, summary, fill)) return;
    FillingWalk(table, cage, cand, summary, fill).run();
    if (kept) table.memo->keep(summary, cells, e.count, fill);
}

}  // namespace kk
