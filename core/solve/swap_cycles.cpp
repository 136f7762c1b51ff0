#include "core/solve/swap_cycles.h"

#include <array>
#include <utility>

namespace kk {
namespace {

struct SwapContext {
    const Puzzle& p;
    const std::vector<int>& owner;  // cage of each cell
    Grid grid;                      // the solution, swapped in place and restored
    bool keep_found = false;        // copy the swapped grid into found (a solver asks)
    Grid found{};                   // the swapped grid of the first swap that held
};

// Do the cages that hold the changed cells still hold?
bool cages_hold(SwapContext& ctx, const std::array<int, 2 * kMaxSize>& changed, int count) {
    std::array<int, 2 * kMaxSize> seen{};
    int nseen = 0;
    for (int i = 0; i < count; ++i) {
        const int k = ctx.owner[changed[i]];
        bool dup = false;
        for (int j = 0; j < nseen; ++j) dup |= seen[j] == k;
        if (dup) continue;
        seen[nseen++] = k;
        if (!cage_holds(ctx.p.cages[k], ctx.p.rules, ctx.grid)) return false;
    }
    return true;
}

// Swaps the values of the cells pairs (a[i], b[i]) for i in the cycle, tests, restores.
bool try_swap(SwapContext& ctx, const std::array<int, kMaxSize>& a,
              const std::array<int, kMaxSize>& b, int len) {
    std::array<int, 2 * kMaxSize> changed{};
    for (int i = 0; i < len; ++i) {
        std::swap(ctx.grid[a[i]], ctx.grid[b[i]]);
        changed[2 * i] = a[i];
        changed[2 * i + 1] = b[i];
    }
    const bool ok = cages_hold(ctx, changed, 2 * len);
    if (ok && ctx.keep_found) ctx.found = ctx.grid;
    for (int i = 0; i < len; ++i) std::swap(ctx.grid[a[i]], ctx.grid[b[i]]);
    return ok;
}

// Two lines (rows when by_row, else columns) u and v: follow each cycle of the
// value map and try swapping it.
bool line_pair_cycles(SwapContext& ctx, int n, int u, int v, bool by_row) {
    auto at = [&](int line, int i) { return by_row ? line * n + i : i * n + line; };
    std::array<int, kMaxSize + 1> pos_in_u{};  // value -> index along line u
    for (int i = 0; i < n; ++i) pos_in_u[(ctx.grid[(at(u, i))])] = i;
    std::uint32_t done = 0;
    for (int start = 0; start < n; ++start) {
        if (done >> start & 1) continue;
        std::array<int, kMaxSize> a{}, b{};
        int len = 0;
        for (int i = start; !(done >> i & 1);) {
            done |= 1u << i;
            a[len] = at(u, i);
            b[len] = at(v, i);
            ++len;
            i = pos_in_u[(ctx.grid[(at(v, i))])];
        }
        if (try_swap(ctx, a, b, len)) return true;
    }
    return false;
}

// Two values x and y: the cells holding them form cycles alternating along rows
// and columns; swapping x and y on one cycle keeps the square Latin.
bool value_pair_cycles(SwapContext& ctx, int n, int x, int y) {
    std::array<int, kMaxSize> col_x{}, col_y{};  // row -> column of x / of y
    std::array<int, kMaxSize> row_x{};           // column -> row of x
    for (int c = 0; c < n * n; ++c) {
        const int v = ctx.grid[c];
        if (v == x) {
            col_x[c / n] = c % n;
            row_x[c % n] = c / n;
        }
        if (v == y) col_y[c / n] = c % n;
    }
    std::uint32_t done = 0;
    for (int start = 0; start < n; ++start) {
        if (done >> start & 1) continue;
        std::array<int, kMaxSize> a{}, b{};
        int len = 0;
        // Row r: x at col_x[r], y at col_y[r]; the next row has x in column col_y[r].
        for (int r = start; !(done >> r & 1);) {
            done |= 1u << r;
            a[len] = r * n + col_x[r];
            b[len] = r * n + col_y[r];
            ++len;
            r = row_x[col_y[r]];
        }
        if (try_swap(ctx, a, b, len)) return true;
    }
    return false;
}

// The first swap cycle that keeps every cage holding; with keep_found its grid is
// left in ctx.found (the factory's test for a second solution only asks whether).
bool find_swap(SwapContext& ctx) {
    const int n = ctx.p.size;
    for (int u = 0; u < n; ++u)
        for (int v = u + 1; v < n; ++v)
            if (line_pair_cycles(ctx, n, u, v, true) || line_pair_cycles(ctx, n, u, v, false) ||
                value_pair_cycles(ctx, n, u + 1, v + 1))
                return true;
    return false;
}

}  // namespace

bool has_swap_alternative(const Puzzle& p, const Grid& solution) {
    const std::vector<int> owner = cage_of_cells(p);
    SwapContext ctx{p, owner, solution};
    return find_swap(ctx);
}

std::optional<Grid> swap_alternative(const Puzzle& p, const Grid& solution) {
    const std::vector<int> owner = cage_of_cells(p);
    SwapContext ctx{p, owner, solution, true};
    if (!find_swap(ctx)) return std::nullopt;
    return std::move(ctx.found);
}

}  // namespace kk
