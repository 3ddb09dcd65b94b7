// Line of sight by exact traversal of the segment between two hex centres.
//
// Why not the common "sample N = distance points and round" method: the
// segment can cross more than N + 1 hexes. A line slightly off a hex row
// crosses the zig-zag border between two rows several times, e.g. from (0,0)
// to (-9,1) it passes through 12 hexes, and sampling finds only 10; from (0,0)
// to (1,3) it crosses the hexside between (1,1) and (0,2) at that hexside's
// midpoint, which the +/-epsilon nudge reports as an along-hexside pair
// although the line passes through both hexes, one after the other. A player
// with a thread on the map sees every one of those hexes, so we walk the
// segment exactly, in integers.
//
// Geometry, in cube coordinates (q, r, s) relative to `from`: the point of the
// segment at t in [0, 1] is P(t) = t * v with v = to - from. The border
// between hex H and its neighbour H + d is where (P - H) . d = 1 (d . d = 2).
// Leaving H, the line crosses into H + d at t = (1 + H . d) / (v . d) for the
// directions with v . d > 0; the smallest t is the exit. A tie between two
// directions d1, d2 means the line leaves through the vertex H, H + d1, H + d2
// meet at. Then either
//   - v is parallel to the hexside between H + d1 and H + d2 (v . (d1 - d2)
//     is 0): the line runs along that whole hexside, both hexes are the
//     stretch's candidates, and at the far vertex it enters H + d1 + d2; or
//   - the line passes through the vertex transversally: it enters the one of
//     H + d1, H + d2 that lies on its side (sign of v . (d1 - d2)) and only
//     touches the other at a point, which does not count.
// All quantities are small integers, so there is no epsilon and the result is
// the same walked from either end.
#include "geometry/hex_los.h"

#include <array>
#include <cassert>
#include <cstdint>

namespace sandtable::geometry {

namespace {

constexpr int cube_dot(Hex a, Hex b) { return a.q * b.q + a.r * b.r + a.s() * b.s(); }

// Directions in which the line leaves `local` (relative to the start) at the
// smallest t; `second` is -1 unless it leaves through a vertex.
struct Exit {
    int first = -1;
    int second = -1;
};

Exit find_exit(Hex local, Hex v) {
    Exit exit;
    std::int64_t best_num = 0;
    std::int64_t best_den = 1;
    for (int d = 0; d < 6; ++d) {
        const Hex dir = kDirections[static_cast<std::size_t>(d)];
        const std::int64_t den = cube_dot(v, dir);
        if (den <= 0) continue;  // the line moves away from, or along, this border
        const std::int64_t num = 1 + cube_dot(local, dir);
        // Compare num / den with best_num / best_den; denominators are positive.
        const std::int64_t lhs = num * best_den;
        const std::int64_t rhs = best_num * den;
        if (exit.first < 0 || lhs < rhs) {
            exit = {d, -1};
            best_num = num;
            best_den = den;
        } else if (lhs == rhs) {
            exit.second = d;
        }
    }
    assert(exit.first >= 0);
    return exit;
}

LosStep single(Hex h) { return {h, false, {}}; }

LosStep pair(Hex a, Hex b) {
    // Canonical order, so the steps do not depend on the direction of walking.
    return a < b ? LosStep{a, true, b} : LosStep{b, true, a};
}

// Calls emit(step) for each stretch from `from` to `to`, both included, until
// emit returns false. Returns false when stopped early.
template <class Emit>
bool walk_line(Hex from, Hex to, Emit&& emit) {
    if (!emit(single(from))) return false;
    const Hex v = to - from;
    Hex local{};
    while (local != v) {
        const Exit exit = find_exit(local, v);
        const Hex d1 = kDirections[static_cast<std::size_t>(exit.first)];
        if (exit.second < 0) {
            local = local + d1;
        } else {
            const Hex d2 = kDirections[static_cast<std::size_t>(exit.second)];
            const int side = cube_dot(v, d1 - d2);
            if (side == 0) {
                if (!emit(pair(from + local + d1, from + local + d2))) return false;
                local = local + d1 + d2;
            } else {
                local = local + (side > 0 ? d1 : d2);
            }
        }
        if (!emit(single(from + local))) return false;
    }
    return true;
}

}  // namespace

std::vector<LosStep> los_steps(Hex from, Hex to) {
    std::vector<LosStep> steps;
    // distance + 1 stretches at least; a zig-zag adds a few more.
    steps.reserve(static_cast<std::size_t>(distance(from, to)) + 1);
    walk_line(from, to, [&](const LosStep& step) {
        steps.push_back(step);
        return true;
    });
    return steps;
}

// Routes: a route picks one candidate hex per stretch. We keep the (at most
// two) hexes of the current stretch that some unblocked route reaches. A
// candidate is reached when its terrain does not block (end hexes excepted)
// and the hexside from a reached hex of the previous stretch into it does not
// block. This gives, for an along-hexside stretch between single hexes P and
// Q, "blocked only when both P-X-Q and P-Y-Q are blocked", each route counting
// its own hexsides P|X and X|Q; that is why the hex after a pair needs no
// separate previous hex: each candidate of the pair is its own previous hex.
// The hexside the line runs along (X|Y) is never crossed, so it never blocks.
bool line_of_sight(Hex from, Hex to, const LosQuery& query) {
    std::array<Hex, 2> reached{};
    int reached_count = 0;
    const auto enters = [&](Hex h) {
        for (int i = 0; i < reached_count; ++i) {
            const Hex p = reached[static_cast<std::size_t>(i)];
            if (distance(p, h) != 1) continue;  // always adjacent in a walk; keeps side_between's precondition
            if (!query.side_blocks || !query.side_blocks(side_between(p, h))) return true;
        }
        return false;
    };
    const auto terrain_blocks = [&](Hex h) { return h != from && h != to && query.hex_blocks && query.hex_blocks(h); };
    bool started = false;
    return walk_line(from, to, [&](const LosStep& step) {
        if (!started) {  // the first stretch is `from` itself: every route starts there
            started = true;
            reached[0] = from;
            reached_count = 1;
            return true;
        }
        std::array<Hex, 2> next{};
        int next_count = 0;
        const std::array<Hex, 2> candidates{step.hex, step.alternative};
        const int candidate_count = step.has_alternative ? 2 : 1;
        for (int i = 0; i < candidate_count; ++i) {
            const Hex c = candidates[static_cast<std::size_t>(i)];
            if (!terrain_blocks(c) && enters(c)) next[static_cast<std::size_t>(next_count++)] = c;
        }
        reached = next;
        reached_count = next_count;
        return reached_count > 0;
    });
}

}  // namespace sandtable::geometry
