// A factory configuration from TOML (config.h): the [run] table and the [[recipes]],
// checked key by key (config_reader.h), and written back as TOML for the run's record.
#include "pipeline/factory/config.h"

#include <toml++/toml.h>

#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

#include "core/io/file_text.h"
#include "core/io/toml_depth.h"
#include "core/io/utf8.h"
#include "pipeline/factory/config_reader.h"
#include "pipeline/factory/quotas.h"

namespace kk {
namespace {

using config_reading::read_operators;
using config_reading::read_tiling;
using config_reading::Reader;
using config_reading::seed_of;

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
    const Reader rd{source_name, source};
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
