// kenken merge: joins shard corpora (`generate --shard I/N`) into one corpus.
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <string_view>

#include "core/io/formats.h"
#include "core/io/stop_signals.h"
#include "core/io/text_lines.h"
#include "core/io/utf8.h"
#include "core/model/canonical.h"
#include "core/model/level.h"
#include "db/store/corpus.h"
#include "db/store/record.h"
#include "db/store/writer_lock.h"
#include "pipeline/cli/command.h"
#include "pipeline/cli/lock_wait.h"
#include "pipeline/cli/same_file.h"
#include "pipeline/factory/config.h"

namespace kk::cli {
namespace {

struct MergeOptions {
    std::string db;
    std::vector<std::string> shards;
    bool force = false;
};

// The configuration a shard run was made with.
struct RunKind {
    std::string fingerprint;  // shard_fingerprint: what makes the puzzles
    FactoryConfig config;
};

std::optional<RunKind> kind_of(const db::RunRow& run) {
    try {
        FactoryConfig c = parse_config(run.config, "run " + std::to_string(run.id));
        return RunKind{shard_fingerprint(c), c};
    } catch (const ConfigError&) {
        return std::nullopt;
    }
}

// A configuration line as a person writes it: a number in its shortest form (the
// fingerprint keeps every digit: "max_singletons = 0.20000000000000001").
std::string shown_setting(const std::string& line) {
    const auto eq = line.find(" = ");
    if (eq == std::string::npos) return line;
    const std::string value = line.substr(eq + 3);
    char* end = nullptr;
    const double number = std::strtod(value.c_str(), &end);
    if (value.empty() || *end || value.find('.') == std::string::npos) return line;
    char shorter[32];
    std::snprintf(shorter, sizeof shorter, "%.15g", number);
    return line.substr(0, eq + 3) + shorter;
}

// The first line where two configurations differ, for the refusal message: "X here, Y
// there" (quoted, a line holding quotes read as "'variant = 'hidden'' here").
std::string first_difference(const std::string& a, const std::string& b) {
    std::istringstream x(a), y(b);
    std::string la, lb;
    while (true) {
        const bool ga = static_cast<bool>(std::getline(x, la));
        const bool gb = static_cast<bool>(std::getline(y, lb));
        if (!ga && !gb) return "";
        if (la != lb || !ga || !gb)
            return (ga ? "`" + shown_setting(la) + "`" : "nothing") + " here, " +
                   (gb ? "`" + shown_setting(lb) + "`" : "nothing") + " there";
    }
}

// Puzzles the configuration asks for that the corpus lacks, per size and level
// ("any" for a run with one quota per size).
std::vector<std::string> shortfall(const FactoryConfig& c,
                                   const std::map<std::pair<int, std::string>, int>& counts,
                                   int& missing) {
    std::vector<std::string> lines;
    missing = 0;
    for (size_t i = 0; i < c.quotas.sizes.size(); ++i) {
        const int n = c.quotas.sizes[i];
        const std::string size = std::to_string(n) + "x" + std::to_string(n);
        if (c.quotas.by_level()) {
            for (int l = 0; l < kGradedLevels; ++l) {
                const char* name = level_name(static_cast<Level>(l));
                auto it = counts.find({n, name});
                const int have = it == counts.end() ? 0 : it->second;
                const int want = c.quotas.per_level[static_cast<size_t>(l)];
                if (have < want) {
                    lines.push_back(size + " " + name + ": " + std::to_string(want - have) +
                                    " short (" + std::to_string(have) + " of " +
                                    std::to_string(want) + ")");
                    missing += want - have;
                }
            }
        } else {
            int have = 0;
            for (const auto& [key, k] : counts)
                if (key.first == n) have += k;
            const int want = c.quotas.per_size[i];
            if (have < want) {
                lines.push_back(size + ": " + std::to_string(want - have) + " short (" +
                                std::to_string(have) + " of " + std::to_string(want) + ")");
                missing += want - have;
            }
        }
    }
    return lines;
}

// What is wrong with a shard's puzzle read back as merge would store it, or "". Not
// solved or graded again (verify does): measured on two shards of 6,000 9x9 puzzles,
// reading back took 1.0 s, the merge itself 0.45 s, and verify 4.7 s a shard on one
// thread. The text must read as one puzzle whose size, rules, figures and
// canonical form are those stored, the level a level, the score a number, and the
// solution a grid of that size that meets every cage. A row edited by hand (neknek
// 'garbage', size 100000, rules 'weird', a wrong solution) was merged without a word
// and verify then failed on the merged corpus.
std::string merged_row_problem(const db::PuzzleRecord& r) {
    std::vector<ParsedPuzzle> parsed;
    try {
        parsed = read_puzzles(r.neknek, Format::Neknek);
    } catch (const ParseError& e) {
        return "its neknek text does not read (line " + std::to_string(e.line) + ": " + e.what() +
               ")";
    } catch (const std::exception& e) {
        return std::string("its neknek text does not read (") + e.what() + ")";
    }
    if (parsed.size() != 1)
        return "its neknek text holds " + std::to_string(parsed.size()) + " puzzles, not one";
    const Puzzle& p = parsed[0].puzzle;
    if (p.size != r.size)
        return "size " + std::to_string(r.size) + " stored, " + std::to_string(p.size) +
               " in its text";
    if (rules_name(p.rules) != r.rules)
        return "rules " + kk::quoted(r.rules) + " stored, " + rules_name(p.rules) + " in its text";
    if (Level level; !parse_level(r.level, level) || static_cast<int>(level) >= kGradedLevels)
        return "level " + kk::quoted(r.level) + " is none of " + graded_level_names();
    if (!std::isfinite(r.score) || r.score < 0)
        return "score " + std::to_string(r.score) + " is no score";
    db::PuzzleRecord text;
    db::describe_structure(p, text);
    if (text.cages != r.cages || text.singletons != r.singletons || text.max_cage != r.max_cage ||
        text.ops != r.ops)
        return "its cages, single cells, largest cage or operations stored differ from its text";
    const std::size_t cells = static_cast<std::size_t>(p.size) * static_cast<std::size_t>(p.size);
    if (r.solution.size() != cells)
        return "its solution has " + std::to_string(r.solution.size()) + " digits, not the " +
               std::to_string(cells) + " of a " + std::to_string(p.size) + "x" +
               std::to_string(p.size) + " grid";
    const Grid grid = db::solution_grid(r.solution);
    for (const int v : grid)
        if (v < 1 || v > p.size)
            return "its solution holds a digit outside 1 to " + std::to_string(p.size);
    if (!is_solution(p, grid)) return "its solution does not solve its puzzle";
    // Merging finds duplicates by the canonical form: a wrong one stored a puzzle twice.
    if (canonical_form(p) != r.canonical) return "its canonical form is not its text's";
    return "";
}

// Reads every row of the attached shard back (merged_row_problem); false, having said
// on stderr which row and what is wrong, at the first damaged one.
bool shard_rows_read_back(db::Corpus& out, const std::string& path) {
    const std::string shard = shown_name(path);
    const auto damaged = [&](const std::string& what) {
        std::cerr << "merge: " << shard << ": " << what
                  << ": the shard is damaged (kenken verify --db " << shell_word(path)
                  << " says more); nothing merged\n";
        return false;
    };
    if (const auto types = out.type_problems({}, "shard"); !types.empty())
        return damaged(types.front());
    db::PuzzleCursor rows = out.scan_shard_puzzles();
    for (db::PuzzleRecord r; rows.next(r);)
        if (const std::string problem = merged_row_problem(r); !problem.empty())
            return damaged("puzzle " + std::to_string(r.id) + ": " + problem);
    return true;
}

int say_merge_locked(const std::string& db, const std::string& holder) {
    std::cerr << "merge: " << shown_name(db) << " is being written by another process (" << holder
              << "); one writer per corpus: wait for it to end\n";
    return kLocked;
}

// What a merge holds past its corpus's closing: the writer lock, and how many shards
// it has committed.
struct MergeHold {
    std::optional<db::WriterLock> lock;
    std::size_t committed = 0;
};

int merge_shards(const MergeOptions& o, MergeHold& hold) {
    // Ctrl-C, SIGTERM or SIGHUP stops between shards, saying where: a killed merge ended
    // with no word of what it had merged. Caught from the start: one during the shards'
    // checks ended the process by the signal (exit 143), where the help promises 130.
    // A reader of the report that went away (merge ... | head -3) asks to stop too, as
    // it does generate: SIGPIPE killed the merge between two shards, without a word.
    const StopSignalsCaught stop_signals(true);
    try {
        for (size_t i = 0; i < o.shards.size(); ++i) {
            const std::string& s = o.shards[i];
            if (same_file(s, o.db)) {
                std::cerr << "merge: " << shown_name(s) << " is the output corpus itself\n";
                return kBadInput;
            }
            // A shard named twice (a glob and the name, or a link) was counted as two
            // shard files merged: "merged 2 shard files ... 10 already there".
            for (size_t j = 0; j < i; ++j)
                if (same_file(s, o.shards[j])) {
                    std::cerr << "merge: " << shown_name(s) << " is " << shown_name(o.shards[j])
                              << " again: name each shard once; nothing merged\n";
                    return kBadInput;
                }
        }
        // Every shard must be a corpus before the output is made: a missing or foreign
        // shard left a new, empty output corpus behind.
        // Read only: a shard on a read-only mount was "cannot read" here.
        for (const auto& s : o.shards) db::Corpus::open_read_only(s);
        // A shard still being written was merged as far as it had got, its run copied
        // as "running" for ever after: only a shard whose writer has ended is whole.
        for (const auto& s : o.shards)
            if (const auto writer = db::WriterLock::writer_of(s)) {
                std::cerr << "merge: " << shown_name(s) << " is still being written (" << *writer
                          << "): merge it once its run has ended; nothing merged\n";
                return kLocked;
            }
        // One writer per corpus, as for generate: merging into a corpus a run is still
        // writing waited on SQLite's locks and mixed its puzzles into the live run's.
        std::string holder;
        std::optional<db::WriterLock>& lock = hold.lock;
        lock = db::WriterLock::try_acquire(o.db, "merge", holder);
        if (!lock) return say_merge_locked(o.db, holder);
        auto out = db::Corpus::open(o.db);
        wait_out_other_writers(out, o.db, warn_on_stderr("merge"));
        // A corpus made just now is locked only now that it exists.
        if (!lock->hold_corpus_file(o.db, holder)) return say_merge_locked(o.db, holder);

        // Every run must have been made with one configuration and seed: the first
        // merged here, or else the first shard's. Checked for all shards before any
        // is merged, so a refusal leaves the output as it was.
        std::optional<RunKind> reference;
        std::string reference_from;
        int reference_count = 0;
        {
            // Its own scope: a statement left open keeps a read transaction, in which
            // ATTACH fails.
            db::RunCursor runs = out.scan_runs();
            for (db::RunRow run; runs.next(run);)
                if (run.shard_count > 1 || !run.origin.empty())
                    if ((reference = kind_of(run))) {
                        reference_from = shown_name(o.db) + " (run " + std::to_string(run.id) + ")";
                        reference_count = run.shard_count;
                        break;
                    }
        }
        // Each shard's runs are read a row at a time, here and again to merge them; only
        // their ids are kept, so that a run the shard gained in between waits for the
        // next merge, as it did when the rows themselves were kept.
        std::vector<std::vector<std::int64_t>> checked_runs;
        bool refused = false, damaged = false;
        for (const auto& path : o.shards) {
            std::vector<std::int64_t>& ids = checked_runs.emplace_back();
            const auto check = [&](const db::RunRow& run) {
                ids.push_back(run.id);
                auto kind = kind_of(run);
                const std::string where =
                    shown_name(path) + " (run " + std::to_string(run.id) + ")";
                if (!kind) {
                    std::cerr << "merge: " << where << ": its configuration cannot be read"
                              << (o.force ? "; merged anyway (--force)\n" : "\n");
                    refused = refused || !o.force;
                    return;
                }
                if (!reference) {
                    reference = kind;
                    reference_from = where;
                    reference_count = run.shard_count;
                    return;
                }
                // Shards of two splits (0/2 and 0/3, or an unsplit run with 1/2) overlap
                // and leave no whole split: merged, the report counted shards of one as
                // the other's, and a finished split looked unfinished to --top-up.
                if (kind->fingerprint == reference->fingerprint &&
                    run.shard_count != reference_count) {
                    std::cerr << "merge: " << where << " is shard " << run.shard_index << "/"
                              << run.shard_count << ", but " << reference_from
                              << (reference_count == 1
                                      ? std::string(" is not split")
                                      : " was split " + std::to_string(reference_count) + " ways")
                              << ": merge the shards of one split"
                              << (o.force ? "; merged anyway (--force)\n" : "\n");
                    refused = refused || !o.force;
                } else if (kind->fingerprint != reference->fingerprint) {
                    std::cerr << "merge: " << where
                              << " was made with another configuration or seed than "
                              << reference_from << ": "
                              << first_difference(kind->fingerprint, reference->fingerprint)
                              << (o.force ? "; merged anyway (--force)\n" : "\n");
                    refused = refused || !o.force;
                }
            };
            try {
                out.attach_shard(path, check);
                // Every row, before any shard is merged: a damaged shard leaves the
                // output as it was.
                damaged = !shard_rows_read_back(out, path) || damaged;
            } catch (const db::DbError& e) {
                std::cerr << "merge: " << shown_name(e.what()) << "\n";
                return kFailure;
            }
            out.detach_shard();
        }
        if (damaged) return kVerifyFailed;
        if (refused) {
            std::cerr << "merge: nothing merged; --force merges shards of different runs\n";
            return kWrongShard;
        }
        // Merging writes the corpus: its lock file stays beside it. A refusal before
        // this point removes one it made.
        lock->keep_lock_file();

        // One transaction per shard: a killed merge, run again, picks up where it
        // stopped (what was committed merges again to no effect).
        db::MergeCounts total;
        const auto t0 = std::chrono::steady_clock::now();
        for (size_t k = 0; k < o.shards.size(); ++k) {
            if (stop_flag()->load()) {
                if (output_failed()) {
                    std::cerr << "merge: the report could not be written (its reader went away?)\n";
                    mark_output_loss_said();
                }
                std::cerr << "merge: stopped after " << k << " of " << o.shards.size()
                          << " shard files (each one merged is committed): run the same merge "
                             "again to finish\n";
                return kInterrupted;
            }
            const std::string& path = o.shards[k];
            const auto ts = std::chrono::steady_clock::now();
            out.attach_shard(path);
            db::MergeCounts m;
            int packs = 0;
            std::int64_t turned = 0;  // its packs' puzzles stored here in another turn
            std::set<std::string> ids;
            try {
                out.begin();
                const std::vector<std::int64_t>& checked = checked_runs[k];  // in id order
                db::RunCursor runs = out.scan_shard_runs();
                for (db::RunRow run; runs.next(run);) {
                    if (!std::binary_search(checked.begin(), checked.end(), run.id)) continue;
                    const auto into = out.copy_shard_run(run, path);
                    const auto c = out.merge_shard_puzzles(run.id, into);
                    m.read += c.read;
                    m.added += c.added;
                    m.duplicates += c.duplicates;
                    m.replaced += c.replaced;
                    ids.insert(run.shard_count > 1 || run.shard_index > 0
                                   ? "shard " + std::to_string(run.shard_index) + "/" +
                                         std::to_string(run.shard_count)
                                   : "unsharded");
                }
                if (out.shard_puzzles_outside_runs() > 0) {
                    const auto c = out.merge_shard_puzzles(0, 0);
                    m.read += c.read;
                    m.added += c.added;
                    m.duplicates += c.duplicates;
                    m.replaced += c.replaced;
                }
                // A pack exported from a shard was dropped, and its puzzles were then
                // published again from the merged corpus.
                packs = out.copy_shard_packs();
                turned = out.shard_pack_puzzles_turned();
                out.commit();
                ++hold.committed;
            } catch (...) {
                const bool stopped_waiting = out.gave_up_waiting();
                out.abandon();
                try {
                    out.detach_shard();
                } catch (const db::DbError&) {
                    // The error that stopped the shard is the one to report.
                }
                if (!stopped_waiting) throw;
                std::cerr << "merge: stopped after " << k << " of " << o.shards.size()
                          << " shard files, while another process held " << shown_name(o.db)
                          << "'s write lock (each one merged is committed): run the same merge "
                             "again to finish\n";
                return kInterrupted;
            }
            out.detach_shard();
            std::string what;
            for (const auto& id : ids) what += (what.empty() ? "" : ", ") + id;
            const double secs =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - ts).count();
            std::cout << shown_name(path) << " (" << (what.empty() ? "no runs" : what)
                      << "): " << m.read << " puzzles, " << m.added << " added, " << m.duplicates
                      << " already there (" << m.replaced << " replaced), "
                      << (packs ? std::to_string(packs) + (packs == 1 ? " pack" : " packs") +
                                      " recorded, "
                                : "")
                      << secs << " s\n";
            // packs --show gives a puzzle as stored: a reader's answer checked against it
            // would meet a mirror image of the book's grid.
            if (turned)
                std::cerr << "merge: " << shown_name(path) << ": " << turned << " puzzle"
                          << (turned == 1 ? " of its packs is" : "s of its packs are")
                          << " stored here rotated or reflected, as another pack printed "
                          << (turned == 1 ? "it" : "them")
                          << " first: packs --show lists them as stored, not as this shard's "
                             "book printed them\n";
            total.read += m.read;
            total.added += m.added;
            total.duplicates += m.duplicates;
            total.replaced += m.replaced;
        }
        release_stop_signals();
        const double secs =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::cout << "merged " << o.shards.size() << " shard files into " << shown_name(o.db)
                  << ": " << total.read << " puzzles read, " << total.added << " added, "
                  << total.duplicates << " already there, " << secs << " s\n";

        // What duplicates across shards (or missing shards) left short.
        if (reference) {
            std::set<int> present;
            int count = 0;
            db::RunCursor runs = out.scan_runs();
            for (db::RunRow run; runs.next(run);) {
                auto kind = kind_of(run);
                if (!kind || kind->fingerprint != reference->fingerprint) continue;
                count = std::max(count, run.shard_count);
                if (run.shard_index < run.shard_count && run.status == "finished")
                    present.insert(run.shard_index);
            }
            std::cout << "finished shards: " << present.size() << " of " << count << "\n";
            int missing = 0;
            const auto lines = shortfall(
                reference->config,
                out.counts_by_size_level_of_rules(rules_name(reference->config.rules)), missing);
            if (lines.empty()) {
                std::cout << "every quota is full\n";
            } else {
                std::cout << "shortfall: " << missing << " puzzles\n";
                for (const auto& l : lines) std::cout << "  " << l << "\n";
                if (static_cast<int>(present.size()) < count) {
                    // "shards missing or unfinished: 0" read as a count of none.
                    std::string absent;
                    int absent_count = 0;
                    for (int i = 0; i < count; ++i)
                        if (!present.count(i)) {
                            absent += (absent.empty() ? "" : ", ") + std::to_string(i);
                            ++absent_count;
                        }
                    const bool one = absent_count == 1;
                    std::cout << (one ? "shard " : "shards ") << absent << " of " << count
                              << (one ? " is" : " are") << " missing or unfinished; merge "
                              << (one ? "it" : "them") << " finished before topping up\n";
                } else {
                    std::cout << "top up with: kenken generate --db " << shell_word(o.db)
                              << " --top-up\n";
                }
            }
        }
        return kOk;
    } catch (const db::DbError& e) {
        std::cerr << "merge: " << shown_name(e.what()) << "\n";
        // Each shard is its own transaction: the ones before this are stored.
        if (out_of_room(e.what()))
            std::cerr << "merge: no room left for " << shown_name(o.db) << ": "
                      << (hold.committed ? "the shards merged before are kept; " : "")
                      << "free space (or raise ulimit -f), then run the same merge again (what "
                         "is merged already adds nothing)\n";
        return kFailure;
    }
}

// Whether a file (or a link) is at path.
bool something_at(const std::string& path) {
    struct stat st;
    return ::lstat(path.c_str(), &st) == 0;
}

// Removes the corpus a failed merge made, with SQLite's companions, while the lock is
// still held: an empty corpus was left behind, and looked like a merge that had worked.
// The lock file goes as the lock is released, if this merge made it.
void remove_made_corpus(const std::string& db, db::WriterLock& lock) {
    if (something_at(db))
        std::cerr << "merge: " << shown_name(db)
                  << " was made by this merge, which merged nothing into it: removed\n";
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) ::unlink((db + suffix).c_str());
    lock.drop_lock_file();
}

