#include "geometry/tabletop/polygon.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace sandtable::geometry::tabletop {

Box bounds(const Polygon& polygon) {
    Box box{{std::numeric_limits<double>::max(), std::numeric_limits<double>::max()},
            {std::numeric_limits<double>::lowest(), std::numeric_limits<double>::lowest()}};
    for (Point p : polygon) {
        box.min = {std::min(box.min.x, p.x), std::min(box.min.y, p.y)};
        box.max = {std::max(box.max.x, p.x), std::max(box.max.y, p.y)};
    }
    return box;
}

bool overlaps(const Box& a, const Box& b) {
    return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

double distance_to_segment(Point p, Point a, Point b) {
    const Point ab = b - a;
    const double span = dot(ab, ab);
    if (span == 0) return distance(p, a);
    const double t = std::clamp(dot(p - a, ab) / span, 0.0, 1.0);
    return distance(p, a + ab * t);
}

Where locate(const Polygon& polygon, Point p) {
    const std::size_t n = polygon.size();
    bool inside = false;
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
        const Point a = polygon[j];
        const Point b = polygon[i];
        if (distance_to_segment(p, a, b) <= kEpsilon) return Where::Boundary;
        // Even-odd rule on a ray to the east.
        if ((a.y > p.y) != (b.y > p.y)) {
            const double x_at = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if (p.x < x_at) inside = !inside;
        }
    }
    return inside ? Where::Inside : Where::Outside;
}

namespace {

int orientation(Point a, Point b, Point c) {
    const double turn = cross(b - a, c - a);
    if (std::abs(turn) <= kEpsilon) return 0;
    return turn > 0 ? 1 : -1;
}

bool on_segment(Point p, Point a, Point b) { return distance_to_segment(p, a, b) <= kEpsilon; }

}  // namespace

bool segments_intersect(Point a1, Point a2, Point b1, Point b2) {
    const int o1 = orientation(a1, a2, b1);
    const int o2 = orientation(a1, a2, b2);
    const int o3 = orientation(b1, b2, a1);
    const int o4 = orientation(b1, b2, a2);
    if (o1 * o2 < 0 && o3 * o4 < 0) return true;  // a proper crossing
    // Otherwise they meet only where an end of one lies on the other.
    return on_segment(b1, a1, a2) || on_segment(b2, a1, a2) || on_segment(a1, b1, b2) || on_segment(a2, b1, b2);
}

double segment_distance(Point a1, Point a2, Point b1, Point b2) {
    if (segments_intersect(a1, a2, b1, b2)) return 0;
    return std::min({distance_to_segment(a1, b1, b2), distance_to_segment(a2, b1, b2), distance_to_segment(b1, a1, a2),
                     distance_to_segment(b2, a1, a2)});
}

double polygon_distance(const Polygon& a, const Polygon& b) {
    if (a.empty() || b.empty()) return std::numeric_limits<double>::infinity();
    if (contains(a, b.front()) || contains(b, a.front())) return 0;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0, j = a.size() - 1; i < a.size(); j = i++) {
        for (std::size_t k = 0, l = b.size() - 1; k < b.size(); l = k++) {
            best = std::min(best, segment_distance(a[j], a[i], b[l], b[k]));
            if (best == 0) return 0;
        }
    }
    return best;
}

double distance_to_polygon(const Polygon& polygon, Point p) {
    if (contains(polygon, p)) return 0;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++)
        best = std::min(best, distance_to_segment(p, polygon[j], polygon[i]));
    return best;
}

