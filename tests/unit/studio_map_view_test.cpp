// The studio's window-free map view: fitting, zooming about a point, and
// hit testing a pixel back to its hex.
#include "core/map_view.h"

#include <catch2/catch.hpp>

using sandtable::geometry::HexGrid;
using sandtable::geometry::HexLayout;
using sandtable::geometry::HexTop;
using sandtable::studio::MapView;
using sandtable::studio::Point;

TEST_CASE("the centre of every hex hits that hex at any zoom and pan", "[studio][view]") {
    for (HexTop top : {HexTop::Flat, HexTop::Pointy}) {
        HexLayout layout;
        layout.top = top;
        const HexGrid grid(layout, 32, 22);
        MapView view(&grid);
        view.fit(1026, 1199);
        view.zoom(2.5, {300, 400});
        view.pan(-120, 35);
        for (int i = 0; i < static_cast<int>(grid.size()); ++i) {
            const auto h = grid.hex_at(i);
            const auto hit = view.hex_at(view.centre(h));
            REQUIRE(hit);
            CHECK(*hit == h);
            // A point just inside a corner still belongs to the hex.
            const Point corner = view.corners(h)[2], c = view.centre(h);
            const auto near_corner = view.hex_at({c.x + 0.9 * (corner.x - c.x), c.y + 0.9 * (corner.y - c.y)});
            REQUIRE(near_corner);
            CHECK(*near_corner == h);
        }
    }
}

TEST_CASE("fitting puts the whole map inside the window and zoom keeps the point under the mouse", "[studio][view]") {
    HexLayout layout;
    layout.label_digits = 3;  // 100 columns need three digits
    const HexGrid grid(layout, 100, 100);
    MapView view(&grid);
    view.fit(1026, 1199);
    const auto b = view.map_bounds();
    const Point top_left = view.to_pixel({b.left, b.top}), bottom_right = view.to_pixel({b.right, b.bottom});
    CHECK(top_left.x >= 0);
    CHECK(top_left.y >= 0);
    CHECK(bottom_right.x <= 1026.001);
    CHECK(bottom_right.y <= 1199.001);
    const Point mouse{500, 600};
    const Point before = view.to_map(mouse);
    view.zoom(1.2, mouse);
    const Point after = view.to_map(mouse);
    CHECK(after.x == Approx(before.x));
    CHECK(after.y == Approx(before.y));
    CHECK(!view.hex_at({-500, -500}));  // off the map
}

TEST_CASE("a hexside is drawn between the two corners the neighbours share", "[studio][view]") {
    const HexGrid grid(HexLayout{}, 10, 10);
    MapView view(&grid);
    view.fit(600, 600);
    const auto h = grid.from_offset({4, 4});
    for (int d = 0; d < 6; ++d) {
        const auto side = view.side(h, d);
        const auto other = view.side(sandtable::geometry::neighbour(h, d), (d + 3) % 6);
        // The same edge seen from both hexes: the same two points, either order.
        const bool same = (std::abs(side[0].x - other[1].x) < 1e-6 && std::abs(side[0].y - other[1].y) < 1e-6) ||
                          (std::abs(side[0].x - other[0].x) < 1e-6 && std::abs(side[0].y - other[0].y) < 1e-6);
        CHECK(same);
    }
}

TEST_CASE("a click near the middle of a hexside finds that hexside", "[studio][view]") {
    const HexGrid grid(HexLayout{}, 10, 10);
    MapView view(&grid);
    view.fit(600, 600);
    const auto h = grid.from_offset({4, 4});
    for (int d = 0; d < 6; ++d) {
        const auto side = view.side(h, d);
        const Point mid{(side[0].x + side[1].x) / 2, (side[0].y + side[1].y) / 2};
        const Point c = view.centre(h);
        const auto hit = view.side_at({mid.x + 0.1 * (c.x - mid.x), mid.y + 0.1 * (c.y - mid.y)});  // just inside h
        REQUIRE(hit);
        CHECK(hit->hex == h);
        CHECK(hit->direction == d);
    }
    CHECK(!view.side_at(view.centre(h)));  // the middle of a hex is no hexside
}
