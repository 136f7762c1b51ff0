#include "pipeline/factory/config.h"

#include <toml++/toml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

#include "core/io/file_text.h"
#include "core/io/toml_depth.h"
#include "core/io/utf8.h"

namespace kk {
namespace {

// Built-in recipes. The base is CanCan's. The others lay dominoes first, which
// makes far more candidates unique; their operator mixes lean towards different
// levels (measured on 9x9: pure dominoes give easy and normal; avoiding give-aways
// and favouring - and / give extreme and unreasonable). Steering learns which is
// which per size as the run goes.
std::vector<Recipe> standard_recipes() {
    Recipe cancan{"cancan", {}, {}};
    Recipe dominoes{"dominoes", {}, {}};
    dominoes.tiling.strategy = TilingStrategy::DominoFirst;
    dominoes.tiling.size_weights = {0.0, 0.55, 0.30, 0.15};
    dominoes.tiling.max_cage = 4;
    Recipe pure = dominoes;
    pure.name = "pure-dominoes";
    pure.tiling.size_weights = {0.0, 1.0};
    pure.tiling.max_cage = 3;
    Recipe no_giveaways = dominoes;
    no_giveaways.name = "no-giveaways";
    no_giveaways.tiling.size_weights = {0.0, 0.7, 0.3};
    no_giveaways.tiling.max_cage = 3;
    no_giveaways.operators.avoid_giveaways = true;
    // + and x half as often as - and /: more hard and extreme puzzles per candidate
    // (4x4: hard 2.4% -> 3.0%, extreme 1.8% -> 2.8%; 4x4 hard 15%, 8x8 extreme 27%
    // and 9x9 unreasonable 13% less CPU, other cells within noise).
    no_giveaways.operators.two_cell[0] = 0.5;
    no_giveaways.operators.two_cell[2] = 0.5;
    Recipe sub_div = dominoes;
    sub_div.name = "subtract-divide";
    sub_div.operators.two_cell[0] = 0.3;  // + rarely, x half as often as - and /
    sub_div.operators.two_cell[2] = 0.5;
    Recipe few_sums = dominoes;
    few_sums.name = "few-sums";
    few_sums.operators.two_cell[0] = 0.3;
    few_sums.operators.larger[0] = 0.5;
    return {cancan, dominoes, pure, no_giveaways, sub_div, few_sums};
}

struct Reader {
    static constexpr std::size_t kShownKeyBytes = 200;
    const std::string& source;

    [[noreturn]] void fail(const toml::node* node, const std::string& key,
                           const std::string& what) const {
        std::ostringstream m;
        m << source;
        if (node && node->source().begin.line) m << ":" << node->source().begin.line;
        // The key and what is wrong with its value, cut: a key or a variant name of a
        // megabyte was written whole into the message.
        m << ": " << printable_cut(key, kShownKeyBytes) << ": " << printable_cut(what, 400);
        throw ConfigError(m.str());
    }

    // A recipe's table (and each table in it) with these keys and at least one: an empty
    // one sets nothing, so it is a slip (keys under the wrong header, say); it was
    // taken silently, an empty [[recipes]] as one more CanCan recipe.
    void recipe_keys(const toml::table& t, const std::string& where,
                     std::initializer_list<const char*> keys) const {
        if (t.empty())
            fail(&t, where, "an empty table sets nothing: give its keys or leave it out");
        only_keys(t, where, keys);
    }

    void only_keys(const toml::table& t, const std::string& where,
                   std::initializer_list<const char*> keys) const {
        std::set<std::string> allowed(keys.begin(), keys.end());
        for (auto&& [k, v] : t)
            if (!allowed.count(std::string(k.str())))
                fail(&v, where.empty() ? std::string(k.str()) : where + "." + std::string(k.str()),
                     "unknown key");
    }

