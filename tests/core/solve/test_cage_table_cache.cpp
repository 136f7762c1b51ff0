#include <catch2/catch.hpp>

#include "core/solve/cage_table.h"
#include "core/solve/cage_table_cache.h"

using namespace kk;

namespace {
std::vector<Mask> fresh(const Cage& c, int n) {
    std::vector<Mask> out;
    REQUIRE(build_cage_table(c, n, {}, out));
    return out;
}
std::vector<Mask> cached(CageTableCache& cache, const Cage& c, int n) {
    std::vector<Mask> out{Mask{0}};  // appends after what is there
    REQUIRE(cache.append(c, n, {}, out));
    return {out.begin() + 1, out.end()};
}
}  // namespace

TEST_CASE("cached cage tables equal freshly built ones for the same shape", "[solver][cache]") {
    CageTableCache cache;
    const int n = 6;
    // An L of three cells at two places of the grid: the same sharing of lines.
    const Cage a{Op::Mul, 12, {0, 1, 7}}, b{Op::Mul, 12, {20, 21, 27}};
    CHECK(cached(cache, a, n) == fresh(a, n));
    CHECK(cached(cache, b, n) == fresh(b, n));  // served from the cache
    // Same cells in a line versus an L: different sharing, different tables.
    const Cage line{Op::Add, 7, {0, 1, 2}}, ell{Op::Add, 7, {0, 1, 7}};
    const auto line_table = cached(cache, line, n);
    const auto ell_table = cached(cache, ell, n);
    CHECK(line_table == fresh(line, n));
    CHECK(ell_table == fresh(ell, n));
    CHECK(line_table.size() < ell_table.size());  // 1+2+4 twice may repeat in an L only
    // A different size or target is a different table.
    const Cage same_cells_other_n{Op::Add, 7, {0, 1, 2}};
    CHECK(cached(cache, same_cells_other_n, 5) == fresh(same_cells_other_n, 5));
    cache.clear();
    CHECK(cached(cache, b, n) == fresh(b, n));
}

TEST_CASE("a cached table over the caller's limit is refused", "[solver][cache]") {
    CageTableCache cache;
    const Cage c{Op::Add, 10, {0, 1, 2, 3}};
    std::vector<Mask> out;
    const auto all = cache.append(c, 9, {}, out);
    REQUIRE(all);
    REQUIRE(*all > 2);
    CageTableLimits tight;
    tight.max_tuples = *all - 1;
    std::vector<Mask> again;
    CHECK_FALSE(cache.append(c, 9, tight, again).has_value());
    CHECK(again.empty());
}
