// The tabletop (Cady's miniatures rules): what a ruleset says about playing
// on an open table measured in centimetres instead of a hex grid, and what a
// scenario's table holds. The geometry itself is geometry/tabletop/.
#pragma once

#include "geometry/tabletop/terrain.h"
#include "rules/source_location.h"

#include <string>
#include <vector>

namespace sandtable::rules {

// `geometry: { kind: table, … }` in a ruleset.
struct TableRules {
    bool enabled = false;      // false: the ruleset plays on hexes
    double contact = 1.0;      // cm: bases this close are in contact (Cady: 1 cm)
    double crest = 6.0;        // cm: figures this far back from a hill's edge do not see over it
    double sight = 90.0;       // cm: how far a unit sees (Cady: 90; artillery sees further by its range)
    double foot_eye = 0.5;     // eye height in hill levels: foot figures
    double mounted_eye = 1.0;  // mounted figures ("one hill section is the height of a man on horseback")
    // The attributes holding each unit type's stand and figures.
    std::string stand_width = "stand_width";  // mm across a stand's front (attributes are whole numbers)
    std::string stand_depth = "stand_depth";  // mm front to back
    std::string figures_per_stand = "figures_per_stand";
    std::string mounted = "mounted";  // a bool attribute: mounted figures see from higher
    std::string sight_attribute =
        "sight";  // an int attribute: cm a unit sees when more than `sight` (musket guns: 120)
    SourceLocation where;
};

// What a terrain type is on a tabletop: an area (hill, wood, marsh,
// building, field, ford, bridge) or a line with a width (river, creek, road,
// wall, fence), and what it does to sight. Its movement effect is its
// `thirds`, kept in TerrainType::cost: the thirds of a move a unit loses
// moving in or across it (a road: -1, a third gained); none: it may not.
struct TableTerrain {
    enum class Shape { Area, Line };
    Shape shape = Shape::Area;
    geometry::tabletop::AreaSight sight = geometry::tabletop::AreaSight::Clear;
    double sight_depth = 0;  // a screen: cm sight reaches into or through it
    bool seen_over_from_above = false;
    double width = 3;          // a line's width unless the scenario gives one, cm
    bool crossing = false;     // an area where lines that bar the way may be crossed (ford, bridge)
    int crossing_thirds = -1;  // a line: thirds lost crossing it at a ford or bridge instead of the
                               // crossing's own (Cady: a creek's ford costs nothing); -1: the crossing's
};

// One area on a scenario's table, as written: an outline, or the trees
// whose hull is a wood's outline (kept to write the file back as drawn).
struct TableAreaSource {
    int terrain = 0;                            // index into Ruleset::terrain
    std::vector<geometry::tabletop::Point> trees;  // empty: the outline was written
    SourceLocation where;
};

struct TableLineSource {
    int terrain = 0;
    SourceLocation where;
};

// A scenario's `table:`: its size and terrain. `map.areas[i]` is read from
// `areas[i]`, `map.lines[i]` from `lines[i]`.
struct TableData {
    geometry::tabletop::TableMap map;
    std::vector<TableAreaSource> areas;
    std::vector<TableLineSource> lines;
    SourceLocation where;

    bool empty() const { return map.width <= 0; }
};

// Where a unit sets up on a tabletop: the centre of its front rank, its
// facing (a compass bearing), its files (stands side by side) and figures.
struct TablePlacement {
    geometry::tabletop::Point front_centre;
    int facing = 0;
    int files = 1;
    int figures = 0;
    // Hidden troop movement (Cady, the intermediate game): it sets up as a
    // marker at its front centre, unseen until an enemy sees it. A phantom is
    // a marker with nobody behind it, gone when it is seen or shot at.
    bool hidden = false;
    bool phantom = false;
};

}  // namespace sandtable::rules
