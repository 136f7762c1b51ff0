// A random Latin square for tests: a cyclic square with its rows, columns and symbols
// shuffled (not uniform over all squares, which no test here needs).
#pragma once

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

// Values 1..n in reading order.
inline std::vector<int> random_latin(int n, std::mt19937& rng) {
    std::vector<int> rows(static_cast<size_t>(n)), cols, syms;
    std::iota(rows.begin(), rows.end(), 0);
    cols = syms = rows;
    std::shuffle(rows.begin(), rows.end(), rng);
    std::shuffle(cols.begin(), cols.end(), rng);
    std::shuffle(syms.begin(), syms.end(), rng);
    std::vector<int> g(static_cast<size_t>(n * n));
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const int s = (rows[static_cast<size_t>(r)] + cols[static_cast<size_t>(c)]) % n;
            g[static_cast<size_t>(r * n + c)] = syms[static_cast<size_t>(s)] + 1;
        }
    return g;
}
