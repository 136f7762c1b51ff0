#include "core/generate/latin_sampler.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>

namespace kk {

namespace {

// Jacobson and Matthews (1996) mix fast in practice; published uses run on the
// order of n^3 moves and tests at small n find no bias left after that. We count
// moves that land on a proper square: the chain watched only at proper squares is
// itself a Markov chain whose stationary law is the uniform one (the whole chain's
// law restricted to them), so stopping at its k-th visit samples it without bias.
// Stopping instead at the first proper square after a fixed number of moves favours
// squares that improper ones exit to (order 4: intercalate-rich squares come out at a
// third of their share). Between proper visits the chain makes about n moves
// (measured: 3 at n = 4, 5.7 at n = 6, 8.9 at n = 9), so 2 n^2 visits are about 2 n^3
// moves, ample at n <= 9: the tests show bias only below about 8 visits at order 4
// and 16 (about 90 moves) at order 6, where we make 64 and 72. The floor covers tiny
// n. The chi-square tests at orders 4 and 6 guard these constants.
constexpr int kVisitsPerCell = 2;
constexpr int kMinVisits = 64;

// The incidence cube: cell (r, c, s) is 1 when row r has symbol s in column c. An
// improper square has exactly one -1 cell, and the three lines through it hold two
// 1s each; no cell is ever 2 or -2. So the 1s are kept as bitmasks along each of the
// three line directions and the single -1 cell by its coordinates: finding the 1s on
// a line is a count-zeros, and nothing is allocated or scanned per move.
class IncidenceCube {
  public:
    explicit IncidenceCube(int n) : n_(n) {
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) set_one(r, c, (r + c) % n);  // cyclic start
    }

    // A proper square given by its symbols (values 1..n, row by row).
    IncidenceCube(int n, const Grid& square) : n_(n) {
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) set_one(r, c, square[static_cast<size_t>(r * n + c)] - 1);
    }

    bool proper() const { return minus_r_ < 0; }

    // Moves until the chain has visited k more proper squares.
    void visit(int k, Rng& rng) {
        if (n_ < 2) return;
        for (int visits = 0; visits < k;) {
            move(rng);
            visits += proper();
        }
    }

    // One ±1 move. From a proper square pick a uniform 0 cell; from an improper one
    // start at its -1 cell and pick one of the two 1s on each line at random.
    void move(Rng& rng) {
        int r, c, s, r1, c1, s1;
        if (proper()) {
            // Uniform over 0 cells: any (r, c), then any symbol but the one there.
            r = static_cast<int>(rng.below(static_cast<std::uint32_t>(n_)));
            c = static_cast<int>(rng.below(static_cast<std::uint32_t>(n_)));
            const int here = std::countr_zero(syms_[idx(r, c)]);
            s = static_cast<int>(rng.below(static_cast<std::uint32_t>(n_ - 1)));
            s += s >= here;
            r1 = std::countr_zero(rows_[idx(c, s)]);
            c1 = std::countr_zero(cols_[idx(r, s)]);
            s1 = here;
        } else {
            r = minus_r_;
            c = minus_c_;
            s = minus_s_;
            const std::uint64_t bits = rng.next();
            r1 = pick_one_of_two(rows_[idx(c, s)], bits >> 63);
            c1 = pick_one_of_two(cols_[idx(r, s)], (bits >> 62) & 1);
            s1 = pick_one_of_two(syms_[idx(r, c)], (bits >> 61) & 1);
        }
        increment(r, c, s);
        increment(r, c1, s1);
        increment(r1, c, s1);
        increment(r1, c1, s);
        decrement(r, c1, s);
        decrement(r1, c, s);
        decrement(r, c, s1);
        decrement(r1, c1, s1);
    }

    // Symbol (0-based) in row r, column c of a proper square.
    int symbol(int r, int c) const { return std::countr_zero(syms_[idx(r, c)]); }

