// The terrain painted by several threads is the terrain painted by one:
// hexes tile the image without sharing a pixel, so bands cannot disturb
// each other. Needs wxWidgets' image code, not a display.
#define CATCH_CONFIG_MAIN
#include "render/hex_rasterizer.h"

#include <catch2/catch.hpp>

using namespace sandtable;

namespace {
bool same_pixels(const studio::TerrainPiece& a, const studio::TerrainPiece& b) {
    return a.area == b.area && a.opaque == b.opaque && a.pixels == b.pixels;
}
}  // namespace

TEST_CASE("terrain painted in 1, 2, 3 or 4 bands is the same, pixel for pixel", "[studio][render]") {
    for (const auto top : {geometry::HexTop::Flat, geometry::HexTop::Pointy}) {
        geometry::HexLayout layout;
        layout.top = top;
        layout.label_digits = 3;
        const geometry::HexGrid grid(layout, 100, 100);
        std::vector<int> terrain(grid.size());
        for (std::size_t i = 0; i < terrain.size(); ++i) terrain[i] = static_cast<int>((i * 7919) % 5);
        studio::MapView view(&grid);
        view.fit(1026, 1199);
        studio::TerrainPalette palette;
        palette.terrain_colours = {wxColour(220, 230, 180), wxColour(180, 150, 90), wxColour(60, 120, 50),
                                   wxColour(120, 150, 140), wxColour(230, 210, 150)};
        palette.grid = wxColour(120, 120, 110);
        const wxRect area(0, 0, 1026, 1199);
        const auto one = studio::rasterize_terrain(view, grid, terrain, palette, area, 1);
        for (int bands : {2, 3, 4}) {
            const auto many = studio::rasterize_terrain(view, grid, terrain, palette, area, bands);
            REQUIRE(many.size() == one.size());
            for (std::size_t p = 0; p < one.size(); ++p) CHECK(same_pixels(one[p], many[p]));
        }
    }
}

TEST_CASE("a terrain piece turned into a wxImage keeps its colours and where nothing is painted", "[studio][render]") {
    studio::TerrainPiece piece{wxRect(0, 0, 3, 1), {0xFF102030u, 0u, 0xFFA0B0C0u}, false};
    const wxImage image = piece.to_image();
    REQUIRE(image.HasAlpha());
    CHECK(image.GetRed(0, 0) == 0x10);
    CHECK(image.GetGreen(0, 0) == 0x20);
    CHECK(image.GetBlue(0, 0) == 0x30);
    CHECK(image.GetAlpha(0, 0) == 255);
    CHECK(image.GetAlpha(1, 0) == 0);
    CHECK(image.GetBlue(2, 0) == 0xC0);
    piece.opaque = true;
    CHECK(!piece.to_image().HasAlpha());
}