    // A finite number: TOML's nan and inf are no weight or share.
    double number(const toml::node& n, const std::string& key) const {
        auto v = n.value<double>();
        if (!v) fail(&n, key, "expected a number");
        if (!std::isfinite(*v)) fail(&n, key, "expected a finite number, not nan or inf");
        return *v;
    }
    std::int64_t integer(const toml::node& n, const std::string& key, std::int64_t lo,
                         std::int64_t hi) const {
        // is_integer first: value<int64_t>() would convert a float such as 27e99,
        // which overflows (undefined behaviour; found by tests/fuzz/fuzz_config).
        if (!n.is_integer()) fail(&n, key, "expected an integer");
        auto v = n.value<std::int64_t>();
        if (!v) fail(&n, key, "expected an integer");
        if (*v < lo || *v > hi)
            fail(&n, key, "must be between " + std::to_string(lo) + " and " + std::to_string(hi));
        return *v;
    }
    // A string; example says what it holds ("sizes = 6" said only "expected a string").
    std::string text(const toml::node& n, const std::string& key,
                     const std::string& example = "") const {
        if (auto v = n.value<std::string>()) return *v;
        fail(&n, key, example.empty() ? "expected a string" : "expected a string: " + example);
    }
    bool boolean(const toml::node& n, const std::string& key) const {
        // is_boolean first: value<bool>() takes an integer too, so "steering = 1" passed
        // where "steering = \"no\"" was refused.
        if (n.is_boolean()) return *n.value<bool>();
        fail(&n, key, "expected true or false");
    }
    double weight(const toml::node& n, const std::string& key) const {
        double w = number(n, key);
        if (w < 0) fail(&n, key, "weights cannot be negative");
        return w;
    }
};

// A seed is 0..2^64-1, but TOML integers stop at 2^63-1: larger seeds are written
// as decimal strings ("18446744073709551615"), as config_to_toml stores them.
std::uint64_t seed_of(const Reader& rd, const toml::node& n) {
    // Said "expected a string" for 1.5 and "between 0 and 9223372036854775807" for -1.
    const std::string what =
        "a seed is a whole number from 0 to 2^64-1, or a string of one (\"18446744073709551615\")";
    if (n.is_integer()) {
        if (*n.value<std::int64_t>() < 0) rd.fail(&n, "run.seed", what);
        return static_cast<std::uint64_t>(*n.value<std::int64_t>());
    }
    if (!n.is_string()) rd.fail(&n, "run.seed", what);
    const std::string text = rd.text(n, "run.seed");
    std::uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        rd.fail(&n, "run.seed", "'" + text + "' is not one: " + what);
    return seed;
}

TilingStrategy strategy_of(const Reader& rd, const toml::node& n, const std::string& key) {
    const std::string s = rd.text(n, key, "\"random-edges\" or \"domino-first\"");
    if (auto strategy = parse_tiling_strategy(s)) return *strategy;
    rd.fail(&n, key, "unknown strategy '" + s + "' (random-edges or domino-first)");
}

void read_tiling(const Reader& rd, const toml::table& t, const std::string& where,
                 TilingConfig& tc) {
    rd.recipe_keys(t, where, {"strategy", "size_weights", "max_cage"});
    if (auto* n = t.get("strategy")) tc.strategy = strategy_of(rd, *n, where + ".strategy");
    if (auto* n = t.get("max_cage"))
        tc.max_cage = static_cast<int>(rd.integer(*n, where + ".max_cage", 1, 9));
    if (auto* n = t.get("size_weights")) {
        auto* arr = n->as_array();
        if (!arr || arr->empty() || arr->size() > 9)
            rd.fail(n, where + ".size_weights", "expected a list of 1 to 9 weights");
        tc.size_weights.clear();
        double sum = 0;
        for (auto& w : *arr) {
            tc.size_weights.push_back(rd.weight(w, where + ".size_weights"));
            sum += tc.size_weights.back();
        }
        if (sum <= 0) rd.fail(n, where + ".size_weights", "at least one weight must be positive");
    }
    // Cages of one cell only: every cell a given, nothing to solve. Such "puzzles" were
    // stored with max_singletons = 1, and otherwise the run stored nothing, exit 0.
    // Domino-first pairs cells whatever the weights; random edges follow them.
    bool larger_cages = tc.max_cage > 1 && tc.strategy == TilingStrategy::DominoFirst;
    const int drawn = std::min<int>(tc.max_cage, static_cast<int>(tc.size_weights.size()));
    if (tc.max_cage > 1 && tc.strategy == TilingStrategy::RandomEdges)
        larger_cages = tc.size_weights.front() <= 0 ||  // none drawn: max_cage is drawn
                       std::any_of(tc.size_weights.begin() + 1, tc.size_weights.begin() + drawn,
                                   [](double w) { return w > 0; });
    if (!larger_cages) {
        const toml::node* blamed = tc.max_cage == 1 ? t.get("max_cage") : t.get("size_weights");
        rd.fail(blamed ? blamed : &t, where,
                tc.max_cage == 1
                    ? "max_cage 1 makes every cage a single cell: a grid of givens, nothing "
                      "to solve (allow 2 or more)"
                    : "only 1-cell cages have weight up to max_cage: a grid of givens, nothing "
                      "to solve (weigh a larger size)");
    }
}

void read_operators(const Reader& rd, const toml::table& t, const std::string& where,
                    OperatorConfig& oc) {
    rd.recipe_keys(t, where, {"two_cell", "larger", "avoid_giveaways", "strongest"});
    if (auto* n = t.get("two_cell")) {
        auto* tt = n->as_table();
        if (!tt) rd.fail(n, where + ".two_cell", "expected { add, sub, mul, div } weights");
        rd.recipe_keys(*tt, where + ".two_cell", {"add", "sub", "mul", "div"});
        const char* names[4] = {"add", "sub", "mul", "div"};
        for (int i = 0; i < 4; ++i)
            if (auto* w = tt->get(names[i]))
                oc.two_cell[i] = rd.weight(*w, where + ".two_cell." + names[i]);
        if (oc.two_cell[0] + oc.two_cell[1] + oc.two_cell[2] + oc.two_cell[3] <= 0)
            rd.fail(n, where + ".two_cell", "at least one weight must be positive");
    }
    if (auto* n = t.get("larger")) {
        auto* tt = n->as_table();
        if (!tt) rd.fail(n, where + ".larger", "expected { add, mul } weights");
        rd.recipe_keys(*tt, where + ".larger", {"add", "mul"});
        if (auto* w = tt->get("add")) oc.larger[0] = rd.weight(*w, where + ".larger.add");
        if (auto* w = tt->get("mul")) oc.larger[1] = rd.weight(*w, where + ".larger.mul");
        if (oc.larger[0] + oc.larger[1] <= 0)
            rd.fail(n, where + ".larger", "at least one weight must be positive");
    }
    if (auto* n = t.get("avoid_giveaways"))
        oc.avoid_giveaways = rd.boolean(*n, where + ".avoid_giveaways");
    if (auto* n = t.get("strongest")) oc.strongest = rd.boolean(*n, where + ".strongest");
}

FactoryConfig config_from_table(const toml::table& t, const std::string& source_name,
                                ConfigSource source);

}  // namespace

FactoryConfig default_config() {
    FactoryConfig c;
    // The default corpus: 100 puzzles of each size, mixed like a sample book.
    c.quotas.sizes = {4, 5, 6, 7, 8, 9};
    c.quotas.per_size = spread_count(600, c.quotas.sizes.size());
    c.quotas.per_level = {10, 20, 50, 10, 10};
    c.recipes = default_recipes();
    return c;
}

std::vector<Recipe> default_recipes(const Rules& rules) {
    std::vector<Recipe> recipes = standard_recipes();
    if (rules.standard()) return recipes;  // the default corpus stays as it was
    Recipe strong{"strong-dominoes", {}, {}};
    strong.tiling.strategy = TilingStrategy::DominoFirst;
    strong.tiling.size_weights = {0.0, 1.0};
    strong.tiling.max_cage = 3;
    strong.operators.strongest = true;
    Recipe strong_mixed = strong;
    strong_mixed.name = "strong-mixed";
    strong_mixed.tiling.size_weights = {0.0, 0.55, 0.30, 0.15};
    strong_mixed.tiling.max_cage = 4;
    // One shown operation (mult-only) leaves the op nothing to choose: there the hard
    // levels are short instead, and big cages with no given make them (5x5: one
    // unreasonable in ~1500 candidates, none in 60000 of the six recipes above).
    Recipe big{"big-cages", {}, {}};
    big.tiling.size_weights = {0.0, 0.2, 0.3, 0.3, 0.2};
    Recipe bigger = big;
    bigger.name = "bigger-cages";
    bigger.tiling.size_weights = {0.0, 0.1, 0.3, 0.3, 0.2, 0.1};
    bigger.tiling.max_cage = 6;
    int shown_ops = 0;
    for (Op op : {Op::Add, Op::Sub, Op::Mul, Op::Div}) shown_ops += (rules.ops & op_bit(op)) != 0;
    const bool one_op = !rules.hidden && shown_ops == 1;
    recipes.push_back(one_op ? big : strong);
    recipes.push_back(one_op ? bigger : strong_mixed);
    // With + and - alone the base recipe (all of a --count run) cannot be CanCan's:
    // at 9x9 it makes 5 unique puzzles in 2000 candidates; strong-mixed, 30 in 184.
    const bool sums_and_differences =
        !rules.hidden && !(rules.ops & (op_bit(Op::Mul) | op_bit(Op::Div)));
    if (sums_and_differences) std::rotate(recipes.begin(), recipes.end() - 1, recipes.end());
    return recipes;
}

void set_variant(FactoryConfig& c, const Rules& rules) {
    if (c.recipes == default_recipes(c.rules)) c.recipes = default_recipes(rules);
    c.rules = rules;
}

FactoryConfig load_config(const std::string& path) {
    // Read with a cap: a configuration is a few hundred bytes, and a device such as
    // /dev/zero must end in a message, not in memory growing without bound.
    std::string text;
    const std::string problem =
        read_file_capped(path, kMaxConfigBytes, "a configuration file", text);
    const std::string shown = shown_name(path);
    if (!problem.empty()) throw ConfigError(shown + ": " + problem);
    if (const std::string utf16 = utf16_problem(text); !utf16.empty())
        throw ConfigError(shown + ":1: " + utf16);
    return parse_config(text, shown, ConfigSource::File);
}

FactoryConfig parse_config(const std::string& toml_text, const std::string& source_name,
                           ConfigSource source) {
    if (const int line = toml_too_deep_line(toml_text))
        throw ConfigError(source_name + ":" + std::to_string(line) + ": " + kTomlTooDeep);
    toml::table t;
    try {
        t = toml::parse(toml_text, source_name);
    } catch (const toml::parse_error& e) {
        std::ostringstream m;
        m << source_name << ":" << e.source().begin.line << ": " << e.description();
        throw ConfigError(m.str());
    }
    return config_from_table(t, source_name, source);
}

namespace {

FactoryConfig config_from_table(const toml::table& t, const std::string& source_name,
                                ConfigSource source) {
    const Reader rd{source_name};
    FactoryConfig c = default_config();
    rd.only_keys(t, "", {"run", "recipes"});
    if (auto* run = t["run"].as_table()) {
        rd.only_keys(
            *run, "run",
            {"sizes", "count", "per_level", "seed", "threads", "max_singletons", "max_search_nodes",
             "max_candidate_seconds", "in_flight", "batch", "steering", "variant", "shard"});
        if (auto* n = run->get("sizes")) {
            try {
                c.quotas.sizes = parse_sizes(rd.text(
                    *n, "run.sizes", "a range \"4-9\", one size \"6\" or a list \"4,6,9\""));
            } catch (const std::invalid_argument& e) {
                rd.fail(n, "run.sizes", reason_of(e.what()));
            }
        }
        int count = 600;
        if (auto* n = run->get("count")) {
            count = static_cast<int>(rd.integer(*n, "run.count", 1, 100'000'000));
            c.quotas.per_level = {};  // a count replaces the default level quotas
        }
        c.quotas.per_size = spread_count(count, c.quotas.sizes.size());
        if (auto* n = run->get("per_level")) {
            auto* pl = n->as_table();
            if (!pl) rd.fail(n, "run.per_level", "expected { easy = N, normal = N, ... }");
            // Both were taken, and the count dropped without a word.
            if (run->contains("count"))
                rd.fail(n, "run.per_level",
                        "count and per_level exclude each other (as --count and --per-level "
                        "do): give one");
            c.quotas.per_level = {};  // levels left out ask for none
            for (auto&& [k, v] : *pl) {
                Level l;
                if (!parse_level(k.str(), l) || static_cast<int>(l) >= kGradedLevels)
                    rd.fail(&v, "run.per_level." + std::string(k.str()), "unknown level");
                c.quotas.per_level[static_cast<size_t>(l)] = static_cast<int>(
                    rd.integer(v, "run.per_level." + std::string(k.str()), 0, kMaxLevelQuota));
            }
            // Every level at 0 asks for nothing (and would otherwise fall back on
            // the count, storing puzzles of any level).
            if (!c.quotas.by_level())
                rd.fail(n, "run.per_level", "every level asks for 0 puzzles: nothing to make");
        }
        if (auto* n = run->get("seed")) c.seed = seed_of(rd, *n);
        if (auto* n = run->get("threads"))
            c.threads = static_cast<int>(rd.integer(*n, "run.threads", 0, 1024));
        if (auto* n = run->get("max_singletons")) {
            c.max_singletons = rd.number(*n, "run.max_singletons");
            if (c.max_singletons < 0 || c.max_singletons > 1)
                rd.fail(n, "run.max_singletons", "must be between 0 and 1");
        }
        if (auto* n = run->get("max_search_nodes"))
            c.max_search_nodes = static_cast<std::uint64_t>(
                rd.integer(*n, "run.max_search_nodes", 0, 1'000'000'000));
        if (auto* n = run->get("max_candidate_seconds")) {
            c.max_candidate_seconds = rd.number(*n, "run.max_candidate_seconds");
            if (!(c.max_candidate_seconds > 0 && c.max_candidate_seconds <= 1e6))
                rd.fail(n, "run.max_candidate_seconds", "must be a number of seconds in (0, 1e6]");
        }
        if (auto* n = run->get("in_flight"))
            c.in_flight = static_cast<int>(rd.integer(*n, "run.in_flight", 4, 65536));
        if (auto* n = run->get("batch"))
            c.batch = static_cast<int>(rd.integer(*n, "run.batch", 1, 1'000'000));
        if (auto* n = run->get("steering")) c.steering = rd.boolean(*n, "run.steering");
        if (auto* n = run->get("variant")) {
            std::string why;
            const std::string text =
                rd.text(*n, "run.variant", "standard, or a comma list such as \"hidden,killer\"");
            // "" was the standard puzzle, as --variant '' is not.
            if (text.empty())
                rd.fail(n, "run.variant", "empty: write \"standard\" or leave it out");
            auto rules = parse_rules(text, &why);
            if (!rules) rd.fail(n, "run.variant", why);
            set_variant(c, *rules);
        }
        if (auto* n = run->get("shard")) {
            std::string why;
            auto s = parse_shard(rd.text(*n, "run.shard", "I/N such as \"0/4\""), &why);
            // The top-up stream of a merged corpus is stored as shard N/N; a file of the
            // user's may not name it ("2/2", meant as the second of two, made the whole
            // quota as the top-up stream).
            if (!s && source == ConfigSource::Stored) {
                int i = 0, count = 0;
                const std::string t = rd.text(*n, "run.shard");
                if (std::sscanf(t.c_str(), "%d/%d", &i, &count) == 2 && i == count && count >= 1 &&
                    shard_text({i, count}) == t)
                    s = ShardId{i, count};
            }
            if (!s) rd.fail(n, "run.shard", why);
            c.shard = *s;
        }
    } else if (t.contains("run")) {
        rd.fail(t.get("run"), "run", "expected a table");
    }
    if (auto* n = t.get("recipes")) {
        auto* arr = n->as_array();
        if (!arr || arr->empty()) rd.fail(n, "recipes", "expected [[recipes]] tables");
        c.recipes.clear();
        // A recipe's name is what tells it in messages (recipes.NAME.tiling) and in the
        // stored run: two of one name (a table copied, its name left) were taken, and a
        // message named either. (A run stored by an older kenken with two still reads.)
        std::map<std::string, std::uint32_t> first_line;
        for (auto& item : *arr) {
            auto* rt = item.as_table();
            if (!rt) rd.fail(&item, "recipes", "expected a table");
            rd.recipe_keys(*rt, "recipes", {"name", "tiling", "operators"});
            Recipe r;
            r.name = rt->get("name") ? rd.text(*rt->get("name"), "recipes.name")
                                     : "recipe-" + std::to_string(c.recipes.size() + 1);
            const toml::node* named = rt->get("name") ? rt->get("name") : rt;
            // name = "" was taken, and messages named "recipes..tiling" (a run stored so by
            // an older kenken still reads).
            if (r.name.empty() && source == ConfigSource::File)
                rd.fail(named, "recipes.name",
                        "empty: give the recipe a name, or leave the key out");
            if (const auto seen = first_line.find(r.name);
                seen != first_line.end() && source == ConfigSource::File)
                rd.fail(named, "recipes.name",
                        "two recipes are named '" + r.name + "' (the first on line " +
                            std::to_string(seen->second) + "): give each its own name");
            first_line.emplace(r.name, named->source().begin.line);
            const std::string where = "recipes." + r.name;
            if (auto* tl = rt->get("tiling")) {
                if (!tl->as_table()) rd.fail(tl, where + ".tiling", "expected a table");
                read_tiling(rd, *tl->as_table(), where + ".tiling", r.tiling);
            }
            if (auto* op = rt->get("operators")) {
                if (!op->as_table()) rd.fail(op, where + ".operators", "expected a table");
                read_operators(rd, *op->as_table(), where + ".operators", r.operators);
            }
            c.recipes.push_back(std::move(r));
        }
        if (c.recipes.size() > static_cast<size_t>(kMaxRecipes))
            rd.fail(n, "recipes", "at most " + std::to_string(kMaxRecipes) + " recipes");
    }
    return c;
}

}  // namespace

std::string config_to_toml(const FactoryConfig& c) {
    toml::table run{{"sizes", sizes_text(c.quotas.sizes)},
                    {"threads", c.threads},
                    {"max_singletons", c.max_singletons},
                    {"max_search_nodes", static_cast<std::int64_t>(c.max_search_nodes)},
                    {"max_candidate_seconds", c.max_candidate_seconds},
                    {"in_flight", c.in_flight},
                    {"batch", c.batch},
                    {"steering", c.steering}};
    if (c.seed <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        run.insert("seed", static_cast<std::int64_t>(c.seed));
    else
        run.insert("seed", std::to_string(c.seed));  // beyond TOML's integers (seed_of)
    if (!c.rules.standard()) run.insert("variant", rules_name(c.rules));
    // Only a split run says so: an ordinary run's stored configuration is unchanged.
    if (c.shard.count > 1 || c.shard.index > 0) run.insert("shard", shard_text(c.shard));
    if (c.quotas.by_level()) {
        toml::table pl;
        for (int l = 0; l < kGradedLevels; ++l)
            pl.insert(level_name(static_cast<Level>(l)),
                      c.quotas.per_level[static_cast<size_t>(l)]);
        run.insert("per_level", pl);
    } else {
        int count = 0;
        for (int q : c.quotas.per_size) count += q;
        run.insert("count", count);
    }
    toml::array recipes;
    for (const Recipe& r : c.recipes) {
        toml::array weights;
        for (double w : r.tiling.size_weights) weights.push_back(w);
        toml::table tiling{{"strategy", tiling_strategy_name(r.tiling.strategy)},
                           {"size_weights", weights},
                           {"max_cage", r.tiling.max_cage}};
        toml::table two{{"add", r.operators.two_cell[0]},
                        {"sub", r.operators.two_cell[1]},
                        {"mul", r.operators.two_cell[2]},
                        {"div", r.operators.two_cell[3]}};
        toml::table larger{{"add", r.operators.larger[0]}, {"mul", r.operators.larger[1]}};
        toml::table ops{{"two_cell", two},
                        {"larger", larger},
                        {"avoid_giveaways", r.operators.avoid_giveaways}};
        // Written only when on: the stored configuration of older runs reads the same.
        if (r.operators.strongest) ops.insert("strongest", true);
        recipes.push_back(toml::table{{"name", r.name}, {"tiling", tiling}, {"operators", ops}});
    }
    toml::table root{{"run", run}, {"recipes", recipes}};
    std::ostringstream out;
    out << root << "\n";
    return out.str();
}

}  // namespace kk
