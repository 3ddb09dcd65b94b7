// Axial hex arithmetic. The formulas are the usual cube-coordinate ones
// (s = -q - r is implied), kept branch-light because paths and line of sight
// call them in inner loops.
#include "geometry/hex.h"

#include <cassert>
#include <cstdlib>

namespace sandtable::geometry {

std::array<Hex, 6> neighbours(Hex h) {
    std::array<Hex, 6> result{};
    for (std::size_t d = 0; d < kDirections.size(); ++d) result[d] = h + kDirections[d];
    return result;
}

int direction_to(Hex a, Hex b) {
    const Hex d = b - a;
    for (std::size_t i = 0; i < kDirections.size(); ++i) {
        if (kDirections[i] == d) return static_cast<int>(i);
    }
    return -1;
}

std::vector<Hex> ring(Hex centre, int radius) {
    if (radius < 0) return {};
    if (radius == 0) return {centre};
    std::vector<Hex> result;
    result.reserve(static_cast<std::size_t>(6 * radius));
    // Start on the corner reached by going `radius` steps in direction 4; from
    // there, walking `radius` steps in each direction 0..5 in turn traces the
    // ring counter-clockwise and ends back at the start.
    Hex h{centre.q + kDirections[4].q * radius, centre.r + kDirections[4].r * radius};
    for (int d = 0; d < 6; ++d) {
        for (int step = 0; step < radius; ++step) {
            result.push_back(h);
            h = neighbour(h, d);
        }
    }
    return result;
}

std::vector<Hex> spiral(Hex centre, int radius) {
    if (radius < 0) return {};
    std::vector<Hex> result;
    result.reserve(static_cast<std::size_t>(1 + 3 * radius * (radius + 1)));
    for (int k = 0; k <= radius; ++k) {
        const std::vector<Hex> r = ring(centre, k);
        result.insert(result.end(), r.begin(), r.end());
    }
    return result;
}

HexSide side_between(Hex a, Hex b) {
    assert(distance(a, b) == 1 && "side_between needs adjacent hexes");
    return a < b ? HexSide{a, b} : HexSide{b, a};
}

}  // namespace sandtable::geometry
