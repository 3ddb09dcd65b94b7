// A scan of a printed map under the hex grid, so a designer can paint the
// terrain over it. Calibration: two anchor hexes far apart (the map's first
// and last) and the image pixels where the scan shows their centres; the
// image is placed so those pixels sit on the grid's centres (scaled apart in
// x and y, as scanners stretch). Kept in a file beside the scenario
// (`<scenario>.yaml.background`, YAML): it is the studio's, the runtime never reads it.
// Window-free, so tests drive it without a display.
#pragma once

#include "core/map_view.h"
#include "geometry/hex_grid.h"

#include <array>
#include <string>

namespace sandtable::studio {

struct Background {
    std::string image;  // as written: relative to the scenario's folder, or absolute
    double opacity = 0.6;
    bool visible = true;
    std::array<geometry::Hex, 2> anchors{};
    std::array<Point, 2> image_points{};  // image pixels of the anchors' centres

    // The image placed on the map: map units of image pixel (0, 0), and map
    // units per image pixel in x and y.
    struct Placement {
        Point origin;
        double scale_x = 1, scale_y = 1;
        Point to_map(Point image_px) const {
            return {origin.x + image_px.x * scale_x, origin.y + image_px.y * scale_y};
        }
        Point to_image(Point map) const { return {(map.x - origin.x) / scale_x, (map.y - origin.y) / scale_y}; }
    };
    Placement placement(const geometry::HexGrid& grid) const;
};

// A background that first covers the whole map: the image stretched over the
// map's bounds, anchored at its first and last hexes.
Background fitted_background(const geometry::HexGrid& grid, const std::string& image, int width, int height);

// Moves anchor `i`'s image point to the image pixel now under `map` (where a
// handle was dropped): after it the scan's spot there sits on the anchor's centre.
// Refused (std::invalid_argument) when the two image points would coincide
// in x or y, which leaves no scale.
void move_anchor(Background& background, const geometry::HexGrid& grid, int i, Point map);

std::string background_path(const std::string& scenario_file);
std::string background_to_yaml(const Background& background, const geometry::HexGrid& grid);
// Throws load::LoadError (file:line:col) on a malformed file.
Background background_from_yaml(const std::string& text, const std::string& file, const geometry::HexGrid& grid);

}  // namespace sandtable::studio
