// Line of sight: the hexes the centre-to-centre line crosses, along-hexside
// stretches, and blocking by hexes and hexsides.
#include "geometry/hex_los.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_set>

using namespace sandtable::geometry;

namespace {

std::vector<Hex> hexes_of(const std::vector<LosStep>& steps) {
    std::vector<Hex> out;
    for (const LosStep& s : steps) {
        out.push_back(s.hex);
        if (s.has_alternative) out.push_back(s.alternative);
    }
    return out;
}

bool any_alternative(const std::vector<LosStep>& steps) {
    return std::any_of(steps.begin(), steps.end(), [](const LosStep& s) { return s.has_alternative; });
}

// Independent reference: the exact hex containing a point in cube coordinates
// is the nearest centre (cube rounding).
Hex cube_round(double q, double r, double s) {
    double rq = std::round(q);
    double rr = std::round(r);
    const double rs = std::round(s);
    const double dq = std::abs(rq - q);
    const double dr = std::abs(rr - r);
    const double ds = std::abs(rs - s);
    if (dq > dr && dq > ds) {
        rq = -rr - rs;
    } else if (dr > ds) {
        rr = -rq - rs;
    }
    return {static_cast<int>(rq), static_cast<int>(rr)};
}

// The hexes a densely sampled segment passes through, in order. Points that
// lie within a hair of a border are skipped, so vertices touched in passing
// do not count. Only valid for lines that do not run along a hexside.
std::vector<Hex> dense_hexes(Hex from, Hex to, int samples_per_hex) {
    const Hex v = to - from;
    const int n = distance(from, to) * samples_per_hex;
    std::vector<Hex> out{from};
    for (int k = 1; k <= n; ++k) {
        const double t = static_cast<double>(k) / n;
        const double q = v.q * t;
        const double r = v.r * t;
        const double s = v.s() * t;
        const Hex a = cube_round(q + 1e-9, r + 2e-9, s - 3e-9);
        const Hex b = cube_round(q - 1e-9, r - 2e-9, s + 3e-9);
        if (a != b) continue;  // on a border
        const Hex h = from + a;
        if (h != out.back()) out.push_back(h);
    }
    return out;
}

bool is_diagonal_multiple(Hex d) {
    // Axial multiples of the six diagonals (1,1), (2,-1), (1,-2) and negatives.
    if (d == Hex{0, 0}) return false;
    return d.q == d.r || d.q == -2 * d.r || d.r == -2 * d.q;
}

// A deterministic scatter of blocking hexes and hexsides.
bool scattered_hex(Hex h) { return ((h.q * 73856093) ^ (h.r * 19349663)) % 5 == 0; }
bool scattered_side(HexSide s) {
    return ((s.a.q * 83492791) ^ (s.a.r * 2654435) ^ (s.b.q * 40503) ^ (s.b.r * 97)) % 7 == 0;
}

// Reference for line_of_sight: try every route (one candidate per stretch).
bool brute_force_los(Hex from, Hex to, const LosQuery& query) {
    const std::vector<LosStep> steps = los_steps(from, to);
    std::vector<std::size_t> pairs;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (steps[i].has_alternative) pairs.push_back(i);
    }
    for (unsigned mask = 0; mask < (1u << pairs.size()); ++mask) {
        std::vector<Hex> route;
        for (std::size_t i = 0, p = 0; i < steps.size(); ++i) {
            if (steps[i].has_alternative) {
                route.push_back(((mask >> p) & 1u) != 0 ? steps[i].alternative : steps[i].hex);
                ++p;
            } else {
                route.push_back(steps[i].hex);
            }
        }
        bool clear = true;
        for (std::size_t i = 1; i < route.size() && clear; ++i) {
            if (i + 1 < route.size() && query.hex_blocks(route[i])) clear = false;
            if (query.side_blocks && query.side_blocks(side_between(route[i - 1], route[i]))) clear = false;
        }
        if (clear) return true;
    }
    return false;
}

LosQuery blocking_hexes(std::set<Hex> blocked) {
    return {[blocked](Hex h) { return blocked.count(h) == 1; }, {}};
}

