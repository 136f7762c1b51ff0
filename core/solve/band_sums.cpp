#include "core/solve/band_sums.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>

#include "core/model/puzzle.h"

namespace kk {
namespace {

constexpr int kMasks = 1 << (kMaxSize + 1);

// A cell's values as offsets down from its greatest: bit a when max - a is a candidate.
const std::array<std::uint16_t, kMasks>& offsets_from_max() {
    static const auto table = [] {
        std::array<std::uint16_t, kMasks> t{};
        for (int m = 2; m < kMasks; m += 2) {
            const int hi = highest_value(static_cast<Mask>(m));
            for (unsigned x = static_cast<unsigned>(m); x; x &= x - 1)
                t[m] = static_cast<std::uint16_t>(t[m] | 1u << (hi - std::countr_zero(x)));
        }
        return t;
    }();
    return table;
}

// {a + b : a in x, b in offsets}, cut to the window.
std::uint64_t sums_up(std::uint64_t x, std::uint64_t offsets, std::uint64_t window) {
    std::uint64_t r = 0;
    for (; offsets; offsets &= offsets - 1) r |= x << std::countr_zero(offsets);
    return r & window;
}

// {a - b : a in x, b in offsets, a >= b}.
std::uint64_t sums_down(std::uint64_t x, std::uint64_t offsets) {
    std::uint64_t r = 0;
    for (; offsets; offsets &= offsets - 1) r |= x >> std::countr_zero(offsets);
    return r;
}

}  // namespace

SumRange sum_range_of(const int* sums, int count) {
    return sum_range_of(static_cast<std::uint32_t>(count),
                        [sums](std::uint32_t i) { return sums[i]; });
}

SumRange sum_range_of(const SumSet& sums) {
    SumRange r;
    int lo = 0, hi = static_cast<int>(sums.size()) - 1;
    while (!sums[static_cast<std::size_t>(lo)]) ++lo;
    while (!sums[static_cast<std::size_t>(hi)]) --hi;
    r.min = lo * 64 + std::countr_zero(sums[static_cast<std::size_t>(lo)]);
    r.max = hi * 64 + 63 - std::countl_zero(sums[static_cast<std::size_t>(hi)]);
    // The bits from min up and from max down, 64 of each at most.
    const auto bit = [&sums](int s) {
        return sums[static_cast<std::size_t>(s >> 6)] >> (s & 63) & 1;
    };
    r.from_min = r.from_max = 0;
    const int last = std::min(r.max, r.min + 63), first = std::max(r.min, r.max - 63);
    for (int s = r.min; s <= last; ++s) r.from_min |= bit(s) << (s - r.min);
    for (int s = first; s <= r.max; ++s) r.from_max |= bit(s) << (r.max - s);
    return r;
}

SumRange sum_range_between(int min, int max) {
    SumRange r;
    r.min = min;
    r.max = max;
    r.from_min = r.from_max = max - min >= 63 ? ~0ull : (2ull << (max - min)) - 1;
    return r;
}

void BandSums::set_up(int n, const std::uint8_t* cage_of, int ncages, const bool* sum_known) {
    n_ = n;
    bands_.clear();
    parts_.clear();
    cell_bands_.assign(static_cast<std::size_t>(n * n), BandBits{});
    outie_bands_.assign(static_cast<std::size_t>(n * n), BandBits{});
    cage_bands_.assign(static_cast<std::size_t>(ncages), BandBits{});
    std::array<int, kMaxCells> size{}, inside{};
    for (int cell = 0; cell < n * n; ++cell) ++size[cage_of[cell]];
    for (const bool rows : {true, false})
        for (int lo = 0; lo < n; ++lo)
            for (int hi = lo; hi < n; ++hi) {
                if (!rows && lo == 0 && hi == n - 1) continue;  // the rows' whole grid
                const auto in_band = [&](int cell) {
                    const int l = rows ? cell / n : cell % n;
                    return l >= lo && l <= hi;
                };
                std::fill(inside.begin(), inside.begin() + ncages, 0);
                for (int cell = 0; cell < n * n; ++cell) inside[cage_of[cell]] += in_band(cell);
                const auto whole = [&](int k) {
                    return sum_known[k] && inside[k] > size[k] - inside[k];
                };
                Band b;
                b.first = static_cast<int>(parts_.size());
                for (int k = 0; k < ncages; ++k)
                    if (whole(k)) parts_.push_back(static_cast<std::uint8_t>(k));
                b.wholes = static_cast<int>(parts_.size()) - b.first;
                if (!b.wholes) {
                    parts_.resize(b.first);  // cells alone say no more than the lines do
                    continue;
                }
                for (int cell = 0; cell < n * n; ++cell)
                    if (in_band(cell) && !whole(cage_of[cell]))
                        parts_.push_back(static_cast<std::uint8_t>(cell));
                b.insides = static_cast<int>(parts_.size()) - b.first - b.wholes;
                for (int cell = 0; cell < n * n; ++cell)
                    if (!in_band(cell) && whole(cage_of[cell]))
                        parts_.push_back(static_cast<std::uint8_t>(cell));
                b.outies = static_cast<int>(parts_.size()) - b.first - b.wholes - b.insides;
                b.sum = (hi - lo + 1) * n * (n + 1) / 2 + n * b.outies;
                const std::size_t bit = bands_.size();
                bands_.push_back(b);
                const auto mark = [bit](BandBits& bits) { bits[bit >> 6] |= 1ull << (bit & 63); };
                for (int i = b.first; i < b.first + b.wholes; ++i) mark(cage_bands_[parts_[i]]);
                for (int i = b.first + b.wholes; i < static_cast<int>(parts_.size()); ++i)
                    mark(cell_bands_[parts_[i]]);
                for (int i = b.first + b.wholes + b.insides; i < static_cast<int>(parts_.size());
                     ++i)
                    mark(outie_bands_[parts_[i]]);
            }
}

void BandSums::move_cell_bounds(int cell, Mask was, Mask now, BandWatch& watch) const {
    const int up_low = lowest_value(now) - lowest_value(was);
    const int up_high = highest_value(now) - highest_value(was);
    if (!up_low && !up_high) return;
    const BandBits& all = cell_bands_[static_cast<std::size_t>(cell)];
    const BandBits& out = outie_bands_[static_cast<std::size_t>(cell)];
    for (int w = 0; w < 2; ++w) {
        for (std::uint64_t x = all[w] & ~out[w]; x; x &= x - 1) {
            const int b = w * 64 + std::countr_zero(x);
            watch.cells_least[b] = static_cast<std::int16_t>(watch.cells_least[b] + up_low);
            watch.cells_most[b] = static_cast<std::int16_t>(watch.cells_most[b] + up_high);
        }
        for (std::uint64_t x = out[w]; x; x &= x - 1) {  // an outie counts n less its value
            const int b = w * 64 + std::countr_zero(x);
            watch.cells_least[b] = static_cast<std::int16_t>(watch.cells_least[b] - up_high);
            watch.cells_most[b] = static_cast<std::int16_t>(watch.cells_most[b] - up_low);
        }
    }
}

void BandSums::move_whole_bounds(int k, const SumRange& was, const SumRange& now,
                                 BandWatch& watch) const {
    const int up_low = now.min - was.min, up_high = now.max - was.max;
    if (!up_low && !up_high) return;
    const BandBits& in = cage_bands_[static_cast<std::size_t>(k)];
    for (int w = 0; w < 2; ++w)
        for (std::uint64_t x = in[w]; x; x &= x - 1) {
            const int b = w * 64 + std::countr_zero(x);
            watch.wholes_least[b] = static_cast<std::int16_t>(watch.wholes_least[b] + up_low);
            watch.wholes_most[b] = static_cast<std::int16_t>(watch.wholes_most[b] + up_high);
        }
}

void BandSums::count_bounds(const Mask* cand, const SumRange* cage_sums, BandWatch& watch) const {
    for (std::size_t bi = 0; bi < bands_.size(); ++bi) {
        const Band& b = bands_[bi];
        const std::uint8_t* const wholes = parts_.data() + b.first;
        int wholes_least = 0, wholes_most = 0;
        for (int i = 0; i < b.wholes; ++i) {
            wholes_least += cage_sums[wholes[i]].min;
            wholes_most += cage_sums[wholes[i]].max;
        }
        watch.wholes_least[bi] = static_cast<std::int16_t>(wholes_least);
        watch.wholes_most[bi] = static_cast<std::int16_t>(wholes_most);
        const std::uint8_t* const insides = wholes + b.wholes;
        int least = 0, most = 0;
        for (int i = 0; i < b.insides + b.outies; ++i) {
            const Mask m = cand[insides[i]];  // the outies follow the insides
            if (i < b.insides) {
                least += lowest_value(m);
                most += highest_value(m);
            } else {
                least += n_ - highest_value(m);
                most += n_ - lowest_value(m);
            }
        }
        watch.cells_least[bi] = static_cast<std::int16_t>(least);
        watch.cells_most[bi] = static_cast<std::int16_t>(most);
    }
    watch.bounds_counted = true;
}

bool BandSums::narrow(const SumRange* cage_sums, Mask* cand, std::uint64_t* cage_keep,
                      BandWatch& watch) const {
    const std::array<std::uint16_t, kMasks>& from_max_of = offsets_from_max();
    // The bands whose cells or whole cages moved since the last pass; on a failure the
    // bands looked at in this pass stay to look at (what they saw is being undone).
    BandBits& stale = watch.stale;
    const auto add = [&stale](const BandBits& bits) {
        stale[0] |= bits[0];
        stale[1] |= bits[1];
    };
    const bool counted = watch.bounds_counted;
    for (int cell = 0; cell < n_ * n_; ++cell)
        if (cand[cell] != watch.seen[cell]) {
            add(cell_bands_[cell]);
            if (counted) move_cell_bounds(cell, watch.seen[cell], cand[cell], watch);
        }
    for (std::size_t k = 0; k < cage_bands_.size(); ++k)
        if ((cage_bands_[k][0] | cage_bands_[k][1]) && !(cage_sums[k] == watch.seen_sums[k])) {
            add(cage_bands_[k]);
            if (counted)
                move_whole_bounds(static_cast<int>(k), watch.seen_sums[k], cage_sums[k], watch);
        }
    if (!counted) count_bounds(cand, cage_sums, watch);
    const BandBits at_entry = stale;
    const auto fail = [&] {
        add(at_entry);
        watch.bounds_counted = false;  // they hold this pass's narrowings, seen does not
        return false;
    };
    // Each cell's least and greatest value, looked up once: a cell lies in dozens of
    // bands, and most bands are skipped on these bounds alone.
    std::array<std::int8_t, kMaxCells> low, high, run;  // run: high - low if no gap, else 0
    const auto bounds_of = [&](int cell) {
        const int lo = lowest_value(cand[cell]), hi = highest_value(cand[cell]);
        const unsigned up = static_cast<unsigned>(cand[cell]) >> lo;
        low[cell] = static_cast<std::int8_t>(lo);
        high[cell] = static_cast<std::int8_t>(hi);
        run[cell] = static_cast<std::int8_t>((up & (up + 1)) == 0 ? hi - lo : 0);
    };
    for (int cell = 0; cell < n_ * n_; ++cell) bounds_of(cell);
    // The parts whose sums are still open, for the knapsack.
    struct Open {
        std::uint64_t from_min, from_max;
        int cell;    // -1: a cage
        bool outie;  // counts n less its value
    };
    std::array<Open, 2 * kMaxCells> open;
    std::array<std::uint64_t, 2 * kMaxCells + 1> reach;
    for (std::size_t bi = 0; bi < bands_.size(); ++bi) {
        if (!(stale[bi >> 6] >> (bi & 63) & 1)) continue;
        stale[bi >> 6] &= ~(1ull << (bi & 63));
        bool stay_stale = false;
        const Band& b = bands_[bi];
        const std::uint8_t* const wholes = parts_.data() + b.first;
        const std::uint8_t* const insides = wholes + b.wholes;
        // A cell's value counts up from its least; an outie's (n less it) down from its
        // greatest value; a whole cage's sum up from its least: their sums are kept in
        // watch.
        const int least = watch.cells_least[bi] + watch.wholes_least[bi];
        const int most = watch.cells_most[bi] + watch.wholes_most[bi];
        const int below = b.sum - least, above = most - b.sum;
        if (below < 0 || above < 0) return fail();
        // The knapsack works on offsets from the nearer end.
        const bool from_min = below <= above;
        const int target = from_min ? below : above;
        if (target >= 64) continue;
        int widest_whole = 0;
        for (int i = 0; i < b.wholes; ++i) {
            const SumRange& r = cage_sums[wholes[i]];
            widest_whole = std::max(widest_whole, r.max - r.min);
        }
        // No cell is wider than n - 1: most bands stop on this bound of the widest part.
        if (target > std::max(widest_whole, n_ - 1) + kSlackPastWidest) continue;
        // runs: the widths of the parts that take every sum between their least and
        // greatest, and the widest of them.
        int runs = 0, widest_run = 0, widest = widest_whole;
        for (int i = 0; i < b.wholes; ++i) {
            const SumRange& r = cage_sums[wholes[i]];
            if (r.max - r.min < 63 && r.from_min == (2ull << (r.max - r.min)) - 1) {
                runs += r.max - r.min;
                widest_run = std::max(widest_run, r.max - r.min);
            }
        }
        for (int i = 0; i < b.insides + b.outies; ++i) {
            const int cell = insides[i];  // the outies follow the insides
            widest = std::max(widest, high[cell] - low[cell]);
            runs += run[cell];
            widest_run = std::max(widest_run, int{run[cell]});
        }
#ifndef NDEBUG
        int cells_least = 0, cells_most = 0;
        for (int i = 0; i < b.insides + b.outies; ++i) {
            const int cell = insides[i];
            cells_least += i < b.insides ? low[cell] : n_ - high[cell];
            cells_most += i < b.insides ? high[cell] : n_ - low[cell];
        }
        assert(cells_least == watch.cells_least[bi] && cells_most == watch.cells_most[bi]);
        int wholes_least = 0, wholes_most = 0;
        for (int i = 0; i < b.wholes; ++i) {
            wholes_least += cage_sums[wholes[i]].min;
            wholes_most += cage_sums[wholes[i]].max;
        }
        assert(wholes_least == watch.wholes_least[bi] && wholes_most == watch.wholes_most[bi]);
#endif
        if (target > widest + kSlackPastWidest) continue;
        // Nothing can narrow when no part reaches past the target and the gap-free parts
        // but any one make every sum up to it (each other part taking its least): the
        // knapsack would keep every value and every cage sum.
        if (target >= widest && runs - widest_run >= target) continue;
        int count = 0;
        for (int i = 0; i < b.wholes; ++i) {
            const SumRange& r = cage_sums[wholes[i]];
            if (r.max != r.min) open[count++] = {r.from_min, r.from_max, -1 - wholes[i], false};
        }
        for (int i = 0; i < b.insides + b.outies; ++i) {
            const int cell = insides[i];  // the outies follow the insides
            const Mask m = cand[cell];
            if (low[cell] == high[cell]) continue;
            const std::uint64_t up = m >> low[cell], down = from_max_of[m];
            const bool outie = i >= b.insides;
            open[count++] = {outie ? down : up, outie ? up : down, cell, outie};
        }
        const std::uint64_t window = target == 63 ? ~0ull : (2ull << target) - 1;
        // Every part can add 0 (its own least, or greatest), so once the parts before i
        // reach every offset in the window, so do those before any later part, and once
        // the parts after i complete from every offset, so do those after any earlier one.
        reach[0] = 1;
        int whole_from = count + 1;  // reach[i] is the whole window for i >= whole_from
        for (int i = 0; i < count; ++i) {
            if (reach[i] == window) {
                whole_from = i;
                break;
            }
            reach[i + 1] =
                sums_up(reach[i], from_min ? open[i].from_min : open[i].from_max, window);
        }
        for (int i = whole_from; i <= count; ++i) reach[i] = window;
        if (!(reach[count] >> target & 1)) return fail();
        std::uint64_t need = 1ull << target;  // offsets the parts after i can complete
        for (int i = count - 1; i >= 0; --i) {
            const Open& o = open[i];
            const std::uint64_t offsets = from_min ? o.from_min : o.from_max;
            if (o.cell >= 0) {
                const Mask m = cand[o.cell];
                const int lo = lowest_value(m), hi = highest_value(m);
                // Offsets count up from the cell's least value when the side and the
                // part's sign agree, else down from its greatest.
                const bool up = from_min != o.outie;
                Mask keep = 0;
                for (unsigned x = static_cast<unsigned>(m); x; x &= x - 1) {
                    const int v = std::countr_zero(x);
                    if ((reach[i] << (up ? v - lo : hi - v)) & need)
                        keep = static_cast<Mask>(keep | value_bit(v));
                }
                if (!keep) return fail();
                if (keep != m) {
                    move_cell_bounds(o.cell, m, keep, watch);
                    cand[o.cell] = keep;
                    bounds_of(o.cell);
                    add(cell_bands_[o.cell]);                // its other bands look again
                    stale[bi >> 6] &= ~(1ull << (bi & 63));  // this one holds: exact
                }
            } else if (const SumRange& r = cage_sums[-1 - o.cell]; r.max - r.min < 64) {
                std::uint64_t keep = 0;  // as offsets from the cage's least sum
                for (std::uint64_t x = offsets; x; x &= x - 1) {
                    const int a = std::countr_zero(x);
                    if ((reach[i] << a) & need) keep |= 1ull << (from_min ? a : r.max - r.min - a);
                }
                std::uint64_t& kept = cage_keep[-1 - o.cell];
                kept &= keep;
                if (!kept) return fail();
                // A cage's sums are narrowed afresh on every pass (the caller may be
                // unable to drop its tuples by sum): the band looks again next time.
                if (keep != r.from_min) stay_stale = true;
            }
            if (need != window) need = sums_down(need, offsets);
        }
        if (stay_stale) stale[bi >> 6] |= 1ull << (bi & 63);
    }
    std::copy_n(cand, n_ * n_, watch.seen.begin());
    std::copy_n(cage_sums, cage_bands_.size(), watch.seen_sums.begin());
    return true;
}

}  // namespace kk
