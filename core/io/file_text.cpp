#include "core/io/file_text.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace kk {

std::string read_capped(std::istream& in, std::size_t max_bytes, const std::string& what,
                        std::string& text) {
    char buf[65536];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        text.append(buf, static_cast<std::size_t>(in.gcount()));
        if (text.size() > max_bytes)
            return "larger than " + std::to_string(max_bytes >> 20) + " MiB: not " + what;
    }
    return in.bad() ? "cannot read the file" : "";
}

std::string read_file_capped(const std::string& path, std::size_t max_bytes,
                             const std::string& what, std::string& text) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return "is a folder, not " + what;
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (!std::filesystem::exists(path, ec)) return "cannot read the file: no such file";
        // Say why (permission denied, ...) where the library kept it.
        return errno ? "cannot read the file: " + std::string(std::strerror(errno))
                     : "cannot read the file";
    }
    return read_capped(in, max_bytes, what, text);
}

}  // namespace kk
