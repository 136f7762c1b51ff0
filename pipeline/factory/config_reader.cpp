#include "pipeline/factory/config_reader.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>
#include <sstream>
#include <system_error>

#include "core/io/utf8.h"

namespace kk::config_reading {

void Reader::fail(const toml::node* node, const std::string& key, const std::string& what) const {
    std::ostringstream m;
    m << source;
    if (node && node->source().begin.line) m << ":" << node->source().begin.line;
    // The key and what is wrong with its value, cut: a key or a variant name of a
    // megabyte was written whole into the message.
    m << ": " << printable_cut(key, kShownKeyBytes) << ": " << printable_cut(what, 400);
    throw ConfigError(m.str());
}

// An empty table sets nothing, so it is a slip (keys under the wrong header, say); it
// was taken silently, an empty [[recipes]] as one more CanCan recipe.
void Reader::recipe_keys(const toml::table& t, const std::string& where,
                         std::initializer_list<const char*> keys) const {
    if (t.empty()) fail(&t, where, "an empty table sets nothing: give its keys or leave it out");
    only_keys(t, where, keys);
}

void Reader::only_keys(const toml::table& t, const std::string& where,
                       std::initializer_list<const char*> keys) const {
    std::set<std::string> allowed(keys.begin(), keys.end());
    for (auto&& [k, v] : t)
        if (!allowed.count(std::string(k.str())))
            fail(&v, where.empty() ? std::string(k.str()) : where + "." + std::string(k.str()),
                 "unknown key");
}

double Reader::number(const toml::node& n, const std::string& key) const {
    auto v = n.value<double>();
    if (!v) fail(&n, key, "expected a number");
    if (!std::isfinite(*v)) fail(&n, key, "expected a finite number, not nan or inf");
    return *v;
}

std::int64_t Reader::integer(const toml::node& n, const std::string& key, std::int64_t lo,
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

// "sizes = 6" said only "expected a string": the example says what it holds.
std::string Reader::text(const toml::node& n, const std::string& key,
                         const std::string& example) const {
    if (auto v = n.value<std::string>()) return *v;
    fail(&n, key, example.empty() ? "expected a string" : "expected a string: " + example);
}

bool Reader::boolean(const toml::node& n, const std::string& key) const {
    // is_boolean first: value<bool>() takes an integer too, so "steering = 1" passed
    // where "steering = \"no\"" was refused.
    if (n.is_boolean()) return *n.value<bool>();
    fail(&n, key, "expected true or false");
}

double Reader::weight(const toml::node& n, const std::string& key) const {
    double w = number(n, key);
    if (w < 0) fail(&n, key, "weights cannot be negative");
    return w;
}

namespace {

TilingStrategy strategy_of(const Reader& rd, const toml::node& n, const std::string& key) {
    const std::string s = rd.text(n, key, "\"random-edges\" or \"domino-first\"");
    if (auto strategy = parse_tiling_strategy(s)) return *strategy;
    rd.fail(&n, key, "unknown strategy '" + s + "' (random-edges or domino-first)");
}

}  // namespace

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

namespace {

constexpr int kLargestCage = 9;  // size_weights has at most 9 entries

// max_cage: 2 to 9. 1 has a reason of its own (the range alone said "between 1 and 9"
// for 0, where 1 was refused too).
int max_cage_of(const Reader& rd, const toml::node& n, const std::string& key) {
    if (n.is_integer() && *n.value<std::int64_t>() == 1)
        rd.fail(&n, key,
                "max_cage 1 makes every cage a single cell: a grid of givens, nothing to solve "
                "(allow 2 or more)");
    return static_cast<int>(rd.integer(n, key, 2, kLargestCage));
}

// The smallest cage size the tiler draws a target of (cage_tiler.h): domino-first
// draws none of 1 cell.
int smallest_drawn(const TilingConfig& tc) {
    return tc.strategy == TilingStrategy::DominoFirst ? 2 : 1;
}

bool weighs_any(const TilingConfig& tc, int from, int to) {
    for (int size = from; size <= to && size <= static_cast<int>(tc.size_weights.size()); ++size)
        if (tc.size_weights[static_cast<size_t>(size - 1)] > 0) return true;
    return false;
}

// Weight only on sizes above max_cage was capped without a word: every cage then aimed
// at max_cage, whatever the file asked for.
void refuse_weight_above_max_cage(const Reader& rd, const toml::table& t, const std::string& where,
                                  const TilingConfig& tc) {
    const int from = smallest_drawn(tc);
    if (weighs_any(tc, from, tc.max_cage) || !weighs_any(tc, tc.max_cage + 1, kLargestCage)) return;
    int largest = tc.max_cage + 1;
    while (!weighs_any(tc, largest, largest)) ++largest;
    const toml::node* blamed = t.get("size_weights");
    const std::string cap = std::to_string(tc.max_cage);
    rd.fail(blamed ? blamed : &t, where + ".size_weights",
            "no cage size " + std::string(from == 1 ? "up to" : "from 2 (domino-first) to") +
                " max_cage " + cap + " has weight, only larger ones (" + std::to_string(largest) +
                " cells): raise max_cage to " + std::to_string(largest) +
                ", or weigh a size up to " + cap);
}

}  // namespace

void read_tiling(const Reader& rd, const toml::table& t, const std::string& where,
                 TilingConfig& tc) {
    rd.recipe_keys(t, where, {"strategy", "size_weights", "max_cage"});
    if (auto* n = t.get("strategy")) tc.strategy = strategy_of(rd, *n, where + ".strategy");
    if (auto* n = t.get("max_cage")) tc.max_cage = max_cage_of(rd, *n, where + ".max_cage");
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
    // A run an older kenken stored with such a recipe still reads: it was made so.
    if (rd.origin == ConfigSource::File) refuse_weight_above_max_cage(rd, t, where, tc);
    // Cages of one cell only: every cell a given, nothing to solve. Such "puzzles" were
    // stored with max_singletons = 1, and otherwise the run stored nothing, exit 0.
    // Domino-first pairs cells whatever the weights; random edges follow them.
    bool larger_cages = tc.strategy == TilingStrategy::DominoFirst;
    const int drawn = std::min<int>(tc.max_cage, static_cast<int>(tc.size_weights.size()));
    if (tc.strategy == TilingStrategy::RandomEdges)
        larger_cages = tc.size_weights.front() <= 0 ||  // none drawn: max_cage is drawn
                       std::any_of(tc.size_weights.begin() + 1, tc.size_weights.begin() + drawn,
                                   [](double w) { return w > 0; });
    if (!larger_cages) {
        const toml::node* blamed = t.get("size_weights");
        rd.fail(blamed ? blamed : &t, where,
                "only 1-cell cages have weight up to max_cage: a grid of givens, nothing to "
                "solve (weigh a larger size)");
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

}  // namespace kk::config_reading
