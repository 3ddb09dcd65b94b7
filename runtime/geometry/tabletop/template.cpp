#include "geometry/tabletop/template.h"

namespace sandtable::geometry::tabletop {

Polygon outline(const WedgeTemplate& wedge) {
    const Point forward = heading(wedge.bearing);
    const Point right = right_of(wedge.bearing);
    const Point far_centre = wedge.apex + forward * wedge.length;
    return {wedge.apex - right * (wedge.near_width / 2), wedge.apex + right * (wedge.near_width / 2),
            far_centre + right * (wedge.far_width / 2), far_centre - right * (wedge.far_width / 2)};
}

Polygon outline(const LineTemplate& line) {
    const Point across = right_of(bearing_of(line.to - line.from)) * (line.width / 2);
    return {line.from - across, line.from + across, line.to + across, line.to - across};
}

bool covers(const CircleTemplate& circle, Point figure) {
    return distance(circle.centre, figure) <= circle.diameter / 2 + kEpsilon;
}

bool under_crosshairs(const CircleTemplate& circle, Point figure, double torso) {
    return distance(circle.centre, figure) <= torso + kEpsilon;
}

bool covers(const LineTemplate& line, Point figure, double torso) {
    return distance_to_segment(figure, line.from, line.to) <= line.width / 2 + torso + kEpsilon;
}

bool covers(const BounceStick& stick, Point figure, double torso) {
    const Point back = heading(stick.bearing) * -1.0;  // the stick lies back toward the gun
    for (auto [from, to] : stick.hits) {
        if (from > stick.length) continue;
        const Point a = stick.tip + back * from;
        const Point b = stick.tip + back * std::min(to, stick.length);
        if (distance_to_segment(figure, a, b) <= torso + kEpsilon) return true;
    }
    return false;
}

bool covers(const WedgeTemplate& wedge, Point figure) { return contains(outline(wedge), figure); }

}  // namespace sandtable::geometry::tabletop
