#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <vector>

#include "core/generate/latin_sampler.h"
#include "tests/support/chi_square.h"

using namespace kk;

namespace {

bool is_latin(const Grid& g, int n) {
    if (static_cast<int>(g.size()) != n * n) return false;
    for (int i = 0; i < n; ++i) {
        std::vector<int> row(static_cast<std::size_t>(n + 1), 0), col(row);
        for (int j = 0; j < n; ++j) {
            const int a = g[static_cast<std::size_t>(i * n + j)];
            const int b = g[static_cast<std::size_t>(j * n + i)];
            if (a < 1 || a > n || b < 1 || b > n) return false;
            if (row[static_cast<std::size_t>(a)]++ || col[static_cast<std::size_t>(b)]++)
                return false;
        }
    }
    return true;
}

// Every Latin square of order 4 (there are 576), by backtracking: an enumeration
// independent of the sampler.
void enumerate_latin4(Grid& g, int cell, std::vector<Grid>& out) {
    if (cell == 16) {
        out.push_back(g);
        return;
    }
    const int r = cell / 4, c = cell % 4;
    for (int v = 1; v <= 4; ++v) {
        bool ok = true;
        for (int k = 0; k < 4 && ok; ++k)
            ok = (k >= c || g[static_cast<std::size_t>(r * 4 + k)] != v) &&
                 (k >= r || g[static_cast<std::size_t>(k * 4 + c)] != v);
        if (!ok) continue;
        g[static_cast<std::size_t>(cell)] = v;
        enumerate_latin4(g, cell + 1, out);
    }
    g[static_cast<std::size_t>(cell)] = 0;
}

}  // namespace

TEST_CASE("every sample is a Latin square", "[latin]") {
    for (int n = 1; n <= 9; ++n) {
        LatinSampler sampler(n);
        for (std::uint64_t i = 0; i < 50; ++i) {
            Rng rng(123, i);
            const Grid g = sampler.sample(rng);
            INFO("n " << n << " stream " << i);
            REQUIRE(is_latin(g, n));
        }
    }
}

TEST_CASE("both methods make Latin squares at every order they serve", "[latin]") {
    for (int n = 1; n <= 9; ++n)
        for (auto method : {LatinSampler::Method::Table, LatinSampler::Method::Chain}) {
            if (method == LatinSampler::Method::Table && n > LatinSampler::kMaxTableOrder) {
                CHECK_THROWS_AS(LatinSampler(n, method), std::invalid_argument);
                continue;
            }
            LatinSampler sampler(n, method);
            for (std::uint64_t i = 0; i < 30; ++i) {
                Rng rng(5, i);
                INFO("n " << n << " method " << static_cast<int>(method));
                REQUIRE(is_latin(sampler.sample(rng), n));
            }
        }
}

TEST_CASE("the sampler is deterministic per stream", "[latin]") {
    LatinSampler sampler(7);
    Rng a(9, 2), b(9, 2), c(9, 3);
    const Grid ga = sampler.sample(a);
    CHECK(ga == sampler.sample(b));
    CHECK(ga != sampler.sample(c));
}

TEST_CASE("the sampler reaches squares outside the cyclic family", "[latin]") {
    // Rows a and b of any square isotopic to the cyclic group table differ by a
    // left translation, so the permutation taking row a to row b has all cycles of
    // one length. Rotate-and-shuffle generators only make such squares; a uniform
    // sampler at order 6 almost always makes a square with some mixed pair.
    LatinSampler sampler(6);
    int non_shift = 0;
    for (std::uint64_t i = 0; i < 100; ++i) {
        Rng rng(77, i);
        const Grid g = sampler.sample(rng);
        bool all_uniform = true;
        for (int a = 0; a < 6 && all_uniform; ++a)
            for (int b = a + 1; b < 6 && all_uniform; ++b) {
                int to[7];
                for (int j = 0; j < 6; ++j) to[g[a * 6 + j]] = g[b * 6 + j];
                std::vector<int> lengths;
                bool seen[7] = {};
                for (int s = 1; s <= 6; ++s) {
                    if (seen[s]) continue;
                    int len = 0;
                    for (int t = s; !seen[t]; t = to[t]) seen[t] = true, ++len;
                    lengths.push_back(len);
                }
                all_uniform = std::all_of(lengths.begin(), lengths.end(),
                                          [&](int l) { return l == lengths[0]; });
            }
        non_shift += !all_uniform;
    }
    CHECK(non_shift > 50);
}

TEST_CASE("order 4 samples are uniform over all 576 Latin squares", "[latin]") {
    std::vector<Grid> all;
    Grid g(16, 0);
    enumerate_latin4(g, 0, all);
    REQUIRE(all.size() == 576);
    std::map<Grid, int> index;
    for (std::size_t i = 0; i < all.size(); ++i) index[all[i]] = static_cast<int>(i);

    // Both the exact table (the default at order 4) and the chain.
    const auto method = GENERATE(LatinSampler::Method::Table, LatinSampler::Method::Chain);
    LatinSampler sampler(4, method);
    INFO("method " << static_cast<int>(method));
    std::vector<std::int64_t> counts(576, 0);
    const int per_square = 40;
    for (std::uint64_t i = 0; i < 576 * per_square; ++i) {
        Rng rng(4, i);
        auto it = index.find(sampler.sample(rng));
        REQUIRE(it != index.end());
        ++counts[static_cast<std::size_t>(it->second)];
    }
    CHECK(std::count(counts.begin(), counts.end(), 0) == 0);
    const double stat = test::chi_square_uniform(counts);
    const double critical = test::chi_square_critical_p001(575);
    INFO("chi-square " << stat << " critical " << critical);
    CHECK(stat < critical);
}

