#include "core/io/toml_depth.h"

#include <cstddef>
#include <vector>

namespace kk {
namespace {

// The position after the string that opens at text[i] (a quote), or where a one-line
// string meets the end of its line unended (the parser says so); counts the newlines of
// a multi-line string into line.
std::size_t skip_string(std::string_view text, std::size_t i, int& line) {
    const char quote = text[i];
    const std::string_view triple = quote == '"' ? "\"\"\"" : "'''";
    const bool multi = text.substr(i, 3) == triple;
    const bool escapes = quote == '"';
    for (i += multi ? 3 : 1; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') {
            if (!multi) return i;
            ++line;
        } else if (escapes && c == '\\') {
            if (++i < text.size() && text[i] == '\n') ++line;
        } else if (c == quote && !multi) {
            return i + 1;
        } else if (c == quote && text.substr(i, 3) == triple) {
            // """a""""": up to two quotes of the text itself before the closing three.
            std::size_t end = i + 3;
            for (int extra = 0; extra < 2 && end < text.size() && text[end] == quote; ++extra)
                ++end;
            return end;
        }
    }
    return text.size();
}

}  // namespace

int toml_too_deep_line(std::string_view text) {
    int line = 1;
    // table_depth: the parts of the last table header, where the keys below it stand.
    // base: the depth the current run of key parts starts from (the table's, or an open
    // array's or inline table's); dots: the '.' of that run so far.
    int table_depth = 0, base = 0, dots = 0;
    std::vector<int> open;  // the base outside each '[' or '{' still open
    bool in_header = false, after_equals = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"' || c == '\'') {
            i = skip_string(text, i, line) - 1;
        } else if (c == '#') {
            while (i + 1 < text.size() && text[i + 1] != '\n') ++i;
        } else if (c == '\n') {
            ++line;
            dots = 0;
            if (open.empty()) {
                base = table_depth;
                after_equals = in_header = false;
            }
        } else if (in_header) {
            // "[a.b.c]" or "[[a.b.c]]": a path from the root.
            if (c == '.' && ++dots + 1 > kMaxTomlDepth) return line;
            if (c == ']') {
                table_depth = dots + 1;
                in_header = false;
            }
        } else if (c == '[' && open.empty() && !after_equals) {
            in_header = true;
            dots = 0;
        } else if (c == '.') {
            if (base + ++dots + 1 > kMaxTomlDepth) return line;
        } else if (c == '[' || c == '{') {
            // What the array or inline table holds stands one deeper.
            const int depth = base + dots + 1;
            if (depth + 1 > kMaxTomlDepth) return line;
            open.push_back(base);
            base = depth;
            dots = 0;
        } else if (c == ']' || c == '}') {
            if (!open.empty()) {
                base = open.back();
                open.pop_back();
            }
            dots = 0;
        } else if (c == ',') {
            dots = 0;
        } else if (c == '=') {
            after_equals = true;
        }
    }
    return 0;
}

}  // namespace kk
