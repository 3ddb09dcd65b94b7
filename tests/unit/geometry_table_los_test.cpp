// Line of sight on the tabletop (Cady, Geography): hills by level, the
// crest 6 cm back, woods seen 3 cm into and never across, a marsh seen over
// from higher ground, buildings by storeys, and grazing lines.
#include "geometry/tabletop/los.h"

#include <catch2/catch.hpp>

using namespace sandtable::geometry::tabletop;

namespace {

Polygon rectangle(double x0, double y0, double x1, double y1) { return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}; }

TerrainArea hill(Polygon outline, int level) { return {"hill", std::move(outline), AreaSight::Hill, level}; }

TerrainArea wood(Polygon outline) { return {"forest", std::move(outline), AreaSight::Screen, 0, 3.0, false}; }

bool sees(const TableMap& map, Point a, Point b, double eye_a = 0.5, double eye_b = 0.5) {
    const bool forward = line_of_sight(map, {a, eye_a}, {b, eye_b}).clear;
    const bool back = line_of_sight(map, {b, eye_b}, {a, eye_a}).clear;
    REQUIRE(forward == back);  // sight is symmetric
    return forward;
}

}  // namespace

TEST_CASE("Open ground: everything in sight", "[table][los]") {
    const TableMap map{240, 120, {}, {}};
    CHECK(sees(map, {10, 10}, {200, 100}));
}

TEST_CASE("A hill between two figures on the flat hides them from each other", "[table][los]") {
    TableMap map{240, 120, {hill(rectangle(50, 0, 70, 120), 1)}, {}};
    CHECK_FALSE(sees(map, {10, 60}, {110, 60}));
    CHECK(line_of_sight(map, {{10, 60}, 0.5}, {{110, 60}, 0.5}).by == SightBlock::Hill);
    // Both on hills of level 1 either side: the line runs at 1.5 over the top.
    map.areas.push_back(hill(rectangle(0, 0, 30, 120), 1));
    map.areas.push_back(hill(rectangle(90, 0, 130, 120), 1));
    CHECK(sees(map, {10, 60}, {110, 60}));
    // A level-2 ridge between them rises above the line.
    map.areas.push_back(hill(rectangle(55, 0, 65, 120), 2));
    CHECK_FALSE(sees(map, {10, 60}, {110, 60}));
}

TEST_CASE("The crest: 6 cm or more back from the edge, no sight over it", "[table][los]") {
    TableMap map{240, 120, {hill(rectangle(0, 0, 50, 120), 1)}, {}};
    const Point below{100, 60};
    CHECK(sees(map, {45, 60}, below));  // 5 cm back: sees down
    CHECK(sees(map, {44.5, 60}, below));
    CHECK_FALSE(sees(map, {44, 60}, below));  // exactly 6 cm back
    CHECK(line_of_sight(map, {{40, 60}, 0.5}, {below, 0.5}).by == SightBlock::Crest);
    // Slanting lines measure along the line: 6 cm back along a diagonal.
    const Point slant{50 - 6 / std::sqrt(2.0) + 0.01, 60 - 6 / std::sqrt(2.0) + 0.01};
    CHECK(sees(map, slant, {100, 110}));
    // Figures on the same level see along the hilltop whatever their distance from the edge.
    CHECK(sees(map, {5, 10}, {5, 110}));
}

TEST_CASE("Woods: 3 cm into them, never across", "[table][los]") {
    const TableMap map{240, 120, {wood(rectangle(50, 40, 80, 80))}, {}};
    CHECK(sees(map, {10, 60}, {53, 60}));          // 3 cm in: seen
    CHECK_FALSE(sees(map, {10, 60}, {53.5, 60}));  // deeper: hidden
    CHECK_FALSE(sees(map, {10, 60}, {120, 60}));   // across: no
    CHECK(sees(map, {60, 60}, {62, 60}));          // two figures inside, 2 cm apart
    // A line that clips a corner for less than 3 cm (2.7 cm) goes by.
    CHECK(sees(map, {45, 43}, {55, 39}));
}

TEST_CASE("A line of sight grazing the hull of a wood is clear", "[table][los]") {
    Polygon outline;
    REQUIRE(wood_from_trees({{50, 40}, {80, 40}, {80, 80}, {50, 80}, {65, 60}}, outline));
    const TableMap map{240, 120, {wood(outline)}, {}};
    CHECK(sees(map, {10, 40}, {120, 40}));       // along the northern edge
    CHECK(sees(map, {40, 30}, {60, 30}));        // passes north of it
    CHECK(sees(map, {30, 60}, {70, 20}));        // touches the corner (50, 40) only
    CHECK(sees(map, {30, 61}, {71, 20}));        // cuts the corner for 1.4 cm: under the 3 cm
    CHECK_FALSE(sees(map, {30, 66}, {76, 20}));  // 8.5 cm through it
    CHECK(line_of_sight(map, {{30, 66}, 0.5}, {{76, 20}, 0.5}).by == SightBlock::Screen);
}

TEST_CASE("A marsh is seen over from higher ground, hidden 6 cm in from level ground", "[table][los]") {
    TableMap map{
        240,
        120,
        {{"marsh", rectangle(50, 40, 80, 80), AreaSight::Screen, 0, 6.0, true}, hill(rectangle(0, 0, 20, 120), 1)},
        {}};
    CHECK_FALSE(sees(map, {30, 60}, {100, 60}));  // across it on the flat
    CHECK(sees(map, {30, 60}, {55, 60}));         // 5 cm in
    CHECK(sees(map, {15, 60}, {100, 60}));        // from the hill, over it
}

TEST_CASE("Buildings hide what is behind them unless seen over from above", "[table][los]") {
    TableMap map{240, 120, {{"building", rectangle(50, 50, 60, 70), AreaSight::Building, 1}}, {}};
    CHECK_FALSE(sees(map, {10, 60}, {100, 60}));
    CHECK(line_of_sight(map, {{10, 60}, 0.5}, {{100, 60}, 0.5}).by == SightBlock::Building);
    CHECK(sees(map, {55, 60}, {100, 60}));  // a figure in the building sees out
    // From a level-2 hill the line runs above a one-storey roof.
    map.areas.push_back(hill(rectangle(0, 0, 20, 120), 2));
    map.areas.push_back(hill(rectangle(90, 0, 110, 120), 2));
    CHECK(sees(map, {15, 60}, {95, 60}));
    map.areas[0].level = 3;  // three storeys
    CHECK_FALSE(sees(map, {15, 60}, {95, 60}));
}
