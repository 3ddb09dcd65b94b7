// The terrain layer painted in software: each hex's fill and the grid lines
// between hexes, span by span into one image, which the painter then draws
// with a single blit. Cairo took one path per hex (a few microseconds each);
// a span fill is a handful of stores per pixel row. Pixels are 32-bit words
// in cairo's own layout (0xAARRGGBB, premultiplied), so on GTK the image is
// handed to cairo as it is, without a conversion.
#pragma once

#include "core/map_view.h"

#include <wx/colour.h>
#include <wx/gdicmn.h>
#include <wx/image.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace sandtable::studio {

struct TerrainPalette {
    std::vector<wxColour> terrain_colours;  // by terrain index
    std::optional<wxColour> grid;           // the grid lines' colour, none without a grid
};

// A part of the terrain image and the pixels of the view it goes on: row
// after row of area.width pixels, 0xAARRGGBB with alpha either 0xFF (a hex
// or a grid line) or the whole pixel 0 (nothing). An opaque piece has no
// pixel of nothing (its alpha may be left out when drawing).
struct TerrainPiece {
    wxRect area;
    std::vector<std::uint32_t> pixels;
    bool opaque = false;

    wxImage to_image() const;  // for graphics contexts that are not cairo
};

// The map's hexes inside `area` (pixels of `view`): each hex in its
// terrain's colour (`terrain` by hex index), a one-pixel grid line wherever
// a pixel's right or lower neighbour is in another hex or off the map,
// transparent elsewhere. In pieces that together cover `area`: the map's
// interior without alpha (cheaper to draw), its ragged frame with alpha.
// `bands`: how many threads paint the hexes; 0 lets the machine's cores and
// the map's size decide. Every choice paints the same pixels.
std::vector<TerrainPiece> rasterize_terrain(const MapView& view, const geometry::HexGrid& grid,
                                            const std::vector<int>& terrain, const TerrainPalette& palette,
                                            const wxRect& area, int bands = 0);

}  // namespace sandtable::studio
