// The requests to stop a command: Ctrl-C (SIGINT), kill (SIGTERM) and a closed terminal
// or ssh session (SIGHUP). A file being made is removed when one ends the process.
#pragma once

#include <signal.h>

#include <atomic>
#include <csignal>
#include <iterator>
#include <string>

namespace kk {

inline constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};

// Whether sig is ignored now: one the caller ignored (SIGHUP under nohup, SIGINT for a
// script's background job) asks the command to go on, so kenken does not catch it.
bool signal_ignored(int sig);

// From catch_stop_signals() on, a stop signal the caller did not ignore sets the flag
// stop_flag() points at, so that a command can stop where it can resume (generate after a
// batch, merge after a shard); a second one ends the process at once (SQLite rolls back
// the open transaction). With broken_pipe_too, SIGPIPE (a reader of the progress that went
// away, as an ssh session without a terminal does) asks to stop too, instead of killing
// the run between two commits. release_stop_signals() gives them their default action.
void catch_stop_signals(bool broken_pipe_too = false);
void release_stop_signals();
const std::atomic<bool>* stop_flag();

// Whether a stop signal is waiting while blocked (RemoveOnStopSignal::hold): a wait that
// could last for ever (another process's write lock) gives up for it, or the process
// could not be stopped at all.
bool stop_signal_pending();

// catch_stop_signals() for a scope: released when it ends, however it ends (an error
// returned early left SIGPIPE caught, so a later broken pipe was "cannot write").
class StopSignalsCaught {
  public:
    explicit StopSignalsCaught(bool broken_pipe_too = false) {
        catch_stop_signals(broken_pipe_too);
    }
    ~StopSignalsCaught() { release_stop_signals(); }
    StopSignalsCaught(const StopSignalsCaught&) = delete;
    StopSignalsCaught& operator=(const StopSignalsCaught&) = delete;
};

// While one lives, a stop signal first removes path (a file, or a folder of files) and
// then ends the process as the signal would have (a shell sees 128 + its number): a
// book interrupted while it was written left its hidden part behind, until the next
// export into that folder. One at a time; not for a command that catches the signals
// itself (generate).
class RemoveOnStopSignal {
  public:
    explicit RemoveOnStopSignal(const std::string& path);
    ~RemoveOnStopSignal();  // the signals' earlier handling comes back
    RemoveOnStopSignal(const RemoveOnStopSignal&) = delete;
    RemoveOnStopSignal& operator=(const RemoveOnStopSignal&) = delete;

    // The file is whole and is being placed and recorded: the signals wait (they are
    // delivered on release(), with nothing left to remove) instead of leaving a pack
    // placed but not recorded.
    void hold();
    void release();

  private:
    struct sigaction previous_[std::size(kStopSignals)];
    bool held_ = false;
};

}  // namespace kk
