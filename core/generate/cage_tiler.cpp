#include "core/generate/cage_tiler.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <utility>

#include "core/model/puzzle.h"

namespace kk {

const char* tiling_strategy_name(TilingStrategy strategy) {
    switch (strategy) {
        case TilingStrategy::RandomEdges:
            return "random-edges";
        case TilingStrategy::DominoFirst:
            return "domino-first";
    }
    return "?";
}

std::optional<TilingStrategy> parse_tiling_strategy(std::string_view name) {
    for (auto s : {TilingStrategy::RandomEdges, TilingStrategy::DominoFirst})
        if (name == tiling_strategy_name(s)) return s;
    return std::nullopt;
}

namespace {

using Edge = std::pair<int, int>;

// Union–find over cells; each root knows its component's size and target size.
class Components {
  public:
    // Only the first `cells` entries are set and ever read: a 4x4 layout need not pay
    // for clearing 81 (the factory tiles hundreds of thousands of them a second).
    explicit Components(int cells) : cells_(cells) {
        for (int i = 0; i < cells; ++i) {
            parent_[i] = i;
            size_[i] = 1;
            target_[i] = 1;
        }
    }

    int find(int x) {
        while (parent_[x] != x) {
            parent_[x] = parent_[parent_[x]];  // path halving
            x = parent_[x];
        }
        return x;
    }
    int size(int root) const { return size_[root]; }
    int target(int root) const { return target_[root]; }
    void set_target(int root, int t) { target_[root] = t; }
    bool full(int root) const { return size(root) >= target(root); }

    void join(int a, int b, int target) {
        if (size(a) < size(b)) std::swap(a, b);
        parent_[b] = a;
        size_[a] += size_[b];
        target_[a] = target;
    }

    // Grow along one edge: neither side full, and the union fits the larger target.
    bool try_grow(int u, int v) {
        const int a = find(u), b = find(v);
        if (a == b || full(a) || full(b)) return false;
        const int t = std::max(target(a), target(b));
        if (size(a) + size(b) > t) return false;
        join(a, b, t);
        return true;
    }

    // Cells grouped by component, cages in order of their first cell, into out (whose
    // vectors keep their capacity: the factory tiles into the same buffers again).
    void cages(std::vector<std::vector<int>>& out) {
        std::array<int, kMaxCells> cage_of;
        std::fill_n(cage_of.begin(), cells_, -1);
        int count = 0;
        for (int c = 0; c < cells_; ++c) {
            const int root = find(c);
            if (cage_of[root] < 0) {
                cage_of[root] = count++;
                if (static_cast<int>(out.size()) < count) out.emplace_back();
                out[static_cast<size_t>(count - 1)].clear();
            }
            out[static_cast<size_t>(cage_of[root])].push_back(c);
        }
        out.resize(static_cast<size_t>(count));
    }

  private:
    int cells_;
    std::array<int, kMaxCells> parent_, size_, target_;
};

// Every orthogonal adjacency, in random order (Fisher–Yates on a fixed array: the
// factory tiles millions of layouts, so nothing here touches the heap).
struct Edges {
    std::array<Edge, 2 * kMaxSize*(kMaxSize - 1)> edge{};
    int count = 0;
    const Edge* begin() const { return edge.data(); }
    const Edge* end() const { return edge.data() + count; }
};

Edges shuffled_edges(int n, Rng& rng) {
    Edges e;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            if (c + 1 < n) e.edge[static_cast<size_t>(e.count++)] = {r * n + c, r * n + c + 1};
            if (r + 1 < n) e.edge[static_cast<size_t>(e.count++)] = {r * n + c, (r + 1) * n + c};
        }
    rng.shuffle(e.edge.data(), e.count);
    return e;
}

// Target sizes in min_size..max_cage by size_weights; max_cage when none is positive.
// The weights are set up once per layout, not once per cell.
class TargetDraw {
  public:
    TargetDraw(const TilingConfig& cfg, int min_size)
        : count_(std::clamp<int>(
              std::min<int>(cfg.max_cage, static_cast<int>(cfg.size_weights.size())), 0,
              kMaxCells)),
          fallback_(std::max(cfg.max_cage, min_size)) {
        for (int size = 1; size <= count_; ++size)
            weight_[size - 1] = size >= min_size ? cfg.size_weights[size - 1] : 0.0;
    }
    int operator()(Rng& rng) const {
        const int i = rng.weighted(weight_.data(), count_);
        return i < 0 ? fallback_ : i + 1;
    }
    // The smallest size operator() can return (Rng::weighted draws only weights > 0).
    int smallest() const {
        for (int size = 1; size <= count_; ++size)
            if (weight_[size - 1] > 0) return size;
        return fallback_;
    }

