#include "geometry/tabletop/stand.h"

#include <cmath>

namespace sandtable::geometry::tabletop {

Point Stand::front_centre() const { return centre + heading(facing) * (depth / 2); }

Polygon Stand::corners() const {
    const Point forward = heading(facing) * (depth / 2);
    const Point right = right_of(facing) * (width / 2);
    return {centre + forward - right, centre + forward + right, centre - forward + right, centre - forward - right};
}

double base_distance(const Stand& a, const Stand& b) { return polygon_distance(a.corners(), b.corners()); }

bool in_contact(const Stand& a, const Stand& b, double tolerance_cm) {
    // Bases whose circumscribed circles are further apart cannot touch: most
    // pairs on a table end here, before any polygon is built.
    const double reach = (std::hypot(a.width, a.depth) + std::hypot(b.width, b.depth)) / 2 + tolerance_cm;
    if (distance(a.centre, b.centre) > reach + kEpsilon) return false;
    return base_distance(a, b) <= tolerance_cm + kEpsilon;
}

bool bases_overlap(Stand a, Stand b, double slack_cm) {
    a.width -= 2 * slack_cm, a.depth -= 2 * slack_cm;
    b.width -= 2 * slack_cm, b.depth -= 2 * slack_cm;
    return in_contact(a, b, 0);
}

std::vector<Point> figure_points(const Stand& stand, int count) {
    std::vector<Point> points;
    if (count <= 0) return points;
    const Point right = right_of(stand.facing);
    const double share = stand.width / count;
    for (int i = 0; i < count; ++i) points.push_back(stand.centre + right * (-stand.width / 2 + share * (i + 0.5)));
    return points;
}

bool on_base(const Stand& stand, Point p) { return contains(stand.corners(), p); }

}  // namespace sandtable::geometry::tabletop