LosQuery blocking(std::set<Hex> hexes, std::set<HexSide> sides) {
    return {[hexes](Hex h) { return hexes.count(h) == 1; }, [sides](HexSide s) { return sides.count(s) == 1; }};
}

}  // namespace

TEST_CASE("los_steps to self and to a neighbour", "[geometry][los]") {
    const std::vector<LosStep> self = los_steps({2, 3}, {2, 3});
    REQUIRE(self.size() == 1);
    CHECK(self[0].hex == Hex{2, 3});
    CHECK_FALSE(self[0].has_alternative);
    for (Hex n : neighbours({2, 3})) {
        const std::vector<LosStep> steps = los_steps({2, 3}, n);
        CHECK(hexes_of(steps) == std::vector<Hex>{{2, 3}, n});
    }
}

TEST_CASE("a straight line along a hex row passes through every hex centre", "[geometry][los]") {
    const Hex from{-2, 4};
    for (int d = 0; d < 6; ++d) {
        Hex to = from;
        std::vector<Hex> expected{from};
        for (int k = 0; k < 6; ++k) {
            to = neighbour(to, d);
            expected.push_back(to);
        }
        const std::vector<LosStep> steps = los_steps(from, to);
        CHECK_FALSE(any_alternative(steps));
        CHECK(hexes_of(steps) == expected);
    }
}

TEST_CASE("along-hexside diagonal: pairs between single hexes", "[geometry][los]") {
    // (0,0) to (1,1) runs along the hexside between (1,0) and (0,1).
    const std::vector<LosStep> steps = los_steps({0, 0}, {1, 1});
    REQUIRE(steps.size() == 3);
    CHECK(steps[0].hex == Hex{0, 0});
    CHECK(steps[1].has_alternative);
    CHECK(std::set<Hex>{steps[1].hex, steps[1].alternative} == std::set<Hex>{{1, 0}, {0, 1}});
    CHECK(steps[2].hex == Hex{1, 1});

    // Twice as far: single, pair, single, pair, single.
    const std::vector<LosStep> longer = los_steps({0, 0}, {2, 2});
    REQUIRE(longer.size() == 5);
    CHECK_FALSE(longer[0].has_alternative);
    CHECK(longer[1].has_alternative);
    CHECK(longer[2].hex == Hex{1, 1});
    CHECK_FALSE(longer[2].has_alternative);
    CHECK(std::set<Hex>{longer[3].hex, longer[3].alternative} == std::set<Hex>{{2, 1}, {1, 2}});
    CHECK(longer[4].hex == Hex{2, 2});

    // Another diagonal direction.
    const std::vector<LosStep> other = los_steps({3, 3}, Hex{3, 3} + Hex{2, -1});
    REQUIRE(other.size() == 3);
    CHECK(std::set<Hex>{other[1].hex, other[1].alternative} == std::set<Hex>{{4, 3}, {4, 2}});
}

TEST_CASE("only the six diagonal directions run along hexsides", "[geometry][los]") {
    const Hex from{1, -1};
    for (Hex to : spiral(from, 8)) {
        INFO("to " << to.q << "," << to.r);
        CHECK(any_alternative(los_steps(from, to)) == is_diagonal_multiple(to - from));
    }
}

TEST_CASE("steps form a chain of adjacent hexes from one end to the other", "[geometry][los]") {
    const Hex from{-3, 2};
    for (Hex to : spiral(from, 9)) {
        const std::vector<LosStep> steps = los_steps(from, to);
        REQUIRE_FALSE(steps.empty());
        CHECK(steps.front().hex == from);
        CHECK(steps.back().hex == to);
        CHECK_FALSE(steps.back().has_alternative);
        // At least one hex per unit of distance; a zig-zag can add more.
        CHECK(steps.size() >= static_cast<std::size_t>(distance(from, to)) + 1);
        for (std::size_t i = 1; i < steps.size(); ++i) {
            const LosStep& prev = steps[i - 1];
            const LosStep& cur = steps[i];
            CHECK(distance(prev.hex, cur.hex) == 1);
            if (cur.has_alternative) {
                CHECK(distance(cur.hex, cur.alternative) == 1);
                CHECK(distance(prev.hex, cur.alternative) == 1);
                CHECK_FALSE(prev.has_alternative);  // pairs are separated by single hexes
            }
            if (prev.has_alternative) CHECK(distance(prev.alternative, cur.hex) == 1);
        }
        // No hex is listed twice.
        const std::vector<Hex> all = hexes_of(steps);
        CHECK(std::set<Hex>(all.begin(), all.end()).size() == all.size());
    }
}

