#include "db/store/writer_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>

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

std::string holder_text(const std::string& command) {
    char host[256] = "?";
    ::gethostname(host, sizeof host - 1);
    char when[32] = "?";
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    if (::gmtime_r(&now, &tm)) std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return "kenken " + command + ", pid " + std::to_string(::getpid()) + " on " + host + " since " +
           when + "\n";
}

}  // namespace

std::string WriterLock::lock_path(const std::string& corpus_path) {
    return corpus_path + ".lock";
}

std::optional<WriterLock> WriterLock::try_acquire(const std::string& corpus_path,
                                                  const std::string& command, std::string& holder) {
    const std::string path = lock_path(corpus_path);
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) throw DbError("cannot open the lock file " + path + ": " + std::strerror(errno));
    WriterLock lock(fd);
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK)
            throw DbError("cannot lock " + path + ": " + std::strerror(errno));
        holder = read_all(fd);
        if (holder.empty()) holder = "unknown";
        return std::nullopt;
    }
    // Ours now, whatever an earlier (dead) holder wrote: record who we are.
    const std::string me = holder_text(command);
    if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, me.data(), me.size(), 0) < 0)
        throw DbError("cannot write the lock file " + path + ": " + std::strerror(errno));
    return lock;
}

WriterLock::WriterLock(WriterLock&& other) noexcept : fd_(other.fd_) {
    other.fd_ = -1;
}

WriterLock& WriterLock::operator=(WriterLock&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.fd_;
        other.fd_ = -1;
    }
    return *this;
}

WriterLock::~WriterLock() {
    if (fd_ >= 0) ::close(fd_);  // closing the descriptor releases the flock
}

}  // namespace kk::db
