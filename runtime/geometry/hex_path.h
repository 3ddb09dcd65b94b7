// Least-cost paths and movement ranges on a HexGrid. Costs are whole "ticks"
// chosen by the caller (a ruleset with half movement points uses 2 ticks per
// MP). The caller supplies the cost of each single step, so all rules about
// terrain, roads, hexsides and zones of control stay outside geometry.
#pragma once

#include "geometry/hex_grid.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <vector>

namespace sandtable::geometry {

struct StepCost {
    int cost = 0;
    // False when entering the hex ends the move (an enemy zone of control):
    // the hex is reachable but nothing is reached through it.
    bool may_continue = true;
};

// Cost of the single step from -> to (adjacent, both on the grid), or nullopt
// when the step is prohibited. Costs must not be negative (std::invalid_argument
// otherwise). may_continue may depend on both hexes: a hex entered cheaply
// through a step that ends the move is still entered from elsewhere, at a
// higher cost, when that lets the move go on.
using StepCostFn = std::function<std::optional<StepCost>(Hex from, Hex to)>;

// The same by dense grid indices: `direction` leads from `from` to `to`.
// Hot callers (the kernel's movement) use this form to skip coordinate maths.
using IndexStepCostFn = std::function<std::optional<StepCost>(int from, int direction, int to)>;

// The result of a bounded search from one start hex. Arrays are indexed by the
// grid's dense index; reuse one MovementRange across searches to avoid
// allocation in hot loops (after the first search on a grid of a given size,
// compute() allocates nothing and resets only what the last search touched).
// The grid must outlive the queries made after compute().
class MovementRange {
public:
    // Every hex reachable from `start` with total cost <= budget. The start
    // hex is reached at cost 0. Nothing is reached when start is off the grid
    // or budget is negative.
    void compute(const HexGrid& grid, Hex start, int budget, const StepCostFn& step_cost);
    void compute(const HexGrid& grid, Hex start, int budget, const IndexStepCostFn& step_cost);
    // The same search with the step cost inlined: `step_cost(from, direction,
    // to)` on dense indices, returning std::optional<StepCost>. For hot loops.
    template <class StepCostByIndex>
    void compute_with(const HexGrid& grid, Hex start, int budget, StepCostByIndex&& step_cost);

    bool reached(Hex h) const;
    // Total cost to reach h; -1 when not reached.
    int cost(Hex h) const;
    // The least-cost path start .. h, both included; empty when not reached.
    std::vector<Hex> path_to(Hex h) const;
    // All reached hexes, in the order they were settled (cheapest first), start included.
    const std::vector<Hex>& hexes() const { return settled_; }
    // The same hexes as the grid's dense indices.
    const std::vector<int>& indices() const { return settled_indices_; }

private:
    static constexpr int kUnreached = 0x7fffffff;
    static constexpr int state_of(int index, bool stopped) { return 2 * index + (stopped ? 0 : 1); }
    static constexpr int index_of(int state) { return state >> 1; }
    static constexpr bool is_stopped(int state) { return (state & 1) == 0; }

    // The search runs over two states per hex, 2 * index + 1: the hex entered
    // by a step that lets the move go on (or as the start), and 2 * index:
    // the hex entered by a step that ends the move (may_continue false).
    void reset(const HexGrid& grid);
    void relax(int state, int cost, int parent);
    int best_state(Hex h) const;  // the cheaper reached state of h, or -1

    const HexGrid* grid_ = nullptr;
    std::vector<int> cost_;    // per state; INT_MAX when not reached
    std::vector<int> parent_;  // per state; the previous state, -1 at the start
    std::vector<Hex> settled_;
    std::vector<int> settled_indices_;
    std::vector<int> touched_;               // states whose cost_/parent_ differ from the reset values
    std::vector<std::vector<int>> buckets_;  // states queued at each cost; stale entries skipped
    int highest_queued_ = -1;                // highest cost with a queued state
    std::vector<std::uint8_t> hex_settled_;  // per hex: already listed in settled_
};

// Inline: called for every step the search takes.
inline void MovementRange::relax(int state, int cost, int parent) {
    const auto s = static_cast<std::size_t>(state);
    if (cost >= cost_[s]) return;
    if (cost_[s] == kUnreached) touched_.push_back(state);
    cost_[s] = cost;
    parent_[s] = parent;
    // Buckets grow to the highest cost reached, not to the budget, which may be huge.
    if (static_cast<std::size_t>(cost) >= buckets_.size()) buckets_.resize(static_cast<std::size_t>(cost) + 1);
    buckets_[static_cast<std::size_t>(cost)].push_back(state);
    highest_queued_ = std::max(highest_queued_, cost);
}

template <class StepCostByIndex>
void MovementRange::compute_with(const HexGrid& grid, Hex start, int budget, StepCostByIndex&& step_cost) {
    reset(grid);
    const int start_index = grid.index(start);
    if (start_index < 0 || budget < 0) return;
    relax(state_of(start_index, false), 0, -1);
    // Costs are small whole numbers, so a bucket per cost replaces a heap
    // (Dial's algorithm): each bucket is worked through in order, and steps
    // of cost 0 land in the bucket being worked on.
    for (int cost = 0; cost <= highest_queued_; ++cost) {
        // Indexed afresh each time: relax() may grow buckets_ and move them.
        for (std::size_t k = 0; k < buckets_[static_cast<std::size_t>(cost)].size(); ++k) {
            const int state = buckets_[static_cast<std::size_t>(cost)][k];
            if (cost_[static_cast<std::size_t>(state)] != cost) continue;  // stale: improved after queuing
            const int index = index_of(state);
            if (!hex_settled_[static_cast<std::size_t>(index)]) {
                hex_settled_[static_cast<std::size_t>(index)] = 1;
                settled_.push_back(grid.hex_at(index));
                settled_indices_.push_back(index);
            }
            if (is_stopped(state)) continue;
            for (int direction = 0; direction < 6; ++direction) {
                const int next = grid.neighbour_index(index, direction);
                if (next < 0) continue;
                // A neighbour already free to go on at no more than our cost
                // cannot improve: skip the (costly) callback.
                const int free_cost = cost_[static_cast<std::size_t>(state_of(next, false))];
                if (free_cost <= cost) continue;
                const std::optional<StepCost> step = step_cost(index, direction, next);
                if (!step) continue;
                if (step->cost < 0) throw std::invalid_argument("StepCostFn returned a negative cost");
                const long long total = static_cast<long long>(cost) + step->cost;
                if (total > budget) continue;
                if (!step->may_continue && free_cost <= total) continue;  // no better than the free entry
                relax(state_of(next, !step->may_continue), static_cast<int>(total), state);
            }
        }
    }
}

// Least-cost path from start to goal with no budget, or nullopt when none (or
// when either end is off the grid). Steps with may_continue false end the
// path: such a hex can only be the goal. A* with the hex distance as the
// heuristic while every step costs at least 1; the first zero-cost step seen
// makes it start again as plain Dijkstra, so the result is exact either way.
std::optional<std::vector<Hex>> shortest_path(const HexGrid& grid, Hex start, Hex goal, const StepCostFn& step_cost);

}  // namespace sandtable::geometry
