#include "db/store/writer_lock.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <optional>
#include <system_error>

#include "core/io/new_file.h"
#include "db/store/sqlite.h"

namespace kk::db {
namespace {

std::string read_all(int fd) {
    std::string text;
    char buf[256];
    if (::lseek(fd, 0, SEEK_SET) < 0) return text;
    for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0 && text.size() < 4096;)
        text.append(buf, static_cast<size_t>(n));
    while (!text.empty() && (text.back() == '\n' || text.back() == '\0')) text.pop_back();
    return text;
}

// This process's PID namespace ("pid:[4026531836]"), or "" where /proc does not say.
std::string pid_namespace() {
    char link[64] = "";
    const ssize_t n = ::readlink("/proc/self/ns/pid", link, sizeof link - 1);
    return n > 0 ? std::string(link, static_cast<size_t>(n)) : "";
}

// This machine's name, as a holder's line gives it.
std::string host_name() {
    char host[256] = "?";
    ::gethostname(host, sizeof host - 1);
    return host;
}

// The PID namespace a holder's text gives on its "pidns" line; nullopt when it has none
// (a writer where /proc did not say).
std::optional<std::string> their_pid_namespace(const std::string& text) {
    const std::string tag = "\npidns ";
    const auto at = text.find(tag);
    if (at == std::string::npos) return std::nullopt;
    const std::string rest = text.substr(at + tag.size());
    return rest.substr(0, rest.find('\n'));
}

// The holder's line as shown: a writer in another PID namespace (a container) wrote a
// pid this one cannot use ("pid 1", which `kill 1` would not reach), so that is said.
std::string shown_holder(const std::string& text) {
    std::string line = text.substr(0, text.find('\n'));
    if (const auto theirs = their_pid_namespace(text))
        if (const std::string mine = pid_namespace(); !mine.empty() && *theirs != mine)
            line += ", in another PID namespace (a container?): that pid is not this one's";
    return line;
}

// Whether text names a writer on this host, in this PID namespace, that has ended: the
// line an earlier holder left, which the new holder has not yet written over.
bool names_an_ended_writer(const std::string& text) {
    const auto at = text.find(", pid ");
    if (at == std::string::npos) return false;
    char* end = nullptr;
    const long pid = std::strtol(text.c_str() + at + 6, &end, 10);
    if (pid <= 0 || std::strncmp(end, " on ", 4) != 0) return false;
    const std::string rest(end + 4);
    if (rest.substr(0, rest.find(" since ")) != host_name()) return false;
    if (their_pid_namespace(text).value_or("") != pid_namespace()) return false;
    return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

// The line of the writer that holds the lock. It empties the file and then writes its
// line, so a writer started at the same instant read "" and named the holder
// "unknown", or read the line of the writer before it and named that one, which had
// ended (writer-trials, once in 120 rounds): wait a little for the line.
std::string holder_line(int fd) {
    std::string text = read_all(fd);
    for (int tries = 0; (text.empty() || names_an_ended_writer(text)) && tries < 20; ++tries) {
        ::usleep(5000);
        text = read_all(fd);
    }
    return text.empty() || names_an_ended_writer(text) ? "unknown" : shown_holder(text);
}

std::string holder_text(const std::string& command) {
    char when[32] = "?";
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    if (::gmtime_r(&now, &tm)) std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    // The PID namespace on a line of its own, for a reader in another to tell.
    const std::string ns = pid_namespace();
    return "kenken " + command + ", pid " + std::to_string(::getpid()) + " on " + host_name() +
           " since " + when + "\n" + (ns.empty() ? "" : "pidns " + ns + "\n");
}

// A writer may create the corpus and its companions: their folder must exist, and
// the longest companion's name must fit it: a new corpus is made as "NAME.new", whose
// schema transaction has a "NAME.new-journal".
void check_writable_name(const std::string& corpus_path) {
    if (const std::string problem = corpus_name_problem(corpus_path); !problem.empty())
        throw DbError(problem);
    namespace fs = std::filesystem;
    const fs::path corpus(corpus_path);
    std::error_code error;
    // Before any lock file: --db . made "../FOLDER.lock" beside it, then said "cannot
    // write .: Is a directory (a writer needs a corpus it may change ...)".
    if (fs::is_directory(corpus, error))
        throw DbError(corpus_path + " is a folder, not a KenKen corpus");
    // A file where the folder should be was "no folder" too.
    if (const std::string problem = folder_problem(corpus); !problem.empty())
        throw DbError(corpus_path + ": " + problem);
    const std::size_t max = folder_name_max(corpus);
    const std::size_t longest = corpus.filename().string().size() + std::strlen(".new-journal");
    if (longest > max)
        throw DbError(corpus_path + ": the file name is too long for a corpus (" +
                      std::to_string(corpus.filename().string().size()) +
                      " bytes: making it takes NAME.new-journal, and the folder takes names of " +
                      std::to_string(max) + " bytes at most)");
}

// Why the lock file could not be opened. A lock file left by another user, or made
// read-only, in a folder we may write was blamed on the folder, which was fine.
std::string lock_open_problem(const std::string& path, int why) {
    std::string text = "cannot open the lock file " + path + ": " + std::strerror(why);
    if (why != EACCES && why != EROFS) return text;
    struct stat st;
    const std::string folder = std::filesystem::path(path).parent_path().string();
    if (why == EACCES && ::lstat(path.c_str(), &st) == 0 &&
        ::access(folder.empty() ? "." : folder.c_str(), W_OK) == 0) {
        char mode[8];
        std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
        return text + " (the file is not ours to write: owner uid " + std::to_string(st.st_uid) +
               ", mode " + mode +
               "; if no kenken writes this corpus, remove it: a writer makes its own)";
    }
    return text +
           " (a writer needs to write the corpus's folder: the lock file and SQLite's journal "
           "live beside the corpus)";
}

// Whether path still names the file open as fd: a holder removes a lock file it made as
// it lets go, and a taker that opened it before then has locked a file no name leads to.
bool names_file(const std::string& path, int fd) {
    struct stat held {};
    struct stat named {};
    return ::fstat(fd, &held) == 0 && held.st_nlink > 0 && ::lstat(path.c_str(), &named) == 0 &&
           named.st_dev == held.st_dev && named.st_ino == held.st_ino;
}

// Opens the lock file, making it when absent; made says whether this call made it.
// Never through a link: the holder's line is written over the file, and a lock file
// linked to /etc/passwd (or any file of the user's) was truncated and overwritten.
int open_lock_file(const std::string& path, bool& made) {
    for (int tries = 0; tries < 100; ++tries) {
        int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
        made = fd >= 0;
        if (fd >= 0 || errno != EEXIST) return fd;
        fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
        if (fd >= 0 || errno != ENOENT) return fd;
        // Removed between the two opens: make it again.
    }
    errno = EAGAIN;
    return -1;
}

}  // namespace

// The byte of the corpus file a writer locks: SQLite locks bytes near 1 GiB (and, in
// WAL mode, the -shm file), so this one is never theirs.
constexpr off_t kWriterByte = off_t{1} << 62;

std::string WriterLock::lock_path(const std::string& corpus_path) {
    // The real path, so that a symbolic link to the corpus (or to its folder) finds the
    // same sidecar; a path that cannot be resolved is used as given.
    std::error_code error;
    const std::filesystem::path real = std::filesystem::weakly_canonical(corpus_path, error);
    return (error ? corpus_path : real.string()) + ".lock";
}

std::optional<std::string> WriterLock::writer_of(const std::string& corpus_path) {
    const int fd = ::open(corpus_path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    struct flock byte {};
    byte.l_type = F_WRLCK;
    byte.l_whence = SEEK_SET;
    byte.l_start = kWriterByte;
    byte.l_len = 1;
    const bool held = ::fcntl(fd, F_OFD_GETLK, &byte) == 0 && byte.l_type != F_UNLCK;
    ::close(fd);
    if (!held) return std::nullopt;
    std::string holder;
    if (const int lock_fd =
            ::open(lock_path(corpus_path).c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
        lock_fd >= 0) {
        holder = shown_holder(read_all(lock_fd));
        ::close(lock_fd);
    }
    return holder.empty() ? "unknown" : holder;
}

bool WriterLock::hold_corpus_file(const std::string& corpus_path, std::string& holder) {
    if (corpus_fd_ >= 0) return true;
    const int fd = ::open(corpus_path.c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        const int why = errno;
        if (why == ENOENT) return true;  // nothing to hold yet (a folder: check_writable_name)
        std::string text = "cannot write " + corpus_path + ": " + std::strerror(why);
        if (why == EACCES || why == EPERM || why == EROFS)
            text +=
                " (a writer needs a corpus it may change; readers such as stats, query and "
                "export --dry-run do not)";
        throw DbError(text);
    }
    struct flock byte {};
    byte.l_type = F_WRLCK;
    byte.l_whence = SEEK_SET;
    byte.l_start = kWriterByte;
    byte.l_len = 1;
    if (::fcntl(fd, F_OFD_SETLK, &byte) != 0) {
        const int why = errno;
        ::close(fd);
        // A file system without such locks keeps the sidecar's, which covers every
        // name but a hard link.
        if (why != EAGAIN && why != EACCES) return true;
        // Its own lock file names it, unless that file was removed while it ran (then
        // "a hard link" alone was wrong, and sent the user looking for a link).
        holder =
            "a writer that holds the corpus file itself: one that opened it under another "
            "name (a hard link), or one whose lock file " +
            lock_path(corpus_path) + " was removed while it ran";
        // Refused, our line goes: it named this process, about to exit, as the holder
        // to every later writer.
        if (fd_ >= 0) {
            [[maybe_unused]] const int cleared = ::ftruncate(fd_, 0);  // the refusal counts
        }
        return false;
    }
    corpus_fd_ = fd;
    return true;
}

std::optional<WriterLock> WriterLock::try_acquire(const std::string& corpus_path,
                                                  const std::string& command, std::string& holder) {
    check_writable_name(corpus_path);
    const std::string path = lock_path(corpus_path);
    // A new corpus or lock file is made with the umask (SQLite gives its journals the
    // corpus's own permissions).
    std::error_code error;
    if (!std::filesystem::exists(corpus_path, error) || !std::filesystem::exists(path, error))
        if (const std::string problem = umask_problem(0600); !problem.empty())
            throw DbError(corpus_path + ": " + problem);
    // Locked, the file must still be the one the name leads to: a holder that made it
    // removes it as it lets go (~WriterLock). Then the name is opened again.
    for (int tries = 0;; ++tries) {
        bool made = false;
        const int fd = open_lock_file(path, made);
        if (fd < 0 && errno == ELOOP)
            throw DbError("the lock file " + path +
                          " is a symbolic link: remove it (a writer makes its own)");
        if (fd < 0) throw DbError(lock_open_problem(path, errno));
        WriterLock lock(fd, path);
        struct stat st;
        if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_nlink > 1)
            throw DbError("the lock file " + path +
                          " is not a plain file of its own (a device, a pipe or a hard link to "
                          "another file): remove it (a writer makes its own)");
        if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
            if (errno != EWOULDBLOCK)
                throw DbError("cannot lock " + path + ": " + std::strerror(errno));
            holder = holder_line(fd);
            return std::nullopt;
        }
        if (!names_file(path, fd)) {
            if (tries < 100) continue;
            throw DbError("cannot lock " + path +
                          ": the file was removed or replaced each time it was locked");
        }
        lock.made_file_ = made;
        return take_locked(std::move(lock), corpus_path, command, holder);
    }
}

std::optional<WriterLock> WriterLock::take_locked(WriterLock lock, const std::string& corpus_path,
                                                  const std::string& command, std::string& holder) {
    const std::string& path = lock.path_;
    const int fd = lock.fd_;
    // Ours now, whatever an earlier (dead) holder wrote: record who we are.
    const std::string me = holder_text(command);
    if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, me.data(), me.size(), 0) < 0)
        throw DbError("cannot write the lock file " + path + ": " + std::strerror(errno));
    if (!lock.hold_corpus_file(corpus_path, holder)) return std::nullopt;
    return lock;
}

