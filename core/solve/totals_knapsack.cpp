#include "core/solve/totals_knapsack.h"

#include <algorithm>

#include "core/model/puzzle.h"

namespace kk::line_dp {
namespace {

// fitting_totals (totals_knapsack.h) on totals below 64 * U: with U fixed, the words
// stay in registers.
template <int U>
bool fitting_totals(int groups, const int* count, const TotalList* totals, int target,
                    const Bits& box_bits, WeightSet* fits) {
    if (groups == 0) return target == 0;
    Words<U> box;
    std::copy_n(box_bits.w.begin(), U, box.begin());
    const auto has_total = [](const Words<U>& a, int s) { return (a[s >> 6] >> (s & 63)) & 1; };
    // prefix[g]: the totals the groups before g can make (up to the last group's).
    std::array<Words<U>, kMaxSize> prefix;
    prefix[0] = {};
    prefix[0][0] = 1;
    const int last = groups - 1;
    for (int g = 0; g < last; ++g) {
        Words<U> to{};
        if (g == 0) {  // from {0}: the group's own totals
            for (int i = 0; i < count[0]; ++i) {
                const int s = totals[0][i];
                to[static_cast<unsigned>(s) >> 6] |= 1ull << (s & 63);
            }
        } else {
            for (int i = 0; i < count[g]; ++i) add_shifted_up<U>(to, prefix[g], totals[g][i]);
        }
        for (int k = 0; k < U; ++k) to[k] &= box[k];
        prefix[g + 1] = to;
    }
    // The last group: a total s fits when the groups before it make target - s.
    // left: what the groups before g still have to make.
    Words<U> left{};
    {
        WeightSet fit{};
        bool any = false;
        for (int i = 0; i < count[last]; ++i) {
            const int s = totals[last][i], rest = target - s;
            if (rest < 0) continue;
            const std::uint64_t meets = has_total(prefix[last], rest);
            fit[s >> 6] |= meets << (s & 63);
            any |= meets != 0;
            left[rest >> 6] |= 1ull << (rest & 63);
        }
        if (!any) return false;
        fits[last] = fit;
        if (last == 0) return true;
        for (int k = 0; k < U; ++k) left[k] &= box[k];
    }
    for (int g = last - 1; g >= 1; --g) {
        WeightSet fit{};
        Words<U> to{};
        for (int i = 0; i < count[g]; ++i) {
            const int s = totals[g][i];
            fit[s >> 6] |= std::uint64_t{meets_shifted<U>(prefix[g], left, s)} << (s & 63);
            for (int k = 0; k < U; ++k) to[k] |= shifted_word<U>(left, s, k);
        }
        fits[g] = fit;
        for (int k = 0; k < U; ++k) left[k] = to[k] & box[k];
    }
    // The first group starts from {0}: its totals that the rest complete are in left.
    WeightSet fit{};
    for (int i = 0; i < count[0]; ++i) {
        const int s = totals[0][i];
        fit[s >> 6] |= has_total(left, s) << (s & 63);
    }
    fits[0] = fit;
    return true;
}

}  // namespace

bool fitting_totals(int used, int groups, const int* count, const TotalList* totals, int target,
                    const Bits& box, WeightSet* fits) {
    using Pass = bool (*)(int, const int*, const TotalList*, int, const Bits&, WeightSet*);
    static constexpr Pass kByWords[] = {fitting_totals<1>, fitting_totals<2>, fitting_totals<3>,
                                        fitting_totals<4>, fitting_totals<5>, fitting_totals<6>,
                                        fitting_totals<7>, fitting_totals<8>};
    return kByWords[std::clamp(used, 1, 8) - 1](groups, count, totals, target, box, fits);
}

}  // namespace kk::line_dp
