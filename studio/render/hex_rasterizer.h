// The terrain layer painted in software: each hex's fill and the grid lines
// between hexes, span by span into one image, which the painter then draws
// with a single blit. Cairo took one path per hex (a few microseconds each);
// a span fill is a handful of byte stores per pixel row.
#pragma once

#include "core/map_view.h"

#include <wx/colour.h>
#include <wx/gdicmn.h>
#include <wx/image.h>

#include <optional>
#include <vector>

namespace sandtable::studio {

struct TerrainPalette {
    std::vector<wxColour> terrain_colours;  // by terrain index
    std::optional<wxColour> grid;           // the grid lines' colour, none without a grid
};

// A part of the terrain image and the pixels of the view it goes on.
struct TerrainPiece {
    wxRect area;
    wxImage image;
};

// The map's hexes inside `area` (pixels of `view`): each hex in its
// terrain's colour (`terrain` by hex index), a one-pixel grid line wherever
// a pixel's right or lower neighbour is in another hex or off the map,
// transparent elsewhere. In pieces that together cover `area`: the map's
// interior without alpha (cheaper to draw), its ragged frame with alpha.
// `bands`: how many threads paint the hexes; 0 lets the machine's cores and
// the map's size decide. Every choice paints the same pixels.
std::vector<TerrainPiece> rasterize_terrain(const MapView& view, const geometry::HexGrid& grid, const std::vector<int>& terrain,
                                            const TerrainPalette& palette, const wxRect& area, int bands = 0);

}  // namespace sandtable::studio