TEST_CASE("los_steps matches a densely sampled segment", "[geometry][los]") {
    // Sampling the line at N = distance points misses hexes where the line
    // zig-zags across the border of two rows; the exact walk must not.
    const Hex from{2, -5};
    for (Hex to : spiral(from, 7)) {
        if (is_diagonal_multiple(to - from)) continue;  // along-hexside: two candidates, not one
        INFO("to " << to.q << "," << to.r);
        CHECK(hexes_of(los_steps(from, to)) == dense_hexes(from, to, 3000));
    }
}

TEST_CASE("known lines that cross more than distance + 1 hexes", "[geometry][los]") {
    // Crosses the hexside (1,1)|(0,2) at its midpoint: both hexes, in order,
    // not an along-hexside pair.
    CHECK(hexes_of(los_steps({0, 0}, {1, 3})) == std::vector<Hex>{{0, 0}, {0, 1}, {1, 1}, {0, 2}, {1, 2}, {1, 3}});
    // Slightly off a row: zig-zags over the border of two rows.
    CHECK(
        hexes_of(los_steps({0, 0}, {-9, 1})) ==
        std::vector<Hex>{
            {0, 0}, {-1, 0}, {-2, 0}, {-3, 0}, {-4, 1}, {-4, 0}, {-5, 1}, {-5, 0}, {-6, 1}, {-7, 1}, {-8, 1}, {-9, 1}});
}

TEST_CASE("los_steps is the same walked from either end", "[geometry][los]") {
    const Hex from{0, 2};
    for (Hex to : spiral(from, 8)) {
        std::vector<LosStep> forward = los_steps(from, to);
        std::vector<LosStep> backward = los_steps(to, from);
        std::reverse(backward.begin(), backward.end());
        REQUIRE(forward.size() == backward.size());
        for (std::size_t i = 0; i < forward.size(); ++i) {
            CHECK(forward[i].hex == backward[i].hex);
            CHECK(forward[i].has_alternative == backward[i].has_alternative);
            if (forward[i].has_alternative) CHECK(forward[i].alternative == backward[i].alternative);
        }
    }
}

TEST_CASE("line of sight along a row and a blocking hex in the middle", "[geometry][los]") {
    CHECK(line_of_sight({0, 0}, {4, 0}, blocking_hexes({})));
    CHECK_FALSE(line_of_sight({0, 0}, {4, 0}, blocking_hexes({{2, 0}})));
    CHECK_FALSE(line_of_sight({0, 0}, {4, 0}, blocking_hexes({{1, 0}})));
    CHECK_FALSE(line_of_sight({0, 0}, {4, 0}, blocking_hexes({{3, 0}})));
    // Beside the line.
    CHECK(line_of_sight({0, 0}, {4, 0}, blocking_hexes({{2, -1}, {2, 1}, {1, 1}, {3, -1}})));
}

TEST_CASE("end hexes never block and are never asked", "[geometry][los]") {
    std::vector<Hex> asked;
    LosQuery query{[&](Hex h) {
                       asked.push_back(h);
                       return true;
                   },
                   {}};
    for (Hex n : neighbours({5, 5})) {
        asked.clear();
        CHECK(line_of_sight({5, 5}, n, query));
        CHECK(asked.empty());
    }
    CHECK(line_of_sight({5, 5}, {5, 5}, query));
    CHECK(line_of_sight({0, 0}, {3, 0}, blocking_hexes({{0, 0}, {3, 0}})));
    // But everything in between is asked.
    asked.clear();
    const LosQuery recording{[&](Hex h) {
                                 asked.push_back(h);
                                 return false;
                             },
                             {}};
    CHECK(line_of_sight({0, 0}, {3, 0}, recording));
    CHECK(asked == std::vector<Hex>{{1, 0}, {2, 0}});
}

