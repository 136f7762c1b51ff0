#include "db/pack/puzzle_json.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include "core/io/formats.h"
#include "core/model/level.h"

namespace kk::db {
namespace {

const char* op_name(Op op) {
    switch (op) {
        case Op::Given:
            return "given";
        case Op::Add:
            return "add";
        case Op::Sub:
            return "sub";
        case Op::Mul:
            return "mul";
        case Op::Div:
            return "div";
    }
    return "?";
}

std::optional<Op> op_from_name(const std::string& name) {
    for (Op op : {Op::Given, Op::Add, Op::Sub, Op::Mul, Op::Div})
        if (name == op_name(op)) return op;
    return std::nullopt;
}

// A JSON integer within lo..hi. get<int>() wrapped larger ones round (a size of
// 2^32 + 4 was read as 4, a cell's row 2^32 as 0), so they are refused here.
std::optional<std::int64_t> json_int(const nlohmann::json& v, std::int64_t lo, std::int64_t hi) {
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        if (hi < 0 || u > static_cast<std::uint64_t>(hi)) return std::nullopt;
        return static_cast<std::int64_t>(u);
    }
    if (!v.is_number_integer()) return std::nullopt;
    const auto i = v.get<std::int64_t>();
    if (i < lo || i > hi) return std::nullopt;
    return i;
}

// A hidden cage's op: the word JSON writes for it.
constexpr const char* kHiddenOp = "?";

// The record's "rules" when it has them: the object puzzle_rules writes (its
// "variant" names them) or, as older records wrote, the name alone. nullopt with
// the reason in problem when they are there but unreadable.
std::optional<Rules> rules_from_json(const nlohmann::json& p, std::string& problem) {
    if (!p.contains("rules")) return Rules{};
    const auto& r = p["rules"];
    const nlohmann::json* name = &r;
    if (r.is_object()) {
        if (!r.contains("variant")) {
            problem = "\"rules\" has no \"variant\"";
            return std::nullopt;
        }
        name = &r["variant"];
    }
    if (!name->is_string()) {
        problem = "\"rules\" is neither a variant name nor an object with one";
        return std::nullopt;
    }
    std::string why;
    auto rules = parse_rules(name->get<std::string>(), &why);
    if (!rules) problem = "\"rules\": " + why;
    return rules;
}

std::optional<Puzzle> puzzle_from_cages(const nlohmann::json& p, const Rules& rules,
                                        std::string& problem) {
    Puzzle out;
    out.rules = rules;
    if (!p.contains("size") || !p["size"].is_number_integer()) {
        problem = "\"puzzle\" has no integer \"size\"";
        return std::nullopt;
    }
    const auto size = json_int(p["size"], 1, kMaxSize);
    if (!size) {
        problem = "size " + p["size"].dump() + " is outside 1..9";
        return std::nullopt;
    }
    out.size = static_cast<int>(*size);
    if (!p.contains("cages") || !p["cages"].is_array()) {
        problem = "\"puzzle\" has neither \"neknek\" nor a \"cages\" array";
        return std::nullopt;
    }
    for (const auto& c : p["cages"]) {
        Cage cage;
        const bool hidden_op = c.contains("op") && c["op"] == kHiddenOp;
        // A one-cell cage is a given whatever its op says, as the text readers take it.
        const bool one_cell =
            c.contains("cells") && c["cells"].is_array() && c["cells"].size() == 1;
        if (hidden_op && !rules.hidden && !one_cell) {
            problem = "a cage's \"op\" is \"?\" but the rules (" + rules_name(rules) +
                      ") show operations";
            return std::nullopt;
        }
        const auto op = hidden_op ? std::optional<Op>(one_cell ? Op::Given : Op::Add)
                        : c.contains("op") && c["op"].is_string()
                            ? op_from_name(c["op"].get<std::string>())
                            : std::nullopt;
        if (!op) {
            problem = "a cage's \"op\" is not one of given, add, sub, mul, div, ?";
            return std::nullopt;
        }
        // Read as hidden, a shown op was dropped without a word (and check then took a
        // grid that broke it); neknek refuses the same mix.
        if (rules.hidden && !hidden_op && *op != Op::Given) {
            problem = "a cage's \"op\" is \"" + c["op"].get<std::string>() + "\" but the rules (" +
                      rules_name(rules) + ") hide operations: write \"?\"";
            return std::nullopt;
        }
        cage.op = *op;
        if (!c.contains("target") || !c["target"].is_number_integer()) {
            problem = "a cage has no integer \"target\"";
            return std::nullopt;
        }
        // Past the largest target (above int64 too) it would have wrapped to a negative one.
        const auto target =
            json_int(c["target"], std::numeric_limits<std::int64_t>::min(), kMaxTarget);
        if (!target) {
            problem = "a cage's target " + c["target"].dump() + " is too large (limit 10^18)";
            return std::nullopt;
        }
        cage.target = *target;
        if (!c.contains("cells") || !c["cells"].is_array()) {
            problem = "a cage has no \"cells\" array";
            return std::nullopt;
        }
        for (const auto& rc : c["cells"]) {
            if (!rc.is_array() || rc.size() != 2 || !rc[0].is_number_integer() ||
                !rc[1].is_number_integer()) {
                problem = "a cell is not [row, column]";
                return std::nullopt;
            }
            const auto r = json_int(rc[0], 0, out.size - 1), col = json_int(rc[1], 0, out.size - 1);
            if (!r || !col) {
                problem = "cell " + rc.dump() + " is outside the grid";
                return std::nullopt;
            }
            cage.cells.push_back(static_cast<int>(*r * out.size + *col));
        }
        out.cages.push_back(std::move(cage));
    }
    normalize(out);
    if (auto issue = check_puzzle(out)) {
        problem = issue->message;
        return std::nullopt;
    }
    return out;
}

// "4x4": a puzzle's size as messages name it.
std::string size_text(int n) {
    return std::to_string(n) + "x" + std::to_string(n);
}

// What a record says beside its "neknek" text that the text contradicts: a "size" (the
// puzzle's, or the record's own as an undecided record writes it) or "cages" of another
// puzzle. They were not read, and a record of "size": 5 over a 6x6 text was taken as
// the 6x6. "" when they agree.
std::string neknek_contradiction(const nlohmann::json& record, const Puzzle& puzzle) {
    const nlohmann::json& p = record["puzzle"];
    const auto size_differs = [&](const nlohmann::json& size) {
        return !size.is_number_integer() || json_int(size, 1, kMaxSize) != puzzle.size;
    };
    const std::string said = " but \"neknek\" is " + size_text(puzzle.size);
    if (p.contains("size") && size_differs(p["size"]))
        return "\"size\" says " + p["size"].dump() + said;
    if (record.contains("size") && size_differs(record["size"]))
        return "the record's \"size\" says " + record["size"].dump() + said;
    if (!p.contains("cages")) return "";
    nlohmann::json sized = p;  // the cages read at the text's size, as they are written
    sized["size"] = puzzle.size;
    std::string why;
    const auto cages = puzzle_from_cages(sized, puzzle.rules, why);
    const std::string differ = "\"cages\" are not the cages of \"neknek\"";
    if (!cages) return differ + " (" + why + ")";
    return *cages == puzzle ? "" : differ;
}

// A record's "grade" when its "level" and "score" contradict each other: a graded level
// L scores 1000 L to 1000 L + 999, "ambiguous" and "impossible" -1 (grading.md); an
// "impossible" puzzle has no "solution". "" when they agree or are absent.
std::string grade_contradiction(const nlohmann::json& record) {
    if (!record.contains("grade") || !record["grade"].is_object()) return "";
    const nlohmann::json& g = record["grade"];
    if (!g.contains("level")) return "";
    Level level{};
    if (!g["level"].is_string() || !parse_level(g["level"].get<std::string>(), level))
        return "\"grade\" has \"level\" " + g["level"].dump() + ", not one of " +
               graded_level_names() + ", ambiguous, impossible";
    const int band = static_cast<int>(level);
    if (g.contains("score")) {
        const auto score = json_int(g["score"], -1, 1000LL * kGradedLevels - 1);
        const bool fits =
            score && (band < kGradedLevels ? *score / 1000 == band && *score >= 0 : *score == -1);
        if (!fits)
            return "\"grade\" has \"score\" " + g["score"].dump() + " for \"level\" \"" +
                   level_name(level) + "\" (" +
                   (band < kGradedLevels
                        ? std::to_string(1000 * band) + " to " + std::to_string(1000 * band + 999)
                        : std::string("-1")) +
                   ")";
    }
    if (level == Level::Impossible && record.contains("solution") && !record["solution"].is_null())
        return "\"grade\" has \"level\" \"impossible\" but the record has a \"solution\"";
    return "";
}

}  // namespace

