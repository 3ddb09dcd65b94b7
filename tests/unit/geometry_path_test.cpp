// Movement ranges and shortest paths with caller-supplied step costs.
#include "geometry/hex_path.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>
#include <random>
#include <set>
#include <stdexcept>

using namespace sandtable::geometry;

namespace {

const HexLayout kSpi{HexTop::Flat, OffsetParity::Odd, 1, 1, 2};

StepCostFn uniform(int cost) {
    return [cost](Hex, Hex) { return std::optional<StepCost>(StepCost{cost, true}); };
}

// Only the hexes in `open` may be entered, each step costs 1, and entering a
// hex in `stops` ends the move.
StepCostFn corridor(std::set<Hex> open, std::set<Hex> stops = {}) {
    return [open, stops](Hex, Hex to) -> std::optional<StepCost> {
        if (open.count(to) == 0) return std::nullopt;
        return StepCost{1, stops.count(to) == 0};
    };
}

// Random terrain with every kind of rule the searches must honour: hex costs,
// impassable hexes, rivers (+2 on a hexside), roads (a fixed cost, possibly 0,
// along a hexside), zones of control that end the move, no moving from one
// zone of control straight into another, and a road into a zone of control
// that does not end the move (so may_continue depends on where a step comes from).
struct Terrain {
    const HexGrid* grid = nullptr;
    std::vector<int> cost;  // per dense index; 0 = impassable
    std::vector<bool> zoc;
    std::set<HexSide> rivers;
    std::set<HexSide> roads;
    int road_cost = 1;

    Terrain(const HexGrid& g, unsigned seed, int road_cost_ = 1) : grid(&g), road_cost(road_cost_) {
        std::mt19937 rng(seed);
        cost.resize(g.size());
        zoc.resize(g.size());
        for (std::size_t i = 0; i < g.size(); ++i) {
            const unsigned roll = rng() % 20;
            cost[i] = roll < 2 ? 0 : 1 + static_cast<int>(roll % 4);
            zoc[i] = rng() % 9 == 0;
            const Hex h = g.hex_at(static_cast<int>(i));
            for (Hex n : {neighbour(h, 0), neighbour(h, 5), neighbour(h, 4)}) {
                if (!g.contains(n)) continue;
                if (rng() % 8 == 0) rivers.insert(side_between(h, n));
                if (rng() % 6 == 0) roads.insert(side_between(h, n));
            }
        }
    }

    std::optional<StepCost> step(Hex from, Hex to) const {
        const auto i = static_cast<std::size_t>(grid->index(to));
        const auto j = static_cast<std::size_t>(grid->index(from));
        if (cost[i] == 0) return std::nullopt;
        if (zoc[i] && zoc[j]) return std::nullopt;
        const HexSide side = side_between(from, to);
        const bool road = roads.count(side) == 1;
        const int c = road ? road_cost : cost[i] + (rivers.count(side) == 1 ? 2 : 0);
        return StepCost{c, !zoc[i] || road};
    }

    StepCostFn fn() const {
        return [this](Hex from, Hex to) { return step(from, to); };
    }
};

// Reference: Bellman-Ford style relaxation to a fixed point over the two
// states per hex (free to go on, move ended). Slow and obviously right.
std::vector<long long> reference_costs(const HexGrid& grid, Hex start, const StepCostFn& fn) {
    constexpr long long kInf = std::numeric_limits<long long>::max();
    std::vector<long long> free(grid.size(), kInf);
    std::vector<long long> stopped(grid.size(), kInf);
    free[static_cast<std::size_t>(grid.index(start))] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < grid.size(); ++i) {
            if (free[i] == kInf) continue;
            const Hex h = grid.hex_at(static_cast<int>(i));
            for (Hex n : neighbours(h)) {
                if (!grid.contains(n)) continue;
                const std::optional<StepCost> step = fn(h, n);
                if (!step) continue;
                auto& target = step->may_continue ? free : stopped;
                const auto k = static_cast<std::size_t>(grid.index(n));
                if (free[i] + step->cost < target[k]) {
                    target[k] = free[i] + step->cost;
                    changed = true;
                }
            }
        }
    }
    std::vector<long long> result(grid.size());
    for (std::size_t i = 0; i < grid.size(); ++i) result[i] = std::min(free[i], stopped[i]);
    return result;
}