namespace {

// 2x2 subsquares: an invariant of row and column permutations.
int intercalates(const Grid& g, int n) {
    int count = 0;
    auto at = [&](int r, int c) { return g[static_cast<std::size_t>(r * n + c)]; };
    for (int r1 = 0; r1 < n; ++r1)
        for (int r2 = r1 + 1; r2 < n; ++r2)
            for (int c1 = 0; c1 < n; ++c1)
                for (int c2 = c1 + 1; c2 < n; ++c2)
                    count += at(r1, c1) == at(r2, c2) && at(r1, c2) == at(r2, c1);
    return count;
}

// Intercalate counts of all reduced squares (first row and column in order).
void reduced_intercalates(Grid& g, int n, int cell, std::map<int, std::int64_t>& out) {
    if (cell == n * n) {
        ++out[intercalates(g, n)];
        return;
    }
    const int r = cell / n, c = cell % n;
    if (r == 0 || c == 0) {
        g[static_cast<std::size_t>(cell)] = r + c + 1;
        reduced_intercalates(g, n, cell + 1, out);
        return;
    }
    for (int v = 1; v <= n; ++v) {
        bool ok = true;
        for (int k = 0; k < c && ok; ++k) ok = g[static_cast<std::size_t>(r * n + k)] != v;
        for (int k = 0; k < r && ok; ++k) ok = g[static_cast<std::size_t>(k * n + c)] != v;
        if (!ok) continue;
        g[static_cast<std::size_t>(cell)] = v;
        reduced_intercalates(g, n, cell + 1, out);
    }
}

}  // namespace

TEST_CASE("order 6 samples have the intercalate law of uniform squares", "[latin]") {
    // Every square of order 6 is n!(n-1)! row and column permutations of exactly one
    // reduced square, and those keep the intercalate count, so under the uniform law
    // the count is distributed as over the 9408 reduced squares.
    const int n = 6;
    std::map<int, std::int64_t> exact;
    Grid g(n * n, 0);
    reduced_intercalates(g, n, 0, exact);
    std::int64_t reduced = 0;
    for (auto& [k, v] : exact) reduced += v;
    REQUIRE(reduced == 9408);

    const int samples = 4000;
    const auto method = GENERATE(LatinSampler::Method::Table, LatinSampler::Method::Chain);
    INFO("method " << static_cast<int>(method));
    LatinSampler sampler(n, method);
    std::map<int, std::int64_t> seen;
    for (std::uint64_t i = 0; i < samples; ++i) {
        Rng rng(6, i);
        ++seen[intercalates(sampler.sample(rng), n)];
    }
    // Pool neighbouring counts until each bin expects at least 10 samples; a short
    // tail joins the last bin.
    std::vector<std::pair<double, double>> bins;  // expected, observed
    double expected = 0, observed = 0;
    for (auto& [k, v] : exact) {
        expected += static_cast<double>(v) * samples / static_cast<double>(reduced);
        observed += static_cast<double>(seen[k]);
        if (expected >= 10) {
            bins.emplace_back(expected, observed);
            expected = observed = 0;
        }
    }
    REQUIRE(bins.size() >= 5);
    bins.back().first += expected;
    bins.back().second += observed;
    for (auto& [k, v] : seen) REQUIRE(exact.count(k) == 1);
    double stat = 0;
    for (auto& [e, o] : bins) stat += (o - e) * (o - e) / e;
    const double critical = test::chi_square_critical_p001(static_cast<double>(bins.size() - 1));
    INFO("chi-square " << stat << " critical " << critical << " bins " << bins.size());
    CHECK(stat < critical);
}

TEST_CASE("squares continued from a shared start are uniform at order 4", "[latin]") {
    // As the factory does above order 6: groups of squares continue one start.
    std::vector<Grid> all;
    Grid g(16, 0);
    enumerate_latin4(g, 0, all);
    std::map<Grid, int> index;
    for (std::size_t i = 0; i < all.size(); ++i) index[all[i]] = static_cast<int>(i);
    LatinSampler sampler(4, LatinSampler::Method::Chain);
    std::vector<std::int64_t> counts(576, 0);
    Grid start;
    for (std::uint64_t i = 0; i < 576 * 40; ++i) {
        if (i % 16 == 0) {
            Rng start_rng(5, i / 16);
            start = sampler.sample(start_rng);
        }
        Rng rng(4, i);
        const Grid square = sampler.sample_from(start, rng);
        auto it = index.find(square);
        REQUIRE(it != index.end());
        ++counts[static_cast<std::size_t>(it->second)];
    }
    CHECK(std::count(counts.begin(), counts.end(), 0) == 0);
    const double stat = test::chi_square_uniform(counts);
    const double critical = test::chi_square_critical_p001(575);
    INFO("chi-square " << stat << " critical " << critical);
    CHECK(stat < critical);
}

TEST_CASE("a continued square at order 9 keeps little of its start", "[latin]") {
    LatinSampler sampler(9);
    Rng start_rng(9, 0);
    const Grid start = sampler.sample(start_rng);
    double same = 0;
    const int trials = 200;
    for (std::uint64_t i = 0; i < trials; ++i) {
        Rng rng(9, 1 + i);
        const Grid g = sampler.sample_from(start, rng);
        REQUIRE(is_latin(g, 9));
        for (std::size_t k = 0; k < g.size(); ++k) same += g[k] == start[k];
    }
    // Independent squares agree in about 1/9 of the cells.
    const double share = same / (trials * 81.0);
    INFO("share of cells equal to the start: " << share);
    CHECK(share < 0.16);
    LatinSampler table(4);
    Rng rng(1, 1);
    CHECK_THROWS_AS(table.sample_from(table.sample(rng), rng), std::logic_error);
}
