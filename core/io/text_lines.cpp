#include "core/io/text_lines.h"

#include <algorithm>
#include <cstdio>

#include "core/io/formats.h"
#include "core/io/utf8.h"
#include "core/model/puzzle.h"

namespace kk {

TextLines::TextLines(std::string_view text) : text_(without_bom(text)) {
    if (text_.empty()) return;
    // "a\nb" has two lines, "a\n" one; CRLF is one line end.
    int breaks = 0;
    for (size_t i = 0; i < text_.size(); ++i)
        if (text_[i] == '\n' ||
            (text_[i] == '\r' && (i + 1 == text_.size() || text_[i + 1] != '\n')))
            ++breaks;
    const bool ended = text_.back() == '\n' || text_.back() == '\r';
    last_number_ = std::max(1, breaks + (ended ? 0 : 1));
}

TextLines::iterator TextLines::begin() const {
    iterator it;
    if (text_.empty()) return it;
    it.rest_ = text_;
    it.done_ = false;
    it.line_.number = 0;
    it.take_line();
    return it;
}

void TextLines::iterator::take_line() {
    const size_t end = rest_.find_first_of("\r\n");
    line_ = {line_.number + 1, rest_.substr(0, end)};
    last_ = end == std::string_view::npos;
    if (last_) {
        rest_.remove_prefix(rest_.size());
        return;
    }
    const bool crlf = rest_[end] == '\r' && end + 1 < rest_.size() && rest_[end + 1] == '\n';
    rest_.remove_prefix(end + (crlf ? 2 : 1));
}

TextLines::iterator& TextLines::iterator::operator++() {
    if (last_ || rest_.empty()) {
        *this = iterator();
        return *this;
    }
    take_line();
    return *this;
}

std::vector<TextLine> split_lines(std::string_view text) {
    std::vector<TextLine> lines;
    for (TextLine line : TextLines(text)) lines.push_back(line);
    return lines;
}

namespace {

std::string hex_byte(unsigned char b) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02X", b);
    return buf;
}

}  // namespace

void reject_binary(std::string_view text) {
    if (const std::string problem = utf16_problem(text); !problem.empty())
        throw ParseError(1, problem);
    int line = 1, column = 1;
    for (size_t i = 0; i < text.size(); ++column) {
        const auto b = static_cast<unsigned char>(text[i]);
        size_t len = 1;
        bool bad = false;
        if (b == '\n') {
            ++line;
            column = 0;
        } else if (b < 0x20) {
            bad = b != '\t' && b != '\r';
        } else if (b == 0x7F) {
            bad = true;
        } else if (b >= 0x80) {
            len = utf8_sequence_length(text, i);
            bad = len == 0;
        }
        if (bad)
            throw ParseError(line, "binary data (byte " + hex_byte(b) + " at column " +
                                       std::to_string(column) + "): not a puzzle text");
        i += len;
    }
}

bool is_blank(std::string_view s) {
    return trim(s).empty();
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split_words(std::string_view s, std::size_t at_most) {
    std::vector<std::string_view> words;
    size_t i = 0;
    while (i < s.size() && words.size() < at_most) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
        size_t start = i;
        while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
        if (i > start) words.push_back(s.substr(start, i - start));
    }
    return words;
}

std::size_t count_words(std::string_view s) {
    std::size_t words = 0;
    for (size_t i = 0; i < s.size(); ++i)
        if (s[i] != ' ' && s[i] != '\t' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '\t')) ++words;
    return words;
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

bool all_digits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!is_digit(c)) return false;
    return true;
}

std::optional<std::int64_t> parse_count(std::string_view s, std::int64_t cap) {
    if (!all_digits(s)) return std::nullopt;
    std::int64_t value = 0;
    for (char c : s) {
        const int digit = c - '0';
        // value * 10 + digit > cap, asked without forming it (it could overflow)
        if (cap < digit || value > (cap - digit) / 10) return cap + 1;
        value = value * 10 + digit;
    }
    return value;
}

std::int64_t parse_target(std::string_view s, int line) {
    auto value = parse_count(s, kMaxTarget);
    if (!value) {
        // "-0" is zero, not negative (it was called negative).
        const auto magnitude =
            s.size() > 1 && s[0] == '-' ? parse_count(s.substr(1), kMaxTarget) : std::nullopt;
        if (magnitude)
            throw ParseError(line, "target " + quoted(s) +
                                       (*magnitude == 0 ? " is zero" : " is negative") +
                                       ": targets are whole numbers from 1");
        throw ParseError(line, "target " + quoted(s) + " is not a number");
    }
    if (*value > kMaxTarget) throw ParseError(line, "target is too large (limit 10^18)");
    return *value;
}

std::string quoted(std::string_view s) {
    constexpr size_t kShown = 24;
    std::string out = "'";
    size_t i = 0;
    while (i < s.size() && i < kShown) {
        // A character past ASCII shows as itself, whole ('caf\xC3\xA9' was shown for
        // "café"); control bytes and bytes that are not UTF-8 are escaped.
        if (const size_t len = utf8_printable_length(s, i)) {
            out.append(s.substr(i, len));
            i += len;
            continue;
        }
        const auto b = static_cast<unsigned char>(s[i++]);
        if (b < 0x20 || b >= 0x7F)
            out += "\\x" + hex_byte(b).substr(2);
        else
            out += static_cast<char>(b);
    }
    if (i < s.size()) out += "...";
    return out + "'";
}

}  // namespace kk
