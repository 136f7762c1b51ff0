#include "pipeline/cli/suggest.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "core/io/utf8.h"
#include "pipeline/cli/command.h"

namespace kk::cli {
namespace {

// Levenshtein distance, one row at a time.
size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = up;
        }
    }
    return row[b.size()];
}

// A word led by one dash that names a file, or reads like a file name (a dot or a
// slash in it: no option of ours has either).
bool looks_like_a_file(const std::string& word) {
    if (word.size() < 2 || word[0] != '-' || word[1] == '-') return false;
    std::error_code ec;
    return word.find_first_of("./") != std::string::npos || std::filesystem::exists(word, ec);
}

}  // namespace

std::optional<std::string> nearest(const std::string& word, const std::vector<std::string>& names) {
    std::optional<std::string> best;
    size_t best_distance = std::max<size_t>(2, word.size() / 3) + 1;
    for (const std::string& name : names) {
        size_t d = edit_distance(word, name);
        if (word.size() >= 2 && name.rfind(word, 0) == 0) d = 1;  // "gen" -> "generate"
        if (d < best_distance) {
            best_distance = d;
            best = name;
        }
    }
    return best;
}

std::optional<int> refuse_unknown_first_word(const CLI::App& app, int argc, char** argv) {
    if (argc < 2) return std::nullopt;
    const std::string word = argv[1];
    std::vector<std::string> names;
    if (word == "--") return std::nullopt;  // the end of options: CLI11 says what is missing
    if (word.size() > 1 && word[0] == '-') {
        const std::string name = word.substr(0, word.find('='));
        // --version stands alone: `kenken --version extra` printed the version, exit 0,
        // the word ignored.
        if (name == "--version" && argc > 2) {
            std::cerr << "kenken: '--version' takes no other word ('" << shown_name(argv[2])
                      << "' after it)\nRun kenken --help for the commands.\n";
            return kBadInput;
        }
        if (app.get_option_no_throw(name)) return std::nullopt;  // --help, --version
        std::vector<std::string> of_commands;                    // the commands that take it
        for (const CLI::App* sub : app.get_subcommands({}))
            if (sub->get_option_no_throw(name)) of_commands.push_back(sub->get_name());
        if (!of_commands.empty()) {
            std::cerr << "kenken: '" << name << "' goes after the command (kenken "
                      << of_commands.front() << " " << name << " ...)\n";
            return kBadInput;
        }
        for (const CLI::Option* opt : app.get_options())
            for (const std::string& long_name : opt->get_lnames())
                names.push_back("--" + long_name);
        std::cerr << "kenken: unknown option '" << name << "'";
    } else {
        for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
        if (std::find(names.begin(), names.end(), word) != names.end()) return std::nullopt;
        std::cerr << "kenken: unknown command '" << word << "'";
    }
    if (auto near = nearest(word, names)) std::cerr << "; did you mean '" << *near << "'?";
    std::cerr << "\nRun kenken --help for the commands.\n";
    return kBadInput;
}

void suggest_options(const CLI::App& app) {
    for (const CLI::App* sub : app.get_subcommands()) {  // the command given
        std::vector<std::string> names;
        for (const CLI::Option* opt : sub->get_options())
            for (const std::string& name : opt->get_lnames()) names.push_back("--" + name);
        for (const std::string& word : sub->remaining()) {
            if (looks_like_a_file(word)) {
                // CLI11 took it for an unknown option and then said only that the
                // files were missing ("shards is required").
                std::cerr << "kenken " << sub->get_name() << ": '" << word
                          << "' is not an option; a file whose name starts with '-' goes "
                             "after '--' (kenken "
                          << sub->get_name() << " ... -- " << word << ") or as ./" << word << "\n";
                continue;
            }
            const std::string name = word.substr(0, word.find('='));
            if (name.rfind("--", 0) != 0) continue;
            // kenken's own options go before the command: `query --version` said "--db
            // is required".
            if (app.get_option_no_throw(name)) {
                std::cerr << "kenken " << sub->get_name() << ": '" << name
                          << "' is kenken's own option, not the command's: kenken " << name << "\n";
                continue;
            }
            // solve, grade, stats, verify, packs and bench take --json; query and
            // export write JSON as one of their formats, and said nothing of it.
            if (name == "--json" && (sub->get_name() == "query" || sub->get_name() == "export")) {
                std::cerr << "kenken " << sub->get_name() << ": did you mean '--format json' for '"
                          << word << "'?\n";
                continue;
            }
            auto near = nearest(name, names);
            // A short word is near too many names ("--foo" and "--book"): one edit at
            // most ("--jsn" for --json got no suggestion at all).
            if (near && name.size() < 6 && edit_distance(name, *near) > 1) near.reset();
            if (near)
                std::cerr << "kenken " << sub->get_name() << ": did you mean '" << *near
                          << "' for '" << word << "'?\n";
        }
    }
}

std::vector<std::string> unknown_options_given(const CLI::App& app) {
    for (const CLI::App* sub : app.get_subcommands()) {
        const std::vector<std::string> left = sub->remaining();
        for (const std::string& word : left)
            if (word.size() > 1 && word[0] == '-' && !looks_like_a_file(word)) return left;
    }
    return {};
}

bool file_taken_for_an_option(const CLI::App& app) {
    bool any = false;
    for (const CLI::App* sub : app.get_subcommands())
        for (const std::string& word : sub->remaining()) {
            if (!looks_like_a_file(word)) return false;  // a real mistake: CLI11 names it
            any = true;
        }
    return any;
}

}  // namespace kk::cli
