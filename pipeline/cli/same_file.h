// Two names for one file: output paths checked against the files a command reads.
#pragma once

#include <string>

namespace kk::cli {

// The same file by inode (links, other spellings), or, while either does not exist
// yet, by real path ("merge --db new.db new.db" created new.db, then failed attaching it).
bool same_file(const std::string& a, const std::string& b);

// Whether path names the corpus at db or a file SQLite or the writer lock keeps beside
// it (-wal, -shm, -journal, .lock, .new): writing there would destroy the corpus.
bool is_corpus_file(const std::string& path, const std::string& db);

}  // namespace kk::cli
