#include "pipeline/cli/same_file.h"

#include <sys/stat.h>

#include <filesystem>
#include <system_error>

#include "db/store/writer_lock.h"

namespace kk::cli {

bool same_file(const std::string& a, const std::string& b) {
    struct stat sa, sb;
    if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    std::error_code ea, eb;
    namespace fs = std::filesystem;
    const fs::path pa = fs::weakly_canonical(fs::absolute(a, ea), ea);
    const fs::path pb = fs::weakly_canonical(fs::absolute(b, eb), eb);
    return !ea && !eb && pa == pb;
}

bool is_corpus_file(const std::string& path, const std::string& db) {
    if (same_file(path, db) || same_file(path, db::WriterLock::lock_path(db))) return true;
    // SQLite names its files after the path it opened, with symbolic links resolved.
    std::error_code error;
    const std::string real = std::filesystem::weakly_canonical(db, error).string();
    for (const char* suffix : {"-wal", "-shm", "-journal", ".new"})
        if (same_file(path, db + suffix) || (!error && same_file(path, real + suffix))) return true;
    return false;
}

}  // namespace kk::cli
