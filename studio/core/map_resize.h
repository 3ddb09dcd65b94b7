// Resize Map: a map of another size, and what is on it moved with it by a
// shift — where the old map sits in the new one (anchored at a corner, an
// edge or the middle). Units, objectives, zones, exits, terrain, hexsides and
// roads move together; a unit or objective that would fall off refuses the
// resize, naming it. One undo step, exact.
#pragma once

#include "core/scenario_commands.h"

namespace sandtable::studio {

// Columns and rows of the new map, and the offset columns and rows the old
// map's content moves by (negative: left, up).
struct MapSize {
    int columns = 1, rows = 1;
    int shift_columns = 0, shift_rows = 0;
};

// Where the old map sits when the new one is anchored: 0 left/top, 1 middle,
// 2 right/bottom. A shift across the offset columns (flat-topped hexes) or
// rows (pointy) is kept even, which keeps every hex beside the same neighbours.
MapSize anchored(const geometry::HexGrid& old, int columns, int rows, int anchor_x, int anchor_y);

// The edit (ChangeScenario, named "Resize Map to 40x30"). Throws
// std::invalid_argument / std::runtime_error, for a designer, when refused.
std::unique_ptr<EditCommand> resize_map(const ScenarioDocument& doc, MapSize size);

}  // namespace sandtable::studio
