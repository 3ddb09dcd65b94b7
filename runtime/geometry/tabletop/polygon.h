// Polygons and polylines on the tabletop, and the exact queries the rules
// measure with a ruler: distances between bases, whether a point lies in a
// wood, which stretches of a line of sight run inside it.
#pragma once

#include "geometry/tabletop/point.h"

#include <utility>
#include <vector>

namespace sandtable::geometry::tabletop {

// A simple polygon, its vertices in order (either winding); not closed
// explicitly: the last vertex joins the first.
using Polygon = std::vector<Point>;

// An axis-aligned box, for the spatial index and quick rejections.
struct Box {
    Point min;
    Point max;
};

Box bounds(const Polygon& polygon);
bool overlaps(const Box& a, const Box& b);

enum class Where { Outside, Boundary, Inside };

// Where a point lies; within kEpsilon of an edge is on the boundary.
Where locate(const Polygon& polygon, Point p);

// Inside or on the boundary.
inline bool contains(const Polygon& polygon, Point p) { return locate(polygon, p) != Where::Outside; }

double distance_to_segment(Point p, Point a, Point b);
double segment_distance(Point a1, Point a2, Point b1, Point b2);
bool segments_intersect(Point a1, Point a2, Point b1, Point b2);

// The shortest distance between two polygons' areas: 0 when they touch or
// overlap (one inside the other counts).
double polygon_distance(const Polygon& a, const Polygon& b);

double distance_to_polygon(const Polygon& polygon, Point p);  // 0 inside

// The parameter intervals [t0, t1] of the segment a→b (t in [0, 1]) that run
// through the polygon's interior, in order. A segment that only touches the
// polygon at a vertex or runs along an edge is not inside anywhere: it grazes.
std::vector<std::pair<double, double>> inside_intervals(const Polygon& polygon, Point a, Point b);

// The convex hull, its vertices in order around it; points on a hull edge
// are dropped. Points all on one line give a degenerate hull (no area).
Polygon convex_hull(std::vector<Point> points);

double area(const Polygon& polygon);
Point centroid(const Polygon& polygon);

// A line feature: river, creek, road, wall, fence. It covers every point
// within width / 2 of its centre line.
struct Polyline {
    std::vector<Point> points;
    double width = 0;
};

double distance_to_polyline(const Polyline& line, Point p);

// Does the segment a→b cross the line's centre line (touching counts)?
bool crosses(const Polyline& line, Point a, Point b);

// The closest approach of the segment a→b to the line's centre line.
double segment_polyline_distance(const Polyline& line, Point a, Point b);

// How much of the segment a→b runs within the line's width (its length, in
// the segment's units): a road's share of a march.
double length_within(const Polyline& line, Point a, Point b);

}  // namespace sandtable::geometry::tabletop
