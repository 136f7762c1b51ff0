// The TOML depth bound told before toml++ reads a text: key parts, table headers and
// open arrays and inline tables counted outside strings and comments.
#include <catch2/catch.hpp>
#include <string>

#include "core/io/toml_depth.h"

using kk::kMaxTomlDepth;
using kk::toml_too_deep_line;

namespace {

// "a.a.a = 1": a key of `parts` parts.
std::string dotted_key(int parts) {
    std::string key = "a";
    for (int i = 1; i < parts; ++i) key += ".a";
    return key + " = 1\n";
}

}  // namespace

TEST_CASE("a TOML key of more parts than the bound is found on its line", "[io][toml]") {
    // The text toml++ took apart and then overflowed the stack on (50,000 parts).
    CHECK(toml_too_deep_line(dotted_key(50000)) == 1);
    CHECK(toml_too_deep_line("seed = 1\n\n# c\n" + dotted_key(kMaxTomlDepth + 1)) == 4);
    CHECK(toml_too_deep_line(dotted_key(kMaxTomlDepth)) == 0);
    // A table header's parts, and the keys below it, add up.
    const std::string half = dotted_key(kMaxTomlDepth / 2 + 1);
    CHECK(toml_too_deep_line("[" + half.substr(0, half.find(' ')) + "]\n" + half) == 2);
    // Arrays and inline tables opened below a dotted key count on top of its parts:
    // here a value 1 stands 1,001 levels deep, or 1,000.
    const std::string key = dotted_key(kMaxTomlDepth - 1);
    CHECK(toml_too_deep_line(key.substr(0, key.find(' ')) + " = [[1]]\n") == 1);
    CHECK(toml_too_deep_line(key.substr(0, key.find(' ')) + " = [1]\n") == 0);
    const std::string shorter = dotted_key(kMaxTomlDepth - 2);
    CHECK(toml_too_deep_line("x = {" + key.substr(0, key.find(' ')) + " = {b = 1}}\n") == 1);
    CHECK(toml_too_deep_line("x = {" + shorter.substr(0, shorter.find(' ')) + " = {b = 1}}\n") ==
          0);
}

TEST_CASE("TOML that nests little is passed, however long", "[io][toml]") {
    // 100,000 tables one after another: each header is a path from the root.
    std::string tables;
    for (int i = 0; i < 100000; ++i) tables += "[t" + std::to_string(i) + ".x]\nk = 1.5\n";
    CHECK(toml_too_deep_line(tables) == 0);
    // 100,000 keys and array entries, floats and dates among them.
    std::string keys = "a = [";
    for (int i = 0; i < 100000; ++i) keys += "1.5, 1979-05-27T07:32:00.999, ";
    keys += "]\n";
    for (int i = 0; i < 100000; ++i) keys += "k" + std::to_string(i) + ".x.y = 2.5\n";
    CHECK(toml_too_deep_line(keys) == 0);
    CHECK(toml_too_deep_line("[[recipes]]\n[recipes.tiling]\nsize_weights = [1, 2]\n") == 0);
}

TEST_CASE("dots and brackets inside TOML strings and comments are not nesting", "[io][toml]") {
    const std::string dots(5000, '.'), brackets(5000, '[');
    CHECK(toml_too_deep_line("\"" + dots + "\" = \"" + brackets + "\"\n") == 0);
    CHECK(toml_too_deep_line("'" + dots + "' = '" + brackets + "'\n") == 0);
    CHECK(toml_too_deep_line("x = \"a\\\"" + dots + "\"\n") == 0);  // an escaped quote
    CHECK(toml_too_deep_line("x = \"\"\"\n" + dots + "\n\"" + brackets + "\"\"\"\"\n") == 0);
    CHECK(toml_too_deep_line("x = '''\n" + dots + "\n''''\n") == 0);
    CHECK(toml_too_deep_line("# " + dots + brackets + "\nx = 1\n") == 0);
    // A multi-line string's lines are counted: the deep key after it is on line 4.
    CHECK(toml_too_deep_line("x = \"\"\"\n" + dots + "\n\"\"\"\n" +
                             dotted_key(kMaxTomlDepth + 1)) == 4);
}
