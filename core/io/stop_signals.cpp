#include "core/io/stop_signals.h"

#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>

namespace kk {
namespace {

// What the handler removes; only async-signal-safe calls touch it there.
char g_path[PATH_MAX + 1];
volatile std::sig_atomic_t g_armed = 0;

struct DirEntry64 {  // the kernel's linux_dirent64
    unsigned long long ino;
    long long off;
    unsigned short reclen;
    unsigned char type;
    char name[1];
};

// Removes the files in the folder dir, then the folder: getdents64 and unlinkat are
// system calls, safe in a signal handler (opendir and std::filesystem are not).
void remove_folder_of_files(const char* dir) {
    const int fd = ::open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    alignas(8) char buf[4096];
    // Again from the start while a pass removed something: removing entries while
    // reading the folder may skip some.
    for (bool removed = true; removed;) {
        removed = false;
        ::lseek(fd, 0, SEEK_SET);
        for (long n; (n = ::syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0;)
            for (long at = 0; at < n;) {
                const auto* entry = reinterpret_cast<const DirEntry64*>(buf + at);
                at += entry->reclen;
                if (std::strcmp(entry->name, ".") == 0 || std::strcmp(entry->name, "..") == 0)
                    continue;
                if (::unlinkat(fd, entry->name, 0) == 0) removed = true;
            }
    }
    ::close(fd);
    ::rmdir(dir);
}

extern "C" void remove_then_end(int sig) {
    if (g_armed) {
        g_armed = 0;
        if (::unlink(g_path) != 0 && (errno == EISDIR || errno == EPERM))
            remove_folder_of_files(g_path);
    }
    // Delivered again once this returns, now with the default action: the process
    // ends by the signal, as it would have without the handler.
    ::signal(sig, SIG_DFL);
    ::raise(sig);
}

std::atomic<bool> g_stop{false};
bool g_ignored_at_catch[std::size(kStopSignals)] = {};

// Sets handler for every stop signal the caller did not ignore (async-signal-safe).
void set_stop_handlers(void (*handler)(int)) {
    for (std::size_t i = 0; i < std::size(kStopSignals); ++i)
        if (!g_ignored_at_catch[i]) ::signal(kStopSignals[i], handler);
}

extern "C" void request_stop(int) {
    g_stop = true;
    set_stop_handlers(SIG_DFL);
}

// A broken pipe asks once to stop; later writes to it just fail (EPIPE).
extern "C" void request_stop_on_broken_pipe(int) {
    g_stop = true;
}

sigset_t stop_set() {
    sigset_t set;
    sigemptyset(&set);
    for (int sig : kStopSignals) sigaddset(&set, sig);
    return set;
}

}  // namespace

bool signal_ignored(int sig) {
    struct sigaction current {};
    return ::sigaction(sig, nullptr, &current) == 0 && current.sa_handler == SIG_IGN;
}

void catch_stop_signals(bool broken_pipe_too) {
    g_stop = false;
    for (std::size_t i = 0; i < std::size(kStopSignals); ++i)
        g_ignored_at_catch[i] = signal_ignored(kStopSignals[i]);
    set_stop_handlers(request_stop);
    if (broken_pipe_too) ::signal(SIGPIPE, request_stop_on_broken_pipe);
}

void release_stop_signals() {
    set_stop_handlers(SIG_DFL);
    // main() sets SIGPIPE to its default action for every command.
    ::signal(SIGPIPE, SIG_DFL);
}

const std::atomic<bool>* stop_flag() {
    return &g_stop;
}

bool stop_signal_pending() {
    sigset_t pending;
    if (::sigpending(&pending) != 0) return false;
    for (int sig : kStopSignals)
        if (sigismember(&pending, sig) == 1) return true;
    return false;
}

RemoveOnStopSignal::RemoveOnStopSignal(const std::string& path) {
    const bool fits = path.size() < sizeof g_path;
    if (fits) std::memcpy(g_path, path.c_str(), path.size() + 1);
    g_armed = fits ? 1 : 0;
    struct sigaction action {};
    action.sa_handler = remove_then_end;
    action.sa_mask = stop_set();  // a second signal waits for the removal to finish
    for (std::size_t i = 0; i < std::size(kStopSignals); ++i) {
        ::sigaction(kStopSignals[i], nullptr, &previous_[i]);
        if (previous_[i].sa_handler != SIG_IGN) ::sigaction(kStopSignals[i], &action, nullptr);
    }
}

RemoveOnStopSignal::~RemoveOnStopSignal() {
    g_armed = 0;
    for (std::size_t i = 0; i < std::size(kStopSignals); ++i)
        ::sigaction(kStopSignals[i], &previous_[i], nullptr);
    release();
}

void RemoveOnStopSignal::hold() {
    const sigset_t set = stop_set();
    ::sigprocmask(SIG_BLOCK, &set, nullptr);
    held_ = true;
}

void RemoveOnStopSignal::release() {
    if (!held_) return;
    held_ = false;
    g_armed = 0;  // placed and recorded (or given up): nothing of ours to remove
    const sigset_t set = stop_set();
    ::sigprocmask(SIG_UNBLOCK, &set, nullptr);
}

}  // namespace kk
