#include "core/generate/operator_assigner.h"

#include <algorithm>

namespace kk {

namespace {

constexpr Op kTwoCellOps[4] = {Op::Add, Op::Sub, Op::Mul, Op::Div};
constexpr Op kLargerOps[2] = {Op::Add, Op::Mul};

std::int64_t target_of(Op op, const std::vector<int>& cells, const Grid& solution) {
    auto value = [&](int cell) -> std::int64_t { return solution[cell]; };
    std::int64_t acc = op == Op::Mul ? 1 : 0;
    switch (op) {
        case Op::Given:
            return value(cells[0]);
        case Op::Add:
            for (int c : cells) acc += value(c);
            return acc;
        case Op::Mul:
            for (int c : cells) acc *= value(c);
            return acc;
        case Op::Sub:
            return std::max(value(cells[0]), value(cells[1])) -
                   std::min(value(cells[0]), value(cells[1]));
        case Op::Div:
            return std::max(value(cells[0]), value(cells[1])) /
                   std::min(value(cells[0]), value(cells[1]));
    }
    return 0;
}

// Index into weights by rng; when none is positive, uniform over the allowed entries.
int draw(const double* weights, const bool* allowed, int count, Rng& rng) {
    double w[4] = {};
    for (int i = 0; i < count; ++i) w[i] = allowed[i] ? weights[i] : 0.0;
    int pick = rng.weighted(w, count);
    if (pick >= 0) return pick;
    for (int i = 0; i < count; ++i) w[i] = allowed[i] ? 1.0 : 0.0;
    return rng.weighted(w, count);
}

bool in_rules(const Rules& rules, Op op) {
    return (rules.ops & op_bit(op)) != 0;
}

std::int64_t pair_target(Op op, int hi, int lo) {
    return op == Op::Add   ? hi + lo
           : op == Op::Sub ? hi - lo
           : op == Op::Mul ? std::int64_t{hi} * lo
                           : (lo > 0 ? hi / lo : 0);
}

// Keeps only the allowed ops whose clue has the fewest pairs.
void keep_strongest(int n, int hi, int lo, const Rules& rules, bool* allowed) {
    int pairs[4] = {};
    int fewest = n * n;
    for (int i = 0; i < 4; ++i) {
        if (!allowed[i]) continue;
        const Op op = kTwoCellOps[i];
        const OpSet seen = rules.hidden ? (rules.ops & kArithmeticOps) : op_bit(op);
        pairs[i] = clue_pairs(n, seen, pair_target(op, hi, lo));
        fewest = std::min(fewest, pairs[i]);
    }
    for (int i = 0; i < 4; ++i) allowed[i] = allowed[i] && pairs[i] == fewest;
}

Op two_cell_op(int n, int a, int b, const OperatorConfig& cfg, Rng& rng, const Rules& rules) {
    const int hi = std::max(a, b), lo = std::min(a, b);
    // A connected pair shares a row or column, so its values differ in a Latin square;
    // guard anyway: - and ÷ need distinct values for a positive, meaningful target.
    bool allowed[4] = {in_rules(rules, Op::Add), hi != lo && in_rules(rules, Op::Sub),
                       in_rules(rules, Op::Mul),
                       hi != lo && hi % lo == 0 && in_rules(rules, Op::Div)};
    if (!(allowed[0] || allowed[1] || allowed[2] || allowed[3])) allowed[0] = true;
    if (cfg.avoid_giveaways) {
        bool kept[4];
        bool any_weighted = false;
        for (int i = 0; i < 4; ++i) {
            const Op op = kTwoCellOps[i];
            const std::int64_t t = pair_target(op, hi, lo);
            kept[i] = allowed[i] && !is_giveaway(n, op, t);
            any_weighted |= kept[i] && cfg.two_cell[i] > 0;
        }
        if (any_weighted) std::copy(kept, kept + 4, allowed);
    }
    if (cfg.strongest) keep_strongest(n, hi, lo, rules, allowed);
    return kTwoCellOps[draw(cfg.two_cell, allowed, 4, rng)];
}

}  // namespace

bool is_giveaway(int n, Op op, std::int64_t target) {
    switch (op) {
        case Op::Add: {
            int pairs = 0;  // a < b, a + b = target, both in 1..n
            for (std::int64_t a = 1; a <= n; ++a) pairs += target - a > a && target - a <= n;
            return pairs == 1;
        }
        case Op::Sub:
            return target == n - 1;
        case Op::Div:
            return 2 * target > n;
        default:
            return false;
    }
}

int clue_pairs(int n, OpSet ops, std::int64_t target) {
    int pairs = 0;
    for (int lo = 1; lo <= n; ++lo)
        for (int hi = lo + 1; hi <= n; ++hi) {
            bool makes = false;
            for (Op op : kTwoCellOps)
                makes = makes || ((ops & op_bit(op)) && (op != Op::Div || hi % lo == 0) &&
                                  pair_target(op, hi, lo) == target);
            pairs += makes;
        }
    return pairs;
}

bool repeats_in_cage(const Grid& solution, const std::vector<std::vector<int>>& cages) {
    for (const auto& cells : cages) {
        unsigned seen = 0;
        for (int c : cells) {
            const unsigned bit = 1u << solution[c];
            if (seen & bit) return true;
            seen |= bit;
        }
    }
    return false;
}

void assign_operators(int n, const Grid& solution, const std::vector<std::vector<int>>& cages,
                      const OperatorConfig& cfg, Rng& rng, const Rules& rules, Puzzle& p) {
    p.size = n;
    p.rules = rules;
    p.cages.resize(cages.size());
    bool larger_allowed[2] = {in_rules(rules, Op::Add), in_rules(rules, Op::Mul)};
    if (!larger_allowed[0] && !larger_allowed[1]) larger_allowed[0] = true;
    for (size_t i = 0; i < cages.size(); ++i) {
        const auto& cells = cages[i];
        Op op;
        if (cells.size() == 1)
            op = Op::Given;
        else if (cells.size() == 2)
            op = two_cell_op(n, solution[cells[0]], solution[cells[1]], cfg, rng, rules);
        else
            op = kLargerOps[draw(cfg.larger, larger_allowed, 2, rng)];
        Cage& cage = p.cages[i];
        cage.op = op;
        cage.target = target_of(op, cells, solution);
        cage.cells.assign(cells.begin(), cells.end());
    }
    normalize(p);
}

Puzzle assign_operators(int n, const Grid& solution, const std::vector<std::vector<int>>& cages,
                        const OperatorConfig& cfg, Rng& rng, const Rules& rules) {
    Puzzle p;
    assign_operators(n, solution, cages, cfg, rng, rules, p);
    return p;
}

}  // namespace kk
