#include "core/io/text_lines.h"

#include <cstdio>

#include "core/io/formats.h"
#include "core/io/utf8.h"
#include "core/model/puzzle.h"

namespace kk {

std::vector<TextLine> split_lines(std::string_view text) {
    text = without_bom(text);
    std::vector<TextLine> lines;
    int number = 1;
    // A line ends in LF, CRLF or a CR alone (old Mac text, which was one long line:
    // "header must be '#', the size..." on a right puzzle; answers took it already).
    while (!text.empty()) {
        const size_t end = text.find_first_of("\r\n");
        lines.push_back({number++, text.substr(0, end)});
        if (end == std::string_view::npos) break;
        const bool crlf = text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n';
        text.remove_prefix(end + (crlf ? 2 : 1));
    }
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

std::vector<std::string_view> split_words(std::string_view s) {
    std::vector<std::string_view> words;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
        size_t start = i;
        while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
        if (i > start) words.push_back(s.substr(start, i - start));
    }
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
        const bool negative = s.size() > 1 && s[0] == '-' && parse_count(s.substr(1), kMaxTarget);
        throw ParseError(line, negative ? "target " + quoted(s) +
                                              " is negative: targets are whole "
                                              "numbers from 1"
                                        : "target " + quoted(s) + " is not a number");
    }
    if (*value > kMaxTarget) throw ParseError(line, "target is too large (limit 10^18)");
    return *value;
}

std::string quoted(std::string_view s) {
    constexpr size_t kShown = 24;
    std::string out = "'";
    for (size_t i = 0; i < s.size() && i < kShown; ++i) {
        const auto b = static_cast<unsigned char>(s[i]);
        if (b < 0x20 || b >= 0x7F)
            out += "\\x" + hex_byte(b).substr(2);
        else
            out += s[i];
    }
    if (s.size() > kShown) out += "...";
    return out + "'";
}

}  // namespace kk
