// The playtest's marks drawn over the map: reachable hexes tinted with the
// MP they cost, targets ringed with their odds, the combat being built, the
// selected unit, retreat and advance hexes, the viewer's written orders.
#pragma once

#include "core/map_view.h"
#include "core/play_view.h"

#include <wx/graphics.h>

#include <vector>

namespace sandtable::studio {

void draw_marks(wxGraphicsContext& gc, const MapView& view, const std::vector<HexMark>& marks);

}  // namespace sandtable::studio
