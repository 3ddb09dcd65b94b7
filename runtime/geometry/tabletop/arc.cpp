#include "geometry/tabletop/arc.h"

#include <cmath>

namespace sandtable::geometry::tabletop {
namespace {

bool bearing_in_arc(const Arc& arc, double facing, double bearing) {
    const double turn = turn_between(facing, bearing);
    if (arc.left + arc.right >= 360 - kArcToleranceDegrees) return true;
    // A turn of exactly 180 is reported as +180: also test it as -180.
    return (turn >= -arc.left - kArcToleranceDegrees && turn <= arc.right + kArcToleranceDegrees) ||
           (turn == 180 && arc.left >= 180 - kArcToleranceDegrees);
}

// Where the ray from `origin` along `bearing` first meets the polygon's
// edges; false when it misses.
bool ray_meets(Point origin, double bearing, const Polygon& polygon) {
    const Point direction = heading(bearing);
    for (std::size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
        const Point c = polygon[j];
        const Point s = polygon[i] - c;
        const double denom = cross(direction, s);
        if (std::abs(denom) <= kEpsilon) {
            // Parallel: meets only if the edge lies on the ray.
            if (std::abs(cross(c - origin, direction)) <= kEpsilon &&
                (dot(c - origin, direction) >= -kEpsilon || dot(polygon[i] - origin, direction) >= -kEpsilon))
                return true;
            continue;
        }
        const double t = cross(c - origin, s) / denom;
        const double u = cross(c - origin, direction) / denom;
        if (t >= -kEpsilon && u >= -kEpsilon && u <= 1 + kEpsilon) return true;
    }
    return false;
}

}  // namespace

bool in_arc(const Arc& arc, Point origin, double facing, Point target) {
    if (distance(origin, target) <= kEpsilon) return true;
    return bearing_in_arc(arc, facing, bearing_of(target - origin));
}

bool arc_reaches(const Arc& arc, Point origin, double facing, const Stand& target) {
    const Polygon corners = target.corners();
    if (contains(corners, origin)) return true;
    for (Point corner : corners)
        if (in_arc(arc, origin, facing, corner)) return true;
    // No corner inside: the base can still straddle the arc, across an edge ray.
    return ray_meets(origin, facing - arc.left, corners) || ray_meets(origin, facing + arc.right, corners);
}

bool in_front_arc(const Arc& arc, const Stand& shooter, const Stand& target) {
    return arc_reaches(arc, shooter.front_centre(), shooter.facing, target);
}

}  // namespace sandtable::geometry::tabletop