nlohmann::ordered_json puzzle_rules(const Puzzle& p) {
    nlohmann::ordered_json ops = nlohmann::ordered_json::array();
    for (Op op : {Op::Add, Op::Sub, Op::Mul, Op::Div})
        if (p.rules.ops & op_bit(op)) ops.push_back(std::string(1, op_symbol(op)));
    return {{"variant", rules_name(p.rules)},
            {"operators_hidden", p.rules.hidden},
            {"operations", ops},
            {"killer", p.rules.killer}};
}

nlohmann::ordered_json grid_json(const Grid& g, int size) {
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (int r = 0; r < size; ++r)
        rows.push_back(std::vector<int>(g.begin() + r * size, g.begin() + (r + 1) * size));
    return rows;
}

nlohmann::ordered_json puzzle_json(const Puzzle& p) {
    const int n = p.size;
    nlohmann::ordered_json cages = nlohmann::ordered_json::array();
    for (const Cage& c : p.cages) {
        nlohmann::ordered_json cells = nlohmann::ordered_json::array();
        for (int cell : c.cells) cells.push_back({cell / n, cell % n});
        // Under hidden operators a cage of two or more cells has no op to show.
        const bool hidden = p.rules.hidden && c.cells.size() > 1;
        cages.push_back(
            {{"op", hidden ? kHiddenOp : op_name(c.op)}, {"target", c.target}, {"cells", cells}});
    }
    return {{"size", n}, {"rules", puzzle_rules(p)}, {"neknek", write_neknek(p)}, {"cages", cages}};
}

