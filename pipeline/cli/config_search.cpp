#include "pipeline/cli/config_search.h"

#include <filesystem>
#include <system_error>

namespace kk::cli {
namespace fs = std::filesystem;

std::vector<std::string> config_folders() {
    std::vector<std::string> folders;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return folders;
    folders.push_back((exe.parent_path().parent_path() / "share/kenken/configs").string());
#if defined(KENKEN_SOURCE_CONFIGS) && defined(KENKEN_BUILD_DIR)
    // Only the binary in its build folder: installed, it also took the source tree's
    // configurations (edited, or of another version) over a name missing from its prefix.
    if (fs::equivalent(exe.parent_path(), KENKEN_BUILD_DIR, ec))
        folders.push_back(KENKEN_SOURCE_CONFIGS);
#endif
    return folders;
}

std::optional<std::string> find_config(const std::string& name) {
    std::error_code ec;
    if (fs::is_regular_file(name, ec)) return name;
    // Only a bare name is looked up: a path that does not exist is not found.
    if (name.find('/') != std::string::npos)
        return fs::exists(name, ec) ? std::optional<std::string>(name) : std::nullopt;
    for (const std::string& folder : config_folders())
        for (const std::string& file : {name, name + ".toml"}) {
            const fs::path p = fs::path(folder) / file;
            if (fs::is_regular_file(p, ec)) return p.string();
        }
    // A folder, a device or a pipe by that name: the reader says what it is (all three
    // were "no configuration").
    if (fs::exists(name, ec)) return name;
    return std::nullopt;
}

}  // namespace kk::cli
