// The corpus's puzzles read back (corpus.h): by a filter (a cursor, a list, a count),
// by id, and checked against what a pack was chosen from.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <variant>
#include <vector>

#include "db/store/corpus.h"
#include "db/store/puzzle_rows.h"

namespace kk::db {
namespace {

PuzzleRecord read_puzzle(const Statement& s) {
    PuzzleRecord r;
    r.id = s.column_int64(0);
    r.size = s.column_int(1);
    r.neknek = s.column_text(2);
    r.solution = s.column_text(3);
    r.level = s.column_text(4);
    // A score edited to text ('nan', 'abc') is not taken for 0: it reads as NaN, which
    // verify reports and the writers refuse (record_score).
    r.score = s.column_is_number(5) ? s.column_double(5) : std::numeric_limits<double>::quiet_NaN();
    r.cages = s.column_int(6);
    r.singletons = s.column_int(7);
    r.max_cage = s.column_int(8);
    r.ops = s.column_text(9);
    r.canonical = s.column_text(10);
    r.seed = from_sql(s.column_int64(11));
    r.candidate = s.column_int64(12);
    r.run_id = s.column_is_null(13) ? 0 : s.column_int64(13);
    r.created_at = s.column_text(14);
    r.rules = s.column_text(15);
    r.shard = s.column_int(16);
    return r;
}

// The WHERE clause of a filter and the values it binds, in order.
struct WhereClause {
    std::string sql;
    std::vector<std::variant<std::int64_t, double, std::string>> values;
};

WhereClause where_clause(const QueryFilter& f) {
    WhereClause w;
    auto add = [&w](const std::string& cond) {
        w.sql += w.sql.empty() ? " WHERE " : " AND ";
        w.sql += cond;
    };
    if (!f.sizes.empty()) {
        std::string in = "size IN (";
        for (size_t i = 0; i < f.sizes.size(); ++i) {
            in += i ? ", ?" : "?";
            w.values.emplace_back(std::int64_t{f.sizes[i]});
        }
        add(in + ")");
    }
    if (!f.levels.empty()) {
        std::string in = "level IN (";
        for (size_t i = 0; i < f.levels.size(); ++i) {
            in += i ? ", ?" : "?";
            w.values.emplace_back(f.levels[i]);
        }
        add(in + ")");
    }
    if (f.min_score) {
        add("score >= ?");
        w.values.emplace_back(*f.min_score);
    }
    if (f.max_score) {
        add("score <= ?");
        w.values.emplace_back(*f.max_score);
    }
    if (f.ops) {
        // Every operation the puzzle uses must be allowed: forbid the others.
        for (char op : std::string("+-*/"))
            if (f.ops->find(op) == std::string::npos)
                add(std::string("instr(ops, '") + op + "') = 0");
    }
    if (f.variant) {
        add("rules = ?");
        w.values.emplace_back(*f.variant);
    }
    if (f.max_cage) {
        add("max_cage <= ?");
        w.values.emplace_back(std::int64_t{*f.max_cage});
    }
    if (f.fresh) add("NOT EXISTS (SELECT 1 FROM pack_puzzles pp WHERE pp.puzzle_id = puzzles.id)");
    return w;
}

void bind_all(Statement& s, const WhereClause& w, int first = 1) {
    int i = first;
    for (const auto& v : w.values) std::visit([&](const auto& x) { s.bind(i++, x); }, v);
}

}  // namespace

bool PuzzleCursor::next(PuzzleRecord& out) {
    if (!s_.step()) return false;
    out = read_puzzle(s_);
    return true;
}

std::vector<PuzzleRecord> Corpus::all_puzzles() {
    return query(QueryFilter{});
}

std::vector<PuzzleRecord> Corpus::query(const QueryFilter& f) {
    PuzzleCursor cursor = scan(f);
    std::vector<PuzzleRecord> out;
    for (PuzzleRecord r; cursor.next(r);) out.push_back(std::move(r));
    return out;
}

PuzzleCursor Corpus::scan(const QueryFilter& f) {
    if (auto problem = filter_problem(f)) throw DbError(*problem);
    const WhereClause w = where_clause(f);
    std::string sql = std::string("SELECT ") + kPuzzleColumns + " FROM puzzles" + w.sql;
    switch (f.order) {
        case Order::Id:
            sql += " ORDER BY id";
            break;
        case Order::Score:
            sql += " ORDER BY score, id";
            break;
        case Order::Random:
            sql += " ORDER BY kk_random_key(id, ?), id";
            break;
    }
    if (f.limit) sql += " LIMIT " + std::to_string(*f.limit);
    Statement s(db_.get(), sql);
    bind_all(s, w);
    if (f.order == Order::Random) s.bind(static_cast<int>(w.values.size()) + 1, to_sql(f.seed));
    return PuzzleCursor(std::move(s));
}

int Corpus::count(const QueryFilter& f) {
    if (auto problem = filter_problem(f)) throw DbError(*problem);
    const WhereClause w = where_clause(f);
    Statement s(db_.get(), "SELECT count(*) FROM puzzles" + w.sql);
    bind_all(s, w);
    s.step();
    return s.column_int(0);
}

bool Corpus::still_as_read(const std::vector<PackEntry>& chosen, bool fresh) {
    Statement s(db_.get(),
                "SELECT neknek, solution, level, score, EXISTS (SELECT 1 FROM pack_puzzles WHERE "
                "puzzle_id = ?1) FROM puzzles WHERE id = ?1");
    PuzzleRecord stored;  // what record_digest reads of it
    for (const PackEntry& e : chosen) {
        s.bind(1, e.id);
        bool same = s.step();
        if (same) {
            stored.neknek = s.column_text(0);
            stored.solution = s.column_text(1);
            stored.level = s.column_text(2);
            stored.score = s.column_is_number(3) ? s.column_double(3)
                                                 : std::numeric_limits<double>::quiet_NaN();
            same = record_digest(stored) == e.digest && !(fresh && s.column_int(4) != 0);
        }
        s.reset();
        if (!same) return false;
    }
    return true;
}

void Corpus::visit_puzzles(const std::vector<std::int64_t>& ids,
                           const std::function<void(std::size_t, const PuzzleRecord*)>& use) {
    Statement s(db_.get(), std::string("SELECT ") + kPuzzleColumns + " FROM puzzles WHERE id = ?");
    for (std::size_t i = 0; i < ids.size(); ++i) {
        s.bind(1, ids[i]);
        if (s.step()) {
            const PuzzleRecord r = read_puzzle(s);
            s.reset();
            use(i, &r);
        } else {
            s.reset();
            use(i, nullptr);
        }
    }
}

}  // namespace kk::db