// A path is legal when it starts and ends where asked, every step is allowed,
// and no step but the last ends the move. Returns its cost, or -1.
long long legal_path_cost(const std::vector<Hex>& path, Hex start, Hex goal, const StepCostFn& fn) {
    if (path.empty() || path.front() != start || path.back() != goal) return -1;
    long long total = 0;
    for (std::size_t i = 1; i < path.size(); ++i) {
        if (distance(path[i - 1], path[i]) != 1) return -1;
        const std::optional<StepCost> step = fn(path[i - 1], path[i]);
        if (!step) return -1;
        if (!step->may_continue && i + 1 != path.size()) return -1;
        total += step->cost;
    }
    return total;
}

// Everything observable about a range, for comparing two of them.
struct Snapshot {
    std::vector<int> costs;
    std::vector<std::vector<Hex>> paths;
    std::vector<Hex> settled;
    friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

Snapshot snapshot(const MovementRange& range, const HexGrid& grid) {
    Snapshot s;
    for (std::size_t i = 0; i < grid.size(); ++i) {
        const Hex h = grid.hex_at(static_cast<int>(i));
        s.costs.push_back(range.cost(h));
        s.paths.push_back(range.path_to(h));
    }
    s.settled = range.hexes();
    return s;
}

}  // namespace

TEST_CASE("uniform costs: the range is the hexes within budget steps", "[geometry][path]") {
    const HexGrid grid(kSpi, 12, 10);
    const Hex start = grid.from_offset({5, 5});
    MovementRange range;
    range.compute(grid, start, 3, uniform(1));
    std::size_t expected = 0;
    for (std::size_t i = 0; i < grid.size(); ++i) {
        const Hex h = grid.hex_at(static_cast<int>(i));
        const bool near = distance(start, h) <= 3;
        if (near) ++expected;
        CHECK(range.reached(h) == near);
        CHECK(range.cost(h) == (near ? distance(start, h) : -1));
    }
    CHECK(expected == 37);
    REQUIRE(range.hexes().size() == expected);
    CHECK(range.hexes().front() == start);
    CHECK(std::set<Hex>(range.hexes().begin(), range.hexes().end()).size() == expected);
    CHECK(std::is_sorted(range.hexes().begin(), range.hexes().end(),
                         [&](Hex a, Hex b) { return range.cost(a) < range.cost(b); }));
    CHECK(range.path_to(start) == std::vector<Hex>{start});
}

TEST_CASE("the range stops at the map edge", "[geometry][path]") {
    const HexGrid grid(kSpi, 6, 4);
    MovementRange range;
    range.compute(grid, grid.from_offset({0, 0}), 100, uniform(1));
    CHECK(range.hexes().size() == 24);
    CHECK_FALSE(range.reached(grid.from_offset({0, 0}) + Hex{-1, 0}));
    CHECK(range.cost(grid.from_offset({0, 0}) + Hex{-1, 0}) == -1);
}

TEST_CASE("budget limits: exactly the budget is in, one tick more is out", "[geometry][path]") {
    const HexGrid grid(kSpi, 12, 10);
    const Hex start = grid.from_offset({5, 5});
    MovementRange range;
    range.compute(grid, start, 5, uniform(2));
    CHECK(range.cost(start + Hex{2, 0}) == 4);
    CHECK_FALSE(range.reached(start + Hex{3, 0}));
    range.compute(grid, start, 6, uniform(2));
    CHECK(range.cost(start + Hex{3, 0}) == 6);
    range.compute(grid, start, 0, uniform(1));
    CHECK(range.hexes() == std::vector<Hex>{start});
    CHECK(range.cost(start) == 0);
}

TEST_CASE("nothing is reached from off the map or with a negative budget", "[geometry][path]") {
    const HexGrid grid(kSpi, 8, 8);
    MovementRange range;
    CHECK_FALSE(range.reached({0, 0}));  // never computed
    CHECK(range.cost({0, 0}) == -1);
    CHECK(range.path_to({0, 0}).empty());
    CHECK(range.hexes().empty());
    range.compute(grid, grid.from_offset({3, 3}), -1, uniform(1));
    CHECK(range.hexes().empty());
    CHECK_FALSE(range.reached(grid.from_offset({3, 3})));
    range.compute(grid, {-5, 0}, 10, uniform(1));
    CHECK(range.hexes().empty());
}