  private:
    int count_;
    int fallback_;
    std::array<double, kMaxCells> weight_;
};

// Domino-first joins cells in pairs of this size before it draws targets.
int pair_size(const TilingConfig& cfg) {
    return std::min(2, std::max(cfg.max_cage, 1));
}

// The smallest target a layout's components can be given.
int smallest_target(const TilingConfig& cfg) {
    const int min_size = cfg.strategy == TilingStrategy::DominoFirst ? pair_size(cfg) : 1;
    return TargetDraw(cfg, min_size).smallest();
}

void tile_random_edges(int n, const TilingConfig& cfg, Components& comps, Rng& rng) {
    const TargetDraw draw_target(cfg, 1);
    for (int c = 0; c < n * n; ++c) comps.set_target(c, draw_target(rng));
    for (const auto& [u, v] : shuffled_edges(n, rng)) comps.try_grow(u, v);
}

// A lone cell joins the smallest neighbouring cage that still has room (ties: the
// first in random edge order).
void fold_singles(int n, const TilingConfig& cfg, Components& comps, const Edges& edges) {
    std::array<int, kMaxCells> best{};
    best.fill(-1);
    for (const auto& [u, v] : edges)
        for (auto [single, other] : {Edge{u, v}, Edge{v, u}}) {
            if (comps.size(comps.find(single)) != 1) continue;
            const int root = comps.find(other);
            if (comps.size(root) >= cfg.max_cage || comps.size(root) == 1) continue;
            int& b = best[single];
            if (b < 0 || comps.size(root) < comps.size(comps.find(b))) b = other;
        }
    for (int c = 0; c < n * n; ++c) {
        const int b = best[c];
        if (b < 0) continue;
        const int root = comps.find(b);
        // An earlier fold may have filled this cage; then the cell stays alone.
        if (comps.size(root) >= cfg.max_cage) continue;
        comps.join(root, c, comps.target(root));
    }
}

void tile_domino_first(int n, const TilingConfig& cfg, Components& comps, Rng& rng) {
    const auto edges = shuffled_edges(n, rng);
    const int pair = pair_size(cfg);
    for (const auto& [u, v] : edges) {
        const int a = comps.find(u), b = comps.find(v);
        if (a != b && comps.size(a) == 1 && comps.size(b) == 1 && pair == 2) comps.join(a, b, 2);
    }
    // Grow: every component takes a target of 2..K, then the edges are walked again.
    const TargetDraw draw_target(cfg, pair);
    for (int c = 0; c < n * n; ++c)
        if (comps.find(c) == c) comps.set_target(c, draw_target(rng));
    for (const auto& [u, v] : shuffled_edges(n, rng)) comps.try_grow(u, v);
    fold_singles(n, cfg, comps, edges);
}

}  // namespace

void tile_cages(int n, const TilingConfig& cfg, Rng& rng, std::vector<std::vector<int>>& out) {
    if (n < 1 || n > kMaxSize) throw std::invalid_argument("tile_cages: size outside 1..9");
    if (cfg.max_cage < 1) throw std::invalid_argument("tile_cages: max_cage below 1");
    Components comps(n * n);
    switch (cfg.strategy) {
        case TilingStrategy::RandomEdges:
            tile_random_edges(n, cfg, comps, rng);
            break;
        case TilingStrategy::DominoFirst:
            tile_domino_first(n, cfg, comps, rng);
            break;
    }
    comps.cages(out);
}

bool every_layout_has_cage_over_n(int n, const TilingConfig& cfg) {
    // Every component's target is at least T = smallest_target (a join keeps the larger
    // target). Were every cage of a layout at most n cells, with T >= 2n: take two
    // neighbouring cages (a single cage has n * n > n cells). When the growing pass
    // walked an edge between them, the two sides were no bigger than the cages they
    // became, so neither was full (n < T) and their union fit a target (2n <= T): they
    // were joined, and are one cage. Folding single cells in (domino-first) only joins.
    return n >= 2 && smallest_target(cfg) >= 2 * n;
}

std::vector<std::vector<int>> tile_cages(int n, const TilingConfig& cfg, Rng& rng) {
    std::vector<std::vector<int>> out;
    tile_cages(n, cfg, rng, out);
    return out;
}

}  // namespace kk