namespace {

// Where the segment a→b meets the edge c→d, as parameters along a→b: one
// for a crossing, the overlap's two ends when they run along each other.
void meeting_parameters(Point a, Point b, Point c, Point d, std::vector<double>& out) {
    const Point r = b - a;
    const Point s = d - c;
    const double denom = cross(r, s);
    const double rr = dot(r, r);
    if (rr == 0) return;
    if (std::abs(denom) <= kEpsilon * std::sqrt(rr * dot(s, s))) {
        if (std::abs(cross(c - a, r)) > kEpsilon * std::sqrt(rr)) return;  // parallel, apart
        for (Point end : {c, d}) {
            const double t = dot(end - a, r) / rr;
            if (t > 0 && t < 1) out.push_back(t);
        }
        return;
    }
    const double t = cross(c - a, s) / denom;
    const double u = cross(c - a, r) / denom;
    const double slack = kEpsilon / std::sqrt(rr);
    if (t > -slack && t < 1 + slack && u > -slack && u < 1 + slack) out.push_back(std::clamp(t, 0.0, 1.0));
}

}  // namespace

std::vector<std::pair<double, double>> inside_intervals(const Polygon& polygon, Point a, Point b) {
    std::vector<double> cuts{0.0, 1.0};
    for (std::size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++)
        meeting_parameters(a, b, polygon[j], polygon[i], cuts);
    std::sort(cuts.begin(), cuts.end());
    const double min_span = kEpsilon / std::max(distance(a, b), kEpsilon);
    std::vector<std::pair<double, double>> inside;
    for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
        const double t0 = cuts[k];
        const double t1 = cuts[k + 1];
        if (t1 - t0 <= min_span) continue;
        // Between two meetings the segment is wholly on one side: its
        // midpoint tells which. On an edge (running along it) is not inside.
        if (locate(polygon, a + (b - a) * ((t0 + t1) / 2)) != Where::Inside) continue;
        if (!inside.empty() && t0 - inside.back().second <= min_span)
            inside.back().second = t1;
        else
            inside.emplace_back(t0, t1);
    }
    return inside;
}

