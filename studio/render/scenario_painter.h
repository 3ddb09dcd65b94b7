// Drawing a scenario's map and counters on any wxGraphicsContext: the
// studio's canvas, an offscreen bitmap, the rendering benchmark. One code
// path, so what is measured and what is looked at are the same drawing.
#pragma once

#include "core/map_view.h"
#include "rules/ruleset.h"
#include "rules/scenario.h"

#include <wx/graphics.h>

namespace sandtable::studio {

struct DrawOptions {
    bool labels = true;
    bool grid = true;
};

// Terrain, roads, hexside features, objectives and labels; on a tabletop
// (rs.table.enabled) the table instead (render/table_painter.h).
void draw_map(wxGraphicsContext& gc, const MapView& view, const rules::Ruleset& ruleset,
              const rules::Scenario& scenario, const DrawOptions& options);
// One counter per unit, side-coloured, with symbol and strength-movement; on
// a tabletop each unit's stands as placed.
void draw_counters(wxGraphicsContext& gc, const MapView& view, const rules::Ruleset& ruleset,
                   const rules::Scenario& scenario);

}  // namespace sandtable::studio
