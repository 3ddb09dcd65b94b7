// Edits of a tabletop (a scenario whose ruleset has `geometry: { kind:
// table }`): terrain areas and line features drawn, moved and removed; units
// placed as formations, moved and turned; objectives; the table's size. Each
// is a ChangeScenario (the scenario before and after), so undo is exact.
// Values are checked when the edit is made: std::invalid_argument, worded
// for a designer, and nothing changes.
#pragma once

#include "core/tabletop_view.h"
#include "core/scenario_commands.h"

#include <vector>

namespace sandtable::studio::tabletop {

// An area of a terrain of shape area (hill, forest, marsh, building, …)
// with this outline; `level` is a hill's level or a building's storeys (else
// ignored). A wood drawn this way is its outline, not trees.
Edit add_area(const ScenarioDocument& doc, int terrain, const std::vector<gt::Point>& outline, int level = 1);
// A line feature of a terrain of shape line (river, road, wall, …) through
// these points, at the terrain's width.
Edit add_line(const ScenarioDocument& doc, int terrain, const std::vector<gt::Point>& points);

// A unit set up as a formation: its front rank centred on `front_centre`,
// facing a compass bearing, `files` stands side by side, `figures` in all.
struct NewUnit {
    int type = 0;
    int side = 0;
    gt::Point front_centre;
    int facing = 0;
    int files = 1;
    int figures = 1;
};
Edit place_unit(const ScenarioDocument& doc, const NewUnit& unit);
// A unit turned to face another bearing (about the centre of its front).
Edit turn_unit(const ScenarioDocument& doc, int unit, int facing);
// A unit's formation and strength: files and figures.
Edit set_unit_formation(const ScenarioDocument& doc, int unit, int files, int figures);
// A unit's front centre typed as "x, y" in cm (the order of battle's cell).
Edit set_unit_position(const ScenarioDocument& doc, int unit, const std::string& text);

// An objective at a point: a unit's base within `radius` cm holds it.
Edit add_objective(const ScenarioDocument& doc, gt::Point at, double radius, int points = 1);

// A thing moved by an offset: every point of an area (and a wood's trees),
// of a line, a unit's front centre, an objective's centre. The offset is cut
// short where it would take a point off the table.
Edit move_item(const ScenarioDocument& doc, const Hit& item, gt::Point by);
// The offset `by` cut short so that every point stays on the table.
gt::Point allowed_offset(const gt::TableMap& map, const std::vector<gt::Point>& points, gt::Point by);
// The points an item is made of (what moving it moves).
std::vector<gt::Point> item_points(const rules::Scenario& scenario, const Hit& item);
Edit remove_item(const ScenarioDocument& doc, const Hit& item);

// The table made larger or smaller; refused while an area, line, unit or
// objective would be off it.
Edit resize_table(const ScenarioDocument& doc, double width, double depth);

}  // namespace sandtable::studio::tabletop
