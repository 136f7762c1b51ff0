#include "pipeline/cli/lock_wait.h"

#include <iostream>

#include "core/io/stop_signals.h"
#include "core/io/utf8.h"

namespace kk::cli {

void wait_out_other_writers(db::Corpus& corpus, const std::string& db,
                            std::function<void(const std::string&)> warn) {
    corpus.wait_for_other_writers(
        [] { return stop_flag()->load() || stop_signal_pending(); },
        [db, warn = std::move(warn)](int seconds) {
            warn(shown_name(db) + ": another process has held the corpus's write lock for " +
                 std::to_string(seconds) +
                 " s (a merge, an export to a pipe that is not read, packs --delete, a sqlite3 "
                 "shell): waiting for it; Ctrl-C stops");
        });
}

std::function<void(const std::string&)> warn_on_stderr(const std::string& command) {
    return [command](const std::string& text) {
        std::cerr << command << ": warning: " << text << "\n" << std::flush;
    };
}

}  // namespace kk::cli
