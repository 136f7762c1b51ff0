#include "pipeline/factory/steering.h"

#include <algorithm>

namespace kk {
namespace {

// Before a recipe has a record, assume it yields a level this often; the prior's
// weight is that of a few candidates, so evidence soon takes over.
constexpr double kPriorRate = 0.05;
constexpr double kPriorWeight = 4.0;
// Share of candidates that try a random recipe, so a poor early estimate can recover.
constexpr double kExplore = 0.1;

double rate(const SteeringStats& s, int size, int recipe, int level) {
    const auto& a = s.attempts[static_cast<size_t>(size)][static_cast<size_t>(recipe)];
    const auto& h =
        s.hits[static_cast<size_t>(size)][static_cast<size_t>(recipe)][static_cast<size_t>(level)];
    return (h + kPriorRate * kPriorWeight) / (a + kPriorWeight);
}

template <class T, size_t N>
nlohmann::json flat(const std::array<T, N>& a) {
    return nlohmann::json(a);
}

}  // namespace

nlohmann::json SteeringStats::to_json() const {
    return {{"attempts", attempts},
            {"hits", hits},
            {"stored", stored},
            {"stored_size", stored_size},
            {"unreachable", unreachable},
            {"since_level_stored", since_level_stored},
            {"since_stored", since_stored},
            {"size_unreachable", size_unreachable}};
}

SteeringStats SteeringStats::from_json(const nlohmann::json& j) {
    SteeringStats s;
    j.at("attempts").get_to(s.attempts);
    j.at("hits").get_to(s.hits);
    j.at("stored").get_to(s.stored);
    j.at("stored_size").get_to(s.stored_size);
    j.at("unreachable").get_to(s.unreachable);
    if (j.contains("since_stored")) j.at("since_stored").get_to(s.since_stored);
    if (j.contains("since_level_stored")) j.at("since_level_stored").get_to(s.since_level_stored);
    if (j.contains("size_unreachable")) j.at("size_unreachable").get_to(s.size_unreachable);
    return s;
}

Steering::Steering(const FactoryConfig& config)
    : config_(config), epoch_(static_cast<std::uint64_t>(config.in_flight)) {}

int Steering::size_need(const SteeringStats& s, int size) const {
    const auto& sizes = config_.quotas.sizes;
    auto it = std::find(sizes.begin(), sizes.end(), size);
    if (it == sizes.end()) return 0;
    if (s.size_unreachable[static_cast<size_t>(size)]) return 0;
    if (config_.quotas.by_level()) {
        int n = 0;
        for (int l = 0; l < kGradedLevels; ++l) n += need(s, size, l);
        return n;
    }
    const size_t i = static_cast<size_t>(it - sizes.begin());
    return std::max(0, config_.quotas.per_size[i] - s.stored_size[static_cast<size_t>(size)]);
}

int Steering::need(const SteeringStats& s, int size, int level) const {
    if (s.unreachable[static_cast<size_t>(size)][static_cast<size_t>(level)]) return 0;
    return std::max(0, config_.quotas.per_level[static_cast<size_t>(level)] -
                           s.stored[static_cast<size_t>(size)][static_cast<size_t>(level)]);
}

const SteeringStats& Steering::snapshot_for(std::uint64_t index) const {
    const std::uint64_t e = index / epoch_;
    const std::uint64_t m = e == 0 ? 0 : e - 1;
    return ring_[m % ring_.size()];
}

void Steering::plan(Candidate& c) const {
    const SteeringStats& s = snapshot_for(c.index);
    const auto& sizes = config_.quotas.sizes;
    const int recipes = std::min<int>(static_cast<int>(config_.recipes.size()), kMaxRecipes);
    c.recipe = 0;
    c.target_level = -1;

    if (!config_.quotas.by_level() || !config_.steering) {
        // Spread effort so every size fills at the same time: weight by the
        // candidates still needed, need / yield.
        std::array<double, kSizeSlots> w{};
        const int count = static_cast<int>(sizes.size());
        for (int i = 0; i < count; ++i) {
            const int n = sizes[static_cast<size_t>(i)];
            std::uint32_t tries = 0;
            for (int r = 0; r < recipes; ++r)
                tries += s.attempts[static_cast<size_t>(n)][static_cast<size_t>(r)];
            const double yield = (s.stored_size[static_cast<size_t>(n)] + 1.0) / (tries + 2.0);
            w[static_cast<size_t>(i)] = size_need(s, n) / yield;
        }
        const bool any = std::any_of(w.begin(), w.begin() + count, [](double x) { return x > 0; });
        c.size = sizes[static_cast<size_t>(
            any ? c.rng.weighted(w.data(), count)
                : static_cast<int>(c.rng.below(static_cast<std::uint32_t>(count))))];
        c.ceiling = ceiling(s, c.size);
        return;
    }

    // Level quotas: pick the (size, level) cell by the candidates it still needs with
    // the best recipe for it, then a recipe by how well it yields that level.
    // Fixed arrays, not vectors: plan runs once per candidate, millions of times.
    std::array<double, kSizeSlots * kGradedLevels> w{};
    std::array<std::pair<int, int>, kSizeSlots * kGradedLevels> cells{};
    int count = 0;
    for (int n : sizes)
        for (int l = 0; l < kGradedLevels; ++l) {
            const int k = need(s, n, l);
            if (k == 0) continue;
            double best = 0;
            for (int r = 0; r < recipes; ++r) best = std::max(best, rate(s, n, r, l));
            cells[static_cast<size_t>(count)] = {n, l};
            w[static_cast<size_t>(count++)] = k / best;
        }
    if (count == 0) {
        c.size = sizes[c.rng.below(static_cast<std::uint32_t>(sizes.size()))];
        c.ceiling = ceiling(s, c.size);
        return;
    }
    const auto [n, l] = cells[static_cast<size_t>(c.rng.weighted(w.data(), count))];
    c.size = n;
    c.target_level = l;
    c.ceiling = ceiling(s, n);
    // With its unreasonable quota full, a candidate that needs trial and error is not
    // wanted, and grading can stop at the first guess instead of searching.
    c.search_wanted = need(s, n, static_cast<int>(Level::Unreasonable)) > 0;
    if (recipes > 1 && c.rng.unit() < kExplore) {
        c.recipe = static_cast<int>(c.rng.below(static_cast<std::uint32_t>(recipes)));
        return;
    }
    std::array<double, kMaxRecipes> rw{};
    for (int r = 0; r < recipes; ++r) {
        const double x = rate(s, n, r, l);
        rw[static_cast<size_t>(r)] = x * x;
    }
    c.recipe = c.rng.weighted(rw.data(), recipes);
}

Level Steering::ceiling(const SteeringStats& s, int size) const {
    if (!config_.quotas.by_level()) return Level::Unreasonable;
    for (int l = kGradedLevels - 1; l > 0; --l)
        if (need(s, size, l) > 0) return static_cast<Level>(l);
    // Only easy (or nothing) still wanted: anything harder is turned away.
    return Level::Easy;
}

bool Steering::may_want(const Candidate& c) const {
    const SteeringStats& s = snapshot_for(c.index);
    if (size_need(s, c.size) == 0) return false;
    if (!config_.quotas.by_level()) return true;
    const int l = static_cast<int>(c.level);
    return l < kGradedLevels && need(s, c.size, l) > 0;
}

Outcome Steering::admit(int size, Level level) const {
    if (size_need(live_, size) == 0) return Outcome::SizeFull;
    if (!config_.quotas.by_level()) return Outcome::Stored;
    const int l = static_cast<int>(level);
    if (config_.quotas.per_level[static_cast<size_t>(l)] == 0) return Outcome::LevelUnwanted;
    if (need(live_, size, l) == 0) return Outcome::LevelFull;
    return Outcome::Stored;
}

void Steering::record(const Candidate& c) {
    const size_t n = static_cast<size_t>(c.size), r = static_cast<size_t>(c.recipe);
    live_.attempts[n][r] += 1;
    const int l = static_cast<int>(c.level);
    const bool graded = passed_stage(c.outcome, Stage::Grading);
    if (graded && l < kGradedLevels) live_.hits[n][r][static_cast<size_t>(l)] += 1;
    if (c.outcome == Outcome::Stored) {
        live_.stored[n][static_cast<size_t>(l)] += 1;
        live_.stored_size[n] += 1;
        live_.since_stored[n] = 0;
    } else {
        live_.since_stored[n] += 1;
        if (!config_.quotas.by_level() && live_.since_stored[n] >= kGiveUpAfter &&
            !live_.size_unreachable[n] && size_need(live_, c.size) > 0) {
            live_.size_unreachable[n] = true;
            fresh_unreachable_sizes_.push_back(c.size);
        }
    }
    if (config_.quotas.by_level())
        for (int k = 0; k < kGradedLevels; ++k) {
            std::uint32_t& since = live_.since_level_stored[n][static_cast<size_t>(k)];
            since = c.outcome == Outcome::Stored && k == l ? 0 : since + 1;
            if (since >= kGiveUpAfter && !live_.unreachable[n][static_cast<size_t>(k)] &&
                need(live_, c.size, k) > 0) {
                live_.unreachable[n][static_cast<size_t>(k)] = true;
                fresh_unreachable_.push_back({c.size, static_cast<Level>(k)});
            }
        }
}

void Steering::finished_candidate(std::uint64_t index) {
    if ((index + 1) % epoch_ != 0) return;
    const std::uint64_t m = (index + 1) / epoch_;
    ring_[m % ring_.size()] = live_;
    latest_snapshot_ = m;
}

bool Steering::all_full() const {
    for (int n : config_.quotas.sizes)
        if (size_need(live_, n) > 0) return false;
    return true;
}

std::vector<std::pair<int, Level>> Steering::newly_unreachable() {
    auto out = std::move(fresh_unreachable_);
    fresh_unreachable_.clear();
    return out;
}

std::vector<int> Steering::newly_unreachable_sizes() {
    auto out = std::move(fresh_unreachable_sizes_);
    fresh_unreachable_sizes_.clear();
    return out;
}

void Steering::preload(const std::array<std::array<int, kGradedLevels>, kSizeSlots>& held) {
    for (size_t n = 0; n < held.size(); ++n) {
        live_.stored[n] = held[n];
        live_.stored_size[n] = 0;
        for (int k : held[n]) live_.stored_size[n] += k;
    }
    for (auto& snapshot : ring_) snapshot = live_;
    initial_ = live_;
}

nlohmann::json Steering::save() const {
    nlohmann::json snaps = nlohmann::json::array();
    // The two latest snapshots are all a resumed run can still ask for.
    for (std::uint64_t m = latest_snapshot_ >= 1 ? latest_snapshot_ - 1 : 0; m <= latest_snapshot_;
         ++m)
        snaps.push_back({{"m", m}, {"stats", ring_[m % ring_.size()].to_json()}});
    return {{"live", live_.to_json()},
            {"snapshots", snaps},
            {"latest", latest_snapshot_},
            {"initial", initial_.to_json()}};
}

void Steering::restore(const nlohmann::json& j, std::uint64_t /*next_index*/) {
    live_ = SteeringStats::from_json(j.at("live"));
    latest_snapshot_ = j.at("latest").get<std::uint64_t>();
    // The snapshots not saved hold what they held in the run: its starting statistics.
    // They were left empty, so a top-up (or any run after another of its seed) resumed
    // before its first epoch's end saw a corpus with nothing in it, made sizes that were
    // full, and ended with other puzzles than the run uninterrupted. (A run saved by an
    // older kenken has no "initial": its snapshots start empty, as they did.)
    if (j.contains("initial")) initial_ = SteeringStats::from_json(j.at("initial"));
    for (std::size_t k = 0; k < ring_.size(); ++k) ring_[k] = initial_;
    for (const auto& s : j.at("snapshots")) {
        const auto m = s.at("m").get<std::uint64_t>();
        ring_[m % ring_.size()] = SteeringStats::from_json(s.at("stats"));
    }
}

}  // namespace kk
