// Plain-text plumbing shared by the puzzle readers: numbered lines without their
// line ends, whitespace words, bounded numbers, and the binary-data guard.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kk {

struct TextLine {
    int number = 0;         // 1-based
    std::string_view text;  // without '\n' or a trailing '\r'
};

// The lines of a text, split as they are walked: LF, CRLF or a CR alone (old Mac text,
// which was one long line: "header must be '#', the size..." on a right puzzle) ends a
// line, and a leading UTF-8 BOM is dropped. Nothing is stored per line, so a 64 MiB
// text of blank lines costs nothing beside the text (a vector of its lines took 1.6 GB).
class TextLines {
  public:
    explicit TextLines(std::string_view text);

    class iterator {
      public:
        using value_type = TextLine;
        using difference_type = std::ptrdiff_t;
        iterator() = default;
        TextLine operator*() const { return line_; }  // by value: `*it++` stays valid
        const TextLine* operator->() const { return &line_; }
        iterator& operator++();
        iterator operator++(int) {
            iterator old = *this;
            ++*this;
            return old;
        }
        bool operator==(const iterator& o) const {
            return done_ == o.done_ && (done_ || rest_.data() == o.rest_.data());
        }

      private:
        friend class TextLines;
        void take_line();
        std::string_view rest_;  // the text after line_
        TextLine line_;
        bool done_ = true;
        bool last_ = false;  // line_ had no line end after it
    };

    iterator begin() const;
    iterator end() const { return {}; }
    // The last line's number (1 for a text with no line): where "the text ends" points.
    int last_number() const { return last_number_; }

  private:
    std::string_view text_;
    int last_number_ = 1;
};

// The same lines in a vector (for tests and short texts).
std::vector<TextLine> split_lines(std::string_view text);

// Throws ParseError on the first line holding a NUL, a control byte or a byte
// sequence that is not UTF-8: such input is not a puzzle text.
void reject_binary(std::string_view text);

bool is_blank(std::string_view s);
std::string_view trim(std::string_view s);
// Words separated by spaces and tabs; at most at_most of them, the rest of s unread (a
// reader takes what a puzzle can hold and one more: the words of a 64 MiB line took
// 16 bytes each, 512 MB, before the line was refused).
std::vector<std::string_view> split_words(std::string_view s,
                                          std::size_t at_most = static_cast<std::size_t>(-1));
// How many words split_words would find, without keeping them.
std::size_t count_words(std::string_view s);

bool is_digit(char c);
bool all_digits(std::string_view s);  // non-empty and only 0-9

// A non-negative decimal number; nullopt when s is not all digits. Values above
// `cap` come back as cap + 1 (no overflow however long the digit string is).
std::optional<std::int64_t> parse_count(std::string_view s, std::int64_t cap);

// A cage target: digits only, at most kMaxTarget. Throws ParseError on `line`
// with "target ... is not a number" or "target is too large".
std::int64_t parse_target(std::string_view s, int line);

// Text for messages: the token quoted, cut short when long, bytes shown safely.
std::string quoted(std::string_view s);

}  // namespace kk
