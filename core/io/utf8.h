// Well-formed UTF-8, as the Unicode standard defines it (table 3-7).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace kk {

// Length (1..4) of the well-formed UTF-8 sequence starting at s[i] (i < s.size()), or 0
// when the bytes there are none: a stray continuation byte, an overlong form, a
// surrogate, a value past U+10FFFF, or a sequence cut short.
std::size_t utf8_sequence_length(std::string_view s, std::size_t i);

// Length (2..4) of the well-formed UTF-8 sequence at s[i] when it is a character past
// ASCII that prints as text, else 0: ASCII, bytes that are not UTF-8, the C1
// controls U+0080..U+009F (a terminal acts on them, as on ESC) and the bidirectional
// formatting characters (U+202E shows what follows reversed).
std::size_t utf8_printable_length(std::string_view s, std::size_t i);

// The code point of the well-formed sequence of len bytes at s[i] (len from
// utf8_sequence_length, not 0).
char32_t utf8_code_point(std::string_view s, std::size_t i, std::size_t len);

// s without the UTF-8 byte order mark that Notepad and others put in front of a file.
inline std::string_view without_bom(std::string_view s) {
    return s.starts_with("\xEF\xBB\xBF") ? s.substr(3) : s;
}

// "" unless s starts with a UTF-16 byte order mark (FF FE or FE FF: Windows PowerShell's
// `>` writes such files); then what to say: "UTF-16 text ...: save it as UTF-8". Its
// bytes read as binary data, or as a config's "invalid utf-8 sequence".
std::string utf16_problem(std::string_view s);

// s for one line of a table or a message: control characters (a newline in a file
// name broke the packs listing's rows) as \n, \t, \r or \xNN, the C1 controls and
// bytes that are not UTF-8 as \xNN too, and a backslash as \\ (so the escapes read
// back one way). Printable text is kept as it is.
std::string printable(std::string_view s);
// printable() of s's first `shown` bytes, and "... (N bytes)" after them when s is
// longer: text of a file or a corpus in a message (a megabyte key or value of a
// configuration was repeated whole in its message).
std::string printable_cut(std::string_view s, std::size_t shown);

// A file's name for a message ("FILE:LINE: what"): as it is when every byte prints
// (so ordinary names, backslashes and all, read as before), else as printable() shows
// it, so a newline or a terminal escape in a name cannot split or colour the message.
std::string shown_name(std::string_view name);

}  // namespace kk
