// Finding a factory configuration by name: `--config overnight` from any folder.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace kk::cli {

// The folders a configuration name is looked up in, in order: the installed
// share/kenken/configs beside the binary (BIN/../share/kenken/configs), then, for the
// binary in its build folder only (not installed), the source tree's configs/.
std::vector<std::string> config_folders();

// A path as given when the file exists; otherwise NAME or NAME.toml in
// config_folders(); otherwise the name as given when something else (a folder, a
// device) has it, for the reader to say what. nullopt when none exists.
std::optional<std::string> find_config(const std::string& name);

}  // namespace kk::cli
