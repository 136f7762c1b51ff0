// libFuzzer target: Keen game ids, both one id (read_keen_id) and a file of ids
// (the keen reader), with the neknek round trip of fuzz_reader.h.
#include "fuzz_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        kk::fuzz::check_round_trip(kk::read_keen_id(text));
    } catch (const kk::ParseError& e) {
        if (e.line != 1) std::abort();  // one id is one line
    }
    return kk::fuzz::read_one_format(data, size, kk::Format::Keen);
}