TEST_CASE("along a hexside, blocked only when both candidates block", "[geometry][los]") {
    const Hex from{0, 0};
    const Hex to{1, 1};
    CHECK(line_of_sight(from, to, blocking_hexes({})));
    CHECK(line_of_sight(from, to, blocking_hexes({{1, 0}})));
    CHECK(line_of_sight(from, to, blocking_hexes({{0, 1}})));
    CHECK_FALSE(line_of_sight(from, to, blocking_hexes({{1, 0}, {0, 1}})));

    // Longer: each pair is judged on its own, so one blocked hex per pair,
    // on opposite sides, does not block.
    CHECK(line_of_sight(from, {2, 2}, blocking_hexes({{1, 0}, {1, 2}})));
    CHECK(line_of_sight(from, {2, 2}, blocking_hexes({{1, 0}, {2, 1}})));
    CHECK_FALSE(line_of_sight(from, {2, 2}, blocking_hexes({{2, 1}, {1, 2}})));
    CHECK_FALSE(line_of_sight(from, {2, 2}, blocking_hexes({{1, 1}})));  // the single hex between
}

TEST_CASE("blocking hexsides", "[geometry][los]") {
    // Adjacent hexes: the side between them is the side entering the target.
    CHECK_FALSE(line_of_sight({0, 0}, {1, 0}, blocking({}, {side_between({0, 0}, {1, 0})})));
    CHECK(line_of_sight({0, 0}, {1, 0}, blocking({}, {side_between({0, 0}, {0, 1})})));
    // Along a row every crossed side counts, including leaving the start and
    // entering the target.
    for (int i = 0; i < 3; ++i) {
        const HexSide wall = side_between({i, 0}, {i + 1, 0});
        CHECK_FALSE(line_of_sight({0, 0}, {3, 0}, blocking({}, {wall})));
        CHECK_FALSE(line_of_sight({3, 0}, {0, 0}, blocking({}, {wall})));
    }
    CHECK(line_of_sight({0, 0}, {3, 0}, blocking({}, {side_between({1, 0}, {1, 1}), side_between({2, 0}, {2, -1})})));
    // No side_blocks function: no side blocks.
    CHECK(line_of_sight({0, 0}, {3, 0}, LosQuery{[](Hex) { return false; }, {}}));
}

TEST_CASE("hexsides on an along-hexside stretch count per route", "[geometry][los]") {
    const Hex from{0, 0};
    const Hex to{1, 1};
    const Hex x{1, 0};
    const Hex y{0, 1};
    // One route's entry side blocked: the other route is open.
    CHECK(line_of_sight(from, to, blocking({}, {side_between(from, x)})));
    // One route's exit side blocked: the other route is open.
    CHECK(line_of_sight(from, to, blocking({}, {side_between(x, to)})));
    // Each route blocked somewhere: blocked.
    CHECK_FALSE(line_of_sight(from, to, blocking({}, {side_between(from, x), side_between(y, to)})));
    CHECK_FALSE(line_of_sight(from, to, blocking({y}, {side_between(x, to)})));
    CHECK_FALSE(line_of_sight(from, to, blocking({x}, {side_between(from, y)})));
    // The hexside the line runs along is never crossed.
    CHECK(line_of_sight(from, to, blocking({}, {side_between(x, y)})));
    // Both sides of the target blocked.
    CHECK_FALSE(line_of_sight(from, to, blocking({}, {side_between(x, to), side_between(y, to)})));
}

TEST_CASE("line of sight agrees with trying every route, and is symmetric", "[geometry][los]") {
    const LosQuery scattered{scattered_hex, scattered_side};
    const std::vector<Hex> area = spiral({1, 1}, 6);
    int clear = 0;
    int blocked = 0;
    for (Hex a : {Hex{1, 1}, Hex{-2, 3}, Hex{4, -1}}) {
        for (Hex b : area) {
            const bool los = line_of_sight(a, b, scattered);
            INFO("from " << a.q << "," << a.r << " to " << b.q << "," << b.r);
            CHECK(los == brute_force_los(a, b, scattered));
            CHECK(los == line_of_sight(b, a, scattered));
            (los ? clear : blocked)++;
        }
    }
    // The scatter exercises both outcomes.
    CHECK(clear > 10);
    CHECK(blocked > 10);
}
