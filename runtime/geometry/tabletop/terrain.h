// The terrain of a tabletop: areas (hills in levels, woods, marsh,
// buildings with storeys, rough ground) and line features with a width
// (rivers, creeks, roads, walls, fences). What a kind of terrain does to
// movement and combat is the ruleset's business; geometry knows only the
// shapes and what they do to sight.
#pragma once

#include "geometry/tabletop/polygon.h"

#include <string>
#include <vector>

namespace sandtable::geometry::tabletop {

// What an area does to a line of sight.
enum class AreaSight {
    Clear,     // nothing (rough ground, fields)
    Hill,      // solid ground up to `level`
    Screen,    // woods, marsh: sight runs at most `sight_depth` through it
    Building,  // solid up to its storeys above the ground it stands on
};

struct TerrainArea {
    std::string kind;  // the ruleset's terrain id
    Polygon outline;
    AreaSight sight = AreaSight::Clear;
    int level = 0;                      // a hill section: the height of its top, in hill levels; a building: storeys
    double sight_depth = 0;             // a screen: how far sight reaches into or through it, cm
    bool seen_over_from_above = false;  // a screen that figures on higher ground see over (marsh, not woods)
};

struct TerrainLine {
    std::string kind;
    Polyline line;
};

struct TableMap {
    double width = 0;  // cm, west to east
    double depth = 0;  // cm, north to south
    std::vector<TerrainArea> areas;
    std::vector<TerrainLine> lines;
};

// A wood's outline is "the largest area it is possible to create connecting
// the outermost trees with straight lines": their convex hull. The rules ask
// for at least three trees; fewer are decoration and make no wood.
bool wood_from_trees(const std::vector<Point>& trees, Polygon& outline);

// The height of the ground at a point, in hill levels: the highest hill
// section whose outline holds it (edges included), 0 off every hill.
int ground_level(const TableMap& map, Point p);

// Every area whose outline holds the point (edges included), in map order.
std::vector<const TerrainArea*> areas_at(const TableMap& map, Point p);

// The line features within their half width of the point.
std::vector<const TerrainLine*> lines_at(const TableMap& map, Point p);

// The line features whose centre line the segment a→b crosses, in map order.
std::vector<const TerrainLine*> lines_crossed(const TableMap& map, Point a, Point b);

bool on_table(const TableMap& map, Point p);

}  // namespace sandtable::geometry::tabletop
