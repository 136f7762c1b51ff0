// Checks for a file a command is about to make (a corpus, a pack): the folder it goes
// into, and how long a name that folder takes.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace kk {

// The folder the file goes into ("." for a bare name).
std::filesystem::path folder_of(const std::filesystem::path& file);

// "" when the file's folder exists, else "DIR is not a folder" (a file stands there) or
// "no folder DIR".
std::string folder_problem(const std::filesystem::path& file);

// The longest file name the file's folder takes (pathconf NAME_MAX; 255, the Linux file
// systems' limit, when the folder cannot say).
std::size_t folder_name_max(const std::filesystem::path& file);

}  // namespace kk
