#include "pipeline/cli/book_config.h"

#include <toml++/toml.h>

#include <sstream>
#include <stdexcept>

#include "core/io/file_text.h"
#include "core/io/toml_depth.h"
#include "core/io/utf8.h"
#include "core/model/level.h"
#include "pipeline/factory/config.h"

namespace kk::cli {
namespace {

[[noreturn]] void fail(const std::string& path, const toml::node* node, const std::string& what) {
    std::ostringstream m;
    m << path;
    if (node && node->source().begin.line) m << ":" << node->source().begin.line;
    // Cut: an unknown key or a trim name of a megabyte was written whole.
    m << ": " << printable_cut(what, 400);
    throw std::invalid_argument(m.str());
}

void read_string(const std::string& path, const toml::node& node, const std::string& key,
                 std::string& out) {
    if (!node.is_string()) fail(path, &node, key + " must be a string");
    out = *node.value<std::string>();
    // Checked here too, so that the message names the file and line.
    if (const std::string problem = db::book_field_problem(key, out); !problem.empty())
        fail(path, &node, problem);
}

// Whether a key's value asks for anything: false, 0 and "" ask for nothing (the
// shipped book files write author = "", bleed = false, per_page = 0).
bool sets_something(const toml::node& node) {
    if (const auto b = node.value_exact<bool>()) return *b;
    if (const auto i = node.value_exact<std::int64_t>()) return *i != 0;
    if (const auto s = node.value_exact<std::string>()) return !s->empty();
    return true;  // a table ([levels]), or a type the key's check refuses
}

int line_of(const toml::node& node) {
    return static_cast<int>(node.source().begin.line);
}

}  // namespace

void read_book_config(const std::string& path, db::BookWords& words, db::BookLayout& layout,
                      std::vector<BookKeySet>* set) {
    // Read with a cap, as every configuration is: toml++ would take /dev/zero (size 0)
    // for an empty file, and a huge file whole.
    std::string text;
    const std::string problem = read_file_capped(path, kMaxConfigBytes, "a book file", text);
    const std::string shown = shown_name(path);
    if (!problem.empty()) throw std::invalid_argument(shown + ": " + problem);
    if (const std::string utf16 = utf16_problem(text); !utf16.empty())
        throw std::invalid_argument(shown + ":1: " + utf16);
    parse_book_config(text, shown, words, layout, set);
}

void parse_book_config(const std::string& text, const std::string& path, db::BookWords& words,
                       db::BookLayout& layout, std::vector<BookKeySet>* set) {
    if (const int line = toml_too_deep_line(text))
        throw std::invalid_argument(path + ":" + std::to_string(line) + ": " + kTomlTooDeep);
    toml::table t;
    try {
        t = toml::parse(text, path);
    } catch (const toml::parse_error& e) {
        std::ostringstream m;
        m << path << ":" << e.source().begin.line << ": " << e.description();
        throw std::invalid_argument(m.str());
    }
    // Large print takes 1 or 2 a page: a file asking for both says so with the line
    // of the count (the message named neither the file nor the line).
    const toml::node* large = t.get("large_print");
    const toml::node* per_page = t.get("per_page");
    // (Types first: toml++ would convert a float to an integer; the loop names them.)
    if (large && per_page && large->is_boolean() && per_page->is_integer() &&
        *large->value<bool>() &&
        (*per_page->value<std::int64_t>() == 4 || *per_page->value<std::int64_t>() == 6))
        fail(path, per_page,
             "per_page " + std::to_string(*per_page->value<std::int64_t>()) +
                 " with large_print = true: large print takes 1 or 2 puzzles a page");
    for (auto&& [k, node] : t) {
        const std::string key(k.str());
        if (set && sets_something(node)) set->push_back({key, line_of(node)});
        if (key == "title") {
            read_string(path, node, key, words.title);
        } else if (key == "subtitle") {
            read_string(path, node, key, words.subtitle);
        } else if (key == "author") {
            read_string(path, node, key, words.author);
        } else if (key == "copyright") {
            read_string(path, node, key, words.copyright);
        } else if (key == "rules") {
            read_string(path, node, key, words.rules);
        } else if (key == "trim") {
            std::string text, problem;
            read_string(path, node, key, text);
            const auto trim = db::parse_trim(text, problem);
            if (!trim) fail(path, &node, problem);
            layout.trim = *trim;
        } else if (key == "bleed" || key == "large_print" || key == "solutions") {
            if (!node.is_boolean()) fail(path, &node, key + " must be true or false");
            const bool v = *node.value<bool>();
            (key == "bleed"         ? layout.bleed
             : key == "large_print" ? layout.large_print
                                    : layout.solutions) = v;
        } else if (key == "per_page" || key == "walkthrough") {
            // The type first: toml++ converts a float such as 7.7e22 to an integer with
            // undefined behaviour (the fuzz target's finding).
            if (!node.is_integer()) fail(path, &node, key + " must be a whole number");
            const auto v = node.value<std::int64_t>();
            if (!v) fail(path, &node, key + " must be a whole number");
            if (key == "per_page") {
                if (*v != 0 && *v != 1 && *v != 2 && *v != 4 && *v != 6)
                    fail(path, &node, "per_page must be 1, 2, 4 or 6 (0: chosen by size)");
                layout.per_page = static_cast<int>(*v);
            } else {
                if (*v < 0 || *v > 10000) fail(path, &node, "walkthrough must be 0 to 10000");
                layout.walkthrough = static_cast<int>(*v);
            }
        } else if (key == "levels") {
            const toml::table* levels = node.as_table();
            if (!levels) fail(path, &node, "levels must be a table");
            // An empty table renamed nothing, silently: a name lost in editing?
            if (levels->empty())
                fail(path, &node,
                     "[levels] is empty: name a level in it (easy = \"Gentle\") or leave it "
                     "out");
            for (auto&& [lk, lnode] : *levels) {
                const std::string level(lk.str());
                size_t i = 0;
                while (i < kGradedLevels && level != kGraded[i].name) ++i;
                if (i == kGradedLevels)
                    fail(path, &lnode,
                         "unknown level \"" + level + "\" (" + graded_level_names() + ")");
                read_string(path, lnode, "levels." + level, words.level_names[i]);
            }
        } else {
            fail(path, &node,
                 "unknown key \"" + key +
                     "\" (title, subtitle, author, copyright, rules, trim, bleed, per_page, "
                     "large_print, solutions, walkthrough, [levels])");
        }
    }
}

}  // namespace kk::cli
