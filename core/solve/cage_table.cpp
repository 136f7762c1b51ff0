#include "core/solve/cage_table.h"

#include <algorithm>
#include <array>

namespace kk {
namespace {

// Depth-first enumeration over the cage's cells in order. `acc` is the running
// sum or product (for - and / the first value); the last cell is computed from it
// rather than searched, and partial tuples that cannot reach the target are cut.
class TupleEnumerator {
  public:
    TupleEnumerator(const Cage& cage, Op op, bool killer, int n, const CageTableLimits& limits,
                    std::vector<Mask>& out)
        : cage_(cage),
          op_(op),
          killer_(killer),
          n_(n),
          m_(static_cast<int>(cage.cells.size())),
          limits_(limits),
          out_(out) {
        for (int j = 0; j < m_; ++j) {
            row_[j] = cage.cells[j] / n;
            col_[j] = cage.cells[j] % n;
        }
    }

    std::optional<std::size_t> run() {
        const std::size_t start = out_.size();
        place(0, op_ == Op::Mul ? 1 : 0);
        if (over_) {
            out_.resize(start);
            return std::nullopt;
        }
        return count_;
    }

  private:
    bool free_at(int j, int v) const {
        return !((row_used_[row_[j]] | col_used_[col_[j]] | cage_used_) & value_bit(v));
    }

    std::int64_t accumulate(std::int64_t acc, int v) const {
        switch (op_) {
            case Op::Add:
                return acc + v;
            case Op::Mul:
                return acc * v;
            default:
                return v;
        }
    }

    // Can `remaining` more cells of 1..n still bring acc to the target?
    bool reachable(std::int64_t acc, int remaining) const {
        const std::int64_t t = cage_.target;
        switch (op_) {
            case Op::Add:
                return acc + remaining <= t && t <= acc + std::int64_t{remaining} * n_;
            case Op::Mul: {
                if (acc > t || t % acc != 0) return false;
                std::int64_t rest = t / acc, most = 1;
                for (int i = 0; i < remaining && most < rest; ++i) most *= n_;
                return rest <= most;
            }
            default:
                return true;
        }
    }

    // Values that complete the cage at its last cell.
    Mask completing_values(std::int64_t acc) const {
        const std::int64_t t = cage_.target;
        switch (op_) {
            case Op::Given:
                return range_mask(t, t) & full_mask(n_);
            case Op::Add:
                return range_mask(t - acc, t - acc) & full_mask(n_);
            case Op::Mul:
                if (acc > t || t % acc != 0) return 0;
                return range_mask(t / acc, t / acc) & full_mask(n_);
            case Op::Sub:
                return (range_mask(acc + t, acc + t) | range_mask(acc - t, acc - t)) &
                       full_mask(n_);
            case Op::Div: {
                Mask m = acc * t <= n_ ? value_bit(static_cast<int>(acc * t)) : Mask{0};
                if (acc % t == 0) m |= range_mask(acc / t, acc / t);
                return m & full_mask(n_);
            }
        }
        return 0;
    }

    void emit() {
        if (++count_ > limits_.max_tuples) {
            over_ = true;
            return;
        }
        for (int j = 0; j < m_; ++j) out_.push_back(tuple_[j]);
    }

    void set(int j, int v) {
        tuple_[j] = value_bit(v);
        row_used_[row_[j]] |= value_bit(v);
        col_used_[col_[j]] |= value_bit(v);
        if (killer_) cage_used_ |= value_bit(v);
    }
    void unset(int j, int v) {
        row_used_[row_[j]] &= static_cast<Mask>(~value_bit(v));
        col_used_[col_[j]] &= static_cast<Mask>(~value_bit(v));
        cage_used_ &= static_cast<Mask>(~value_bit(v));
    }

    void place(int j, std::int64_t acc) {
        if (j == m_ - 1) {
            for (Mask m = completing_values(acc); m; m &= m - 1) {
                int v = lowest_value(m);
                if (!free_at(j, v)) continue;
                tuple_[j] = value_bit(v);
                emit();
                if (over_) return;
            }
            return;
        }
        for (int v = 1; v <= n_; ++v) {
            if (++steps_ > limits_.max_steps) over_ = true;
            if (over_) return;
            if (!free_at(j, v)) continue;
            std::int64_t next = accumulate(acc, v);
            if (!reachable(next, m_ - 1 - j)) continue;
            set(j, v);
            place(j + 1, next);
            unset(j, v);
        }
    }

    const Cage& cage_;
    const Op op_;
    const bool killer_;
    const int n_, m_;
    const CageTableLimits& limits_;
    std::vector<Mask>& out_;
    // Only the first m_ entries are used; left uninitialized on purpose (cheap set-up).
    std::array<int, kMaxCells> row_, col_;
    std::array<Mask, kMaxCells> tuple_;
    std::array<Mask, kMaxSize> row_used_{}, col_used_{};
    Mask cage_used_ = 0;  // values in the cage so far, under the killer rule
    std::size_t count_ = 0;
    std::uint64_t steps_ = 0;
    bool over_ = false;
};

}  // namespace

std::optional<std::size_t> build_cage_table(const Cage& cage, int n, const CageTableLimits& limits,
                                            std::vector<Mask>& out) {
    return TupleEnumerator(cage, cage.op, false, n, limits, out).run();
}

std::optional<std::size_t> build_cage_table(const Cage& cage, const Rules& rules, int n,
                                            const CageTableLimits& limits, std::vector<Mask>& out) {
    const OpSet ops = cage_ops(cage, rules);
    const std::size_t start = out.size();
    const std::size_t m = cage.cells.size();
    std::size_t count = 0;
    int kinds = 0;
    for (int o = 0; o <= static_cast<int>(Op::Div); ++o) {
        const Op op = static_cast<Op>(o);
        if (!(ops & op_bit(op))) continue;
        ++kinds;
        CageTableLimits left = limits;
        left.max_tuples = limits.max_tuples - count;
        auto built = TupleEnumerator(cage, op, rules.killer, n, left, out).run();
        if (!built) {
            out.resize(start);
            return std::nullopt;
        }
        count += *built;
    }
    if (kinds <= 1) return count;
    // Several operations can make the target with the same values (2+2 = 2×2):
    // keep each tuple once.
    std::vector<std::vector<Mask>> tuples(count);
    for (std::size_t i = 0; i < count; ++i)
        tuples[i].assign(out.begin() + static_cast<std::ptrdiff_t>(start + i * m),
                         out.begin() + static_cast<std::ptrdiff_t>(start + (i + 1) * m));
    std::sort(tuples.begin(), tuples.end());
    tuples.erase(std::unique(tuples.begin(), tuples.end()), tuples.end());
    out.resize(start);
    for (const auto& t : tuples) out.insert(out.end(), t.begin(), t.end());
    return tuples.size();
}

}  // namespace kk
