#include "db/pack/stdout_spool.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace kk::db {

StdoutSpool::StdoutSpool() : stream_(this) {
    // An empty TMPDIR is an unset one, as for mktemp(1) (it was "cannot make a
    // temporary file in  for ...").
    const char* tmpdir = std::getenv("TMPDIR");
    dir_ = tmpdir && *tmpdir ? tmpdir : "/tmp";
    std::string name = (std::filesystem::path(dir_) / "kenken-export-XXXXXX").string();
    fd_ = ::mkstemp(name.data());
    if (fd_ < 0)
        throw std::runtime_error(
            "cannot make a temporary file in " + dir_ +
            " for the pack to stdout (TMPDIR names the folder): " + std::strerror(errno));
    ::unlink(name.c_str());
    setp(buffer_.data(), buffer_.data() + buffer_.size());
}

StdoutSpool::~StdoutSpool() {
    ::close(fd_);
}

std::ostream& StdoutSpool::rewrite() {
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    stream_.clear();
    if (::ftruncate(fd_, 0) != 0 || ::lseek(fd_, 0, SEEK_SET) != 0) fail();
    return stream_;
}

void StdoutSpool::finish() {
    if (!stream_ || sync() != 0) fail();
}

void StdoutSpool::copy_to_stdout() {
    bool written = ::lseek(fd_, 0, SEEK_SET) == 0;
    for (ssize_t got; written && (got = ::read(fd_, buffer_.data(), buffer_.size())) != 0;)
        // A write that fails inside fwrite (/dev/full) leaves fflush nothing to fail
        // on: the pack was recorded with its text lost.
        written = got > 0 && std::fwrite(buffer_.data(), 1, static_cast<std::size_t>(got),
                                         stdout) == static_cast<std::size_t>(got);
    if (!written || std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::clearerr(stdout);  // reported here: kenken's main need not say it again
        throw std::runtime_error("cannot write to stdout");
    }
}

void StdoutSpool::fail() {
    throw std::runtime_error("cannot write the pack to a temporary file in " + dir_ + ": " +
                             std::strerror(errno ? errno : EIO));
}

int StdoutSpool::overflow(int ch) {
    if (sync() != 0) return traits_type::eof();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) sputc(traits_type::to_char_type(ch));
    return traits_type::not_eof(ch);
}

int StdoutSpool::sync() {
    for (const char* from = pbase(); from < pptr();) {
        const ssize_t put = ::write(fd_, from, static_cast<std::size_t>(pptr() - from));
        if (put < 0 && errno == EINTR) continue;
        if (put <= 0) return -1;
        from += put;
    }
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return 0;
}

}  // namespace kk::db
