#include "core/io/utf8.h"

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

}  // namespace kk
