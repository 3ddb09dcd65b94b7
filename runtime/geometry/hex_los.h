// Line of sight between hex centres. The line from the centre of `from` to the
// centre of `to` is walked hex by hex, exactly: every hex the segment passes
// through for any length is listed, which can be more than distance + 1 hexes
// (a line slightly off a hex row zig-zags across the border of two rows).
// Where the line runs exactly along a hexside (it passes through a vertex into
// the next hex and grazes two hexes equally), both hexes are candidates: the
// rule used by SPI-style games, and by BMW 6.4 and PRESTAGS 6.38, is that such
// a stretch blocks only when both candidates block. That happens only for the
// six "diagonal" directions, axial multiples of (1,1), (2,-1), (1,-2) and their
// negatives. A hex the line touches only at a vertex is not crossed.
#pragma once

#include "geometry/hex.h"

#include <functional>
#include <vector>

namespace sandtable::geometry {

// One stretch of the line: a single hex, or a pair of hexes when the line runs
// along the hexside between them (`alternative` set).
struct LosStep {
    Hex hex;
    bool has_alternative = false;
    Hex alternative{};
};

// The hexes crossed from `from` to `to`, both ends included, in order.
std::vector<LosStep> los_steps(Hex from, Hex to);

struct LosQuery {
    // Does terrain in this hex block sight? Never asked for the end hexes.
    std::function<bool(Hex)> hex_blocks;
    // Does a feature on this hexside block sight (a wall, a river with banks)?
    // May be empty: then no hexside blocks.
    std::function<bool(HexSide)> side_blocks;
};

// True when sight is clear. A stretch is blocked when its hex blocks or the
// hexside crossed to enter it blocks; an along-hexside stretch is blocked only
// when the route through each of its two hexes is blocked, where the route
// through X counts X's terrain and both hexsides it crosses (into X from the
// hex before, and out of X into the hex after). The terrain of `from` and `to`
// never blocks; the hexsides leaving `from` and entering `to` do. The hexside
// an along-hexside stretch runs along is never crossed and never blocks.
// Where the line passes through a vertex transversally, it crosses the
// hexside between the hexes before and after the vertex. Symmetric: the
// answer from a to b is the answer from b to a.
bool line_of_sight(Hex from, Hex to, const LosQuery& query);

}  // namespace sandtable::geometry
