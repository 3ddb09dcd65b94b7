// Where things are drawn on the map canvas: the transform between map
// coordinates (hex outer radius = 1, see geometry::HexGrid::centre) and
// pixels, zoom about a point, pan, fit to a window, and hit testing of a
// pixel to a hex. Window-free, so tests drive it without a display. On a
// tabletop (set_table) there is no grid: map units are centimetres, the
// table's north-west corner at (0, 0).
#pragma once

#include "geometry/hex_grid.h"

#include <array>
#include <optional>

namespace sandtable::studio {

struct Point {
    double x = 0;
    double y = 0;
};

class MapView {
public:
    explicit MapView(const geometry::HexGrid* grid = nullptr) : grid_(grid) {}
    void set_grid(const geometry::HexGrid* grid) {
        grid_ = grid;
        table_width_ = table_depth_ = 0;
    }
    // A tabletop `width` x `depth` cm instead of a grid: the bounds are the
    // table's, and no pixel is in a hex.
    void set_table(double width, double depth) {
        grid_ = nullptr;
        table_width_ = width;
        table_depth_ = depth;
    }
    bool on_tabletop() const { return table_width_ > 0 && table_depth_ > 0; }

    double scale() const { return scale_; }  // pixels per hex radius (on a table: per cm)
    Point offset() const { return offset_; }

    // The whole map inside a width x height window with a margin, centred.
    void fit(double width, double height, double margin = 12);
    // Zooms by `factor` keeping the map point under `pixel` where it is.
    void zoom(double factor, Point pixel);
    void pan(double dx, double dy);

    Point to_pixel(Point map) const { return {map.x * scale_ + offset_.x, map.y * scale_ + offset_.y}; }
    Point to_map(Point pixel) const { return {(pixel.x - offset_.x) / scale_, (pixel.y - offset_.y) / scale_}; }
    Point centre(geometry::Hex h) const;                  // in pixels
    std::array<Point, 6> corners(geometry::Hex h) const;  // in pixels, corner i between sides i-1 and i
    // The pixels of the two corners of the side from h in `direction`.
    std::array<Point, 2> side(geometry::Hex h, int direction) const;
    // The hex under a pixel, if it is on the map.
    std::optional<geometry::Hex> hex_at(Point pixel) const;
    // The hexside nearest a pixel (its hex and direction), when the pixel is
    // within a third of a hex of the side's midpoint and both hexes are on
    // the map: where a click draws a river or a road.
    struct SideHit {
        geometry::Hex hex;
        int direction;
    };
    std::optional<SideHit> side_at(Point pixel) const;
    // Bounds of the whole map in map units.
    struct Bounds {
        double left, top, right, bottom;
    };
    Bounds map_bounds() const;

private:
    const geometry::HexGrid* grid_;
    double table_width_ = 0, table_depth_ = 0;
    double scale_ = 20;
    Point offset_{20, 20};
};

}  // namespace sandtable::studio
