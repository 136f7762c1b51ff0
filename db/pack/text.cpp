#include "db/pack/text.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/io/formats.h"
#include "db/pack/dataset.h"
#include "db/pack/puzzle_json.h"
#include "db/store/sqlite.h"

namespace kk::db {
namespace {

std::string table_header() {
    char line[128];
    std::snprintf(line, sizeof line, "%8s  %4s  %-12s  %8s  %5s  %s\n", "id", "size", "level",
                  "score", "cages", "ops");
    return line;
}

std::string table_row(const PuzzleRecord& r) {
    char line[128];
    std::snprintf(line, sizeof line, "%8lld  %4d  %-12s  %8lld  %5d  %s\n",
                  static_cast<long long>(r.id), r.size, r.level.c_str(), record_score(r), r.cages,
                  r.ops.c_str());
    return line;
}

}  // namespace

std::optional<TextFormat> parse_text_format(const std::string& name) {
    return parse_name(kTextFormats, name);
}

Puzzle record_puzzle(const PuzzleRecord& r) {
    try {
        auto parsed = read_puzzles(r.neknek, Format::Neknek);
        if (parsed.size() != 1)
            throw DbError("puzzle " + std::to_string(r.id) + ": stored text holds " +
                          std::to_string(parsed.size()) + " puzzles");
        return std::move(parsed.front().puzzle);
    } catch (const ParseError& e) {
        throw DbError("puzzle " + std::to_string(r.id) + ": stored text does not read back (line " +
                      std::to_string(e.line) + ": " + e.what() + ")");
    }
}

Grid record_solution(const PuzzleRecord& r, const Puzzle& p) {
    const std::string where = "puzzle " + std::to_string(r.id) + ": stored solution ";
    const std::size_t cells = static_cast<std::size_t>(p.size) * static_cast<std::size_t>(p.size);
    if (r.solution.size() != cells)
        throw DbError(where + "has " + std::to_string(r.solution.size()) + " digits, not " +
                      std::to_string(cells) + " (run kenken verify)");
    for (char ch : r.solution)
        if (ch < '1' || ch > '0' + p.size)
            throw DbError(where + "holds '" + std::string(1, ch) + "', not a digit 1.." +
                          std::to_string(p.size) + " (run kenken verify)");
    Grid g = solution_grid(r.solution);
    if (!is_solution(p, g)) throw DbError(where + "does not solve it (run kenken verify)");
    return g;
}

long long record_score(const PuzzleRecord& r) {
    // Past 1e18 the whole number would not fit a long long (llround's result is then
    // unspecified); no grade comes near it.
    if (!std::isfinite(r.score) || std::fabs(r.score) > 1e18) {
        char stored[32];
        std::snprintf(stored, sizeof stored, "%g", r.score);
        throw DbError("puzzle " + std::to_string(r.id) + ": stored score " + stored +
                      " is not a number a grade gives (run kenken verify)");
    }
    return score_int(r.score);
}

std::string record_json(const PuzzleRecord& r) {
    const Puzzle p = record_puzzle(r);
    nlohmann::ordered_json j = record_start("id", r.id);
    j["puzzle"] = puzzle_json(p);
    j["solution"] = grid_json(record_solution(r, p), p.size);
    j["grade"] = {{"level", r.level}, {"score", record_score(r)}};
    return json_line(j);
}

RecordWriter::RecordWriter(std::ostream& out, TextFormat format) : out_(out), format_(format) {
    if (format_ == TextFormat::Table) out_ << table_header();
}

void RecordWriter::write(const PuzzleRecord& r) {
    try {
        write_text(r);
    } catch (const std::invalid_argument& e) {
        // A form that cannot carry the puzzle: which one (export said only why).
        throw std::invalid_argument("puzzle " + std::to_string(r.id) + " (" + r.rules +
                                    "): " + e.what());
    }
}

void RecordWriter::write_text(const PuzzleRecord& r) {
    std::string text;
    switch (format_) {
        case TextFormat::Table:
            text = table_row(r);
            break;
        case TextFormat::Neknek:
            // Read back first, as every other format is: a stored text edited by hand
            // into something else was copied into packs as it was.
            text = write_neknek(record_puzzle(r));
            break;
        case TextFormat::Json:
            text = record_json(r) + "\n";
            break;
        case TextFormat::Dataset:
            text = dataset_json(r) + "\n";
            break;
        case TextFormat::Keen: {
            const Puzzle p = record_puzzle(r);
            text = write_keen(p) + "\n";
            note_rules_kept(p, Format::Keen);
            break;
        }
        case TextFormat::Cancan: {
            // A blank line parts CanCan puzzles.
            if (!first_) text = "\n";
            const Puzzle p = record_puzzle(r);
            const Grid g = record_solution(r, p);
            text += write_cancan(p, &g);
            note_rules_kept(p, Format::Cancan);
            break;
        }
    }
    if (!text.empty() && text.back() != '\n') text += '\n';
    out_ << text;
    first_ = false;
}

void RecordWriter::note_rules_kept(const Puzzle& p, Format form) {
    if (!form_keeps_rules(p, form)) ++relabelled_[rules_name(p.rules)];
}

}  // namespace kk::db
