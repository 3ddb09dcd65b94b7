#include "core/brushes.h"

#include <algorithm>
#include <cmath>

namespace sandtable::studio {

using geometry::Hex;

namespace {
std::vector<Hex> within(const rules::MapData& map, Hex at, int radius) {
    std::vector<Hex> out;
    for (Hex h : geometry::spiral(at, radius))
        if (map.grid.contains(h)) out.push_back(h);
    return out;
}

// Every hex connected to `at` through hexes of the same terrain.
std::vector<Hex> fill(const rules::MapData& map, Hex at) {
    const int start = map.grid.index(at);
    if (start < 0) return {};
    const int terrain = map.terrain[static_cast<std::size_t>(start)];
    std::vector<char> seen(map.grid.size(), 0);
    std::vector<int> frontier{start};
    std::vector<Hex> out;
    seen[static_cast<std::size_t>(start)] = 1;
    while (!frontier.empty()) {
        const int i = frontier.back();
        frontier.pop_back();
        out.push_back(map.grid.hex_at(i));
        for (int d = 0; d < 6; ++d) {
            const int j = map.grid.neighbour_index(i, d);
            if (j < 0 || seen[static_cast<std::size_t>(j)] || map.terrain[static_cast<std::size_t>(j)] != terrain)
                continue;
            seen[static_cast<std::size_t>(j)] = 1;
            frontier.push_back(j);
        }
    }
    return out;
}
}  // namespace

std::vector<Hex> brush_hexes(const rules::MapData& map, Hex at, Brush brush) {
    if (!map.grid.contains(at)) return {};
    switch (brush) {
        case Brush::Single:
            return {at};
        case Brush::Radius1:
            return within(map, at, 1);
        case Brush::Radius2:
            return within(map, at, 2);
        case Brush::Fill:
            return fill(map, at);
        case Brush::Line:
            return {at};
    }
    return {};
}

namespace {
// Rounds fractional cube coordinates to the hex that contains them.
Hex round_cube(double q, double r) {
    const double s = -q - r;
    double rq = std::round(q), rr = std::round(r), rs = std::round(s);
    const double dq = std::abs(rq - q), dr = std::abs(rr - r), ds = std::abs(rs - s);
    if (dq > dr && dq > ds)
        rq = -rr - rs;
    else if (dr > ds)
        rr = -rq - rs;
    return {static_cast<int>(rq), static_cast<int>(rr)};
}
}  // namespace

std::vector<Hex> line_hexes(const rules::MapData& map, Hex from, Hex to) {
    const int steps = geometry::distance(from, to);
    // A nudge off the exact midline between two hexes, so rounding is
    // consistent along the whole line.
    constexpr double kNudge = 1e-6;
    std::vector<Hex> out;
    for (int i = 0; i <= steps; ++i) {
        const double t = steps == 0 ? 0.0 : static_cast<double>(i) / steps;
        const Hex h = round_cube(from.q + kNudge + (to.q - from.q) * t, from.r + kNudge + (to.r - from.r) * t);
        if (map.grid.contains(h)) out.push_back(h);
    }
    return out;
}

}  // namespace sandtable::studio
