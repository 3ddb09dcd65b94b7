// A stroke of a river or a road on the map: the hexsides one drag draws (one
// undo step, as Tiled draws a path). A hexside feature (river, wall) follows
// the pointer over the sides it passes; a path (road) goes from hex to hex
// across the side between each hex and the next, the hexes a fast drag
// jumps filled in along the straight line. A press without a drag takes the
// side under the pointer, for either. Window-free.
#pragma once

#include "geometry/hex.h"
#include "rules/scenario.h"

#include <optional>
#include <utility>
#include <vector>

namespace sandtable::studio {

using SideRef = std::pair<geometry::Hex, int>;  // a hex and the direction of one of its sides

class SideStroke {
public:
    enum class Kind { Hexsides, Path };
    // `side`: the side under the pointer where the drag began, if any.
    SideStroke(const rules::MapData& map, Kind kind, std::optional<geometry::Hex> hex, std::optional<SideRef> side);
    // The pointer moved: over this hex and near this side (either may be absent).
    void moved(std::optional<geometry::Hex> hex, std::optional<SideRef> side);
    // The sides drawn, in order, each once (the pressed side alone when the
    // pointer never left its hex).
    std::vector<SideRef> sides() const;

private:
    void add(SideRef side);
    void step_to(geometry::Hex hex);

    const rules::MapData& map_;
    Kind kind_;
    std::optional<geometry::Hex> last_hex_;
    std::optional<SideRef> pressed_;
    std::vector<SideRef> sides_;
};

// The feature a stroke sets: `feature` on every side, or nothing (-1) when
// the side it began on has that feature already (a stroke over a river takes it away).
int stroke_feature(const rules::MapData& map, SideStroke::Kind kind, const std::vector<SideRef>& sides, int feature);

}  // namespace sandtable::studio
