// The factory's settings: read from TOML (configs/*.toml), overridden by flags.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/generate/cage_tiler.h"
#include "core/generate/operator_assigner.h"
#include "pipeline/factory/quotas.h"
#include "pipeline/factory/shard.h"

namespace kk {

// A way to make candidates; steering picks among recipes by how well each yields
// the levels still short.
struct Recipe {
    std::string name;
    TilingConfig tiling;
    OperatorConfig operators;
    bool operator==(const Recipe&) const = default;
};

constexpr int kMaxRecipes = 8;

struct FactoryConfig {
    Quotas quotas;  // of the whole run; a shard makes shard_quotas(quotas, shard)
    std::uint64_t seed = 1;
    ShardId shard;                // --shard I/N
    int threads = 0;              // 0: every core
    double max_singletons = 0.2;  // share of 1-cell cages above which a candidate is dropped
    // Unreasonable puzzles whose trial-and-error search passes this many nodes are
    // dropped: more guessing than a person would put up with, and costly to grade.
    std::uint64_t max_search_nodes = 200;
    // A candidate whose uniqueness check and grading take longer than this is dropped
    // (and counted): no puzzle, however hostile its cages, holds up a run.
    double max_candidate_seconds = 10;
    int in_flight = 512;          // candidates in flight; fixed, since steering looks back this far
    int batch = 500;              // candidates per transaction
    bool steering = true;         // adapt recipes to the levels still short
    Rules rules;                  // the variant made (run.variant, --variant)
    std::vector<Recipe> recipes;  // the first is the base recipe
};

struct ConfigError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The configuration compiled into the binary (configs/default.toml's values).
FactoryConfig default_config();
// The built-in recipes for puzzles of these rules: configs/default.toml's six for the
// standard puzzle; other variants add two that give every domino its strongest clue
// (OperatorConfig::strongest), without which + and - alone, or hidden operators,
// rarely make an easy 7x7 to 9x9; a variant of one shown operation (mult-only) adds
// two of big cages and no givens instead, for its hard levels.
std::vector<Recipe> default_recipes(const Rules& rules = {});
// Sets the rules made; recipes still the built-in ones of the old rules become the
// new rules' built-in ones (recipes of a file stay as they are).
void set_variant(FactoryConfig& c, const Rules& rules);
// Largest configuration file load_config reads.
constexpr std::size_t kMaxConfigBytes = std::size_t{1} << 20;

// Reads a TOML file over the defaults; unknown keys and bad values are errors that
// name the file, line and key.
FactoryConfig load_config(const std::string& path);
// Stored: a run's configuration read back from a corpus, which may name the top-up
// stream (shard N/N); File: one a user wrote, which may not.
enum class ConfigSource { Stored, File };
FactoryConfig parse_config(const std::string& toml_text, const std::string& source_name,
                           ConfigSource source = ConfigSource::Stored);
// The effective configuration as TOML text (stored with the run).
std::string config_to_toml(const FactoryConfig& c);

}  // namespace kk
