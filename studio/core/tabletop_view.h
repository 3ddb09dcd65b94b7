// What the map canvas shows of a tabletop (Cady's rules, a ruleset with
// `geometry: { kind: table }`), worked out without a window: the centimetre
// grid's lines, the units as their stands (from the scenario's placements in
// the editor, from the kernel during play), which thing lies under a point,
// and the ruler's reading. The MapView's map units are centimetres on a table
// (MapView::set_table), so zoom, pan and fit are the hex view's.
#pragma once

#include "core/map_view.h"
#include "geometry/tabletop/stand.h"
#include "kernel/game.h"
#include "rules/ruleset.h"
#include "rules/scenario.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::studio::tabletop {

namespace gt = geometry::tabletop;

inline gt::Point to_cm(const MapView& view, Point pixel) {
    const Point m = view.to_map(pixel);
    return {m.x, m.y};
}
inline Point to_pixel(const MapView& view, gt::Point cm) { return view.to_pixel({cm.x, cm.y}); }

// One line of the centimetre grid, `at` cm from the table's west (or north)
// edge: light every 10 cm, strong every 50 cm; labelled where there is room.
struct GridLine {
    double at = 0;
    bool major = false;
    bool labelled = false;
};
inline constexpr double kMinorGridCm = 10;
inline constexpr double kMajorGridCm = 50;
// The lines across a table `length` cm long drawn at `pixels_per_cm`: the
// light lines are left out when they would be closer than 6 pixels; the
// strong ones are labelled, and the light ones too from 40 pixels apart.
std::vector<GridLine> grid_lines(double length, double pixels_per_cm);

// A measure as a designer reads it: "12.5 cm", "40 cm".
std::string cm_text(double cm);
// A bearing's compass point: "N", "NNE", …, "NNW" (16 points).
std::string compass_point(double bearing);

// The ruler: the distance between two points in cm and the compass bearing
// from the first to the second (clockwise from north).
struct RulerReading {
    double distance = 0;
    double bearing = 0;
};
RulerReading ruler_reading(gt::Point from, gt::Point to);
// "42.4 cm · bearing 135° (SE)"
std::string ruler_text(const RulerReading& reading);

// A facing turned by `steps` (clockwise when positive): 15 degrees a step, 1
// degree when `fine` (shift held); always in [0, 360).
int turned_facing(int facing, int steps, bool fine);

// A unit type's stand, from the attributes the ruleset names
// (Ruleset::table.stand_width, stand_depth in mm; figures_per_stand).
struct StandSize {
    double width = 4;  // cm
    double depth = 2;  // cm
    int figures_per_stand = 1;
};
StandSize stand_size(const rules::Ruleset& ruleset, int type);

// A unit as drawn: its stands and figures, side, facing and name.
struct UnitShape {
    int unit = -1;  // index into the scenario's (and the game's) units
    int side = 0;
    int facing = 0;
    gt::Point front_centre;  // the middle of its front rank's front edge
    std::string label;
    std::vector<gt::Stand> stands;
    std::vector<gt::Point> figures;
};

// A placement's formation as the kernel sets it up (geometry::tabletop::stands_of):
// ceil(figures / per stand) stands in `files` files, filled rank by rank from
// the front; the figures fill the stands from the front, the last holding
// what is left.
UnitShape placement_shape(const rules::Ruleset& ruleset, const rules::UnitPlacement& placement, int index);
// Every unit of a scenario being edited (reinforcements included: they set
// up where they are placed).
std::vector<UnitShape> scenario_shapes(const rules::Ruleset& ruleset, const rules::Scenario& scenario);
// Every unit on the table in a game, where the kernel has it (Game::table_stands, table_figures).
// Seen by `viewer` (a side; -1: everything), an enemy's hidden unit is only
// its marker: a 2 x 2 cm tag at its front centre, labelled "?".
std::vector<UnitShape> game_shapes(const kernel::Game& game, int viewer = -1);

// The areas in the order they are drawn: hills from the lowest level up
// (a higher section sits on a lower one), then the rest as listed. Hit
// testing walks the same order backwards, so what is seen on top is picked.
std::vector<int> area_draw_order(const gt::TableMap& map);

// A thing on the table: a terrain area or line, a unit, an objective.
struct Hit {
    enum Kind { None, Area, Line, Unit, Objective };
    Kind kind = None;
    int index = -1;
    friend bool operator==(const Hit&, const Hit&) = default;
    explicit operator bool() const { return kind != None; }
};

// What lies under a point, the topmost first: a unit's base, an objective's
// marker or ring, a line feature (within its half width), an area; the
// interior of an objective's circle last. `tolerance` (cm) is how near a
// point still picks a line, a base or a ring: a few pixels at the zoom.
Hit hit_at(const rules::Scenario& scenario, const std::vector<UnitShape>& units, gt::Point at, double tolerance);

// The words for a thing, for the status bar and the Edit menu: "Forest",
// "River", "Archers (a_1)", "Objective Hill Top".
std::string hit_name(const rules::Ruleset& ruleset, const rules::Scenario& scenario, const Hit& hit);

// The playtest's marks for the decision a table game waits for, as `viewer`
// (-1: everyone) may see them: the unit whose order is written or the gun
// that fires next, the firers and their targets, the units a choice is
// about, and the viewer's own orders written this turn as arrows (from the
// unit's front centre, the bearing and distance it marches).
struct UnitMark {
    enum Kind { Selected, Movable, Target, Order };
    int unit = -1;
    Kind kind = Movable;
    std::string label;
    gt::Point from, to;  // an Order's arrow, cm
};
std::vector<UnitMark> decision_marks(const kernel::Game& game, int viewer);

// The legal actions about a unit clicked during play: its own (an order, a
// shot) and those at it (a shot at it, choosing it).
std::vector<kernel::Action> actions_for_unit(const kernel::Game& game, int unit);

// A point kept on the table.
gt::Point clamp_to_table(const gt::TableMap& map, gt::Point p);

}  // namespace sandtable::studio::tabletop
