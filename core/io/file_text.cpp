#include "core/io/file_text.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace kk {

std::string over_cap_problem(std::size_t max_bytes, const std::string& what) {
    return "larger than " + std::to_string(max_bytes >> 20) + " MiB: not " + what;
}

std::string read_capped(std::istream& in, std::size_t max_bytes, const std::string& what,
                        std::string& text) {
    char buf[65536];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        text.append(buf, static_cast<std::size_t>(in.gcount()));
        if (text.size() > max_bytes) return over_cap_problem(max_bytes, what);
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
        // Say why (permission denied, a loop of links, ...) where the library kept it: a
        // link to itself was "no such file".
        const int why = errno;
        if (why == ENOENT || (why == 0 && !std::filesystem::exists(path, ec)))
            return std::filesystem::is_symlink(path, ec)
                       ? "cannot read the file: a symbolic link to nothing"
                       : "cannot read the file: no such file";
        return why ? "cannot read the file: " + std::string(std::strerror(why))
                   : "cannot read the file";
    }
    // A file past the cap is refused before it is read (its first 64 MiB took 140 MB,
    // and time); one within it is read into room made once.
    if (const auto size = std::filesystem::file_size(path, ec);
        !ec && std::filesystem::is_regular_file(path, ec)) {
        if (size > max_bytes) return over_cap_problem(max_bytes, what);
        text.reserve(text.size() + size);
    }
    return read_capped(in, max_bytes, what, text);
}

}  // namespace kk