TEST_CASE("terrain costs: the cheaper detour wins", "[geometry][path]") {
    const HexGrid grid(kSpi, 12, 10);
    const Hex start = grid.from_offset({4, 4});
    const Hex swamp = start + Hex{1, 0};
    const Hex goal = start + Hex{2, 0};
    const StepCostFn fn = [&](Hex, Hex to) { return std::optional<StepCost>(StepCost{to == swamp ? 5 : 1, true}); };
    MovementRange range;
    range.compute(grid, start, 10, fn);
    CHECK(range.cost(swamp) == 5);
    CHECK(range.cost(goal) == 3);
    const std::vector<Hex> path = range.path_to(goal);
    CHECK(path.size() == 4);
    CHECK(std::find(path.begin(), path.end(), swamp) == path.end());
    CHECK(legal_path_cost(path, start, goal, fn) == 3);
}

TEST_CASE("prohibited steps", "[geometry][path]") {
    const HexGrid grid(kSpi, 12, 10);
    const Hex start = grid.from_offset({5, 5});
    MovementRange range;
    SECTION("a start hemmed in on all sides reaches only itself") {
        const StepCostFn fn = [&](Hex from, Hex) -> std::optional<StepCost> {
            if (from == start) return std::nullopt;
            return StepCost{1, true};
        };
        range.compute(grid, start, 10, fn);
        CHECK(range.hexes() == std::vector<Hex>{start});
        for (Hex n : neighbours(start)) CHECK_FALSE(range.reached(n));
    }
    SECTION("a one-way prohibition is one way") {
        const Hex a = start;
        const Hex b = start + Hex{1, 0};
        // Only a and b are open; a -> b is prohibited, b -> a is not.
        const StepCostFn fn = [&](Hex from, Hex to) -> std::optional<StepCost> {
            if (!((from == a && to == b) || (from == b && to == a))) return std::nullopt;
            if (from == a) return std::nullopt;
            return StepCost{1, true};
        };
        range.compute(grid, a, 10, fn);
        CHECK_FALSE(range.reached(b));
        range.compute(grid, b, 10, fn);
        CHECK(range.cost(a) == 1);
    }
    SECTION("a wall is walked around") {
        // Column 6 is impassable except at its bottom row.
        const StepCostFn fn = [&](Hex, Hex to) -> std::optional<StepCost> {
            const Offset o = grid.to_offset(to);
            if (o.column == 6 && o.row != 9) return std::nullopt;
            return StepCost{1, true};
        };
        range.compute(grid, grid.from_offset({5, 0}), 100, fn);
        CHECK_FALSE(range.reached(grid.from_offset({6, 0})));
        CHECK(range.reached(grid.from_offset({7, 0})));
        const std::vector<Hex> path = range.path_to(grid.from_offset({7, 0}));
        CHECK(std::find(path.begin(), path.end(), grid.from_offset({6, 9})) != path.end());
        CHECK(legal_path_cost(path, grid.from_offset({5, 0}), grid.from_offset({7, 0}), fn) ==
              range.cost(grid.from_offset({7, 0})));
    }
}

TEST_CASE("may_continue = false: the hex is reached, nothing through it", "[geometry][path]") {
    const HexGrid grid(kSpi, 12, 10);
    const Hex start = grid.from_offset({3, 5});
    const Hex zoc = start + Hex{1, 0};
    const Hex beyond = start + Hex{2, 0};
    const Hex further = start + Hex{3, 0};
    MovementRange range;
    range.compute(grid, start, 10, corridor({start, zoc, beyond, further}, {zoc}));
    CHECK(range.cost(zoc) == 1);
    CHECK(range.path_to(zoc) == std::vector<Hex>{start, zoc});
    CHECK_FALSE(range.reached(beyond));
    CHECK_FALSE(range.reached(further));
    CHECK(range.hexes() == std::vector<Hex>{start, zoc});

    // A move may leave a zone of control it starts in.
    range.compute(grid, zoc, 10, corridor({start, zoc, beyond, further}, {zoc}));
    CHECK(range.cost(further) == 2);
    CHECK(range.cost(start) == 1);
}

