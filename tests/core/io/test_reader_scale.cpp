// The readers at scale: a puzzle's text is refused at the first cage or cell more than
// its grid can hold, not after every line of a 64 MiB text is kept (830 MB), and a
// line's words are counted, not kept, where only their number is wrong.
#include <catch2/catch.hpp>
#include <string>

#include "core/io/formats.h"
#include "core/io/text_lines.h"

using namespace kk;

namespace {

// The line and message of the ParseError reading text throws.
std::pair<int, std::string> refusal(const std::string& text, Format format) {
    try {
        read_puzzles(text, format);
    } catch (const ParseError& e) {
        return {e.line, e.what()};
    }
    return {0, "read"};
}

std::string repeated(const std::string& s, int times) {
    std::string out;
    for (int i = 0; i < times; ++i) out += s;
    return out;
}

}  // namespace

TEST_CASE("cages past a grid's cells are refused at the first one too many", "[io][scale]") {
    // A bad line further on used to be found first: every cage was read and kept
    // before the check.
    const auto [line, why] =
        refusal("#\t2\n" + repeated("+\t3\tA1\n", 5) + repeated("+\t3\tA2\n", 1000) + "x\n",
                Format::Neknek);
    CHECK(line == 3);
    CHECK(why == "cell A1 is already in another cage");
    const auto [j_line, j_why] =
        refusal(repeated("3+,0\n", 82) + repeated("3+,5\n", 1000) + "3^,0\n", Format::J);
    CHECK(j_line == 2);
    CHECK(j_why == "cell A1 is already in another cage");
    // A whole 9x9 of 81 one-cell cages still reads, in both forms.
    std::string nine = "#\t9\n", j;
    for (int c = 0; c < 81; ++c) {
        nine += "!\t1\t" +
                std::string{static_cast<char>('A' + c / 9), static_cast<char>('1' + c % 9)} + "\n";
        j += "1," + std::to_string(c) + "\n";
    }
    CHECK(refusal(nine, Format::Neknek).second == "read");
    CHECK(refusal(j, Format::J).second == "read");
}

TEST_CASE("a cage line of more cells than its grid is refused for a cell twice", "[io][scale]") {
    // The line's words are read up to one cell more than the grid has: a bad name
    // further on is not reached (it was the message before).
    CHECK(refusal("#\t1\n+\t3\tA1 A1" + repeated(" A1", 100000) + " Q\n", Format::Neknek) ==
          std::pair<int, std::string>{2, "cell A1 is listed twice in this cage"});
    CHECK(refusal("3+,0 0" + repeated(" 0", 100000) + " x\n", Format::J) ==
          std::pair<int, std::string>{1, "cell A1 is listed twice in this cage"});
    CHECK(refusal(repeated("a=1 ", 53) + " ?\na\n", Format::Cancan) ==
          std::pair<int, std::string>{1, "letter 'a' is twice in the key line"});
    // Rows whose words are only counted say how many there are, as before.
    CHECK(refusal("2 1\n" + repeated("1 ", 100000) + "\n1 1\n1+\n", Format::Fahda) ==
          std::pair<int, std::string>{2, "row has 100000 cage numbers, expected 2"});
    CHECK(refusal("a=3+\na a\n" + repeated("a ", 100000) + "\n", Format::Cancan) ==
          std::pair<int, std::string>{3, "row has 100000 letters, expected 2"});
}

TEST_CASE("words are split up to a bound and counted without being kept", "[io][scale]") {
    CHECK(split_words("  a\tbb  c ", 2) == std::vector<std::string_view>{"a", "bb"});
    CHECK(split_words("  a\tbb  c ").size() == 3);
    CHECK(split_words("", 3).empty());
    CHECK(count_words("  a\tbb  c ") == 3);
    CHECK(count_words("a") == 1);
    CHECK(count_words(" \t ") == 0);
    CHECK(count_words(repeated("x ", 100000)) == 100000);
}
