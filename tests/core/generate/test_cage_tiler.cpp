#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "core/generate/cage_tiler.h"
#include "core/model/puzzle.h"

using namespace kk;

namespace {

// The cages as a puzzle of additions, so check_puzzle judges partition and
// connectivity (an independent check written before the tiler).
Puzzle as_puzzle(int n, const std::vector<std::vector<int>>& cages) {
    Puzzle p;
    p.size = n;
    for (const auto& cells : cages) p.cages.push_back({Op::Add, 1, cells});
    return p;
}

// Share of cages of each size 1..9 over many tilings.
std::array<double, 10> size_shares(int n, const TilingConfig& cfg, int tilings) {
    std::array<double, 10> share{};
    double cages = 0;
    for (int i = 0; i < tilings; ++i) {
        Rng rng(31, static_cast<std::uint64_t>(i));
        for (const auto& cage : tile_cages(n, cfg, rng)) {
            share[cage.size()] += 1;
            cages += 1;
        }
    }
    for (auto& s : share) s /= cages;
    return share;
}

}  // namespace

TEST_CASE("tilings partition the grid into connected cages within max_cage", "[tiler]") {
    for (auto strategy : {TilingStrategy::RandomEdges, TilingStrategy::DominoFirst})
        for (int max_cage : {1, 2, 3, 5, 7})
            for (int n = 1; n <= 9; ++n) {
                TilingConfig cfg;
                cfg.strategy = strategy;
                cfg.max_cage = max_cage;
                cfg.size_weights = {0.05, 0.35, 0.35, 0.20, 0.05, 0.1, 0.1};
                for (std::uint64_t seed = 0; seed < 30; ++seed) {
                    Rng rng(seed, static_cast<std::uint64_t>(n));
                    const auto cages = tile_cages(n, cfg, rng);
                    INFO(tiling_strategy_name(strategy)
                         << " n " << n << " max " << max_cage << " seed " << seed);
                    const auto issue = check_puzzle(as_puzzle(n, cages));
                    REQUIRE_FALSE(issue.has_value());
                    for (const auto& cage : cages) {
                        REQUIRE(static_cast<int>(cage.size()) <= max_cage);
                        REQUIRE(std::is_sorted(cage.begin(), cage.end()));
                    }
                    for (std::size_t k = 1; k < cages.size(); ++k)
                        REQUIRE(cages[k - 1].front() < cages[k].front());
                }
            }
}

TEST_CASE("tilings are deterministic per stream", "[tiler]") {
    for (auto strategy : {TilingStrategy::RandomEdges, TilingStrategy::DominoFirst}) {
        TilingConfig cfg;
        cfg.strategy = strategy;
        Rng a(5, 1), b(5, 1), c(5, 2);
        const auto ta = tile_cages(7, cfg, a);
        CHECK(ta == tile_cages(7, cfg, b));
        CHECK(ta != tile_cages(7, cfg, c));
    }
}

TEST_CASE("the size weights steer the cage sizes", "[tiler]") {
    SECTION("only dominoes drawn: almost all cages are dominoes") {
        for (auto strategy : {TilingStrategy::RandomEdges, TilingStrategy::DominoFirst}) {
            TilingConfig cfg;
            cfg.strategy = strategy;
            cfg.max_cage = 2;
            cfg.size_weights = {0.0, 1.0};
            const auto share = size_shares(9, cfg, 300);
            INFO(tiling_strategy_name(strategy));
            CHECK(share[2] > 0.75);  // a random maximal matching leaves ~10% of cells
        }
    }
    SECTION("only singles drawn: every cage is a single cell") {
        TilingConfig cfg;
        cfg.size_weights = {1.0, 0.0, 0.0, 0.0, 0.0};
        const auto share = size_shares(6, cfg, 50);
        CHECK(share[1] == 1.0);
    }
    SECTION("only triples drawn: triples dominate, nothing larger") {
        TilingConfig cfg;
        cfg.size_weights = {0.0, 0.0, 1.0, 0.0, 0.0};
        const auto share = size_shares(9, cfg, 300);
        CHECK(share[3] > 0.5);
        CHECK(share[4] == 0.0);
        CHECK(share[5] == 0.0);
    }
    SECTION("default weights: every size occurs, 5-cages rarer than 3-cages") {
        TilingConfig cfg;
        const auto share = size_shares(9, cfg, 300);
        for (int k = 1; k <= 5; ++k) CHECK(share[static_cast<std::size_t>(k)] > 0.02);
        CHECK(share[5] < share[3] / 2);
        CHECK(share[6] == 0.0);
    }
    SECTION("big cages drawn: mean cage size rises") {
        TilingConfig small, big;
        small.size_weights = {0.0, 1.0, 0.0, 0.0, 0.0};
        big.size_weights = {0.0, 0.0, 0.0, 0.0, 1.0};
        const auto s = size_shares(9, small, 200), b = size_shares(9, big, 200);
        CHECK(b[5] > 0.4);
        CHECK(s[5] == 0.0);
    }
}

