// Arcs of fire and sight: how far to each side of its facing a figure may
// shoot. Cady: infantry 45 degrees left or right; horse archers 180 to the
// left and only 45 to the right; artillery sights all round. An arc's edges
// belong to it: a target at exactly 45 degrees may be shot.
#pragma once

#include "geometry/tabletop/stand.h"

namespace sandtable::geometry::tabletop {

struct Arc {
    double left = 45;   // degrees to the left of the facing
    double right = 45;  // degrees to the right
};

// Tolerance on the arc's edges, in degrees: a bearing computed from
// centimetre coordinates that are exactly on an edge comes out within it.
inline constexpr double kArcToleranceDegrees = 1e-7;

// Does the arc, set at `origin` facing `facing`, take in the point?
bool in_arc(const Arc& arc, Point origin, double facing, Point target);

// Does any part of the base lie within the arc from `origin`? (The target may
// be shot if some of it is in the arc.)
bool arc_reaches(const Arc& arc, Point origin, double facing, const Stand& target);

// The arc of a stand's front: measured from the middle of its front edge.
bool in_front_arc(const Arc& arc, const Stand& shooter, const Stand& target);

}  // namespace sandtable::geometry::tabletop
