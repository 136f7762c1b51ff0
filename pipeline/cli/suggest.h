// "Did you mean": the nearest of some names to a mistyped word.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace kk::cli {

// The name nearest to word by edit distance (a prefix counts as near), or nullopt
// when none is within a third of the word's length (at least 2 edits).
std::optional<std::string> nearest(const std::string& word, const std::vector<std::string>& names);

}  // namespace kk::cli

namespace CLI {
class App;
}

namespace kk::cli {

// A first word that is neither a command nor an option of the app itself (--help,
// --version): prints what it is, with the nearest name, and returns the exit status
// (bad input); nullopt when the word is fine. CLI11 said "A subcommand is required"
// for both, even for `kenken --bogus`.
std::optional<int> refuse_unknown_first_word(const CLI::App& app, int argc, char** argv);

// After a parse error: for each option the command did not take, the nearest of its own
// ("query --sizes" -> "did you mean '--size'?"), on stderr.
void suggest_options(const CLI::App& app);

// Whether every word the command given was left names a file starting with '-': the
// error CLI11 then reports ("shards is required", "not expected") is only its echo,
// and suggest_options says what went wrong.
bool file_taken_for_an_option(const CLI::App& app);

// The words left over by the command given, when one of them is an option it does not
// know (not a file named like one): CLI11 checks the required options first, so
// `query --bogus` said "--db is required" and `merge --db m.db --bogus` "shards is
// required", naming nothing of the mistake. Empty when there is none.
std::vector<std::string> unknown_options_given(const CLI::App& app);

}  // namespace kk::cli
