#include "pipeline/cli/stack_room.h"

#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>

namespace kk::cli {
namespace {

// New threads' default stack at least kStackRoom: glibc sized it from the limit at
// start-up, and a std::thread cannot ask for more.
void give_new_threads_room() {
    pthread_attr_t attr;
    if (::pthread_getattr_default_np(&attr) != 0) return;
    std::size_t size = 0;
    if (::pthread_attr_getstacksize(&attr, &size) == 0 && size < kStackRoom &&
        ::pthread_attr_setstacksize(&attr, kStackRoom) == 0)
        ::pthread_setattr_default_np(&attr);
    ::pthread_attr_destroy(&attr);
}

// Whether the main thread's stack may now grow to kStackRoom.
bool main_stack_has_room() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_STACK, &limit) != 0) return true;  // nothing known: as before
    if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= kStackRoom) return true;
    if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < kStackRoom) return false;
    // The kernel checks the limit as the stack grows, and leaves at least 128 MiB below
    // the stack free whatever the limit at exec, so raising it now is enough.
    limit.rlim_cur = kStackRoom;
    return ::setrlimit(RLIMIT_STACK, &limit) == 0;
}

struct Call {
    int (*body)(int, char**);
    int argc;
    char** argv;
    int status = 0;
};

void* run_call(void* arg) {
    auto* call = static_cast<Call*>(arg);
    call->status = call->body(call->argc, call->argv);
    return nullptr;
}

}  // namespace

int run_with_stack_room(int (*body)(int, char**), int argc, char** argv) {
    give_new_threads_room();
    if (main_stack_has_room()) return body(argc, argv);
    // A hard limit below the room: a thread's stack is a mapping of its own, which the
    // limit does not bound.
    Call call{body, argc, argv};
    pthread_attr_t attr;
    if (::pthread_attr_init(&attr) != 0) return body(argc, argv);
    pthread_t thread;
    const bool started = ::pthread_attr_setstacksize(&attr, kStackRoom) == 0 &&
                         ::pthread_create(&thread, &attr, run_call, &call) == 0;
    ::pthread_attr_destroy(&attr);
    if (!started) return body(argc, argv);  // with the room there is, as before
    // Blocked here, a signal for the process goes to a thread that works: its handlers
    // (and the signal masks an export sets around its commit) act as on the main thread.
    sigset_t all;
    sigfillset(&all);
    ::pthread_sigmask(SIG_BLOCK, &all, nullptr);
    ::pthread_join(thread, nullptr);
    return call.status;
}

}  // namespace kk::cli
