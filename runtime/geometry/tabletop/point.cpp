#include "geometry/tabletop/point.h"

#include <numbers>

namespace sandtable::geometry::tabletop {
namespace {

double radians(double degrees) { return degrees * std::numbers::pi / 180.0; }

// sin and cos of whole right angles are exact here, so a unit facing due
// east is not a hair off its axis: arcs and contacts at exact limits depend
// on it.
double exact_sin(double degrees) {
    const double folded = normalize_bearing(degrees);
    if (folded == 0 || folded == 180) return 0;
    if (folded == 90) return 1;
    if (folded == 270) return -1;
    return std::sin(radians(folded));
}

double exact_cos(double degrees) { return exact_sin(degrees + 90); }

}  // namespace

Point heading(double bearing_degrees) { return {exact_sin(bearing_degrees), -exact_cos(bearing_degrees)}; }

Point right_of(double bearing_degrees) { return heading(bearing_degrees + 90); }

double bearing_of(Point direction) {
    if (direction.x == 0 && direction.y == 0) return 0;
    return normalize_bearing(std::atan2(direction.x, -direction.y) * 180.0 / std::numbers::pi);
}

double normalize_bearing(double degrees) {
    double folded = std::fmod(degrees, 360.0);
    if (folded < 0) folded += 360.0;
    if (folded >= 360.0) folded = 0;
    return folded;
}

double turn_between(double from_degrees, double to_degrees) {
    double turn = normalize_bearing(to_degrees - from_degrees);
    if (turn > 180.0) turn -= 360.0;
    return turn;
}

}  // namespace sandtable::geometry::tabletop
