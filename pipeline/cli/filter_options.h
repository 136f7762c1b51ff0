// The query filters as command-line options, shared by `query` and `export`. A
// template over the CLI11 app type so that db/ itself does not depend on CLI11.
#pragma once

#include <CLI/CLI.hpp>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/model/level.h"
#include "core/model/puzzle.h"
#include "db/store/query.h"
#include "pipeline/cli/command.h"
#include "pipeline/factory/quotas.h"

namespace kk::cli {

// The signs as typeset (U+00D7 multiplication, U+00F7 division, U+2212 minus) in their
// ASCII spelling; anything else is left for filter_problem to name.
inline std::string ascii_ops(std::string text) {
    static const std::pair<std::string_view, char> kTypeset[] = {
        {"\u00d7", '*'}, {"\u00f7", '/'}, {"\u2212", '-'}};
    for (const auto& [sign, ascii] : kTypeset)
        for (std::size_t at; (at = text.find(sign)) != std::string::npos;)
            text.replace(at, sign.size(), 1, ascii);
    return text;
}

// What the options hold until the command runs; to_filter() turns them into a filter.
struct FilterOptions {
    std::optional<std::string> size;  // "6", "6-9" or "4,6,8"
    std::string levels;               // "hard" or "easy,normal"
    std::optional<double> min_score, max_score;
    std::optional<std::string> ops;
    std::optional<int> max_cage;
    std::optional<std::string> variant;  // "hidden,killer", "standard", ...
    bool fresh = false;
    std::string order = "id";
    std::optional<std::uint64_t> seed;  // only with order random
    std::optional<int> limit;

    // nullopt and a reason in problem when an option holds something unusable.
    std::optional<db::QueryFilter> to_filter(std::string& problem) const {
        db::QueryFilter f;
        if (size) {
            try {
                f.sizes = parse_sizes(*size);
            } catch (const std::invalid_argument& e) {
                problem = "--size: " + reason_of(e.what());
                return std::nullopt;
            }
        }
        f.levels = db::split_levels(levels);
        // "," alone would mean every level.
        if (f.levels.empty() && !levels.empty()) {
            problem = "--level: no level named in '" + levels + "' (" + graded_level_names() + ")";
            return std::nullopt;
        }
        // "hard," was taken for "hard", where --size 4, is refused: a name left out?
        if (db::has_blank_item(levels)) {
            problem = "--level: an empty item in '" + levels + "'";
            return std::nullopt;
        }
        f.min_score = min_score;
        f.max_score = max_score;
        if (ops) f.ops = ascii_ops(*ops);
        f.max_cage = max_cage;
        if (variant) {
            auto rules = parse_rules(*variant, &problem);
            if (!rules) {
                problem = "--variant: " + problem;  // as generate names it
                return std::nullopt;
            }
            f.variant = rules_name(*rules);  // one spelling, as the corpus stores it
        }
        f.fresh = fresh;
        f.seed = seed.value_or(0);
        f.limit = limit;
        const auto o = db::parse_order(order);
        if (!o) {
            problem = "unknown order \"" + order + "\" (id, score, random)";
            return std::nullopt;
        }
        f.order = *o;
        // It was ignored: the same puzzles came whatever the seed.
        if (seed && f.order != db::Order::Random) {
            problem = "--seed orders --order random only; add --order random";
            return std::nullopt;
        }
        if (auto p = db::filter_problem(f)) {
            problem = *p;
            return std::nullopt;
        }
        db::normalise(f);
        return f;
    }
};

template <class App>
void add_filter_options(App* sub, FilterOptions& o, bool with_limit) {
    sub->add_option("--size", o.size, "Only puzzles of these sizes: 6, 6-9 or 4,6,8");
    sub->add_option("--level", o.levels,
                    "Only these levels, comma separated (easy,normal,hard,extreme,unreasonable)");
    sub->add_option("--min-score", o.min_score, "Only puzzles scoring at least this")
        ->check(finite_number());
    sub->add_option("--max-score", o.max_score, "Only puzzles scoring at most this")
        ->check(finite_number());
    sub->add_option(
        "--ops", o.ops,
        "Only puzzles whose operations are all among these, e.g. +- or +-×÷ (givens are "
        "free)");
    sub->add_option("--max-cage", o.max_cage, "Only puzzles whose cages have at most K cells")
        ->check(whole_number(1, 81));
    sub->add_option("--variant", o.variant,
                    "Only puzzles of these rules: standard, or a comma list of hidden, "
                    "mult-only, add-sub, killer");
    sub->add_flag("--fresh", o.fresh, "Only puzzles never exported in a pack");
    sub->add_option("--order", o.order, "Order (random: reproducible with --seed)")
        ->check(CLI::IsMember({"id", "score", "random"}))
        ->capture_default_str();
    sub->add_option("--seed", o.seed, "Seed of --order random (default 0)")->check(uint64_text());
    if (with_limit)
        sub->add_option("--limit", o.limit, "At most K puzzles")
            ->check(whole_number(0, std::numeric_limits<int>::max()));
}

}  // namespace kk::cli
