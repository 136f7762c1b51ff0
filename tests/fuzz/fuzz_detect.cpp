// libFuzzer target: format detection followed by whichever reader it picks, the
// path every command takes when --format is not given.
#include "fuzz_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    if (kk::detect_format(text) == kk::Format::Auto) std::abort();  // Auto never comes back
    return kk::fuzz::read_one_format(data, size, kk::Format::Auto);
}
