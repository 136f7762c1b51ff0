// Two names for one file: output paths checked against the files a command reads.
#pragma once

#include <string>

#include "core/io/new_file.h"  // same_file

namespace kk::cli {

// Whether path names the corpus at db or a file SQLite or the writer lock keeps beside
// it (-wal, -shm, -journal, .lock, .new): writing there would destroy the corpus.
bool is_corpus_file(const std::string& path, const std::string& db);

}  // namespace kk::cli
