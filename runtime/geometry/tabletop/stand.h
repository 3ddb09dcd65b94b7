// A stand: the base a few figures are glued to, an oriented rectangle on the
// table. Bases are what the rules measure between ("base-to-base contact",
// "within 1 cm"); figures are what templates hit ("any figure whose head or
// torso is within the hit area").
#pragma once

#include "geometry/tabletop/point.h"
#include "geometry/tabletop/polygon.h"

#include <vector>

namespace sandtable::geometry::tabletop {

struct Stand {
    Point centre;
    double width = 0;   // across its front
    double depth = 0;   // front to back
    double facing = 0;  // compass bearing its front faces

    Point front_centre() const;
    Polygon corners() const;  // front left, front right, back right, back left
};

// The shortest distance between two bases; 0 when they touch or overlap.
double base_distance(const Stand& a, const Stand& b);

// Base-to-base contact, which the rules allow within 1 cm; a gap of exactly
// the tolerance is in contact.
inline constexpr double kContactCm = 1.0;
bool in_contact(const Stand& a, const Stand& b, double tolerance_cm = kContactCm);

// Do the bases overlap by more than `slack` cm (touching, or sharing less
// than that, is not overlapping)? What stops a move, and a set-up on top of another unit.
bool bases_overlap(Stand a, Stand b, double slack_cm);

// Where the figures on a stand stand: `count` of them side by side across the
// base, each at the middle of its share of the width, halfway back.
std::vector<Point> figure_points(const Stand& stand, int count);

// Is the point on the stand's base (edges included)?
bool on_base(const Stand& stand, Point p);

}  // namespace sandtable::geometry::tabletop
