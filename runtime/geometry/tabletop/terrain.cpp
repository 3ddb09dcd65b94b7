#include "geometry/tabletop/terrain.h"

#include <algorithm>

namespace sandtable::geometry::tabletop {

bool wood_from_trees(const std::vector<Point>& trees, Polygon& outline) {
    if (trees.size() < 3) return false;
    Polygon hull = convex_hull(trees);
    if (hull.size() < 3 || area(hull) <= kEpsilon) return false;
    outline = std::move(hull);
    return true;
}

int ground_level(const TableMap& map, Point p) {
    int level = 0;
    for (const TerrainArea& area : map.areas)
        if (area.sight == AreaSight::Hill && area.level > level && contains(area.outline, p)) level = area.level;
    return level;
}

std::vector<const TerrainArea*> areas_at(const TableMap& map, Point p) {
    std::vector<const TerrainArea*> found;
    for (const TerrainArea& area : map.areas)
        if (contains(area.outline, p)) found.push_back(&area);
    return found;
}

std::vector<const TerrainLine*> lines_at(const TableMap& map, Point p) {
    std::vector<const TerrainLine*> found;
    for (const TerrainLine& line : map.lines)
        if (distance_to_polyline(line.line, p) <= line.line.width / 2 + kEpsilon) found.push_back(&line);
    return found;
}

std::vector<const TerrainLine*> lines_crossed(const TableMap& map, Point a, Point b) {
    std::vector<const TerrainLine*> found;
    for (const TerrainLine& line : map.lines)
        if (crosses(line.line, a, b)) found.push_back(&line);
    return found;
}

bool on_table(const TableMap& map, Point p) {
    return p.x >= -kEpsilon && p.y >= -kEpsilon && p.x <= map.width + kEpsilon && p.y <= map.depth + kEpsilon;
}

}  // namespace sandtable::geometry::tabletop
