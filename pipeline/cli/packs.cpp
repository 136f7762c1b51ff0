// kenken packs: the packs published from a corpus; --show lists one's puzzles,
// --delete unpublishes one (its puzzles become fresh again).
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "core/io/utf8.h"
#include "db/pack/puzzle_json.h"
#include "db/pack/text.h"
#include "db/store/bounded_json.h"
#include "db/store/corpus.h"
#include "pipeline/cli/command.h"
#include "pipeline/cli/lock_wait.h"

namespace kk::cli {
namespace {

struct PacksOptions {
    std::string db;
    std::optional<std::int64_t> show, remove;
    bool json = false;
};

nlohmann::ordered_json pack_json(const db::PackRow& p) {
    auto stored = db::parse_stored_ordered_json(p.filters);
    nlohmann::ordered_json filters =
        stored ? std::move(*stored) : nlohmann::ordered_json(p.filters);
    return {{"id", p.id},         {"date", p.created_at}, {"count", p.count}, {"title", p.title},
            {"format", p.format}, {"filters", filters},   {"file", p.out}};
}

// The filters as short text: "size=6 levels=hard fresh".
std::string filters_text(const std::string& json) {
    const auto stored = db::parse_stored_json(json);
    if (!stored) return json;
    const nlohmann::json& j = *stored;
    std::string s;
    for (const auto& [key, value] : j.items()) {
        if (value.is_null() || value == false || (value.is_array() && value.empty())) continue;
        if (key == "order" && value == "id") continue;
        if (key == "limit") continue;  // the count column says it
        if (key == "seed" && value == 0) continue;
        if (!s.empty()) s += ' ';
        s += key;
        if (value == true) continue;
        s += '=';
        if (value.is_string())
            s += value.get<std::string>();
        else if (value.is_array()) {
            std::string list;
            for (const auto& v : value)
                list +=
                    (list.empty() ? "" : ",") + (v.is_string() ? v.get<std::string>() : v.dump());
            s += list;
        } else
            s += value.dump();
    }
    return s.empty() ? "-" : s;
}

int list(db::Corpus& corpus, bool json) {
    const auto packs = corpus.packs();
    if (json) {
        for (const auto& p : packs) std::cout << db::json_line(pack_json(p)) << "\n";
        return kOk;
    }
    if (packs.empty()) {
        std::cout << "no packs\n";
        return kOk;
    }
    std::printf("%4s  %-19s  %6s  %-7s  %-36s  %s\n", "id", "date", "count", "format", "filters",
                "file");
    // A row a pack: a newline or a terminal control in a file name (or in anything
    // else an edited corpus holds) is shown escaped, as the row's own text.
    for (const auto& p : packs)
        std::printf("%4lld  %-19s  %6d  %-7s  %-36s  %s\n", static_cast<long long>(p.id),
                    printable(p.created_at).c_str(), p.count, printable(p.format).c_str(),
                    printable(filters_text(p.filters)).c_str(), printable(p.out).c_str());
    std::fflush(stdout);
    return kOk;
}

int run_packs(const PacksOptions& o) {
    try {
        // Listing and showing only read: a read-only corpus (a share, a copy kept safe)
        // failed with "attempt to write a readonly database", as stats once did.
        db::Corpus corpus =
            o.remove ? db::Corpus::open_existing(o.db) : db::Corpus::open_read_only(o.db);
        if (o.show) {
            // A row at a time: a pack of 200,000 puzzles took 195 MB as JSON.
            db::PuzzleCursor cursor = corpus.scan_pack(*o.show);
            db::PuzzleRecord r;
            if (!cursor.next(r)) {
                std::cerr << "packs: no pack " << *o.show << " in " << shown_name(o.db) << "\n";
                return kBadInput;
            }
            db::RecordWriter writer(std::cout,
                                    o.json ? db::TextFormat::Json : db::TextFormat::Table);
            do writer.write(r);
            while (std::cout && cursor.next(r));
            return kOk;
        }
        if (o.remove) {
            wait_out_other_writers(corpus, o.db, warn_on_stderr("packs"));
            if (!corpus.delete_pack(*o.remove)) {
                std::cerr << "packs: no pack " << *o.remove << " in " << shown_name(o.db) << "\n";
                return kBadInput;
            }
            // --json was ignored here: a script asking for JSON got this sentence.
            if (o.json)
                std::cout << db::json_line(nlohmann::ordered_json{{"deleted", *o.remove}}) << "\n";
            else
                std::cout << "pack " << *o.remove
                          << " deleted: its puzzles are fresh again (unless another pack holds "
                             "them); its file is left alone\n";
            // The deletion is committed: a lost report said only "cannot write the output",
            // as if nothing had happened, and a rerun then said "no pack N".
            return report_after_commit(
                "packs",
                "pack " + std::to_string(*o.remove) + " is deleted (its puzzles are fresh again)",
                ": `kenken packs --db " + shell_word(o.db) + "` lists the packs left");
        }
        return list(corpus, o.json);
    } catch (const std::exception& e) {
        std::cerr << "packs: " << shown_name(e.what()) << "\n";
        return kFailure;
    }
}

}  // namespace

void add_packs_command(CLI::App& app) {
    auto o = std::make_shared<PacksOptions>();
    auto* sub =
        app.add_subcommand("packs", "List the packs exported from a corpus; show or delete one");
    add_db_option(sub, o->db, "Corpus file");
    const CLI::Validator pack_id = whole_number(1, std::numeric_limits<std::int64_t>::max());
    auto* show =
        sub->add_option("--show", o->show, "List pack N's puzzles, in pack order")->check(pack_id);
    sub->add_option("--delete", o->remove,
                    "Unpublish pack N: its puzzles become fresh again (the file stays)")
        ->check(pack_id)
        ->excludes(show);
    sub->add_flag("--json", o->json,
                  "JSON lines (a pack a line; --show: the shared puzzle record; --delete: "
                  "{\"deleted\": N})");
    sub->footer(help_footer({kOk, kFailure, kBadInput},
                            {"kenken packs --db corpus.db", "kenken packs --db corpus.db --show 2",
                             "kenken packs --db corpus.db --delete 2"}));
    sub->callback([o] { set_exit(run_packs(*o)); });
}

}  // namespace kk::cli
