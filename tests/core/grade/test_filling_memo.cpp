// The grader's memo of big cages' summaries: what it returns is what the walk gives,
// whatever positions came before, and trial and error counts the same nodes with it.
#include <array>
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/grade/filling_memo.h"
#include "core/grade/fillings.h"
#include "core/grade/position.h"
#include "core/grade/technique.h"
#include "core/io/formats.h"
#include "tests/support/test_files.h"

using namespace kk;

namespace {

Puzzle big_cage_puzzle() {
    auto parsed = read_puzzles(slurp(kTestData + "/big-cages-1.neknek"));
    REQUIRE(parsed.size() == 1);
    return parsed.front().puzzle;
}

std::vector<int> big_cages(const GradeCages& table) {
    std::vector<int> big;
    for (int cage = 0; cage < static_cast<int>(table.cages.size()); ++cage)
        if (table.cages[cage].count > kBigCageCells) big.push_back(cage);
    return big;
}

// Does the memo's table give the summary and fill a fresh walk gives for these candidates?
bool same_as_walk(const GradeCages& plain, const GradeCages& kept, int cage,
                  const Candidates* cand) {
    CageSummary want, got;
    std::array<Candidates, kMaxCells> fill_want{}, fill_got{};
    summarize_fillings(plain, cage, cand, want, fill_want.data());
    summarize_fillings(kept, cage, cand, got, fill_got.data());
    bool same =
        got.values == want.values && got.row_need == want.row_need && got.col_need == want.col_need;
    const int* cells = plain.cells_of(cage);
    for (int j = 0; j < plain.cages[cage].count; ++j)
        same = same && fill_got[cells[j]] == fill_want[cells[j]];
    return same;
}

}  // namespace

TEST_CASE("a big cage's kept summary is the one its walk gives", "[grader][big-cages]") {
    const Puzzle p = big_cage_puzzle();
    GradeCages plain(p), kept(p);
    FillingMemo memo;
    kept.memo = &memo;
    const std::vector<int> big = big_cages(plain);
    REQUIRE(big.size() == 4);  // cages of 11, 11, 12 and 7 cells
    std::vector<int> cells;    // removals fall on the big cages' cells
    for (int cage : big)
        for (int j = 0; j < plain.cages[cage].count; ++j) cells.push_back(plain.cells_of(cage)[j]);

    std::mt19937 rng(11);
    int compared = 0;
    for (int round = 0; round < 600; ++round) {
        Position a(plain), b(kept);
        // Up to three removals, so that one cage's state recurs while the others' differ.
        const int removals = static_cast<int>(rng() % 4);
        for (int k = 0; k < removals; ++k) {
            const int cell = cells[rng() % cells.size()];
            const Candidates gone = value_bit(1 + static_cast<int>(rng() % 9));
            a.remove(cell, gone);
            b.remove(cell, gone);
        }
        for (int cage : big) {
            const CageSummary want = a.summary(cage);
            const CageSummary got = b.summary(cage);
            INFO("round " << round << ", cage " << cage);
            CHECK(got.values == want.values);
            CHECK(got.row_need == want.row_need);
            CHECK(got.col_need == want.col_need);
            for (int j = 0; j < plain.cages[cage].count; ++j) {
                const int cell = plain.cells_of(cage)[j];
                CHECK(b.filling_values(cell) == a.filling_values(cell));
            }
            ++compared;
        }
    }
    CHECK(compared == 2400);
    CHECK(memo.hits() > 1000);  // the memo answered most of them
}

TEST_CASE("trial and error counts the same nodes with the memo", "[grader][big-cages]") {
    const Puzzle p = big_cage_puzzle();
    GradeCages plain(p), kept(p);
    FillingMemo memo;
    kept.memo = &memo;
    int searched = 0;
    for (int cell = 0; cell < 81; cell += 8)
        for (int v = 1; v <= 9; v += 2) {
            Position a(plain), b(kept);
            a.place(cell, v);
            b.place(cell, v);
            std::uint64_t nodes_a = 0, nodes_b = 0;
            const bool found_a = has_solution(a, nodes_a, 150);
            const bool found_b = has_solution(b, nodes_b, 150);
            INFO("r" << cell / 9 + 1 << "c" << cell % 9 + 1 << " = " << v);
            CHECK(found_b == found_a);
            CHECK(nodes_b == nodes_a);
            searched += nodes_a > 0;
        }
    CHECK(searched > 20);  // most placements needed a search
    CHECK(memo.hits() > 0);
}

TEST_CASE("the memo answers as the walk does after it grows and overwrites", "[grader]") {
    const Puzzle p = big_cage_puzzle();
    GradeCages plain(p), kept(p);
    FillingMemo memo;
    kept.memo = &memo;
    std::vector<int> cages;  // the cages the memo keeps that walk quickly: 3 to 5 cells
    for (int cage = 0; cage < static_cast<int>(plain.cages.size()); ++cage)
        if (plain.cages[cage].count >= 3 && plain.cages[cage].count <= 5) cages.push_back(cage);
    REQUIRE(cages.size() == 6);

    // Half the states from a few hundred that recur, half nearly always new: the table
    // fills past kMaxEntries and buckets overwrite old entries.
    std::mt19937 rng(7);
    std::array<Candidates, kMaxCells> cand{};
    int wrong = 0;
    const int lookups = 3 * static_cast<int>(FillingMemo::kMaxEntries);
    for (int round = 0; round < lookups; ++round) {
        const int cage = cages[rng() % cages.size()];
        const int* cells = plain.cells_of(cage);
        const bool recurring = rng() & 1;
        for (int j = 0; j < plain.cages[cage].count; ++j) {
            const Candidates gone = recurring ? value_bit(static_cast<int>(rng() % 3))
                                              : static_cast<Candidates>(rng() & 0x3fe);
            cand[cells[j]] = static_cast<Candidates>((full_mask(9) & ~gone) | value_bit(1 + j));
        }
        wrong += !same_as_walk(plain, kept, cage, cand.data());
    }
    CHECK(wrong == 0);
    CHECK(memo.hits() > static_cast<std::size_t>(lookups) / 3);
}

TEST_CASE("two threads sharing a memo's table get what the walk gives", "[grader]") {
    const Puzzle p = big_cage_puzzle();
    const GradeCages plain(p);
    FillingMemo first, second;
    second.share_table_of(first);
    // Each thread: its own table view and memo, the same random states (so that each finds
    // what the other kept, and both write the same buckets at once).
    const auto run = [&](FillingMemo& memo, int& wrong) {
        GradeCages kept(p);
        kept.memo = &memo;
        std::mt19937 rng(5);
        std::array<Candidates, kMaxCells> cand{};
        for (int round = 0; round < 40000; ++round) {
            const int cage = static_cast<int>(rng() % plain.cages.size());
            const int* cells = plain.cells_of(cage);
            if (plain.cages[cage].count < 3 || plain.cages[cage].count > 5) continue;
            for (int j = 0; j < plain.cages[cage].count; ++j)
                cand[cells[j]] =
                    static_cast<Candidates>(full_mask(9) & ~value_bit(static_cast<int>(rng() % 4)));
            wrong += !same_as_walk(plain, kept, cage, cand.data());
        }
    };
    int wrong_first = 0, wrong_second = 0;
    std::thread other([&] { run(second, wrong_second); });
    run(first, wrong_first);
    other.join();
    CHECK(wrong_first == 0);
    CHECK(wrong_second == 0);
    CHECK(first.hits() + second.hits() > 10000);  // most states recur
}
