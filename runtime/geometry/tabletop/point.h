// Points and bearings on a tabletop measured in centimetres (Cady's rules:
// 3 cm = 10 yards). The table's origin is its north-west corner; x grows to
// the east and y to the south, so the table reads like the screen, north up.
// Directions are compass bearings in degrees, clockwise from north, because
// that is how the rules write orders ("N 1/3, Col 4 - facing N").
#pragma once

#include <cmath>

namespace sandtable::geometry::tabletop {

// Lengths closer than this are equal: coordinates are centimetres, so this is
// far below anything a ruler can tell apart, yet above double rounding.
inline constexpr double kEpsilon = 1e-9;

struct Point {
    double x = 0;
    double y = 0;

    friend Point operator+(Point a, Point b) { return {a.x + b.x, a.y + b.y}; }
    friend Point operator-(Point a, Point b) { return {a.x - b.x, a.y - b.y}; }
    friend Point operator*(Point a, double k) { return {a.x * k, a.y * k}; }
    friend Point operator*(double k, Point a) { return {a.x * k, a.y * k}; }
    friend bool operator==(Point, Point) = default;
};

inline double dot(Point a, Point b) { return a.x * b.x + a.y * b.y; }
inline double cross(Point a, Point b) { return a.x * b.y - a.y * b.x; }
inline double length(Point a) { return std::hypot(a.x, a.y); }
inline double distance(Point a, Point b) { return length(b - a); }

// The unit vector pointing along a compass bearing.
Point heading(double bearing_degrees);

// The unit vector 90 degrees clockwise of a bearing: a formation's right.
Point right_of(double bearing_degrees);

// The compass bearing of a direction, in [0, 360); 0 for the zero vector.
double bearing_of(Point direction);

// A bearing folded into [0, 360).
double normalize_bearing(double degrees);

// The signed turn from one bearing to another, in (-180, 180]: positive
// clockwise (to the right).
double turn_between(double from_degrees, double to_degrees);

}  // namespace sandtable::geometry::tabletop