TEST_CASE("a hex entered cheaply to stop is still entered dearly to go on", "[geometry][path]") {
    // start - a - z - w in a row, and a detour start - p1 - p2 - z. Entering z
    // from a ends the move; entering it from p2 does not. z costs 2 (via a),
    // but w is reached through the dearer, free entry: 4.
    const HexGrid grid(kSpi, 12, 10);
    const Hex start = grid.from_offset({3, 3});
    const Hex a = start + Hex{1, 0};
    const Hex z = start + Hex{2, 0};
    const Hex w = start + Hex{3, 0};
    const Hex p1 = start + Hex{0, 1};
    const Hex p2 = start + Hex{1, 1};
    const std::set<Hex> open{start, a, z, w, p1, p2};
    const StepCostFn fn = [&](Hex from, Hex to) -> std::optional<StepCost> {
        if (open.count(to) == 0) return std::nullopt;
        return StepCost{1, !(to == z && from == a)};
    };
    MovementRange range;
    range.compute(grid, start, 10, fn);
    CHECK(range.cost(z) == 2);
    CHECK(range.path_to(z) == std::vector<Hex>{start, a, z});
    CHECK(range.cost(w) == 4);
    const std::vector<Hex> to_w = range.path_to(w);
    REQUIRE(to_w.size() == 5);
    CHECK(to_w[2] == p2);
    CHECK(to_w[3] == z);
    CHECK(legal_path_cost(to_w, start, w, fn) == 4);
    CHECK(std::count(range.hexes().begin(), range.hexes().end(), z) == 1);
    CHECK(range.hexes().size() == open.size());

    const std::optional<std::vector<Hex>> shortest = shortest_path(grid, start, w, fn);
    REQUIRE(shortest.has_value());
    CHECK(legal_path_cost(*shortest, start, w, fn) == 4);
}

TEST_CASE("ranges agree with a brute-force reference on random terrain", "[geometry][path]") {
    const HexGrid grid(kSpi, 20, 15);
    MovementRange range;
    for (unsigned seed = 1; seed <= 6; ++seed) {
        const Terrain terrain(grid, seed, seed % 2 == 0 ? 0 : 1);
        const StepCostFn fn = terrain.fn();
        for (int budget : {0, 3, 7, 1000}) {
            for (Offset o : {Offset{0, 0}, Offset{9, 7}, Offset{19, 14}, Offset{4, 11}}) {
                const Hex start = grid.from_offset(o);
                range.compute(grid, start, budget, fn);
                const std::vector<long long> expected = reference_costs(grid, start, fn);
                int mismatches = 0;
                for (std::size_t i = 0; i < grid.size(); ++i) {
                    const Hex h = grid.hex_at(static_cast<int>(i));
                    const long long want = expected[i] <= budget ? expected[i] : -1;
                    if (range.cost(h) != want) ++mismatches;
                    if (range.reached(h) != (want >= 0)) ++mismatches;
                    if (want >= 0 && legal_path_cost(range.path_to(h), start, h, fn) != want) ++mismatches;
                    if (want < 0 && !range.path_to(h).empty()) ++mismatches;
                }
                INFO("seed " << seed << " budget " << budget << " start " << o.column << "," << o.row);
                CHECK(mismatches == 0);
                // Settled cheapest first, each reached hex once.
                const std::vector<Hex>& settled = range.hexes();
                CHECK(std::is_sorted(settled.begin(), settled.end(),
                                     [&](Hex x, Hex y) { return range.cost(x) < range.cost(y); }));
                CHECK(std::set<Hex>(settled.begin(), settled.end()).size() == settled.size());
                CHECK(static_cast<long long>(settled.size()) ==
                      std::count_if(expected.begin(), expected.end(), [&](long long c) { return c <= budget; }));
            }
        }
    }
}

TEST_CASE("one MovementRange reused gives the same results as fresh ones", "[geometry][path]") {
    const HexGrid big(kSpi, 20, 15);
    const HexGrid small(kSpi, 7, 5);
    const Terrain big_terrain(big, 11);
    const Terrain small_terrain(small, 12);
    MovementRange reused;
    std::mt19937 rng(99);
    for (int round = 0; round < 60; ++round) {
        // Switch grids now and then, so the arrays are resized both ways.
        const bool use_small = round % 7 == 3;
        const HexGrid& grid = use_small ? small : big;
        const StepCostFn fn = use_small ? small_terrain.fn() : (round % 2 == 0 ? big_terrain.fn() : uniform(1));
        const Hex start = grid.hex_at(static_cast<int>(rng() % grid.size()));
        const int budget = static_cast<int>(rng() % 12);
        reused.compute(grid, start, budget, fn);
        MovementRange fresh;
        fresh.compute(grid, start, budget, fn);
        INFO("round " << round);
        CHECK(snapshot(reused, grid) == snapshot(fresh, grid));
    }
}

