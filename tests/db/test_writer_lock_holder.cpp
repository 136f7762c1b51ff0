// Who a refused writer is told holds the corpus, when the holder has only just taken
// the lock and not yet written its line over the one an ended writer left.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "db/store/writer_lock.h"

namespace fs = std::filesystem;

TEST_CASE(
    "a refused writer names the writer that has just taken the lock, not the ended one "
    "before it",
    "[db][writer-lock]") {
    const fs::path dir = fs::temp_directory_path() / ("kk-holder-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string corpus = (dir / "c.db").string();
    // An ended writer: a child that has exited (and been reaped), its pid unused now.
    const pid_t ended = ::fork();
    if (ended == 0) ::_exit(0);
    REQUIRE(ended > 0);
    ::waitpid(ended, nullptr, 0);
    char host[256] = "";
    ::gethostname(host, sizeof host - 1);
    const std::string lock = kk::db::WriterLock::lock_path(corpus);
    {
        std::ofstream(lock) << "kenken generate, pid " << ended << " on " << host
                            << " since 2026-01-01T00:00:00Z\n"
                            << "pidns " << fs::read_symlink("/proc/self/ns/pid").string() << "\n";
    }
    // The new holder: locked, and its line written 30 ms later.
    const int fd = ::open(lock.c_str(), O_RDWR | O_CLOEXEC);
    REQUIRE(fd >= 0);
    REQUIRE(::flock(fd, LOCK_EX | LOCK_NB) == 0);
    std::thread holder([fd] {
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        const std::string me = "kenken merge, pid 4242 on elsewhere since 2026-01-01T00:00:01Z\n";
        (void)::ftruncate(fd, 0);
        (void)::pwrite(fd, me.data(), me.size(), 0);
    });
    std::string named;
    const auto got = kk::db::WriterLock::try_acquire(corpus, "generate", named);
    holder.join();
    ::close(fd);
    fs::remove_all(dir);
    CHECK_FALSE(got.has_value());
    CHECK(named == "kenken merge, pid 4242 on elsewhere since 2026-01-01T00:00:01Z");
}