nlohmann::ordered_json record_start(const char* key, const nlohmann::ordered_json& value) {
    nlohmann::ordered_json j;
    j["schema"] = kJsonSchema;
    j[key] = value;
    return j;
}

long long score_int(double score) {
    return std::llround(score);
}

std::optional<JsonPuzzle> puzzle_from_json(const nlohmann::json& record, std::string& problem) {
    if (!record.is_object() || !record.contains("puzzle") || !record["puzzle"].is_object()) {
        problem = "not a puzzle record: no \"puzzle\" object";
        return std::nullopt;
    }
    if (record.contains("schema") && record["schema"] != kJsonSchema) {
        problem = "schema " + record["schema"].dump() + " is not " + std::to_string(kJsonSchema);
        return std::nullopt;
    }
    const auto& p = record["puzzle"];
    const auto rules = rules_from_json(p, problem);
    if (!rules) return std::nullopt;
    // The rules travel in the neknek text too (its header and `?`): both must agree.
    JsonPuzzle out;
    if (p.contains("neknek")) {
        if (!p["neknek"].is_string()) {
            problem = "\"neknek\" is not a string";
            return std::nullopt;
        }
        try {
            auto parsed = read_puzzles(p["neknek"].get<std::string>(), Format::Neknek);
            if (parsed.size() != 1) {
                problem = "\"neknek\" holds " + std::to_string(parsed.size()) + " puzzles";
                return std::nullopt;
            }
            out.puzzle = std::move(parsed.front().puzzle);
            if (p.contains("rules") && !(out.puzzle.rules == *rules)) {
                problem = "\"rules\" says " + rules_name(*rules) + " but \"neknek\" is " +
                          rules_name(out.puzzle.rules);
                return std::nullopt;
            }
        } catch (const ParseError& e) {
            problem = "\"neknek\" line " + std::to_string(e.line) + ": " + e.what();
            return std::nullopt;
        }
        problem = neknek_contradiction(record, out.puzzle);
        if (!problem.empty()) return std::nullopt;
    } else {
        auto puzzle = puzzle_from_cages(p, *rules, problem);
        if (!puzzle) return std::nullopt;
        out.puzzle = std::move(*puzzle);
    }
    const int n = out.puzzle.size;
    // "solution": "x" was let through as no solution, where [[1]] was refused.
    if (record.contains("solution") && !record["solution"].is_null() &&
        !record["solution"].is_array()) {
        problem = std::string("\"solution\" must be rows of values or null, not of type ") +
                  record["solution"].type_name();
        return std::nullopt;
    }
    if (record.contains("solution") && record["solution"].is_array()) {
        Grid g;
        for (const auto& row : record["solution"]) {
            if (!row.is_array() || static_cast<int>(row.size()) != n) {
                problem = "\"solution\" is not " + std::to_string(n) + " rows of " +
                          std::to_string(n) + " values";
                return std::nullopt;
            }
            for (const auto& v : row) {
                const auto value = json_int(v, 1, n);
                if (!value) {
                    problem = "\"solution\" holds " + v.dump() + ", not a whole number 1.." +
                              std::to_string(n);
                    return std::nullopt;
                }
                g.push_back(static_cast<int>(*value));
            }
        }
        if (static_cast<int>(g.size()) != n * n) {
            problem = "\"solution\" does not have " + std::to_string(n) + " rows";
            return std::nullopt;
        }
        // A grid of the right size may still break the puzzle's rows, columns or cages.
        if (!is_solution(out.puzzle, g)) {
            problem =
                "\"solution\" does not solve the puzzle (kenken check names the rule "
                "it breaks)";
            return std::nullopt;
        }
        out.solution = std::move(g);
    }
    problem = grade_contradiction(record);
    if (!problem.empty()) return std::nullopt;
    return out;
}

}  // namespace kk::db