bool WriterLock::still_named(const std::string& corpus_path) const {
    struct stat held {};
    struct stat named {};
    if (corpus_fd_ < 0 || ::fstat(corpus_fd_, &held) != 0) return true;
    return held.st_nlink > 0 && ::stat(corpus_path.c_str(), &named) == 0 &&
           named.st_dev == held.st_dev && named.st_ino == held.st_ino;
}

std::string WriterLock::corpus_lost(const std::string& corpus_path) {
    struct stat held {};
    if (corpus_fd_ < 0 || ::fstat(corpus_fd_, &held) != 0) return "";
    if (!still_named(corpus_path))
        return corpus_path +
               " is no longer the file this run was writing: it was removed, renamed or replaced "
               "while the run went on; stopped (what it stored is in the file it opened, "
               "wherever that is now)";
    if (held.st_size < seen_size_)
        return corpus_path + " shrank from " + std::to_string(seen_size_) + " to " +
               std::to_string(held.st_size) +
               " bytes while this run wrote it (truncated or overwritten by another program): "
               "the corpus is damaged; stopped";
    seen_size_ = held.st_size;
    return "";
}

WriterLock::WriterLock(WriterLock&& other) noexcept
    : fd_(other.fd_),
      path_(std::move(other.path_)),
      made_file_(other.made_file_),
      keep_file_(other.keep_file_),
      corpus_fd_(other.corpus_fd_),
      seen_size_(other.seen_size_) {
    other.fd_ = other.corpus_fd_ = -1;
}

WriterLock& WriterLock::operator=(WriterLock&& other) noexcept {
    if (this != &other) {
        remove_made_file();
        if (fd_ >= 0) ::close(fd_);
        if (corpus_fd_ >= 0) ::close(corpus_fd_);
        fd_ = other.fd_;
        path_ = std::move(other.path_);
        made_file_ = other.made_file_;
        keep_file_ = other.keep_file_;
        corpus_fd_ = other.corpus_fd_;
        seen_size_ = other.seen_size_;
        other.fd_ = other.corpus_fd_ = -1;
    }
    return *this;
}

void WriterLock::remove_made_file() const {
    // Only while locked, and only the file the name still leads to (not one a later
    // writer made after ours was removed by hand).
    if (fd_ >= 0 && made_file_ && !keep_file_ && names_file(path_, fd_)) ::unlink(path_.c_str());
}

WriterLock::~WriterLock() {
    remove_made_file();
    // Closing a descriptor releases its lock.
    if (corpus_fd_ >= 0) ::close(corpus_fd_);
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace kk::db
