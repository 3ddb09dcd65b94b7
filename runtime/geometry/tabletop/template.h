// Artillery templates (Cady, artillery sections): the hit area circles (6, 8
// and 12 cm) with their cross-hairs, a straight line of fire with a width,
// the musket period's bounce stick, and the canister wedge. Templates hit
// figures, not stands: "any figure whose head or torso is within the hit
// area". A figure is a small disc (its torso) around its point; a figure is
// within an area when its point is (edges included), and crossed by a line or
// a stick's painted section when its disc touches it. So a template edge
// through a base takes the figures on its side of the edge and spares the rest.
#pragma once

#include "geometry/tabletop/point.h"
#include "geometry/tabletop/polygon.h"

#include <utility>
#include <vector>

namespace sandtable::geometry::tabletop {

inline constexpr double kTorsoRadiusCm = 0.5;

struct CircleTemplate {
    Point centre;
    double diameter = 8;
};

// A straight path of given width: a ballista bolt, a rocket's trail.
struct LineTemplate {
    Point from;
    Point to;
    double width = 0;
};

// A bounce stick laid from its tip (the called hit point) back along the line
// of fire; its painted sections, measured from the tip, are where the ball
// struck and bounced. Figures crossed by a painted section are hit.
struct BounceStick {
    Point tip;
    double bearing = 0;                           // the direction the ball travels
    double length = 30;                           // 20, 25, 30 cm for 6, 8, 12 pdr
    std::vector<std::pair<double, double>> hits;  // painted sections, cm from the tip
};

// Canister: a wedge from the gun's front centre out to its range, widening
// from the gun's frontage to `far_width`.
struct WedgeTemplate {
    Point apex;
    double bearing = 0;
    double near_width = 0;
    double far_width = 0;
    double length = 0;
};

Polygon outline(const WedgeTemplate& wedge);
Polygon outline(const LineTemplate& line);

bool covers(const CircleTemplate& circle, Point figure);
// Dead centre: the cross-hairs cross the figure's torso.
bool under_crosshairs(const CircleTemplate& circle, Point figure, double torso = kTorsoRadiusCm);
bool covers(const LineTemplate& line, Point figure, double torso = kTorsoRadiusCm);
bool covers(const BounceStick& stick, Point figure, double torso = kTorsoRadiusCm);
bool covers(const WedgeTemplate& wedge, Point figure);

// The indices of the figures a template covers, in order.
template <typename Template>
std::vector<std::size_t> figures_covered(const Template& shape, const std::vector<Point>& figures) {
    std::vector<std::size_t> hit;
    for (std::size_t i = 0; i < figures.size(); ++i)
        if (covers(shape, figures[i])) hit.push_back(i);
    return hit;
}

}  // namespace sandtable::geometry::tabletop
