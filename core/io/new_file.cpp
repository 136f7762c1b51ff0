#include "core/io/new_file.h"

#include <unistd.h>

namespace kk {

std::filesystem::path folder_of(const std::filesystem::path& file) {
    return file.parent_path().empty() ? std::filesystem::path(".") : file.parent_path();
}

std::string folder_problem(const std::filesystem::path& file) {
    const std::filesystem::path dir = folder_of(file);
    std::error_code error;
    if (std::filesystem::is_directory(dir, error)) return "";
    return std::filesystem::exists(dir, error) ? dir.string() + " is not a folder"
                                               : "no folder " + dir.string();
}

std::size_t folder_name_max(const std::filesystem::path& file) {
    const long max = ::pathconf(folder_of(file).c_str(), _PC_NAME_MAX);
    return max > 0 ? static_cast<std::size_t>(max) : 255;
}

}  // namespace kk
