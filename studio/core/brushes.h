// Which hexes a brush covers: a single hex, every hex within a radius, a
// flood fill of the connected region of the same terrain, or a straight line
// dragged from one hex to another. Window-free.
#pragma once

#include "geometry/hex.h"
#include "rules/scenario.h"

#include <vector>

namespace sandtable::studio {

enum class Brush { Single, Radius1, Radius2, Fill, Line };

// The hexes on the map the brush covers when applied at `at` (a line brush
// applied at one hex covers that hex).
std::vector<geometry::Hex> brush_hexes(const rules::MapData& map, geometry::Hex at, Brush brush);

// The hexes on the straight line from `from` to `to`, both included, each
// next to the one before; those off the map left out. Where the line runs
// exactly between two hexes it takes the same side all along, so a line
// drawn back from `to` to `from` may differ only there.
std::vector<geometry::Hex> line_hexes(const rules::MapData& map, geometry::Hex from, geometry::Hex to);

}  // namespace sandtable::studio
