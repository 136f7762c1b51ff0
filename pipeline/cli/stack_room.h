// The stack kenken's work runs on, whatever `ulimit -s` says.
//
// Under a small stack limit (`ulimit -s 64`) solve and grade ended by SIGSEGV: the main
// thread's stack holds a read buffer and the search's frames, and glibc gives threads
// started with default attributes (the solver's and grader's second thread) stacks of
// the limit's size too. kenken makes room once, before anything else runs.
#pragma once

#include <cstddef>

namespace kk::cli {

// The stack every command has room for: Linux's usual limit.
inline constexpr std::size_t kStackRoom = std::size_t{8} << 20;

// Runs body(argc, argv) with at least kStackRoom of stack and returns its status;
// threads started later with default attributes get as much. On the main thread,
// raising the soft limit where the hard one allows (or where the limit is already
// enough: the usual case, changed in nothing); else on a thread of its own while the
// main thread waits with every signal blocked, so that signals reach the threads that
// work, as they did before.
int run_with_stack_room(int (*body)(int, char**), int argc, char** argv);

}  // namespace kk::cli
