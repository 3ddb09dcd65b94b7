// Drawing a tabletop (Cady's rules) on any wxGraphicsContext: the table's
// surface, its terrain areas (hills shaded darker by level, woods with their
// trees, marsh, buildings) and line features at their width, the centimetre
// grid with its labels, objectives as circles of their radius, and units as
// their stands in their side's colour, a mark on the front edge for their
// facing, their figures and name. The map canvas draws it instead of hexes
// when the scenario's ruleset is a tabletop; the view's map units are cm.
#pragma once

#include "core/tabletop_tools.h"
#include "core/tabletop_view.h"
#include "core/map_view.h"
#include "render/scenario_painter.h"

#include <wx/graphics.h>

#include <vector>

namespace sandtable::studio {

// Surface, areas, lines, the grid (options.grid), objectives.
void draw_table(wxGraphicsContext& gc, const MapView& view, const rules::Ruleset& ruleset,
                const rules::Scenario& scenario, const DrawOptions& options);

// The grid's centimetres along the table's north and west edges, kept in
// sight along the window's (`width` x `height` pixels) when the table's
// edges are scrolled away. Drawn over the cached table layer, not in it.
void draw_table_scale(wxGraphicsContext& gc, const MapView& view, const tabletop::gt::TableMap& map, double width,
                      double height);

// Units as their stands.
void draw_table_units(wxGraphicsContext& gc, const MapView& view, const rules::Scenario& scenario,
                      const std::vector<tabletop::UnitShape>& units);

// The editor's gesture over the table: the selection (moved by a drag), the
// area or line being drawn, the ruler, the formation being placed.
void draw_table_tools(wxGraphicsContext& gc, const MapView& view, const rules::Ruleset& ruleset,
                      const rules::Scenario& scenario, const tabletop::TableTools& tools);

// The playtest's marks on a table (tabletop::decision_marks): units ringed
// as the decision offers them, written orders as arrows.
void draw_table_marks(wxGraphicsContext& gc, const MapView& view, const std::vector<tabletop::UnitShape>& units,
                      const std::vector<tabletop::UnitMark>& marks);

// A side's colour, for stands ("#rrggbb"; grey when it is not a colour).
wxColour table_side_colour(const rules::Scenario& scenario, int side);

}  // namespace sandtable::studio
