#include "core/io/utf8.h"

#include <algorithm>

namespace kk {

std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const unsigned lead = byte(0);
    if (lead < 0x80) return 1;
    // The second byte's range depends on the lead (that is what rules out overlong
    // forms, surrogates and values past U+10FFFF); every later byte is 80..BF.
    std::size_t len = 0;
    unsigned low = 0x80, high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        len = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        len = 3;
        if (lead == 0xE0) low = 0xA0;
        if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        len = 4;
        if (lead == 0xF0) low = 0x90;
        if (lead == 0xF4) high = 0x8F;
    }
    if (len == 0 || i + len > s.size()) return 0;
    if (byte(1) < low || byte(1) > high) return 0;
    for (std::size_t k = 2; k < len; ++k)
        if ((byte(k) & 0xC0) != 0x80) return 0;
    return len;
}

// The bidirectional formatting characters: a name holding U+202E (right-to-left
// override) shows the rest of the message reversed, so a file "x\u202Efdp.exe" reads
// as "xexe.pdf" ("Trojan Source"). Escaped like controls.
namespace {
bool is_bidi_control(char32_t c) {
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
           (c >= 0x2066 && c <= 0x2069);
}
}  // namespace

std::size_t utf8_printable_length(std::string_view s, std::size_t i) {
    const std::size_t len = utf8_sequence_length(s, i);
    if (len < 2) return 0;
    // U+0080..U+009F are C2 80..C2 9F.
    const bool c1 = s[i] == '\xC2' && static_cast<unsigned char>(s[i + 1]) < 0xA0;
    return c1 || is_bidi_control(utf8_code_point(s, i, len)) ? 0 : len;
}

char32_t utf8_code_point(std::string_view s, std::size_t i, std::size_t len) {
    const auto byte = [&](std::size_t k) {
        return static_cast<char32_t>(static_cast<unsigned char>(s[i + k]));
    };
    if (len == 1) return byte(0);
    char32_t c = byte(0) & (0x7Fu >> len);  // the lead's payload bits
    for (std::size_t k = 1; k < len; ++k) c = c << 6 | (byte(k) & 0x3Fu);
    return c;
}

std::string utf16_problem(std::string_view s) {
    if (!s.starts_with("\xFF\xFE") && !s.starts_with("\xFE\xFF")) return "";
    return std::string("UTF-16 text (it starts with the byte order mark ") +
           (s[0] == '\xFF' ? "FF FE" : "FE FF") + "): save it as UTF-8";
}

std::string printable_cut(std::string_view s, std::size_t shown) {
    if (s.size() <= shown) return printable(s);
    return printable(s.substr(0, shown)) + "... (" + std::to_string(s.size()) + " bytes)";
}

std::string printable(std::string_view s) {
    static const char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(s.size());
    const auto hex = [&](unsigned char c) {
        out += "\\x";
        out += kHex[c >> 4];
        out += kHex[c & 15];
    };
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t len = utf8_sequence_length(s, i);
        // A C1 control or a bidirectional override: each of its bytes escaped.
        const bool hidden = len > 1 && utf8_printable_length(s, i) == 0;
        if (len > 1 && !hidden) {
            out.append(s.substr(i, len));
        } else if (hidden) {
            for (std::size_t k = 0; k < len; ++k) hex(static_cast<unsigned char>(s[i + k]));
        } else if (c == '\\' || c == '\n' || c == '\t' || c == '\r') {
            out += '\\';
            out += c == '\\' ? '\\' : c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
        } else if (c < 0x20 || c == 0x7F || len == 0) {
            hex(c);
        } else {
            out += static_cast<char>(c);
        }
        i += len > 1 ? len : 1;
    }
    return out;
}

std::string shown_name(std::string_view name) {
    const std::string shown = printable(name);
    // printable() doubles each backslash; only other escapes mean the name needs them.
    const auto backslashes = std::count(name.begin(), name.end(), '\\');
    if (shown.size() == name.size() + static_cast<std::size_t>(backslashes))
        return std::string(name);
    return shown;
}

}  // namespace kk