TEST_CASE("a negative step cost is rejected, and the range stays usable", "[geometry][path]") {
    const HexGrid grid(kSpi, 8, 8);
    const Hex start = grid.from_offset({3, 3});
    MovementRange range;
    CHECK_THROWS_AS(range.compute(grid, start, 10, uniform(-1)), std::invalid_argument);
    CHECK_THROWS_AS(shortest_path(grid, start, start + Hex{2, 0}, uniform(-1)), std::invalid_argument);
    range.compute(grid, start, 2, uniform(1));
    MovementRange fresh;
    fresh.compute(grid, start, 2, uniform(1));
    CHECK(snapshot(range, grid) == snapshot(fresh, grid));
}

TEST_CASE("shortest_path: straight, ends, and no way through", "[geometry][path]") {
    const HexGrid grid(kSpi, 12, 10);
    const Hex start = grid.from_offset({1, 1});
    const Hex goal = grid.from_offset({10, 8});
    const std::optional<std::vector<Hex>> path = shortest_path(grid, start, goal, uniform(1));
    REQUIRE(path.has_value());
    CHECK(path->size() == static_cast<std::size_t>(distance(start, goal)) + 1);
    CHECK(legal_path_cost(*path, start, goal, uniform(1)) == distance(start, goal));

    CHECK(shortest_path(grid, start, start, uniform(1)) == std::vector<Hex>{start});
    CHECK_FALSE(shortest_path(grid, start, Hex{-3, 0}, uniform(1)).has_value());
    CHECK_FALSE(shortest_path(grid, Hex{-3, 0}, start, uniform(1)).has_value());

    // Column 6 is a wall from top to bottom.
    const StepCostFn wall = [&](Hex, Hex to) -> std::optional<StepCost> {
        if (grid.to_offset(to).column == 6) return std::nullopt;
        return StepCost{1, true};
    };
    CHECK_FALSE(shortest_path(grid, start, goal, wall).has_value());
}

TEST_CASE("shortest_path ends in, but never passes through, a stopping hex", "[geometry][path]") {
    const HexGrid grid(kSpi, 12, 10);
    const Hex start = grid.from_offset({3, 5});
    const Hex zoc = start + Hex{1, 0};
    const Hex beyond = start + Hex{2, 0};
    const StepCostFn fn = corridor({start, zoc, beyond}, {zoc});
    CHECK(shortest_path(grid, start, zoc, fn) == std::vector<Hex>{start, zoc});
    CHECK_FALSE(shortest_path(grid, start, beyond, fn).has_value());
}

TEST_CASE("shortest_path costs agree with the reference on random terrain", "[geometry][path]") {
    const HexGrid grid(kSpi, 20, 15);
    for (unsigned seed = 21; seed <= 24; ++seed) {
        // Odd seeds have zero-cost roads, which the A* heuristic must survive.
        const Terrain terrain(grid, seed, seed % 2 == 1 ? 0 : 1);
        const StepCostFn fn = terrain.fn();
        for (Offset o : {Offset{0, 0}, Offset{10, 7}}) {
            const Hex start = grid.from_offset(o);
            const std::vector<long long> expected = reference_costs(grid, start, fn);
            int mismatches = 0;
            for (std::size_t i = 0; i < grid.size(); i += 3) {
                const Hex goal = grid.hex_at(static_cast<int>(i));
                const std::optional<std::vector<Hex>> path = shortest_path(grid, start, goal, fn);
                if (expected[i] == std::numeric_limits<long long>::max()) {
                    if (path.has_value()) ++mismatches;
                } else if (!path.has_value() || legal_path_cost(*path, start, goal, fn) != expected[i]) {
                    ++mismatches;
                }
            }
            INFO("seed " << seed << " start " << o.column << "," << o.row);
            CHECK(mismatches == 0);
        }
    }
}
