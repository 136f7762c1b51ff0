// Plain-text plumbing shared by the puzzle readers: numbered lines without their
// line ends, whitespace words, bounded numbers, and the binary-data guard.
#pragma once

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

// Splits into lines ending in LF, CRLF or a CR alone (old Mac text); drops a leading UTF-8 BOM.
std::vector<TextLine> split_lines(std::string_view text);

// Throws ParseError on the first line holding a NUL, a control byte or a byte
// sequence that is not UTF-8: such input is not a puzzle text.
void reject_binary(std::string_view text);

bool is_blank(std::string_view s);
std::string_view trim(std::string_view s);
// Words separated by spaces and tabs.
std::vector<std::string_view> split_words(std::string_view s);

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
