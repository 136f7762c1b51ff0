// Internal to pipeline/factory's configuration reading (config.cpp): a TOML
// configuration's values read with their type and range checked, and every fault
// thrown as a ConfigError naming the file, the line and the key.
#pragma once

#include <toml++/toml.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>

#include "pipeline/factory/config.h"

namespace kk::config_reading {

// Typed reads of one configuration's values; source: the name its messages start with.
// Each read throws a ConfigError naming source, the node's line and key when the value
// is not what it should be.
struct Reader {
    static constexpr std::size_t kShownKeyBytes = 200;
    const std::string& source;
    // A file of the user's, or a run's stored configuration, which reads as it was made.
    ConfigSource origin = ConfigSource::File;

    // Throws "source:line: key: what" (key and what cut to a printable length).
    [[noreturn]] void fail(const toml::node* node, const std::string& key,
                           const std::string& what) const;
    // A recipe's table (and each table in it): only these keys, and at least one.
    void recipe_keys(const toml::table& t, const std::string& where,
                     std::initializer_list<const char*> keys) const;
    // Only these keys (where: the table's key path, "" at the top).
    void only_keys(const toml::table& t, const std::string& where,
                   std::initializer_list<const char*> keys) const;
    // A finite number: TOML's nan and inf are no weight or share.
    double number(const toml::node& n, const std::string& key) const;
    // An integer (not a float) from lo to hi.
    std::int64_t integer(const toml::node& n, const std::string& key, std::int64_t lo,
                         std::int64_t hi) const;
    // A string; example says what it holds.
    std::string text(const toml::node& n, const std::string& key,
                     const std::string& example = "") const;
    // true or false (not an integer).
    bool boolean(const toml::node& n, const std::string& key) const;
    // A finite number of 0 or more.
    double weight(const toml::node& n, const std::string& key) const;
};

// run.seed: an integer, or a decimal string for seeds past TOML's integers.
std::uint64_t seed_of(const Reader& rd, const toml::node& n);
// A recipe's [tiling] and [operators] tables into tc and oc; where: the key path shown
// in messages (recipes.NAME.tiling).
void read_tiling(const Reader& rd, const toml::table& t, const std::string& where,
                 TilingConfig& tc);
void read_operators(const Reader& rd, const toml::table& t, const std::string& where,
                    OperatorConfig& oc);

}  // namespace kk::config_reading
