// The front matter: the title page, how to play (with the book's variants and levels),
// the copyright line, and the contents pages, drawn once every page is known.
#include <algorithm>
#include <cmath>

#include "db/render/pdf_planner.h"
#include "db/render/pdf_text.h"

namespace kk::db::pdf {
namespace {

// The default rules' sentences that a variant contradicts (BookWords::rules, and the
// shipped book TOML, say them word for word).
constexpr const char* kOpsSentence =
    "The numbers in a cage combine, with the operation shown, to make the target in its "
    "corner: + adds them, \u00d7 multiplies them, \u2212 is the difference of two numbers and "
    "\u00f7 the larger divided by the smaller.";
constexpr const char* kRepeatSentence =
    "A number may repeat within a cage, but never within a row or column.";

// What a variant says in place of a standard sentence, and the paragraph it adds when
// that sentence is not in the book's rules (its own words) or the book mixes variants.
struct VariantRule {
    const char* replaces;
    std::string instead;
    std::vector<std::string> paragraphs;
};

// How a cage's numbers make its target under these rules' operations.
std::string ops_sentence(const Rules& rules) {
    const bool mult = rules.ops == op_bit(Op::Mul);
    const bool add_sub = rules.ops == (op_bit(Op::Add) | op_bit(Op::Sub));
    if (mult)
        return rules.hidden ? "The numbers in a cage multiply to make the target in its corner "
                              "(the \u00d7 is not printed)."
                            : "The numbers in a cage multiply to make the target in its corner "
                              "(every cage shows \u00d7).";
    const std::string ops = add_sub ? "+ adds them and \u2212 is the difference of two numbers"
                                    : "+ adds them, \u00d7 multiplies them, \u2212 is the "
                                      "difference of two numbers and \u00f7 the larger divided "
                                      "by the smaller";
    if (!rules.hidden)
        return "The numbers in a cage combine, with the operation shown, to make the target in "
               "its corner: " +
               ops + (add_sub ? ". No cage multiplies or divides." : ".");
    return "The numbers in a cage combine to make the target in its corner, but the operation "
           "is hidden: a cage shows only its number, and finding its operation is part of the "
           "puzzle. " +
           ops +
           (add_sub ? "; a cage of two cells may add or subtract, a larger one only adds."
                    : "; a cage of two cells may use any of the four, a larger one only + or "
                      "\u00d7.");
}

std::vector<VariantRule> variant_rules(const Rules& rules) {
    std::vector<VariantRule> out;
    VariantRule ops{kOpsSentence, ops_sentence(rules), {}};
    if (rules.hidden)
        ops.paragraphs.push_back(
            rules.ops == (op_bit(Op::Add) | op_bit(Op::Sub))
                ? "Operations hidden: a cage shows only its number; find the operation too "
                  "(two-cell cages may use + or \u2212, larger ones +)."
                : "Operations hidden: a cage shows only its number; find the operation too "
                  "(two-cell cages may use any of the four, larger ones + or \u00d7).");
    if (rules.ops == op_bit(Op::Mul))
        ops.paragraphs.push_back("Multiplication only: every cage multiplies.");
    if (rules.ops == (op_bit(Op::Add) | op_bit(Op::Sub)))
        ops.paragraphs.push_back("Addition and subtraction only.");
    if (!ops.paragraphs.empty()) out.push_back(ops);
    if (rules.killer)
        out.push_back({kRepeatSentence,
                       "No number repeats within a cage, nor within a row or column.",
                       {"Killer rule: no digit appears twice within a cage."}});
    return out;
}

// What these rules say for a default sentence: the variant's own when it contradicts
// that sentence, else the sentence.
std::string says(const Rules& rules, std::string_view sentence) {
    for (const VariantRule& v : variant_rules(rules))
        if (sentence == v.replaces) return v.instead;
    return std::string(sentence);
}

// The default sentences a variant may contradict, and what a book whose kinds of puzzle
// differ on one says in its place: what the kinds share, the rest said per kind.
struct Contested {
    const char* sentence;
    const char* shared;
};
constexpr Contested kContested[] = {
    {kOpsSentence,
     "The numbers in a cage combine to make the target in its corner; how they combine "
     "depends on the kind of puzzle, below."},
    {kRepeatSentence,
     "A number never repeats within a row or column; whether it may repeat within a cage "
     "depends on the kind of puzzle, below."},
};

// "A", "A or B", "A, B or C".
std::string either(const std::vector<std::string>& names) {
    std::string out;
    for (size_t k = 0; k < names.size(); ++k)
        out += (k == 0 ? "" : k + 1 == names.size() ? " or " : ", ") + names[k];
    return out;
}

// "In puzzles marked Killer, no number repeats ...": each different version of a
// contested sentence once, with the kinds (as their captions name them) that say it.
void per_kind(const std::vector<Rules>& seen, const std::vector<std::string>& said,
              std::vector<std::string>& extra) {
    std::vector<std::string> versions;
    std::vector<std::vector<std::string>> kinds;
    for (size_t k = 0; k < seen.size(); ++k) {
        const auto at = std::find(versions.begin(), versions.end(), said[k]) - versions.begin();
        if (at == std::ssize(versions)) {
            versions.push_back(said[k]);
            kinds.emplace_back();
        }
        kinds[static_cast<size_t>(at)].push_back(kind_title(seen[k]));
    }
    for (size_t v = 0; v < versions.size(); ++v) {
        std::string sentence = versions[v];
        sentence[0] = static_cast<char>(sentence[0] - 'A' + 'a');  // each starts "The", "A", "No"
        extra.push_back("In puzzles marked " + either(kinds[v]) + ", " + sentence);
    }
}

// The book's rules with each default sentence its kinds of puzzle contradict replaced:
// by the variant's sentence when every kind says the same ("No number repeats within a
// cage" in a killer book), else by the part the kinds share, each version then said
// once in `extra` for the kinds that say it (a standard sentence followed by a killer
// paragraph contradicted itself). Rules of one's own that lack a default sentence keep
// theirs, a variant's paragraphs for it following in `extra`.
std::string rules_for(const std::string& rules, const std::vector<Rules>& seen,
                      std::vector<std::string>& extra) {
    std::string out = rules;
    std::vector<std::string> kinds;         // per contested sentence, its versions
    std::vector<std::string_view> missing;  // contradicted sentences the rules lack
    for (const Contested& c : kContested) {
        std::vector<std::string> said;
        for (const Rules& r : seen) said.push_back(says(r, c.sentence));
        const bool shared = std::all_of(said.begin(), said.end(),
                                        [&](const std::string& s) { return s == said.front(); });
        if (said.empty() || (shared && said.front() == c.sentence)) continue;
        const size_t at = out.find(c.sentence);
        if (at == std::string::npos) {
            missing.push_back(c.sentence);
            continue;
        }
        out.replace(at, std::string_view(c.sentence).size(), shared ? said.front() : c.shared);
        if (!shared) per_kind(seen, said, kinds);
    }
    if (!kinds.empty()) {
        extra.push_back(
            "This book mixes kinds of puzzle; the caption under each puzzle names its kind.");
        extra.insert(extra.end(), kinds.begin(), kinds.end());
    }
    for (const Rules& r : seen)
        for (const VariantRule& v : variant_rules(r)) {
            if (std::find(missing.begin(), missing.end(), v.replaces) == missing.end()) continue;
            const std::string head = seen.size() > 1 ? kind_title(r) + " puzzles: " : "";
            for (const std::string& p : v.paragraphs) extra.push_back(head + p);
        }
    return out;
}

}  // namespace

void Planner::front_matter() {
    const BookWords& w = book_.words;
    new_page(false);  // 1: title
    const double cw = g_.content_w, ch = g_.content_h;
    // The title and subtitle fill at most half the page, from 0.3 of its height
    // down, and end above the author (at 0.85): a long title on a small trim comes
    // out smaller.
    double big = book_.layout.large_print ? 34 : 26, sub = st_.heading + 2;
    std::vector<std::string> title_lines, sub_lines;
    for (;;) {
        set_font(cr_, big, true);
        title_lines = wrap(cr_, w.title, cw);
        set_font(cr_, sub, false);
        sub_lines = wrap(cr_, w.subtitle, cw);
        const double height = static_cast<double>(title_lines.size()) * big * 1.25 + big * 0.5 +
                              static_cast<double>(sub_lines.size()) * sub * 1.4;
        // The contents line (sub * 3 below) clears the author's lines too: it was
        // printed over them under a long title on a 6x9 page.
        const double room = w.author.empty() ? ch : ch * 0.85 - sub * 1.2;
        if ((height <= ch * 0.5 && ch * 0.3 + height + sub * 3.5 <= room) || big <= 8) break;
        big = std::max(8.0, big * 0.9);
        sub = std::max(7.0, sub * 0.9);
    }
    const std::string about = contents_line();
    set_font(cr_, sub - 1, false);
    const auto author_lines = wrap(cr_, w.author, cw);  // at most 100 characters
    draw([=](cairo_t* cr, double x0, double y0) {
        double y = y0 + ch * 0.3;
        set_font(cr, big, true);
        for (const auto& l : title_lines)
            show_text(cr, l, x0 + cw / 2, y += big * 1.25, Align::Centre);
        y += big * 0.5;
        set_font(cr, sub, false);
        for (const auto& l : sub_lines)
            show_text(cr, l, x0 + cw / 2, y += sub * 1.4, Align::Centre);
        set_font(cr, sub - 1, false);
        show_text(cr, about, x0 + cw / 2, y + sub * 3, Align::Centre);
        double at = y0 + ch * 0.85;
        for (const auto& l : author_lines) {
            show_text(cr, l, x0 + cw / 2, at, Align::Centre);
            at += (sub - 1) * 1.4;
        }
    });

    new_page();  // 2: how to play, the levels, the copyright line
    heading("How to play", st_.size_heading, size_heading_h(), 0);
    set_font(cr_, st_.body, false);
    // Variants: each distinct rule set in the book, in order of first use.
    std::vector<std::string> variant_paragraphs;
    const std::string rules = rules_for(w.rules, index_.rules(), variant_paragraphs);
    size_t from = 0;
    while (from <= rules.size()) {
        size_t to = rules.find('\n', from);
        if (to == std::string::npos) to = rules.size();
        text_lines(wrap(cr_, rules.substr(from, to - from), g_.content_w), st_.body);
        y_ += st_.body * 0.6;
        from = to + 1;
    }
    for (const std::string& line : variant_paragraphs) {
        text_lines(wrap(cr_, line, g_.content_w), st_.body);
        y_ += st_.body * 0.6;
    }
    // Merged big cages have targets too long for a cell: say once how they print.
    if (std::any_of(key_room_.begin(), key_room_.end(),
                    [](const auto& room) { return room.second > 0; })) {
        text_lines(wrap(cr_,
                        "A target too long for its cell shows a letter in its place "
                        "(A\u00d7); the target is listed under the grid (A = 3,982,060).",
                        g_.content_w),
                   st_.body);
        y_ += st_.body * 0.6;
    }
    y_ += st_.body * 0.4;
    std::string levels;
    for (const auto& name : w.level_names) levels += (levels.empty() ? "" : ", ") + name;
    text_lines(wrap(cr_, "Levels, from the easiest: " + levels + ".", g_.content_w), st_.body);
    if (book_.layout.solutions) {
        y_ += st_.body * 0.5;
        text_lines(wrap(cr_,
                        "Every puzzle has exactly one solution. The page of its solution is "
                        "printed under it.",
                        g_.content_w),
                   st_.body);
    }
    std::string legal = w.copyright;
    if (!book_.date.empty()) legal += (legal.empty() ? "" : "\n") + book_.date;
    set_font(cr_, st_.caption + 1, false);
    const auto legal_lines = wrap(cr_, legal, g_.content_w);
    const double size = st_.caption + 1;
    // At the foot of the page, below the rules: on a page of its own when long rules
    // leave no room (a full rules page was printed over).
    const double legal_h = size * 1.4 * (static_cast<double>(legal_lines.size()) + 1);
    if (y_ + legal_h > g_.content_h) new_page();
    draw([=](cairo_t* cr, double x0, double y0) {
        set_font(cr, size, false);
        double y = y0 + ch - size * 1.4 * static_cast<double>(legal_lines.size());
        for (const auto& l : legal_lines) show_text(cr, l, x0, y += size * 1.4, Align::Left);
    });

    // 3..: contents, drawn once every page is known; its length is known now.
    toc_first_ = page_no() + 1;
    const int entries = static_cast<int>(sections_count()) + 2;
    const double lh = st_.body * 1.6;
    const int per = std::max(1, static_cast<int>((g_.content_h - size_heading_h()) / lh));
    toc_pages_ = (entries + per - 1) / per;
    holding_ = true;
    for (int i = 0; i < toc_pages_; ++i) new_page();
    holding_ = false;
    if (drawing()) contents(known_->plan);
    y_ = g_.content_h;  // full: the puzzles open a page of their own
}

std::string Planner::contents_line() const {
    const size_t k = index_.size();
    std::string line = std::to_string(k) + (k == 1 ? " puzzle" : " puzzles");
    if (k) line += "  \u00b7  " + sizes_text(sizes_in_book());
    return line;
}

std::vector<int> Planner::sizes_in_book() const {
    std::vector<int> sizes;
    for (size_t i = 0; i < index_.size(); ++i)
        if (sizes.empty() || sizes.back() != index_.size_of(i)) sizes.push_back(index_.size_of(i));
    // Book order is by size; a book made by hand may not be.
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    return sizes;
}

std::string sizes_text(const std::vector<int>& sizes) {
    if (sizes.empty()) return "";
    // Every size between the ends: a range. Otherwise each size: "4×4 to 9×9" claimed
    // sizes a book of 4x4 and 9x9 does not have.
    const bool contiguous = sizes.back() - sizes.front() + 1 == static_cast<int>(sizes.size());
    if (sizes.size() == 1) return size_name(sizes[0]);
    if (contiguous && sizes.size() > 2)
        return size_name(sizes.front()) + " to " + size_name(sizes.back());
    std::string text;
    for (size_t i = 0; i < sizes.size(); ++i)
        text += (i == 0 ? "" : i + 1 == sizes.size() ? " and " : ", ") + size_name(sizes[i]);
    return text;
}

size_t Planner::sections_count() const {
    size_t count = 0;
    for (size_t i = 0; i < index_.size(); ++i)
        if (i == 0 || index_.size_of(i) != index_.size_of(i - 1) || !index_.same_level(i, i - 1))
            ++count;
    return count + 8;  // size lines
}

void Planner::contents(const BookPlan& plan) {
    // Lines: a size line (bold) then its levels; then worked solutions and solutions.
    struct Line {
        std::string text;
        int page;
        bool bold;
    };
    std::vector<Line> lines;
    int last_size = 0;
    for (const BookSection& s : plan.sections) {
        if (s.size != last_size) lines.push_back({size_name(s.size) + " puzzles", s.page, true});
        last_size = s.size;
        lines.push_back({"    " + s.level + "  (" + std::to_string(s.count) + ")", s.page, false});
    }
    if (plan.walkthrough_page) lines.push_back({"Worked solutions", plan.walkthrough_page, true});
    if (plan.solutions_page) lines.push_back({"Solutions", plan.solutions_page, true});
    const double lh = st_.body * 1.6;
    const int per = std::max(1, static_cast<int>((g_.content_h - size_heading_h()) / lh));
    const double w = g_.content_w, body = st_.body;
    for (size_t k = 0; k < lines.size(); ++k) {
        const size_t page = static_cast<size_t>(toc_first_ - 1) + k / static_cast<size_t>(per);
        if (page >= static_cast<size_t>(toc_first_ - 1 + toc_pages_)) break;
        const double at = size_heading_h() + static_cast<double>(k % static_cast<size_t>(per)) * lh;
        const Line line = lines[k];
        const std::string num = std::to_string(line.page);
        set_font(cr_, body, line.bold);
        const double fit = fitted(line.text, body, line.bold, w - text_width(cr_, num) - body);
        out_.pages[page].draws.push_back([=](cairo_t* cr, double x0, double y0) {
            set_font(cr, fit, line.bold);
            show_text(cr, line.text, x0, y0 + at + body, Align::Left);
            set_font(cr, body, line.bold);
            show_text(cr, num, x0 + w, y0 + at + body, Align::Right);
            // Dot leaders between the entry and its page.
            set_font(cr, fit, line.bold);
            const double from = x0 + text_width(cr, line.text) + body;
            set_font(cr, body, line.bold);
            const double to = x0 + w - text_width(cr, num) - body;
            cairo_set_source_rgb(cr, 0.5, 0.5, 0.5);
            for (double x = from; x < to; x += body * 0.6) {
                cairo_arc(cr, x, y0 + at + body - 1, 0.5, 0, 2 * M_PI);
                cairo_fill(cr);
            }
            cairo_set_source_rgb(cr, 0, 0, 0);
        });
    }
    const double size = st_.size_heading;
    out_.pages[static_cast<size_t>(toc_first_ - 1)].draws.push_back(
        [=](cairo_t* cr, double x0, double y0) {
            set_font(cr, size, true);
            show_text(cr, "Contents", x0 + w / 2, y0 + size * 1.2, Align::Centre);
        });
}

}  // namespace kk::db::pdf