  private:
    static int idx(int a, int b) { return a * kMaxSize + b; }
    static int pick_one_of_two(std::uint16_t mask, std::uint64_t high) {
        return high ? std::bit_width(mask) - 1 : std::countr_zero(mask);
    }
    void set_one(int r, int c, int s) {
        syms_[idx(r, c)] |= static_cast<std::uint16_t>(1u << s);
        cols_[idx(r, s)] |= static_cast<std::uint16_t>(1u << c);
        rows_[idx(c, s)] |= static_cast<std::uint16_t>(1u << r);
    }
    void clear_one(int r, int c, int s) {
        syms_[idx(r, c)] &= static_cast<std::uint16_t>(~(1u << s));
        cols_[idx(r, s)] &= static_cast<std::uint16_t>(~(1u << c));
        rows_[idx(c, s)] &= static_cast<std::uint16_t>(~(1u << r));
    }
    bool is_minus(int r, int c, int s) const {
        return r == minus_r_ && c == minus_c_ && s == minus_s_;
    }
    // -1 -> 0 or 0 -> 1.
    void increment(int r, int c, int s) {
        if (is_minus(r, c, s))
            minus_r_ = -1;
        else
            set_one(r, c, s);
    }
    // 1 -> 0 or 0 -> -1.
    void decrement(int r, int c, int s) {
        if (syms_[idx(r, c)] >> s & 1) {
            clear_one(r, c, s);
        } else {
            minus_r_ = r;
            minus_c_ = c;
            minus_s_ = s;
        }
    }

    int n_;
    int minus_r_ = -1, minus_c_ = -1, minus_s_ = -1;
    std::array<std::uint16_t, kMaxSize * kMaxSize> syms_{};  // [r][c]: symbols with a 1
    std::array<std::uint16_t, kMaxSize * kMaxSize> cols_{};  // [r][s]: columns with a 1
    std::array<std::uint16_t, kMaxSize * kMaxSize> rows_{};  // [c][s]: rows with a 1
};

// A uniform permutation of 0..n-1, by Fisher–Yates on a fixed array.
std::array<int, kMaxSize> random_permutation(int n, Rng& rng) {
    std::array<int, kMaxSize> p{};
    for (int i = 0; i < n; ++i) p[i] = i;
    for (int i = n; i > 1; --i) std::swap(p[i - 1], p[rng.below(static_cast<std::uint32_t>(i))]);
    return p;
}

// Every reduced square of order n (first row and column 0..n-1 in order), by
// backtracking cell by cell, each n*n symbols in row order.
void enumerate_reduced(int n, int cell, std::array<std::uint8_t, kMaxCells>& g,
                       std::array<std::uint16_t, kMaxSize>& row_used,
                       std::array<std::uint16_t, kMaxSize>& col_used,
                       std::vector<std::uint8_t>& out) {
    if (cell == n * n) {
        out.insert(out.end(), g.begin(), g.begin() + n * n);
        return;
    }
    const int r = cell / n, c = cell % n;
    if (r == 0 || c == 0) {  // fixed by reduction, already placed
        enumerate_reduced(n, cell + 1, g, row_used, col_used, out);
        return;
    }
    for (int s = 0; s < n; ++s) {
        const std::uint16_t bit = static_cast<std::uint16_t>(1u << s);
        if ((row_used[r] | col_used[c]) & bit) continue;
        g[cell] = static_cast<std::uint8_t>(s);
        row_used[r] |= bit;
        col_used[c] |= bit;
        enumerate_reduced(n, cell + 1, g, row_used, col_used, out);
        row_used[r] &= static_cast<std::uint16_t>(~bit);
        col_used[c] &= static_cast<std::uint16_t>(~bit);
    }
}

