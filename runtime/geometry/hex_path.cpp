// Movement ranges (bounded Dijkstra) and least-cost paths (A*).
//
// Both searches run over two states per hex: "entered and free to go on" and
// "entered by a step that ends the move". One label per hex would be wrong
// when may_continue depends on where the step comes from: the cheapest entry
// could end the move while a dearer one lets it go on, and the hexes beyond
// would be lost. A stopped state is never expanded, and it is not recorded at
// all when the free state of the same hex is already as cheap.
#include "geometry/hex_path.h"

#include <algorithm>
#include <cassert>
#include <functional>
#include <limits>
#include <stdexcept>

namespace sandtable::geometry {

namespace {

constexpr int kUnreached = std::numeric_limits<int>::max();

constexpr int state_of(int index, bool stopped) { return 2 * index + (stopped ? 0 : 1); }
constexpr int index_of(int state) { return state >> 1; }
constexpr bool is_stopped(int state) { return (state & 1) == 0; }

// Costs fit in 31 bits and states in 32, so one integer compare orders the
// heap by cost and then by state, which also makes ties deterministic.
constexpr std::uint64_t heap_key(int cost, int state) {
    return (static_cast<std::uint64_t>(cost) << 32) | static_cast<std::uint32_t>(state);
}

int checked_cost(const StepCost& step) {
    if (step.cost < 0) throw std::invalid_argument("StepCostFn returned a negative cost");
    return step.cost;
}

}  // namespace

// ---- MovementRange --------------------------------------------------------

void MovementRange::compute(const HexGrid& grid, Hex start, int budget, const StepCostFn& step_cost) {
    compute(grid, start, budget, IndexStepCostFn([&grid, &step_cost](int from, int, int to) {
                return step_cost(grid.hex_at(from), grid.hex_at(to));
            }));
}

void MovementRange::compute(const HexGrid& grid, Hex start, int budget, const IndexStepCostFn& step_cost) {
    compute_with(grid, start, budget, step_cost);
}

void MovementRange::reset(const HexGrid& grid) {
    grid_ = &grid;
    const std::size_t states = 2 * grid.size();
    if (cost_.size() != states) {
        cost_.assign(states, kUnreached);
        parent_.assign(states, -1);
        hex_settled_.assign(grid.size(), 0);
        // Enough for any search on this grid, so later searches do not allocate.
        touched_.reserve(states);
        settled_.reserve(grid.size());
    } else {
        // Only what the previous search wrote: a search usually touches a
        // small part of the map, and clearing all of it would dominate.
        for (int s : touched_) {
            cost_[static_cast<std::size_t>(s)] = kUnreached;
            parent_[static_cast<std::size_t>(s)] = -1;
        }
        for (int i : settled_indices_) hex_settled_[static_cast<std::size_t>(i)] = 0;
    }
    for (int c = 0; c <= highest_queued_; ++c) buckets_[static_cast<std::size_t>(c)].clear();
    highest_queued_ = -1;
    touched_.clear();
    settled_.clear();
    settled_indices_.clear();
}

int MovementRange::best_state(Hex h) const {
    if (grid_ == nullptr) return -1;
    const int index = grid_->index(h);
    if (index < 0) return -1;
    const int free_state = state_of(index, false);
    const int stopped_state = state_of(index, true);
    const int free_cost = cost_[static_cast<std::size_t>(free_state)];
    const int stopped_cost = cost_[static_cast<std::size_t>(stopped_state)];
    if (free_cost == kUnreached && stopped_cost == kUnreached) return -1;
    return free_cost <= stopped_cost ? free_state : stopped_state;
}

bool MovementRange::reached(Hex h) const { return best_state(h) >= 0; }

int MovementRange::cost(Hex h) const {
    const int state = best_state(h);
    return state < 0 ? -1 : cost_[static_cast<std::size_t>(state)];
}

std::vector<Hex> MovementRange::path_to(Hex h) const {
    std::vector<Hex> path;
    for (int state = best_state(h); state >= 0; state = parent_[static_cast<std::size_t>(state)]) {
        path.push_back(grid_->hex_at(index_of(state)));
    }
    std::reverse(path.begin(), path.end());
    return path;
}

// ---- shortest_path --------------------------------------------------------

namespace {

struct Open {
    long long f;  // cost so far + heuristic
    long long g;  // cost so far
    int state;
};

// Heap order: least f first; on equal f the deeper entry (more g) first,
// which reaches the goal sooner; then the state, for determinism.
struct OpenAfter {
    bool operator()(const Open& a, const Open& b) const {
        if (a.f != b.f) return a.f > b.f;
        if (a.g != b.g) return a.g < b.g;
        return a.state > b.state;
    }
};

std::vector<Hex> trace_back(const HexGrid& grid, const std::vector<int>& parent, int state) {
    std::vector<Hex> path;
    for (; state >= 0; state = parent[static_cast<std::size_t>(state)]) path.push_back(grid.hex_at(index_of(state)));
    std::reverse(path.begin(), path.end());
    return path;
}

// A* with heuristic bound * distance, which is consistent (so each state is
// settled once, at its final cost) as long as every step costs at least
// `bound`. A cheaper step sets bound_broken and stops the search.
class AStar {
public:
    AStar(const HexGrid& grid, Hex goal, const StepCostFn& step_cost, int bound)
        : grid_(grid),
          goal_(goal),
          goal_index_(grid.index(goal)),
          step_cost_(step_cost),
          bound_(bound),
          g_(2 * grid.size(), std::numeric_limits<long long>::max()),
          parent_(2 * grid.size(), -1) {}

