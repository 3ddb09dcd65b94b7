// The pixel spans the studio paints each hex's terrain with: a pixel belongs
// to a hex when its centre does, and the hexes of a map tile the pixels with
// no seam and no overlap, at any zoom, pan and layout.
#include "render/hex_spans.h"

#include <catch2/catch.hpp>

#include <vector>

using sandtable::geometry::HexGrid;
using sandtable::geometry::HexLayout;
using sandtable::geometry::HexTop;
using sandtable::geometry::OffsetParity;
using sandtable::studio::convex_polygon_spans;
using sandtable::studio::MapView;
using sandtable::studio::PixelSpan;
using sandtable::studio::Point;

TEST_CASE("a pixel is inside when its centre is, left and top edges inclusive", "[studio][render]") {
    std::vector<PixelSpan> spans;
    // Exactly on pixel edges: rows 0 and 1, columns 0..3.
    convex_polygon_spans(std::array<Point, 4>{{{0, 0}, {4, 0}, {4, 2}, {0, 2}}}, spans);
    REQUIRE(spans.size() == 2);
    CHECK((spans[0].y == 0 && spans[0].x_begin == 0 && spans[0].x_end == 4));
    CHECK((spans[1].y == 1 && spans[1].x_begin == 0 && spans[1].x_end == 4));
    // Pixel centres at .5: only row 1 and columns 1..2 have theirs inside.
    convex_polygon_spans(std::array<Point, 4>{{{0.6, 0.6}, {3.4, 0.6}, {3.4, 2.4}, {0.6, 2.4}}}, spans);
    REQUIRE(spans.size() == 1);
    CHECK((spans[0].y == 1 && spans[0].x_begin == 1 && spans[0].x_end == 3));
    // An edge through pixel centres: the left one counts, the right one not.
    convex_polygon_spans(std::array<Point, 4>{{{0.5, 0}, {2.5, 0}, {2.5, 1}, {0.5, 1}}}, spans);
    REQUIRE(spans.size() == 1);
    CHECK((spans[0].x_begin == 0 && spans[0].x_end == 2));
}

TEST_CASE("a row's grid line takes its last pixel and the pixels with none of the hex below", "[studio][render]") {
    using sandtable::studio::split_for_outline;
    // The row below is one pixel narrower on each side: a line pixel at each end.
    auto parts = split_for_outline({5, 10, 20}, {6, 11, 19});
    CHECK((parts.line_left.x_begin == 10 && parts.line_left.x_end == 11));
    CHECK((parts.inside.x_begin == 11 && parts.inside.x_end == 19));
    CHECK((parts.line_right.x_begin == 19 && parts.line_right.x_end == 20));
    // The row below is wider: only the last pixel is on the line.
    parts = split_for_outline({5, 10, 20}, {6, 9, 21});
    CHECK(parts.line_left.empty());
    CHECK((parts.inside.x_begin == 10 && parts.inside.x_end == 19));
    CHECK((parts.line_right.x_begin == 19 && parts.line_right.x_end == 20));
    // The hex's last row: all of it is line.
    parts = split_for_outline({5, 10, 20}, {});
    CHECK((parts.line_left.x_begin == 10 && parts.line_left.x_end == 20));
    CHECK((parts.inside.empty() && parts.line_right.empty()));
}

TEST_CASE("a hexagon's spans are one row after another, widest at its middle", "[studio][render]") {
    HexLayout layout;
    const HexGrid grid(layout, 3, 3);
    MapView view(&grid);
    view.fit(200, 200);
    const auto h = grid.from_offset({1, 1});
    std::vector<PixelSpan> spans;
    convex_polygon_spans(view.corners(h), spans);
    REQUIRE(spans.size() > 2);
    const Point c = view.centre(h);
    for (std::size_t i = 1; i < spans.size(); ++i) CHECK(spans[i].y == spans[i - 1].y + 1);
    // Flat top: the row through the centre spans the full width, 2 radii.
    for (const auto& span : spans)
        if (span.y == static_cast<int>(c.y)) CHECK(span.x_end - span.x_begin == Approx(2 * view.scale()).margin(1));
}

namespace {
// How many pixels of the map's covered interior are painted other than once.
int pixels_not_painted_once(HexTop top, OffsetParity parity, double zoom) {
    HexLayout layout;
    layout.top = top;
    layout.parity = parity;
    const HexGrid grid(layout, 12, 10);
    MapView view(&grid);
    view.fit(400, 400);
    view.zoom(zoom, {200, 200});
    view.pan(zoom == 1.0 ? 0.0 : 0.25, zoom == 1.0 ? 0.0 : -0.5);  // integer and fractional offsets
    const auto inside = sandtable::studio::covered_interior(view);
    const int x0 = inside.left, x1 = inside.right, y0 = inside.top, y1 = inside.bottom;
    REQUIRE((x0 < x1 && y0 < y1));
    std::vector<int> covered(static_cast<std::size_t>((x1 - x0) * (y1 - y0)), 0);
    std::vector<PixelSpan> spans;
    for (int i = 0; i < static_cast<int>(grid.size()); ++i) {
        convex_polygon_spans(view.corners(grid.hex_at(i)), spans);
        for (const auto& span : spans)
            for (int x = std::max(span.x_begin, x0); x < std::min(span.x_end, x1); ++x)
                if (span.y >= y0 && span.y < y1)
                    ++covered[static_cast<std::size_t>((span.y - y0) * (x1 - x0) + (x - x0))];
    }
    int wrong = 0;
    for (int count : covered) wrong += count != 1;
    return wrong;
}
}  // namespace

TEST_CASE("the hexes of a map cover every pixel of its interior exactly once", "[studio][render]") {
    for (HexTop top : {HexTop::Flat, HexTop::Pointy})
        for (OffsetParity parity : {OffsetParity::Odd, OffsetParity::Even})
            for (double zoom : {1.0, 1.37, 4.0}) {
                INFO("top " << (top == HexTop::Flat ? "flat" : "pointy") << ", parity "
                            << (parity == OffsetParity::Odd ? "odd" : "even") << ", zoom " << zoom);
                CHECK(pixels_not_painted_once(top, parity, zoom) == 0);
            }
}
