// The nogood store of the restarted search: what a cut path records, and what a fixed
// cell then takes away.
#include <catch2/catch.hpp>
#include <utility>
#include <vector>

#include "core/solve/nogoods.h"

using namespace kk;

namespace {

// Runs on_fixed for `cell` and lists the (cell, value) it asks to remove; each removal
// is applied to cand, and fails when it empties the cell.
struct Removals {
    std::vector<std::pair<int, Mask>> asked;
    bool fix(NogoodStore& store, int cell, std::vector<Mask>& cand) {
        return store.on_fixed(cell, cand.data(), [&](int c, Mask v) {
            asked.emplace_back(c, v);
            cand[static_cast<std::size_t>(c)] &= static_cast<Mask>(~v);
            return cand[static_cast<std::size_t>(c)] != 0;
        });
    }
};

// A 4x4's store after recording one cut path.
NogoodStore after_path(const std::vector<Decision>& path) {
    NogoodStore store;
    store.clear(16);
    store.record(path.data(), static_cast<int>(path.size()));
    return store;
}

}  // namespace

TEST_CASE("a cut path records one nogood per negative decision", "[solver][nogoods]") {
    // Cells 0..3 of a 4x4: 0 = 1, then 1 != 2, then 2 = 3, then 3 != 4.
    NogoodStore store = after_path({{0, value_bit(1), true},
                                    {1, value_bit(2), false},
                                    {2, value_bit(3), true},
                                    {3, value_bit(4), false}});
    CHECK(store.recorded() == 2);  // {0=1, 1=2} and {0=1, 2=3, 3=4}
    CHECK(store.units().empty());
    std::vector<Mask> cand(16, full_mask(4));

    Removals r;
    cand[0] = value_bit(1);
    REQUIRE(r.fix(store, 0, cand));
    // {0=1, 1=2} is down to one open assignment; the other nogood still has two.
    REQUIRE(r.asked.size() == 1);
    CHECK(r.asked[0] == std::make_pair(1, value_bit(2)));

    cand[2] = value_bit(3);
    REQUIRE(r.fix(store, 2, cand));
    REQUIRE(r.asked.size() == 2);
    CHECK(r.asked[1] == std::make_pair(3, value_bit(4)));
    CHECK(cand[3] == (full_mask(4) & ~value_bit(4)));
}

TEST_CASE("a watch moves to an assignment not holding yet", "[solver][nogoods]") {
    NogoodStore store = after_path({{0, value_bit(1), true},
                                    {5, value_bit(2), true},
                                    {9, value_bit(3), true},
                                    {12, value_bit(4), false}});
    std::vector<Mask> cand(16, full_mask(4));
    Removals r;
    // The deepest decision first: nothing to take, the watch moves on.
    cand[9] = value_bit(3);
    REQUIRE(r.fix(store, 9, cand));
    cand[0] = value_bit(1);
    REQUIRE(r.fix(store, 0, cand));
    CHECK(r.asked.empty());
    // The last one: 12 loses 4.
    cand[5] = value_bit(2);
    REQUIRE(r.fix(store, 5, cand));
    REQUIRE(r.asked.size() == 1);
    CHECK(r.asked[0] == std::make_pair(12, value_bit(4)));
}

TEST_CASE("a nogood already broken asks nothing, one holding in full fails", "[solver][nogoods]") {
    // Catch runs the case once per section, each with a fresh store.
    NogoodStore store = after_path({{0, value_bit(1), true}, {1, value_bit(2), false}});
    std::vector<Mask> cand(16, full_mask(4));
    Removals r;
    SECTION("broken: cell 1 cannot take 2 any more") {
        cand[1] = value_bit(3);
        cand[0] = value_bit(1);
        CHECK(r.fix(store, 0, cand));
        CHECK(r.asked.empty());
    }
    SECTION("holding: cell 1 is 2 already") {
        cand[1] = value_bit(2);
        cand[0] = value_bit(1);
        CHECK_FALSE(r.fix(store, 0, cand));
    }
}

TEST_CASE("a negative decision at the root is a unit nogood", "[solver][nogoods]") {
    NogoodStore store = after_path({{7, value_bit(3), false}, {2, value_bit(1), true}});
    REQUIRE(store.units().size() == 1);
    CHECK(NogoodStore::cell_of(store.units()[0]) == 7);
    CHECK(NogoodStore::value_of(store.units()[0]) == value_bit(3));
    store.clear(16);
    CHECK(store.units().empty());
    CHECK(store.recorded() == 0);
}