    std::optional<std::vector<Hex>> run(Hex start) {
        push(state_of(grid_.index(start), false), 0, -1, start);
        while (!open_.empty()) {
            std::pop_heap(open_.begin(), open_.end(), OpenAfter{});
            const Open top = open_.back();
            open_.pop_back();
            if (top.g != g_[static_cast<std::size_t>(top.state)]) continue;  // stale
            if (index_of(top.state) == goal_index_) return trace_back(grid_, parent_, top.state);
            if (is_stopped(top.state)) continue;
            if (!expand(top.state, top.g)) return std::nullopt;
        }
        return std::nullopt;
    }

    bool bound_broken() const { return bound_broken_; }

private:
    // False when a step cheaper than the bound was met.
    bool expand(int state, long long g) {
        const Hex hex = grid_.hex_at(index_of(state));
        for (const Hex direction : kDirections) {
            const Hex next = hex + direction;
            const int next_index = grid_.index(next);
            if (next_index < 0) continue;
            const long long free_g = g_[static_cast<std::size_t>(state_of(next_index, false))];
            if (free_g <= g) continue;
            const std::optional<StepCost> step = step_cost_(hex, next);
            if (!step) continue;
            const int cost = checked_cost(*step);
            if (cost < bound_) {
                bound_broken_ = true;
                return false;
            }
            const long long total = g + cost;
            const bool stopped = !step->may_continue;
            // A stopped hex leads nowhere, so it only matters as the goal.
            if (stopped && (next_index != goal_index_ || free_g <= total)) continue;
            push(state_of(next_index, stopped), total, state, next);
        }
        return true;
    }

    void push(int state, long long g, int parent, Hex hex) {
        const auto s = static_cast<std::size_t>(state);
        if (g >= g_[s]) return;
        g_[s] = g;
        parent_[s] = parent;
        open_.push_back({g + static_cast<long long>(bound_) * distance(hex, goal_), g, state});
        std::push_heap(open_.begin(), open_.end(), OpenAfter{});
    }

    const HexGrid& grid_;
    Hex goal_;
    int goal_index_;
    const StepCostFn& step_cost_;
    int bound_;
    bool bound_broken_ = false;
    std::vector<long long> g_;
    std::vector<int> parent_;
    std::vector<Open> open_;
};

}  // namespace

std::optional<std::vector<Hex>> shortest_path(const HexGrid& grid, Hex start, Hex goal, const StepCostFn& step_cost) {
    if (!grid.contains(start) || !grid.contains(goal)) return std::nullopt;
    AStar guided(grid, goal, step_cost, 1);
    std::optional<std::vector<Hex>> path = guided.run(start);
    if (!guided.bound_broken()) return path;
    // A zero-cost step makes the distance heuristic overestimate; search
    // again without it rather than return a path that may not be least-cost.
    AStar plain(grid, goal, step_cost, 0);
    return plain.run(start);
}

}  // namespace sandtable::geometry
