// The background scan's calibration without a display: the two anchor hexes'
// centres land on the image pixels the designer marked, the file round-trips,
// and a malformed file is reported with its place.
#include "core/background.h"
#include "load/diagnostics.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace sandtable;
using studio::Background;
using studio::Point;

namespace {
const geometry::HexGrid& grid() {
    static const geometry::HexGrid g(geometry::HexLayout{}, 30, 20);
    return g;
}

Point centre(geometry::Hex h) {
    const auto c = grid().centre(h);
    return {c.x, c.y};
}
}  // namespace

TEST_CASE("a fitted background maps its anchors' image pixels onto their hex centres", "[studio][background]") {
    const Background b = studio::fitted_background(grid(), "scan.png", 1500, 1100);
    const auto place = b.placement(grid());
    for (std::size_t k = 0; k < 2; ++k) {
        const Point m = place.to_map(b.image_points[k]), c = centre(b.anchors[k]);
        CHECK(m.x == Approx(c.x).margin(1e-9));
        CHECK(m.y == Approx(c.y).margin(1e-9));
    }
    // The image covers the map: its corners lie at or beyond the outer hexes.
    CHECK(place.to_map({0, 0}).x <= centre(grid().hex_at(0)).x);
    CHECK(place.to_map({1500, 1100}).y >= centre(grid().hex_at(static_cast<int>(grid().size()) - 1)).y);
}

TEST_CASE("dropping a handle on the scan's hex centre moves that spot under the anchor", "[studio][background]") {
    Background b = studio::fitted_background(grid(), "scan.png", 1500, 1100);
    const auto before = b.placement(grid());
    // The designer sees hex 0101's printed centre 40 px right and 25 px down
    // of where the grid puts it, and drops handle 0 there.
    const Point printed = before.to_map({b.image_points[0].x + 40, b.image_points[0].y + 25});
    studio::move_anchor(b, grid(), 0, printed);
    const auto after = b.placement(grid());
    const Point now = after.to_map(b.image_points[0]), anchor = centre(b.anchors[0]);
    CHECK(now.x == Approx(anchor.x));
    CHECK(now.y == Approx(anchor.y));
    // The other anchor still sits where it was marked.
    const Point other = after.to_map(b.image_points[1]), anchor1 = centre(b.anchors[1]);
    CHECK(other.x == Approx(anchor1.x));
    CHECK(other.y == Approx(anchor1.y));
    CHECK(after.scale_x != Approx(before.scale_x));
}

TEST_CASE("handles dropped in line leave no scale and are refused", "[studio][background]") {
    Background b = studio::fitted_background(grid(), "scan.png", 1500, 1100);
    const auto place = b.placement(grid());
    const Point on_top = place.to_map({b.image_points[1].x, b.image_points[0].y + 300});
    CHECK_THROWS_WITH(studio::move_anchor(b, grid(), 0, on_top), Catch::Contains("apart"));
}

TEST_CASE("a background file round-trips and bad ones name the place", "[studio][background]") {
    Background b = studio::fitted_background(grid(), "scans/fords.png", 1500, 1100);
    b.opacity = 0.35;
    b.visible = false;
    const std::string yaml = studio::background_to_yaml(b, grid());
    const Background back = studio::background_from_yaml(yaml, "f.background.yaml", grid());
    CHECK(back.image == "scans/fords.png");
    CHECK(back.opacity == Approx(0.35));
    CHECK(!back.visible);
    CHECK(back.anchors == b.anchors);
    CHECK(back.image_points[1].x == b.image_points[1].x);
    CHECK(studio::background_to_yaml(back, grid()) == yaml);
    try {
        studio::background_from_yaml(
            "image: a.png\nopacity: 150\nanchors:\n  - { hex: \"9999\", image: [1, 2] }\n  - { hex: \"0101\", image: "
            "[5] }\n",
            "f.background.yaml", grid());
        FAIL("no error");
    } catch (const load::LoadError& e) {
        std::string all;
        for (const auto& d : e.diagnostics()) all += d.to_string() + "\n";
        CHECK_THAT(all, Catch::Contains("f.background.yaml:2:10"));
        CHECK_THAT(all, Catch::Contains("'9999' is not a hex of this map"));
        CHECK_THAT(all, Catch::Contains("'image' must be the pixel [x, y]"));
    }
    CHECK(studio::background_path("/p/scenarios/fords.yaml") == "/p/scenarios/fords.yaml.background");
}
