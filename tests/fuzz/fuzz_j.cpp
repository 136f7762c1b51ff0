// libFuzzer target: the j reader (see fuzz_reader.h).
#include "fuzz_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return kk::fuzz::read_one_format(data, size, kk::Format::J);
}
