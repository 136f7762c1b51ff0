#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "pipeline/factory/config.h"
#include "tests/support/test_files.h"

using namespace kk;

namespace {

// parse_config's error for text read as file name, or "no error".
std::string config_error(const std::string& text, const std::string& name) {
    try {
        parse_config(text, name);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("sizes parse as ranges and single sizes and lists", "[config]") {
    CHECK(parse_sizes("4-9") == std::vector<int>{4, 5, 6, 7, 8, 9});
    CHECK(parse_sizes("6") == std::vector<int>{6});
    CHECK(parse_sizes("9,4,6") == std::vector<int>{4, 6, 9});
    CHECK(sizes_text({4, 5, 6, 9}) == "4-6,9");
    CHECK_THROWS_AS(parse_sizes("4-10"), std::invalid_argument);
    CHECK_THROWS_AS(parse_sizes("x"), std::invalid_argument);
    CHECK_THROWS_AS(parse_sizes("9-4"), std::invalid_argument);
    // Said "'' is not a number" for these.
    CHECK_THROWS_WITH(parse_sizes("4-"), Catch::Contains("the range '4-' lacks a bound"));
    CHECK_THROWS_WITH(parse_sizes("4,,5"), Catch::Contains("an empty item in '4,,5'"));
    // "4--6" said "runs backwards" (read as 4 to -6).
    for (const char* text : {"4--6", "4-5-6", "--6", "4--", "6,4---9"}) {
        INFO(text);
        CHECK_THROWS_WITH(parse_sizes(text), Catch::Contains("is malformed") &&
                                                 !Catch::Contains("backwards") &&
                                                 !Catch::Contains("not a number"));
    }
    CHECK_THROWS_WITH(parse_sizes("9-4"), Catch::Contains("runs backwards"));
}

TEST_CASE("per-level quotas parse by level name", "[config]") {
    auto q = parse_per_level("easy=3,hard=5,unreasonable=1");
    CHECK(q[0] == 3);
    CHECK(q[1] == 0);
    CHECK(q[2] == 5);
    CHECK(q[4] == 1);
    CHECK_THROWS_AS(parse_per_level("medium=3"), std::invalid_argument);
    CHECK_THROWS_AS(parse_per_level("easy"), std::invalid_argument);
}

TEST_CASE("count spreads evenly over sizes", "[config]") {
    auto q = spread_count(100, 6);
    int total = 0;
    for (int x : q) total += x;
    CHECK(total == 100);
    CHECK(q.front() == 17);
    CHECK(q.back() == 16);
}

TEST_CASE("configs/default.toml holds exactly the built-in defaults", "[config]") {
    const FactoryConfig file = load_config(kTestData + "/../../configs/default.toml");
    CHECK(config_to_toml(file) == config_to_toml(default_config()));
}

TEST_CASE("configs/overnight.toml asks for a balanced corpus of every size", "[config]") {
    const FactoryConfig c = load_config(kTestData + "/../../configs/overnight.toml");
    CHECK(c.quotas.sizes == std::vector<int>{4, 5, 6, 7, 8, 9});
    REQUIRE(c.quotas.by_level());
    for (int q : c.quotas.per_level) CHECK(q == c.quotas.per_level[0]);
    CHECK(c.quotas.total() >= 10000);
}

TEST_CASE("the effective configuration round-trips through TOML", "[config]") {
    FactoryConfig c = default_config();
    c.seed = 77;
    c.quotas.per_level = {1, 2, 3, 4, 5};
    c.recipes[0].tiling.max_cage = 4;
    const std::string text = config_to_toml(c);
    CHECK(config_to_toml(parse_config(text, "t")) == text);
}

TEST_CASE("bad configuration names file and line and key", "[config]") {
    const auto message = [](const std::string& text) { return config_error(text, "bad.toml"); };
    CHECK_THAT(message("[run]\ncolour = 3\n"),
               Catch::Contains("bad.toml:2") && Catch::Contains("run.colour: unknown key"));
    // The key once, not "run.sizes: sizes: 10 ...".
    CHECK_THAT(message("[run]\nsizes = \"4-12\"\n"),
               Catch::Contains("bad.toml:2: run.sizes: 10 is outside 3..9"));
    CHECK_THAT(message("[run]\nmax_singletons = 2.0\n"), Catch::Contains("between 0 and 1"));
    CHECK_THAT(message("[run\n"), Catch::Contains("bad.toml:1"));
    CHECK_THAT(message("[[recipes]]\ntiling = { strategy = \"spiral\" }\n"),
               Catch::Contains("unknown strategy"));
    CHECK_THAT(message("[[recipes]]\ntiling = { size_weights = [0.0, 0.0] }\n"),
               Catch::Contains("at least one weight"));
}

TEST_CASE("edge values in a configuration are errors with file and line", "[config]") {
    const auto message = [](const std::string& text) { return config_error(text, "edge.toml"); };
    // A float where an integer goes: refused before any conversion (27e99 overflows
    // int64; the fuzzer found the conversion under UBSan).
    CHECK_THAT(message("[run]\ncount = 27E99\n"),
               Catch::Contains("edge.toml:2") && Catch::Contains("expected an integer"));
    CHECK_THAT(message("[run]\nmax_singletons = nan\n"),
               Catch::Contains("edge.toml:2") && Catch::Contains("finite"));
    CHECK_THAT(message("[[recipes]]\ntiling = { size_weights = [0.0, inf] }\n"),
               Catch::Contains("edge.toml:2") && Catch::Contains("finite"));
    CHECK_THAT(message("[run.per_level]\neasy = 0\nhard = 0\n"),
               Catch::Contains("every level asks for 0"));
    CHECK_THAT(message("[run]\nseed = -1\n"), Catch::Contains("run.seed"));
    CHECK_THAT(message("[run]\nseed = \"18446744073709551616\"\n"), Catch::Contains("run.seed"));
    CHECK_THROWS_AS(parse_per_level("easy=0,hard=0"), std::invalid_argument);
}

TEST_CASE("a seed above 2^63-1 round-trips through the stored TOML", "[config]") {
    FactoryConfig c = default_config();
    c.seed = 18446744073709551615ULL;
    const std::string text = config_to_toml(c);
    CHECK(parse_config(text, "t").seed == c.seed);
    CHECK(config_to_toml(parse_config(text, "t")) == text);
}

TEST_CASE("a variant brings its built-in recipes, and a file's own recipes stay", "[config]") {
    Rules add_sub;
    add_sub.ops = static_cast<OpSet>(op_bit(Op::Add) | op_bit(Op::Sub));
    // The standard puzzle keeps its six recipes (its corpora stay as they were).
    CHECK(default_config().recipes == default_recipes(Rules{}));
    CHECK(default_recipes(Rules{}).size() == 6);
    Rules hidden;
    hidden.hidden = true;
    const auto hidden_recipes = default_recipes(hidden);
    REQUIRE(hidden_recipes.size() == 8);
    CHECK(std::equal(hidden_recipes.begin(), hidden_recipes.begin() + 6,
                     default_recipes(Rules{}).begin()));
    CHECK(hidden_recipes[6].operators.strongest);
    CHECK(hidden_recipes[7].operators.strongest);
    // + and - alone: strong-mixed is the base recipe (CanCan's is nearly barren there).
    const auto variant = default_recipes(add_sub);
    REQUIRE(variant.size() == 8);
    CHECK(variant[0].name == "strong-mixed");
    CHECK(std::equal(variant.begin() + 1, variant.begin() + 7, default_recipes(Rules{}).begin()));
    CHECK(variant[7].name == "strong-dominoes");
    // One shown operation: big cages instead (strongest would choose nothing).
    Rules mult_only;
    mult_only.ops = op_bit(Op::Mul);
    const auto mult = default_recipes(mult_only);
    REQUIRE(mult.size() == 8);
    CHECK(mult[6].name == "big-cages");
    CHECK(mult[7].tiling.max_cage == 6);
    CHECK_FALSE(mult[7].operators.strongest);
    // --variant on the built-in configuration, and variant = in a file without recipes.
    FactoryConfig c = default_config();
    set_variant(c, add_sub);
    CHECK(c.rules == add_sub);
    CHECK(c.recipes == variant);
    CHECK(parse_config("[run]\nvariant = \"add-sub\"\n", "t").recipes == variant);
    // A file's own recipes are kept, whatever the variant.
    const std::string own =
        "[run]\nvariant = \"hidden\"\n[[recipes]]\nname = \"mine\"\n"
        "operators = { strongest = true }\n";
    const FactoryConfig mine = parse_config(own, "t");
    REQUIRE(mine.recipes.size() == 1);
    CHECK(mine.recipes[0].operators.strongest);
    FactoryConfig again = mine;
    set_variant(again, add_sub);
    CHECK(again.recipes == mine.recipes);
    // strongest round-trips, and is written only when on.
    CHECK(config_to_toml(default_config()).find("strongest") == std::string::npos);
    CHECK(config_to_toml(parse_config(config_to_toml(mine), "t")) == config_to_toml(mine));
}

TEST_CASE("a seed of another type says what a seed is, with file and line", "[config]") {
    const auto message = [](const std::string& text) { return config_error(text, "seed.toml"); };
    // 1.5 said "expected a string"; -1 said "between 0 and 9223372036854775807".
    for (const char* seed : {"1.5", "-1", "true", "[1]", "\"x\""}) {
        INFO(seed);
        CHECK_THAT(message(std::string("[run]\n\nseed = ") + seed + "\n"),
                   Catch::StartsWith("seed.toml:3: run.seed:") &&
                       Catch::Contains("a whole number from 0 to 2^64-1, or a string of one"));
    }
    CHECK(parse_config("[run]\nseed = \"18446744073709551615\"\n", "t").seed ==
          18446744073709551615ULL);
}

TEST_CASE("an empty recipe table is refused with file and line", "[config]") {
    const auto message = [](const std::string& text) { return config_error(text, "empty.toml"); };
    // Each was taken silently: an empty [[recipes]] as one more CanCan recipe.
    const struct {
        const char* text;
        const char* says;
    } cases[] = {
        {"[[recipes]]\nname = \"a\"\n\n[[recipes]]\n", "empty.toml:4: recipes:"},
        {"recipes = [{}]\n", "empty.toml:1: recipes:"},
        {"[[recipes]]\nname = \"a\"\ntiling = {}\n", "empty.toml:3: recipes.a.tiling:"},
        {"[[recipes]]\nname = \"a\"\n[recipes.operators]\n", "empty.toml:3: recipes.a.operators:"},
        {"[[recipes]]\nname = \"a\"\noperators = { two_cell = {} }\n",
         "empty.toml:3: recipes.a.operators.two_cell:"},
        {"[[recipes]]\nname = \"a\"\noperators = { larger = {} }\n",
         "empty.toml:3: recipes.a.operators.larger:"},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        CHECK_THAT(message(c.text),
                   Catch::StartsWith(c.says) && Catch::Contains("an empty table sets nothing"));
    }
    // A recipe with only a name is a recipe: CanCan's defaults under that name.
    CHECK(parse_config("[[recipes]]\nname = \"plain\"\n", "t").recipes.size() == 1);
}

TEST_CASE("a value of the wrong type says what the key takes, and an empty variant is refused",
          "[config]") {
    const auto message = [](const std::string& text) { return config_error(text, "type.toml"); };
    // Each said only "expected a string".
    CHECK_THAT(message("[run]\nsizes = 6\n"),
               Catch::StartsWith("type.toml:2: run.sizes:") && Catch::Contains("\"4-9\""));
    CHECK_THAT(message("[run]\nvariant = [\"hidden\"]\n"),
               Catch::StartsWith("type.toml:2: run.variant:") && Catch::Contains("hidden,killer"));
    CHECK_THAT(message("[run]\nshard = 1\n"), Catch::Contains("\"0/4\""));
    CHECK_THAT(message("[[recipes]]\ntiling = { strategy = 1 }\n"),
               Catch::Contains("\"domino-first\""));
    // variant = "" was the standard puzzle silently; --variant '' is refused.
    CHECK_THAT(message("[run]\nvariant = \"\"\n"),
               Catch::StartsWith("type.toml:2: run.variant: empty"));
}

TEST_CASE("a quota or size past int is too large, not 'not a number'", "[config]") {
    CHECK_THROWS_WITH(parse_per_level("easy=99999999999"),
                      Catch::Contains("'99999999999' is far too large"));
    CHECK_THROWS_WITH(parse_sizes("99999999999"), Catch::Contains("is far too large"));
    CHECK_THROWS_WITH(parse_sizes("4-99999999999"), Catch::Contains("is far too large"));
    CHECK_THROWS_WITH(parse_per_level("easy=x"), Catch::Contains("'x' is not a number"));
}

TEST_CASE("weight only above max_cage is refused in a file, still read from a stored run",
          "[config]") {
    const std::string text =
        "[[recipes]]\nname = \"high\"\ntiling = { size_weights = [0.0, 0.0, 0.0, 0.0, 1.0], "
        "max_cage = 3 }\n";
    CHECK_THROWS_WITH(parse_config(text, "high.toml", ConfigSource::File),
                      Catch::StartsWith("high.toml:3: recipes.high.tiling.size_weights: no cage "
                                        "size up to max_cage 3 has weight, only larger ones (5 "
                                        "cells)"));
    // A run an older kenken stored so was made so, and resumes as it was.
    CHECK(parse_config(text, "run").recipes.at(0).tiling.max_cage == 3);
}
