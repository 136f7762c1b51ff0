// One writer per corpus: `generate` (a new run or --resume) and `merge` hold an exclusive OS
// advisory lock (flock) on the sidecar file "<corpus>.lock" for its whole life, named
// after the corpus's real path (symbolic links resolved), and once the corpus exists an
// open-file-description lock on the corpus file itself (when it exists), far past the
// bytes SQLite locks: that one belongs to the file, not its name, so a hard link is one
// corpus too. Take the lock before the corpus is opened and keep it until the corpus is
// closed: closing a descriptor of the file while SQLite holds its locks would drop theirs.
// The kernel drops the lock when the process ends, however it ends (kill -9
// included), so a lock is never stale: a lock file without a live holder is
// simply taken. The file records who holds it (pid, host, start time) for the
// message a second writer gets. Readers (stats, query, verify, export) do not take
// it; SQLite's WAL and busy timeout keep them safe alongside the writer.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace kk::db {

class WriterLock {
  public:
    // Takes the lock of the corpus at path for command ("generate", "merge"), or returns
    // nullopt and puts who holds it in holder ("kenken merge, pid 123 on host since
    // 2026-01-01T00:00:00Z", or "unknown"). Throws DbError when the lock file cannot be
    // created or locked at all.
    static std::optional<WriterLock> try_acquire(const std::string& corpus_path,
                                                 const std::string& command, std::string& holder);

    WriterLock(WriterLock&& other) noexcept;
    WriterLock& operator=(WriterLock&& other) noexcept;
    WriterLock(const WriterLock&) = delete;
    WriterLock& operator=(const WriterLock&) = delete;
    // Releases the lock. A lock file this lock made is removed first, unless
    // keep_lock_file() was called: a refused writer leaves nothing it made beside a file
    // (a foreign one, say). Safe while locked: a taker that opened the file before it
    // went finds, once it holds the lock, that the name leads elsewhere, and tries again.
    ~WriterLock();

    // Keeps the lock file when the lock is released: a writer that wrote the corpus
    // leaves it beside the corpus, as one it found there stays.
    void keep_lock_file() { keep_file_ = true; }
    // Undoes keep_lock_file(): the corpus was removed again (a merge that made it and
    // merged nothing), so a lock file this lock made goes with it.
    void drop_lock_file() { keep_file_ = false; }

    // Who is writing the corpus at path ("kenken generate, pid 123 on host since ..."), or
    // nullopt when no writer is. Only reads: nothing is made or locked (merge asks this
    // of a shard it must leave as it is).
    static std::optional<std::string> writer_of(const std::string& corpus_path);

    // The sidecar file: "<corpus>.lock" beside the corpus's real path.
    static std::string lock_path(const std::string& corpus_path);

    // Locks the corpus file itself if it exists (try_acquire does when it does): false,
    // with holder set, when another writer holds it under another name. A writer that
    // made the corpus calls it again once the file exists: until then a hard link to the
    // new corpus let a second writer in, and each kept its own -wal file.
    bool hold_corpus_file(const std::string& corpus_path, std::string& holder);

    // "" while corpus_path still names the file this lock holds and that file has not
    // shrunk since the last call; else what happened, for a writer to stop on. A corpus
    // removed (or a new file moved over its name) while a run wrote it took every later
    // puzzle with it, and the run said "finished", exit 0; one truncated in place
    // likewise. SQLite never shrinks the file without VACUUM, which no command runs,
    // once it is open (opening it may roll back a hot journal, which can): call it once
    // the corpus is open, to take its size, and then before each write.
    std::string corpus_lost(const std::string& corpus_path);
    // Whether corpus_path still leads to the file this lock holds (true before it exists).
    bool still_named(const std::string& corpus_path) const;

  private:
    WriterLock(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
    // try_acquire's second half, once the sidecar is locked: the holder's line, then the
    // corpus file.
    static std::optional<WriterLock> take_locked(WriterLock lock, const std::string& corpus_path,
                                                 const std::string& command, std::string& holder);
    // Removes the sidecar if this lock made it and it is to go (see ~WriterLock).
    void remove_made_file() const;
    int fd_ = -1;              // the sidecar, flocked
    std::string path_;         // its name
    bool made_file_ = false;   // this lock created the sidecar (and holds it)
    bool keep_file_ = false;   // keep_lock_file()
    int corpus_fd_ = -1;       // the corpus file, with its OFD lock (-1 until it exists)
    long long seen_size_ = 0;  // its size at the last corpus_lost()
};

}  // namespace kk::db