TEST_CASE("domino-first leaves almost no single cells", "[tiler]") {
    TilingConfig cfg;
    cfg.strategy = TilingStrategy::DominoFirst;
    const auto share = size_shares(9, cfg, 300);
    CHECK(share[1] < 0.01);
    TilingConfig edges;
    CHECK(size_shares(9, edges, 300)[1] > 0.1);  // the contrast: random edges keep them
}

TEST_CASE("strategy names round-trip", "[tiler]") {
    for (auto s : {TilingStrategy::RandomEdges, TilingStrategy::DominoFirst})
        CHECK(parse_tiling_strategy(tiling_strategy_name(s)) == s);
    CHECK(parse_tiling_strategy("random-edges") == TilingStrategy::RandomEdges);
    CHECK(parse_tiling_strategy("domino-first") == TilingStrategy::DominoFirst);
    CHECK_FALSE(parse_tiling_strategy("snake").has_value());
}

TEST_CASE("tiling into used buffers gives the layout a fresh tiling gives", "[tiler]") {
    // The factory tiles every candidate into the buffers of an earlier one, which may
    // have been larger, smaller or of another strategy: nothing of it may show through.
    TilingConfig domino;
    domino.strategy = TilingStrategy::DominoFirst;
    std::vector<std::vector<int>> reused;
    for (int round = 0; round < 40; ++round) {
        const int n = 3 + round % 7;
        const TilingConfig& cfg = round % 3 == 0 ? domino : TilingConfig{};
        Rng fresh_rng(11, static_cast<std::uint64_t>(round));
        Rng reused_rng(11, static_cast<std::uint64_t>(round));
        const auto fresh = tile_cages(n, cfg, fresh_rng);
        tile_cages(n, cfg, reused_rng, reused);
        CHECK(reused == fresh);
        CHECK(reused_rng.next() == fresh_rng.next());
    }
}

TEST_CASE("a size whose every layout has a cage of more than n cells is told, and only such a one",
          "[tiler]") {
    // Under the killer rule such a layout repeats a value whatever the square: the factory
    // skips its 200 retilings a candidate on that word, so it must hold for every layout.
    const auto widest = [](int n, const TilingConfig& cfg, std::uint64_t i) {
        Rng rng(47, i);
        size_t most = 0;
        for (const auto& cage : tile_cages(n, cfg, rng)) most = std::max(most, cage.size());
        return static_cast<int>(most);
    };
    for (auto strategy : {TilingStrategy::RandomEdges, TilingStrategy::DominoFirst})
        for (int smallest = 1; smallest <= 9; ++smallest)
            for (int n = 2; n <= 5; ++n) {
                TilingConfig cfg;
                cfg.strategy = strategy;
                cfg.max_cage = 9;
                cfg.size_weights.assign(9, 0.0);
                for (int s = smallest; s <= 9; ++s) cfg.size_weights[s - 1] = 1.0;
                const bool told = every_layout_has_cage_over_n(n, cfg);
                INFO(tiling_strategy_name(strategy)
                     << " " << n << "x" << n << ", targets " << smallest << "..9");
                // Told exactly when the smallest target is at least 2n (domino-first's
                // targets start at 2).
                CHECK(told == (std::max(smallest,
                                        strategy == TilingStrategy::DominoFirst ? 2 : 1) >= 2 * n));
                int over = 0;
                for (std::uint64_t i = 0; i < 400; ++i) over += widest(n, cfg, i) > n;
                if (told) CHECK(over == 400);
            }
    // No weight drawn: every target is max_cage.
    TilingConfig none;
    none.size_weights = {0.0, 0.0, 0.0};
    none.max_cage = 8;
    CHECK(every_layout_has_cage_over_n(4, none));
    none.max_cage = 7;
    CHECK_FALSE(every_layout_has_cage_over_n(4, none));
    CHECK_FALSE(every_layout_has_cage_over_n(4, TilingConfig{}));
    CHECK_FALSE(every_layout_has_cage_over_n(1, none));
}
