// The bash completion script against the binary's own --help: every command and
// exactly each command's options.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"
#include "tests/support/test_files.h"

namespace {

// The words of a --help section (from its title line to the next blank-line-free
// title) that begin a line: option names ("-j,--threads" gives -j and --threads) or
// subcommand names.
std::set<std::string> help_words(const std::string& help, const std::string& section) {
    std::set<std::string> words;
    std::istringstream in(help.substr(help.find(section + ":\n") + section.size() + 2));
    static const std::regex option(R"(^  +((-[a-z]),)?(--[a-z][a-z-]*))");
    static const std::regex command(R"(^  ([a-z]+) )");
    for (std::string line; std::getline(in, line) && (line.empty() || line[0] == ' ');) {
        std::smatch m;
        if (std::regex_search(line, m, option)) {
            if (m[2].matched) words.insert(m[2]);
            words.insert(m[3]);
        } else if (std::regex_search(line, m, command)) {
            words.insert(m[1]);
        }
    }
    words.erase("-h");
    words.erase("--help");
    return words;
}

// What scripts/kenken-completion.bash offers for the words typed so far.
std::set<std::string> completions(const std::string& words, int cword) {
    const std::string script = kTestData + "/../../scripts/kenken-completion.bash";
    const CliResult r = run_shell("bash -c 'source \"" + script + "\"; COMP_WORDS=(" + words +
                                  "); COMP_CWORD=" + std::to_string(cword) +
                                  "; _kenken; printf \"%s\\n\" \"${COMPREPLY[@]}\"'");
    REQUIRE(r.status == 0);
    std::set<std::string> out;
    std::istringstream in(r.out);
    for (std::string word; in >> word;)
        if (word != "--help" && word != "--version") out.insert(word);
    return out;
}

}  // namespace

TEST_CASE("bash completion offers every command and exactly each command's options",
          "[cli][hostile][completion]") {
    // It lacked merge, and generate's --variant, --shard, --top-up, query's --variant and
    // a dozen of export's options (--trim, --book, --dry-run, ...).
    const std::set<std::string> commands = help_words(run_kenken("--help").out, "Subcommands");
    REQUIRE(commands.count("merge") == 1);
    CHECK(completions("kenken ''", 1) == commands);
    for (const std::string& command : commands) {
        INFO(command);
        CHECK(completions("kenken " + command + " -", 2) ==
              help_words(run_kenken(command + " --help").out, "Options"));
    }
}

namespace {

// What the completion offers, one a line, as bash holds them (a name with a space is
// one line).
std::vector<std::string> completion_lines(const std::string& words, int cword,
                                          const std::string& folder = ".") {
    const std::string script = kTestData + "/../../scripts/kenken-completion.bash";
    const CliResult r =
        run_shell("cd '" + folder + "' && bash -c 'source \"" + script + "\"; COMP_WORDS=(" +
                  words + "); COMP_CWORD=" + std::to_string(cword) +
                  "; _kenken; printf \"%s\\n\" \"${COMPREPLY[@]}\"'");
    REQUIRE(r.status == 0);
    std::vector<std::string> out;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) out.push_back(line);
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST_CASE("bash completion keeps a file name whole and completes a comma list's last item",
          "[cli][hostile][completion]") {
    // "my corpus.db" was offered as two words, "my" and "corpus.db", and a name with a *
    // was expanded as a pattern; --level easy,h<TAB> offered nothing.
    TempPath folder("completion-files");
    std::filesystem::create_directories(folder.path);
    write_file(folder.path / "x y.db", "");
    write_file(folder.path / "x*.db", "");
    for (const std::string before : {"kenken stats --db", "kenken merge --db m.db"}) {
        INFO(before);
        const int cword = before == "kenken stats --db" ? 3 : 4;
        CHECK(completion_lines(before + " x", cword, folder.str()) ==
              std::vector<std::string>{"x y.db", "x*.db"});
    }
    CHECK(completion_lines("kenken query --level easy,h", 3) ==
          std::vector<std::string>{"easy,hard"});
    CHECK(completion_lines("kenken export --level hard,e", 3) ==
          std::vector<std::string>{"hard,easy", "hard,extreme"});
    CHECK(completion_lines("kenken query --level ", 3).size() == 5);
    CHECK(completion_lines("kenken query --variant standard,k", 3) ==
          std::vector<std::string>{"standard,killer"});
}
