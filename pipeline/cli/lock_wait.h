// The writing commands' patience with another process's write lock on their corpus.
#pragma once

#include <functional>
#include <string>

#include "db/store/corpus.h"

namespace kk::cli {

// From here on, a statement of corpus (named db) that meets another process's write
// transaction waits for as long as that lasts, not SQLite's 10 s: an export to a pipe
// nobody reads (`kenken export -o - | less` left open) holds one until the pipe is read,
// and generate, merge, export and packs --delete all failed with "database is locked"
// beside it. warn gets a line to show after 10 s and at each doubling of the wait. A stop
// request ends the wait: caught (stop_flag), or waiting while blocked
// (stop_signal_pending); otherwise a stop signal ends the process as it would anyway.
// Then the statement fails and corpus.gave_up_waiting() says why.
void wait_out_other_writers(db::Corpus& corpus, const std::string& db,
                            std::function<void(const std::string&)> warn);

// warn for a command that writes its warnings to stderr ("export: warning: ..."). A
// stderr whose reader went away loses the warning, not the command (no SIGPIPE).
std::function<void(const std::string&)> warn_on_stderr(const std::string& command);

}  // namespace kk::cli
