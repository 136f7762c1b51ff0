#include "core/io/new_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>

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

std::string umask_problem(unsigned needed) {
    // Read by setting it: called before any thread that makes files is started.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    // root reads and writes files whatever their mode.
    if ((mask & needed) == 0 || ::geteuid() == 0) return "";
    char octal[16];
    std::snprintf(octal, sizeof octal, "%04o", static_cast<unsigned>(mask & 0777));
    return std::string("the umask ") + octal + " would make files their owner cannot " +
           ((mask & 0400)   ? "read"
            : (mask & 0200) ? "write"
                            : "open as a folder") +
           ": nothing made (set a umask such as 0022 or 0077)";
}

bool same_file(const std::string& a, const std::string& b) {
    struct stat sa, sb;
    if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    std::error_code ea, eb;
    namespace fs = std::filesystem;
    const fs::path pa = fs::weakly_canonical(fs::absolute(a, ea), ea);
    const fs::path pb = fs::weakly_canonical(fs::absolute(b, eb), eb);
    if (!ea && !eb) return pa == pb;
    // Past PATH_MAX (a folder deeper than 4096 bytes) neither stat nor the real path
    // can be had: the names as written, made absolute, are all there is. `export
    // --force` over an earlier pack's file there did not say the pack stayed recorded.
    std::error_code ra, rb;
    const fs::path la = fs::absolute(a, ra).lexically_normal();
    const fs::path lb = fs::absolute(b, rb).lexically_normal();
    return !ra && !rb && la == lb;
}

bool names_open_descriptor(const std::filesystem::path& file) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path p = fs::absolute(file, ec).lexically_normal();
    // Link by link (the kernel's own limit is 40): the last link's target is already the
    // open file itself, so the descriptor shows only on the way.
    for (int hop = 0; !ec && hop < 40; ++hop) {
        const std::string s = p.string();
        if (s.rfind("/dev/fd/", 0) == 0 || s == "/dev/stdin" || s == "/dev/stdout" ||
            s == "/dev/stderr")
            return true;
        if (s.rfind("/proc/", 0) == 0 && s.find("/fd/") != std::string::npos) return true;
        if (!fs::is_symlink(fs::symlink_status(p, ec))) return false;
        const fs::path target = fs::read_symlink(p, ec);
        p = (target.is_absolute() ? target : p.parent_path() / target).lexically_normal();
    }
    return false;
}

}  // namespace kk
