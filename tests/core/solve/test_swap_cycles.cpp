#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "core/generate/cage_tiler.h"
#include "core/generate/latin_sampler.h"
#include "core/generate/operator_assigner.h"
#include "core/io/formats.h"
#include "core/solve/solver.h"
#include "core/solve/swap_cycles.h"
#include "tests/support/sanitized.h"
#include "tests/support/test_files.h"

using namespace kk;

TEST_CASE("a swap alternative is always a real second solution", "[swap]") {
    int found = 0, ambiguous = 0;
    for (int n : {4, 6, 8}) {
        LatinSampler sampler(n);
        for (std::uint64_t i = 0; i < 150; ++i) {
            Rng rng(99, i);
            const Grid square = sampler.sample(rng);
            const Puzzle p = assign_operators(n, square, tile_cages(n, {}, rng), {}, rng);
            const bool alt = has_swap_alternative(p, square);
            const SolveResult r = solve(p, 2);
            if (alt) CHECK(r.count == 2);
            const std::optional<Grid> other = swap_alternative(p, square);
            REQUIRE(other.has_value() == alt);
            if (other) {
                CHECK(*other != square);
                CHECK(is_solution(p, *other));
            }
            found += alt;
            ambiguous += r.count == 2;
        }
    }
    // It is a shortcut worth having: it finds most ambiguous random candidates.
    CHECK(found > ambiguous / 2);
}

TEST_CASE("no swap alternative in puzzles with one solution", "[swap]") {
    int checked = 0;
    for (const auto& e : std::filesystem::directory_iterator(kTestData)) {
        if (e.path().extension() != ".neknek") continue;
        // Under the sanitizers the seed documents' puzzles only: the solver's stress
        // puzzles took 17 of the test's 26 s there, most of it big-cages-7, which has two
        // solutions and so is not checked at all.
        if (kSanitized && e.path().filename().string().rfind("seed", 0) != 0) continue;
        std::ifstream in(e.path());
        std::stringstream ss;
        ss << in.rdbuf();
        for (const auto& pp : read_puzzles(ss.str())) {
            const SolveResult r = solve(pp.puzzle, 2);
            if (r.count != 1) continue;
            CHECK_FALSE(has_swap_alternative(pp.puzzle, r.solutions[0]));
            ++checked;
        }
    }
    CHECK(checked >= 14);
}

TEST_CASE("the swap test finds the 2x2 swap of an all-sum puzzle", "[swap]") {
    // seed002-4x4-multiple: dominoes of sums, whose rows can trade places.
    const auto pp = read_puzzles(
        "#\t4\n+\t3\tA1 A2\n+\t7\tA3 A4\n+\t5\tB1 B2\n+\t5\tB3 B4\n"
        "+\t7\tC1 C2\n+\t3\tC3 C4\n+\t5\tD1 D2\n+\t5\tD3 D4\n");
    const SolveResult r = solve(pp[0].puzzle, 1);
    REQUIRE(r.count == 1);
    CHECK(has_swap_alternative(pp[0].puzzle, r.solutions[0]));
}
