#include "pipeline/cli/same_file.h"

#include <filesystem>
#include <system_error>

#include "db/store/writer_lock.h"

namespace kk::cli {

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
