#include "pipeline/factory/quotas.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

namespace kk {

bool Quotas::by_level() const {
    for (int q : per_level)
        if (q > 0) return true;
    return false;
}

int Quotas::size_total(size_t size_index) const {
    if (!by_level()) return size_index < per_size.size() ? per_size[size_index] : 0;
    int t = 0;
    for (int q : per_level) t += q;
    return t;
}

int Quotas::total() const {
    int t = 0;
    for (size_t i = 0; i < sizes.size(); ++i) t += size_total(i);
    return t;
}

std::string Quotas::to_json() const {
    nlohmann::json j;
    j["sizes"] = sizes;
    if (by_level()) {
        for (int l = 0; l < kGradedLevels; ++l)
            j["per_level"][level_name(static_cast<Level>(l))] = per_level[static_cast<size_t>(l)];
    } else {
        j["per_size"] = per_size;
    }
    return j.dump();
}

namespace {
int parse_int(const std::string& s, const std::string& what) {
    // Plain digits, as every other count and seed: stoi took " 5", "\t5" and "+5" as 5
    // here, where --count refused them.
    if (s.empty() || !(std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-'))
        throw std::invalid_argument(what + ": '" + s + "' is not a number");
    size_t used = 0;
    int v = 0;
    try {
        v = std::stoi(s, &used);
    } catch (const std::out_of_range&) {
        // It is a number ("99999999999" was "not a number"), past any size or quota.
        throw std::invalid_argument(what + ": '" + s + "' is far too " +
                                    (s.find('-') == std::string::npos ? "large" : "small"));
    } catch (const std::exception&) {
        throw std::invalid_argument(what + ": '" + s + "' is not a number");
    }
    if (used != s.size()) throw std::invalid_argument(what + ": '" + s + "' is not a number");
    return v;
}
}  // namespace

std::vector<int> parse_sizes(const std::string& text) {
    std::vector<int> sizes;
    std::stringstream ss(text);
    std::string part;
    // getline gives no item after a last comma: "4,5," was taken for "4,5".
    if (!text.empty() && text.back() == ',')
        throw std::invalid_argument("sizes: an empty item in '" + text + "'");
    while (std::getline(ss, part, ',')) {
        auto dash = part.find('-');
        int lo, hi;
        // Said "'' is not a number" for both.
        if (part.empty()) throw std::invalid_argument("sizes: an empty item in '" + text + "'");
        // "4--6" said "runs backwards" (it read 4 to -6), "4-5-6" "'5-6' is not a number".
        if (dash != std::string::npos && part.find('-', dash + 1) != std::string::npos)
            throw std::invalid_argument("sizes: the range '" + part +
                                        "' is malformed: a range is two sizes and one dash "
                                        "(e.g. 4-9)");
        if (dash != std::string::npos && (dash == 0 || dash + 1 == part.size()))
            throw std::invalid_argument("sizes: the range '" + part + "' lacks a bound (e.g. 4-9)");
        if (dash == std::string::npos) {
            lo = hi = parse_int(part, "sizes");
        } else {
            lo = parse_int(part.substr(0, dash), "sizes");
            hi = parse_int(part.substr(dash + 1), "sizes");
        }
        if (lo > hi) throw std::invalid_argument("sizes: range '" + part + "' runs backwards");
        for (int n = lo; n <= hi; ++n) {
            if (n < 3 || n > 9)
                throw std::invalid_argument("sizes: " + std::to_string(n) + " is outside 3..9");
            sizes.push_back(n);
        }
    }
    if (sizes.empty()) throw std::invalid_argument("sizes: none given");
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    return sizes;
}

std::string reason_of(const std::string& message) {
    for (const char* key : {"sizes: ", "per-level: "})
        if (message.rfind(key, 0) == 0) return message.substr(std::string_view(key).size());
    return message;
}

std::string sizes_text(const std::vector<int>& sizes) {
    std::string s;
    for (size_t i = 0; i < sizes.size(); ++i) {
        size_t j = i;
        while (j + 1 < sizes.size() && sizes[j + 1] == sizes[j] + 1) ++j;
        if (!s.empty()) s += ',';
        s += std::to_string(sizes[i]);
        if (j > i) s += "-" + std::to_string(sizes[j]);
        i = j;
    }
    return s;
}

std::array<int, kGradedLevels> parse_per_level(const std::string& text) {
    std::array<int, kGradedLevels> q{};
    std::array<bool, kGradedLevels> given{};
    std::stringstream ss(text);
    std::string part;
    // getline gives no item after a last comma: "easy=5," was taken for "easy=5", as
    // "4,5," once was for --sizes.
    if (!text.empty() && text.back() == ',')
        throw std::invalid_argument("per-level: an empty item in '" + text + "'");
    while (std::getline(ss, part, ',')) {
        if (part.empty()) throw std::invalid_argument("per-level: an empty item in '" + text + "'");
        auto eq = part.find('=');
        if (eq == std::string::npos)
            throw std::invalid_argument("per-level: '" + part + "' is not LEVEL=N");
        Level l;
        if (!parse_level(part.substr(0, eq), l) || static_cast<int>(l) >= kGradedLevels)
            throw std::invalid_argument("per-level: unknown level '" + part.substr(0, eq) + "'");
        int n = parse_int(part.substr(eq + 1), "per-level");
        if (n < 0) throw std::invalid_argument("per-level: negative count in '" + part + "'");
        // Past the cap the sums over levels and sizes overflowed: a run asking for
        // 2000000000 of two levels finished at once, with nothing made.
        if (n > kMaxLevelQuota)
            throw std::invalid_argument("per-level: '" + part + "' asks for more than " +
                                        std::to_string(kMaxLevelQuota) + " puzzles of a level");
        // "easy=3,easy=5" took the last silently; the second was most likely meant for
        // another level.
        if (given[static_cast<size_t>(l)])
            throw std::invalid_argument("per-level: " + part.substr(0, eq) + " is given twice");
        given[static_cast<size_t>(l)] = true;
        q[static_cast<size_t>(l)] = n;
    }
    // Every level at 0 asks for nothing; taking it as "no level quotas" would store
    // puzzles of any level.
    bool any = false;
    for (int n : q) any = any || n > 0;
    if (!any)
        throw std::invalid_argument("per-level: every level asks for 0 puzzles: nothing to make");
    return q;
}

std::vector<int> spread_count(int count, size_t sizes) {
    std::vector<int> q(sizes, 0);
    for (size_t i = 0; i < sizes; ++i)
        q[i] = count / static_cast<int>(sizes) +
               (static_cast<int>(i) < count % static_cast<int>(sizes));
    return q;
}

}  // namespace kk