std::vector<std::uint8_t> reduced_squares(int n) {
    std::array<std::uint8_t, kMaxCells> g{};
    std::array<std::uint16_t, kMaxSize> row_used{}, col_used{};
    for (int i = 0; i < n; ++i) {
        g[i] = g[i * n] = static_cast<std::uint8_t>(i);
        row_used[0] |= static_cast<std::uint16_t>(1u << i);
        col_used[0] |= static_cast<std::uint16_t>(1u << i);
        row_used[i] |= static_cast<std::uint16_t>(1u << i);
        col_used[i] |= static_cast<std::uint16_t>(1u << i);
    }
    std::vector<std::uint8_t> out;
    enumerate_reduced(n, 0, g, row_used, col_used, out);
    return out;
}

// The table of one order, built on first use (thread-safe static initialisation).
const std::vector<std::uint8_t>& reduced_table(int n) {
    static const std::array<std::vector<std::uint8_t>, LatinSampler::kMaxTableOrder + 1> tables =
        [] {
            std::array<std::vector<std::uint8_t>, LatinSampler::kMaxTableOrder + 1> t;
            for (int k = 1; k <= LatinSampler::kMaxTableOrder; ++k) t[k] = reduced_squares(k);
            return t;
        }();
    return tables[n];
}

Grid relabelled(int n, const IncidenceCube& cube, Rng& rng) {
    // Relabelling rows, columns and symbols maps the uniform distribution onto
    // itself and costs nothing; it also hides the cyclic start at small step counts.
    const auto rows = random_permutation(n, rng);
    const auto cols = random_permutation(n, rng);
    const auto syms = random_permutation(n, rng);
    Grid grid(n * n);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) grid[rows[r] * n + cols[c]] = syms[cube.symbol(r, c)] + 1;
    return grid;
}

}  // namespace

LatinSampler::LatinSampler(int n, Method method) : n_(n) {
    if (n < 1 || n > kMaxSize) throw std::invalid_argument("LatinSampler: size outside 1..9");
    visits_ = std::max(kMinVisits, kVisitsPerCell * n * n);
    continued_visits_ = std::max(16, visits_ / 4);
    if (method == Method::Auto) method = n <= kMaxTableOrder ? Method::Table : Method::Chain;
    if (method == Method::Table) {
        if (n > kMaxTableOrder) throw std::invalid_argument("LatinSampler: no table above order 6");
        table_ = &reduced_table(n);
    }
}

Grid LatinSampler::sample(Rng& rng) const {
    return table_ ? sample_table(rng) : sample_chain(rng);
}

// Each square is exactly one reduced square with its columns permuted (the first row
// fixes the permutation) and then its rows 2..n permuted (the first column fixes that
// one): n!(n-1)! squares per reduced square. Uniform parts give a uniform square.
Grid LatinSampler::sample_table(Rng& rng) const {
    const int n = n_;
    const int cells = n * n;
    const int count = static_cast<int>(table_->size()) / cells;
    const std::uint8_t* reduced =
        table_->data() +
        static_cast<std::ptrdiff_t>(rng.below(static_cast<std::uint32_t>(count))) * cells;
    const auto cols = random_permutation(n, rng);
    // Row 0 stays; rows 1..n-1 take a permutation of 1..n-1.
    std::array<int, kMaxSize> rows{};
    for (int i = 0; i < n; ++i) rows[i] = i;
    for (int i = n; i > 2; --i)
        std::swap(rows[i - 1], rows[1 + rng.below(static_cast<std::uint32_t>(i - 1))]);
    Grid grid(cells);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) grid[rows[r] * n + cols[c]] = reduced[r * n + c] + 1;
    return grid;
}

Grid LatinSampler::sample_chain(Rng& rng) const {
    IncidenceCube cube(n_);
    cube.visit(visits_, rng);
    return relabelled(n_, cube, rng);
}

Grid LatinSampler::sample_from(const Grid& start, Rng& rng) const {
    if (table_) throw std::logic_error("LatinSampler::sample_from: chain method only");
    if (static_cast<int>(start.size()) != n_ * n_)
        throw std::invalid_argument("LatinSampler::sample_from: start of another order");
    IncidenceCube cube(n_, start);
    cube.visit(continued_visits_, rng);
    return relabelled(n_, cube, rng);
}

}  // namespace kk
