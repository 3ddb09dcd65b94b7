#include "core/map_view.h"

#include <algorithm>
#include <cmath>

namespace sandtable::studio {

using geometry::Hex;

namespace {
constexpr double kPi = 3.14159265358979323846;

// Corner angles in degrees, y downwards. Flat top: corners at 0°, 60°, …;
// pointy top: at 30°, 90°, …
double corner_angle(geometry::HexTop top, int i) { return (top == geometry::HexTop::Flat ? 0.0 : 30.0) + 60.0 * i; }

// Axial direction d of kDirections points towards the side between corners
// (k, k+1); found once by comparing angles so both layouts work.
int side_start_corner(const geometry::HexGrid& grid, int direction) {
    const Hex origin = grid.from_offset({2, 2});
    const auto a = grid.centre(origin), b = grid.centre(geometry::neighbour(origin, direction));
    double angle = std::atan2(b.y - a.y, b.x - a.x) * 180.0 / kPi;
    if (angle < 0) angle += 360.0;
    // The side's midpoint lies half-way between its two corners.
    for (int k = 0; k < 6; ++k) {
        double mid = corner_angle(grid.layout().top, k) + 30.0;
        double diff = std::fabs(std::fmod(angle - mid + 540.0, 360.0) - 180.0);
        if (diff < 1.0) return k;
    }
    return 0;
}
}  // namespace

MapView::Bounds MapView::map_bounds() const {
    if (on_tabletop()) return {0, 0, table_width_, table_depth_};
    if (!grid_ || grid_->size() == 0) return {0, 0, 1, 1};
    Bounds b{1e9, 1e9, -1e9, -1e9};
    for (int i = 0; i < static_cast<int>(grid_->size()); ++i) {
        const auto c = grid_->centre(grid_->hex_at(i));
        b.left = std::min(b.left, c.x - 1), b.right = std::max(b.right, c.x + 1);
        b.top = std::min(b.top, c.y - 1), b.bottom = std::max(b.bottom, c.y + 1);
    }
    return b;
}

void MapView::fit(double width, double height, double margin) {
    const Bounds b = map_bounds();
    const double w = b.right - b.left, h = b.bottom - b.top;
    scale_ = std::max(on_tabletop() ? 0.2 : 1.0, std::min((width - 2 * margin) / w, (height - 2 * margin) / h));
    offset_ = {(width - w * scale_) / 2 - b.left * scale_, (height - h * scale_) / 2 - b.top * scale_};
}

void MapView::zoom(double factor, Point pixel) {
    const Point map = to_map(pixel);
    // A hex is a few pixels at the least; a table is seen whole up to 5 m wide,
    // and a centimetre up to 100 pixels (a figure's base edge by edge).
    scale_ = on_tabletop() ? std::clamp(scale_ * factor, 0.2, 100.0) : std::clamp(scale_ * factor, 2.0, 400.0);
    offset_ = {pixel.x - map.x * scale_, pixel.y - map.y * scale_};
}

void MapView::pan(double dx, double dy) {
    offset_.x += dx;
    offset_.y += dy;
}

Point MapView::centre(Hex h) const {
    if (!grid_) return to_pixel({0, 0});  // a table has no hexes
    const auto c = grid_->centre(h);
    return to_pixel({c.x, c.y});
}

std::array<Point, 6> MapView::corners(Hex h) const {
    std::array<Point, 6> out{};
    if (!grid_) return out;  // a table has no hexes
    const auto c = grid_->centre(h);
    for (int i = 0; i < 6; ++i) {
        const double a = corner_angle(grid_->layout().top, i) * kPi / 180.0;
        out[static_cast<std::size_t>(i)] = to_pixel({c.x + std::cos(a), c.y + std::sin(a)});
    }
    return out;
}

std::array<Point, 2> MapView::side(Hex h, int direction) const {
    const auto c = corners(h);
    const int k = side_start_corner(*grid_, direction);
    return {c[static_cast<std::size_t>(k)], c[static_cast<std::size_t>((k + 1) % 6)]};
}

std::optional<MapView::SideHit> MapView::side_at(Point pixel) const {
    const auto hex = hex_at(pixel);
    if (!hex) return std::nullopt;
    std::optional<SideHit> best;
    double best_d = 1e18;
    const Point c = centre(*hex);
    for (int d = 0; d < 6; ++d) {
        if (!grid_->contains(geometry::neighbour(*hex, d))) continue;
        const Point n = centre(geometry::neighbour(*hex, d));
        const Point mid{(c.x + n.x) / 2, (c.y + n.y) / 2};
        const double dist = (mid.x - pixel.x) * (mid.x - pixel.x) + (mid.y - pixel.y) * (mid.y - pixel.y);
        if (dist < best_d) best_d = dist, best = SideHit{*hex, d};
    }
    if (best_d > (scale_ / 3) * (scale_ / 3) * 4) return std::nullopt;  // beyond ~2/3 of a hex radius
    return best;
}

// The hex whose centre is nearest the point is the hex containing it.
std::optional<Hex> MapView::hex_at(Point pixel) const {
    if (!grid_) return std::nullopt;
    const Point m = to_map(pixel);
    std::optional<Hex> best;
    double best_d = 1e18;
    for (int i = 0; i < static_cast<int>(grid_->size()); ++i) {
        const Hex h = grid_->hex_at(i);
        const auto c = grid_->centre(h);
        const double d = (c.x - m.x) * (c.x - m.x) + (c.y - m.y) * (c.y - m.y);
        if (d < best_d) best_d = d, best = h;
    }
    if (best_d > 1.0) return std::nullopt;  // beyond the outer radius: off the map
    return best;
}

}  // namespace sandtable::studio
