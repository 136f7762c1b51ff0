// How deep the tables of a TOML text nest, told before toml++ reads it: toml++ bounds
// nested arrays and inline tables (256), but not dotted keys or table headers, and its
// parser walks the finished tree recursively. A key of 50,000 parts (`a.a.a... = 1`,
// 100 KB, far under the 1 MiB a configuration may take) killed `generate --config`,
// `export --book`, and `verify` of a corpus whose run's stored configuration held one,
// with SIGSEGV.
#pragma once

#include <string_view>

namespace kk {

// Far past anything kenken's configurations use (four levels) or a person would write.
constexpr int kMaxTomlDepth = 1000;
// What a reader says on the line toml_too_deep_line names.
inline constexpr const char* kTomlTooDeep =
    "keys, tables and arrays nested deeper than 1000 levels";

// The 1-based line on which the keys, tables and arrays of a TOML text first nest
// deeper than kMaxTomlDepth, or 0 when they never do. One linear pass outside strings
// and comments; it counts each key part, table header part, '[' and '{' on the path to
// a value, so it never undercounts (a float's '.' or '[[' may count one too many).
int toml_too_deep_line(std::string_view text);

}  // namespace kk
