// Which pixels a hexagon covers, row by row: the maths behind painting the
// terrain into a pixel buffer. Window-free (no wxWidgets), so tests check it
// without a display.
//
// A pixel belongs to a polygon when its centre lies inside it, the left and
// top edges counting as inside and the right and bottom ones not. Two hexes
// that share an edge then share no pixel and leave none between them: the
// fill tiles without seams and paints no pixel twice.
#pragma once

#include "core/map_view.h"

#include <algorithm>
#include <array>
#include <limits>
#include <vector>

namespace sandtable::studio {

// The pixels x_begin..x_end-1 of row y; empty when x_begin >= x_end.
struct PixelSpan {
    int y = 0;
    int x_begin = 0;
    int x_end = 0;
    bool empty() const { return x_begin >= x_end; }
    bool contains(int x) const { return x >= x_begin && x < x_end; }
};

// floor() without a call into libm: these run a few times per pixel row.
inline int floor_to_int(double v) {
    const int truncated = static_cast<int>(v);
    return truncated > v ? truncated - 1 : truncated;
}

// Corners are snapped to 1/1024 px: neighbours compute their shared corner
// from different centres, and the last bits of the two results can differ.
// Snapped, they are the same number, so both hexes agree on every pixel.
inline Point snap_to_subpixel(Point p) {
    return {floor_to_int(p.x * 1024.0 + 0.5) / 1024.0, floor_to_int(p.y * 1024.0 + 0.5) / 1024.0};
}

// The first pixel whose centre lies at or right of (below) `edge`.
inline int first_pixel_from(double edge) { return -floor_to_int(0.5 - edge); }  // ceil(edge - 0.5)

// Widens each row's span in `rows` (the first at pixel row `first_row`) to
// take in the rows' crossings with the edge a-b. The edge counts from its
// upper end (inclusive) to its lower end (exclusive) and is always walked
// downwards, so the two hexes sharing it compute the very same crossings.
inline void add_edge(Point a, Point b, int first_row, std::vector<PixelSpan>& rows) {
    if (a.y > b.y) std::swap(a, b);
    if (a.y == b.y) return;
    const double slope = (b.x - a.x) / (b.y - a.y);
    for (int y = first_pixel_from(a.y), end = first_pixel_from(b.y); y < end; ++y) {
        const int x = first_pixel_from(a.x + (y + 0.5 - a.y) * slope);
        PixelSpan& row = rows[static_cast<std::size_t>(y - first_row)];
        row.x_begin = std::min(row.x_begin, x), row.x_end = std::max(row.x_end, x);
    }
}

// One span per pixel row from the polygon's top to its bottom (a row near a
// sharp tip may be empty), top first, into `out` (callers reuse one vector
// for every hex). The polygon must be convex: each row crosses its outline
// twice, and covers the pixels from the left crossing to the right one.
template <std::size_t N>
void convex_polygon_spans(const std::array<Point, N>& corners, std::vector<PixelSpan>& out) {
    std::array<Point, N> snapped{};
    double top = std::numeric_limits<double>::infinity(), bottom = -top;
    for (std::size_t i = 0; i < N; ++i) {
        snapped[i] = snap_to_subpixel(corners[i]);
        top = std::min(top, snapped[i].y), bottom = std::max(bottom, snapped[i].y);
    }
    const int first_row = first_pixel_from(top), end_row = first_pixel_from(bottom);
    out.clear();
    for (int y = first_row; y < end_row; ++y)
        out.push_back(PixelSpan{y, std::numeric_limits<int>::max(), std::numeric_limits<int>::min()});
    for (std::size_t i = 0; i < N; ++i) add_edge(snapped[i], snapped[(i + 1) % N], first_row, out);
}

// The parts of `row` outside `other` (zero, one or two pieces), each as a
// span of row's y. Where a hex's row sticks out past the row below it, those
// pixels lie on its bottom outline; past the row above, on its top outline.
template <typename Visit>
void for_each_part_outside(const PixelSpan& row, const PixelSpan& other, Visit&& visit) {
    if (row.empty()) return;
    if (other.empty() || other.x_end <= row.x_begin || other.x_begin >= row.x_end) {
        visit(row);
        return;
    }
    if (row.x_begin < other.x_begin) visit(PixelSpan{row.y, row.x_begin, other.x_begin});
    if (other.x_end < row.x_end) visit(PixelSpan{row.y, other.x_end, row.x_end});
}

// A rectangle of pixels, right and bottom exclusive.
struct PixelRect {
    int left = 0, top = 0, right = 0, bottom = 0;
    bool empty() const { return left >= right || top >= bottom; }
};

// Pixels every one of which lies in some hex: the map's bounds less two hex
// radii all round. A rectangular hex map is ragged only within 1 + sqrt(3)/2
// radii of its bounds (a row of pointy tops, or the half-hex step of
// alternate columns); inside that, hexes tile the plane.
inline PixelRect covered_interior(const MapView& view) {
    const auto b = view.map_bounds();
    const double margin = 2 * view.scale();
    const Point top_left = view.to_pixel({b.left, b.top}), bottom_right = view.to_pixel({b.right, b.bottom});
    return {floor_to_int(top_left.x + margin) + 1, floor_to_int(top_left.y + margin) + 1,
            floor_to_int(bottom_right.x - margin), floor_to_int(bottom_right.y - margin)};
}

// A hex's pixel row split for painting with a grid line along the hex's
// right and bottom outline: `line_left` and `line_right` are the pixels on
// it (the last pixel of the row, and those with no pixel of the hex in the
// row below), `inside` the rest. The three do not overlap.
struct OutlinedRow {
    PixelSpan line_left, inside, line_right;
};

inline OutlinedRow split_for_outline(const PixelSpan& row, const PixelSpan& below) {
    const int y = row.y;
    if (below.empty() || below.x_end <= row.x_begin || below.x_begin >= row.x_end) return {row, {y, 0, 0}, {y, 0, 0}};
    const int inside_begin = std::max(below.x_begin, row.x_begin);
    const int line_right_begin = std::max(std::min(below.x_end, row.x_end - 1), inside_begin);
    return {{y, row.x_begin, inside_begin}, {y, inside_begin, line_right_begin}, {y, line_right_begin, row.x_end}};
}

}  // namespace sandtable::studio