Polygon convex_hull(std::vector<Point> points) {
    std::sort(points.begin(), points.end(), [](Point a, Point b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    points.erase(std::unique(points.begin(), points.end()), points.end());
    if (points.size() < 3) return points;
    // Andrew's monotone chain.
    Polygon hull(2 * points.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        while (k >= 2 && cross(hull[k - 1] - hull[k - 2], points[i] - hull[k - 2]) <= kEpsilon) --k;
        hull[k++] = points[i];
    }
    for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {
        while (k >= lower && cross(hull[k - 1] - hull[k - 2], points[i] - hull[k - 2]) <= kEpsilon) --k;
        hull[k++] = points[i];
    }
    hull.resize(k - 1);
    return hull;
}

double area(const Polygon& polygon) {
    double twice = 0;
    for (std::size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) twice += cross(polygon[j], polygon[i]);
    return std::abs(twice) / 2;
}

Point centroid(const Polygon& polygon) {
    double twice = 0;
    Point sum{};
    for (std::size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
        const double c = cross(polygon[j], polygon[i]);
        twice += c;
        sum = sum + (polygon[j] + polygon[i]) * c;
    }
    if (std::abs(twice) <= kEpsilon) {
        Point mean{};
        for (Point p : polygon) mean = mean + p;
        return polygon.empty() ? mean : mean * (1.0 / static_cast<double>(polygon.size()));
    }
    return sum * (1.0 / (3 * twice));
}

double distance_to_polyline(const Polyline& line, Point p) {
    if (line.points.size() == 1) return distance(p, line.points.front());
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 1; i < line.points.size(); ++i)
        best = std::min(best, distance_to_segment(p, line.points[i - 1], line.points[i]));
    return best;
}

bool crosses(const Polyline& line, Point a, Point b) {
    for (std::size_t i = 1; i < line.points.size(); ++i)
        if (segments_intersect(a, b, line.points[i - 1], line.points[i])) return true;
    return false;
}

namespace {
using Span = std::pair<double, double>;

// t in [lo, hi] where k0 + k1 t lies in [low, high]: a linear constraint on the segment's parameter.
Span linear_span(double k0, double k1, double low, double high, Span within) {
    if (std::abs(k1) < 1e-15) return k0 >= low && k0 <= high ? within : Span{1, 0};
    double t0 = (low - k0) / k1, t1 = (high - k0) / k1;
    if (t0 > t1) std::swap(t0, t1);
    return {std::max(within.first, t0), std::min(within.second, t1)};
}

// t where a + t (b - a) lies within `radius` of `centre`.
Span circle_span(Point a, Point b, Point centre, double radius) {
    const Point d = b - a, m = a - centre;
    const double qa = dot(d, d), qb = 2 * dot(d, m), qc = dot(m, m) - radius * radius;
    const double disc = qb * qb - 4 * qa * qc;
    if (qa < 1e-15 || disc < 0) return qc <= 0 ? Span{0, 1} : Span{1, 0};
    const double root = std::sqrt(disc);
    return {std::max(0.0, (-qb - root) / (2 * qa)), std::min(1.0, (-qb + root) / (2 * qa))};
}

// The parameter interval of a→b within `radius` of the segment p→q (a capsule: convex, so one
// interval, the hull of its parts: the band along p→q and the discs at its ends).
std::optional<Span> within_capsule(Point a, Point b, Point p, Point q, double radius) {
    std::vector<Span> parts{circle_span(a, b, p, radius), circle_span(a, b, q, radius)};
    const double length = distance(p, q);
    if (length > 1e-12) {
        const Point u = (q - p) * (1 / length), n{-u.y, u.x}, d = b - a;
        const Span band = linear_span(dot(a - p, u), dot(d, u), 0, length, {0, 1});
        parts.push_back(linear_span(dot(a - p, n), dot(d, n), -radius, radius, band));
    }
    Span hull{2, -1};
    for (const auto& [t0, t1] : parts)
        if (t0 <= t1) hull = {std::min(hull.first, t0), std::max(hull.second, t1)};
    if (hull.first > hull.second) return std::nullopt;
    return hull;
}

// The part [t0, t1] of a→b on the side of `end` that `inner` lies on, across
// the line through `end` square to inner→end: a line's ends are cut square.
Span clip_square(Point a, Point b, Point inner, Point end, Span span) {
    const Point along = end - inner;
    const double at_a = dot(a - end, along), at_b = dot(b - end, along);  // <= 0: on the inner side
    if (at_a <= 0 && at_b <= 0) return span;
    if (at_a > 0 && at_b > 0) return {1, 0};
    const double cut = at_a / (at_a - at_b);  // strictly between 0 and 1 here
    if (at_a <= 0) return {span.first, std::min(span.second, cut)};
    return {std::max(span.first, cut), span.second};
}

}  // namespace

double length_within(const Polyline& line, Point a, Point b) {
    std::vector<Span> spans;
    const double r = line.width / 2;
    const std::size_t n = line.points.size();
    if (n == 1) {
        if (auto s = within_capsule(a, b, line.points.front(), line.points.front(), r)) spans.push_back(*s);
    }
    for (std::size_t i = 1; i < n; ++i) {
        auto s = within_capsule(a, b, line.points[i - 1], line.points[i], r);
        if (!s) continue;
        if (i == 1) *s = clip_square(a, b, line.points[1], line.points[0], *s);
        if (i == n - 1) *s = clip_square(a, b, line.points[n - 2], line.points[n - 1], *s);
        spans.push_back(*s);
    }
    std::sort(spans.begin(), spans.end());
    double total = 0, covered_to = 0;
    for (auto [t0, t1] : spans) {
        t0 = std::max(t0, covered_to);
        if (t1 > t0) total += t1 - t0;
        covered_to = std::max(covered_to, t1);
    }
    return total * distance(a, b);
}

double segment_polyline_distance(const Polyline& line, Point a, Point b) {
    if (line.points.size() == 1) return distance_to_segment(line.points.front(), a, b);
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 1; i < line.points.size(); ++i)
        best = std::min(best, segment_distance(a, b, line.points[i - 1], line.points[i]));
    return best;
}

}  // namespace sandtable::geometry::tabletop
