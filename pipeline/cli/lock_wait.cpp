#include "pipeline/cli/lock_wait.h"

#include <signal.h>

#include <iostream>

#include "core/io/stop_signals.h"
#include "core/io/utf8.h"

namespace kk::cli {

void wait_out_other_writers(db::Corpus& corpus, const std::string& db,
                            std::function<void(const std::string&)> warn) {
    corpus.wait_for_other_writers(
        [] { return stop_flag()->load() || stop_signal_pending(); },
        [db, warn = std::move(warn)](int seconds) {
            warn(
                shown_name(db) + ": another process has held the corpus's write lock for " +
                std::to_string(seconds) +
                " s (a generate committing a batch, a merge, an export to a pipe that is not read, "
                "packs --delete, a sqlite3 "
                "shell): waiting for it; Ctrl-C stops");
        });
}

std::function<void(const std::string&)> warn_on_stderr(const std::string& command) {
    return [command](const std::string& text) {
        // Written with SIGPIPE ignored: when stderr is a pipe whose reader went away, the
        // warning is lost, not the command. SIGPIPE ended an export 10 s into its wait,
        // its whole book left as a part file, and a packs --delete before it deleted.
        struct sigaction ignore {
        }, previous{};
        ignore.sa_handler = SIG_IGN;
        ::sigaction(SIGPIPE, &ignore, &previous);
        // One write for the whole line: two commands sharing a stderr warn at the same
        // 10 s, and pieces of their lines interleaved ("exportpacks: warning: ...").
        std::cerr << (command + ": warning: " + text + "\n") << std::flush;
        std::cerr.clear();  // a later message is tried again
        ::sigaction(SIGPIPE, &previous, nullptr);
    };
}

}  // namespace kk::cli
