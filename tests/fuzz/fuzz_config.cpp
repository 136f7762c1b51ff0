// libFuzzer target: the factory's TOML configuration. A ConfigError is the
// expected answer to bad text; what is accepted must write back as TOML that reads
// to the same configuration text (config_to_toml is what a run stores).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "pipeline/factory/config.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    kk::FactoryConfig config;
    try {
        config = kk::parse_config(text, "fuzz.toml");
    } catch (const kk::ConfigError&) {
        return 0;
    }
    std::string stored = kk::config_to_toml(config);
    try {
        if (kk::config_to_toml(kk::parse_config(stored, "stored.toml")) != stored) std::abort();
    } catch (const kk::ConfigError&) {
        std::abort();  // the configuration a run stores must read back
    }
    return 0;
}