int run_merge(const MergeOptions& o) {
    const bool db_made = !something_at(o.db);
    MergeHold hold;
    const int status = merge_shards(o, hold);
    // Only a corpus this merge made under its own lock, with no shard committed.
    if (status != kOk && db_made && hold.lock && hold.committed == 0)
        remove_made_corpus(o.db, *hold.lock);
    // A report whose reader has gone away (merge ... | head -1) is said, exit 1, as the
    // help says: main() leaves SIGPIPE at its default, so that a reader's `query | head`
    // ends quietly, the Unix convention for what only prints; but merge's report is
    // written out at the end, after the shards are committed, and a merge killed by
    // SIGPIPE there (141) looked to a job script like one that had failed half way.
    std::signal(SIGPIPE, SIG_IGN);
    if (status == kOk)
        return report_after_commit("merge", "every shard is merged",
                                   ": `kenken stats --db " + shell_word(o.db) + "` shows what");
    return status;
}

}  // namespace

void add_merge_command(CLI::App& app) {
    auto o = std::make_shared<MergeOptions>();
    auto* sub = app.add_subcommand(
        "merge",
        "Merge shard corpora (generate --shard I/N) into one corpus, in constant memory. "
        "Puzzles equal under rotation or reflection are stored once, the same one whatever the "
        "order of the shards; packs exported from a shard are recorded too, their puzzles "
        "as printed (so they are not published again; a puzzle two packs printed in different "
        "turns is stored as the first printed it, and merge says how many); merging a shard again "
        "adds nothing (a merged pack deleted since stays deleted); every row of every shard "
        "is read back first (its text, size, rules, level, score and solution), and a "
        "damaged shard is refused, naming the file and the row: nothing merged, exit 5; "
        "each shard is committed on "
        "its own, so a killed merge is simply run again (Ctrl-C, SIGTERM or SIGHUP stops it "
        "after the shard in progress, exit 130; so does a reader of the report that goes "
        "away, exit 1). Reports the shortfall duplicates "
        "leave, which `generate --top-up` makes good.");
    add_db_option(sub, o->db, "Output corpus (created when absent)");
    sub->add_option("shards", o->shards, "Shard corpus files")->required();
    sub->add_flag("--force", o->force, "Merge shards made with another configuration or seed");
    sub->footer(
        help_footer({kOk, kFailure, kBadInput, kVerifyFailed, kLocked, kWrongShard, kInterrupted},
                    {"kenken merge --db corpus.db shard-0.db shard-1.db shard-2.db",
                     "kenken merge --db corpus.db shards/*.db && kenken generate --db "
                     "corpus.db --top-up"}));
    sub->callback([o] { set_exit(run_merge(*o)); });
}

}  // namespace kk::cli
