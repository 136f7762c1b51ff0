// Internal to pipeline/factory's configuration reading (config.cpp): a TOML
// configuration's values read with their type and range checked, and every fault
// thrown as a ConfigError naming the file, the line and the key.
#pragma once

#include <toml++/toml.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <set>
#include <sstream>
#include <string>

#include "core/io/utf8.h"
#include "pipeline/factory/config.h"

namespace kk::config_reading {

// Typed reads of one configuration's values; source: the name its messages start with.
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

// run.seed: an integer, or a decimal string for seeds past TOML's integers.
std::uint64_t seed_of(const Reader& rd, const toml::node& n);
// A recipe's [tiling] and [operators] tables into tc and oc; where: the key path shown
// in messages (recipes.NAME.tiling).
void read_tiling(const Reader& rd, const toml::table& t, const std::string& where,
                 TilingConfig& tc);
void read_operators(const Reader& rd, const toml::table& t, const std::string& where,
                    OperatorConfig& oc);

}  // namespace kk::config_reading
