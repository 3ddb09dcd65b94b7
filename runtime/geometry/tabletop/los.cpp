#include "geometry/tabletop/los.h"

#include <algorithm>

namespace sandtable::geometry::tabletop {
namespace {

struct SightLine {
    Point a;
    Point b;
    double height_a;  // eye heights above level 0
    double height_b;
    double length;

    double height_at(double t) const { return height_a + (height_b - height_a) * t; }
};

Sight blocked(SightBlock by, std::size_t area) { return {false, by, area}; }

// Does the line pass below `top` anywhere it runs inside the outline? The
// line's height is linear in t, so its lowest point over a stretch is at one
// of the stretch's ends.
bool passes_below(const SightLine& line, const Polygon& outline, double top) {
    for (auto [t0, t1] : inside_intervals(outline, line.a, line.b))
        if (std::min(line.height_at(t0), line.height_at(t1)) < top - kEpsilon) return true;
    return false;
}

double length_inside(const SightLine& line, const Polygon& outline) {
    double inside = 0;
    for (auto [t0, t1] : inside_intervals(outline, line.a, line.b)) inside += (t1 - t0) * line.length;
    return inside;
}

// How far the line runs from `from` before it first leaves ground of at
// least `level`.
double run_on_level(const TableMap& map, Point from, Point to, int level) {
    std::vector<std::pair<double, double>> stretches;
    for (const TerrainArea& area : map.areas)
        if (area.sight == AreaSight::Hill && area.level >= level)
            for (auto stretch : inside_intervals(area.outline, from, to)) stretches.push_back(stretch);
    std::sort(stretches.begin(), stretches.end());
    const double length = distance(from, to);
    const double slack = kEpsilon / std::max(length, kEpsilon);
    double reached = 0;
    for (auto [t0, t1] : stretches) {
        if (t0 > reached + slack) break;
        reached = std::max(reached, t1);
    }
    return reached * length;
}

bool stands_in(const TerrainArea& area, const SightLine& line) {
    return contains(area.outline, line.a) || contains(area.outline, line.b);
}

}  // namespace

Sight line_of_sight(const TableMap& map, Viewpoint from, Viewpoint to, const SightRules& rules) {
    const int level_from = ground_level(map, from.at);
    const int level_to = ground_level(map, to.at);
    const SightLine line{from.at, to.at, level_from + from.eye, level_to + to.eye, distance(from.at, to.at)};
    if (line.length <= kEpsilon) return {};

    if (level_from != level_to) {
        const bool from_higher = level_from > level_to;
        const Point high = from_higher ? from.at : to.at;
        const Point low = from_higher ? to.at : from.at;
        if (run_on_level(map, high, low, std::max(level_from, level_to)) >= rules.crest_cm - kEpsilon)
            return blocked(SightBlock::Crest, 0);
    }

    for (std::size_t i = 0; i < map.areas.size(); ++i) {
        const TerrainArea& area = map.areas[i];
        switch (area.sight) {
            case AreaSight::Clear:
                break;
            case AreaSight::Hill:
                if (!stands_in(area, line) && passes_below(line, area.outline, area.level))
                    return blocked(SightBlock::Hill, i);
                break;
            case AreaSight::Building: {
                if (stands_in(area, line)) break;
                const double roof = ground_level(map, centroid(area.outline)) + area.level;
                if (passes_below(line, area.outline, roof)) return blocked(SightBlock::Building, i);
                break;
            }
            case AreaSight::Screen: {
                if (area.seen_over_from_above) {
                    const int screen_ground = ground_level(map, centroid(area.outline));
                    if (std::max(level_from, level_to) > screen_ground) break;
                }
                if (length_inside(line, area.outline) > area.sight_depth + kEpsilon)
                    return blocked(SightBlock::Screen, i);
                break;
            }
        }
    }
    return {};
}

std::string describe(SightBlock block) {
    switch (block) {
        case SightBlock::None:
            return "clear";
        case SightBlock::Hill:
            return "a hill in between";
        case SightBlock::Crest:
            return "the crest of a hill";
        case SightBlock::Screen:
            return "woods or marsh";
        case SightBlock::Building:
            return "a building";
    }
    return "?";
}

}  // namespace sandtable::geometry::tabletop
