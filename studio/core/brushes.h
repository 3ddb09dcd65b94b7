// Which hexes a brush covers: a single hex, every hex within a radius, or a
// flood fill of the connected region of the same terrain. Window-free.
#pragma once

#include "geometry/hex.h"
#include "rules/scenario.h"

#include <vector>

namespace sandtable::studio {

enum class Brush { Single, Radius1, Radius2, Fill };

// The hexes on the map the brush covers when applied at `at`.
std::vector<geometry::Hex> brush_hexes(const rules::MapData& map, geometry::Hex at, Brush brush);

}  // namespace sandtable::studio
