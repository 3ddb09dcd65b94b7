// The tabletop's geometry (Cady's rules, distances in cm): bearings,
// bases, contact within 1 cm, formations, broken units, arcs of 45 degrees
// and the horse archers' arc, distances to polygons and line features.
#include "geometry/tabletop/arc.h"
#include "geometry/tabletop/formation.h"
#include "geometry/tabletop/polygon.h"
#include "geometry/tabletop/terrain.h"

#include <catch2/catch.hpp>

using namespace sandtable::geometry::tabletop;

namespace {

Stand stand_at(double x, double y, double facing = 0, double width = 4, double depth = 4) {
    return {{x, y}, width, depth, facing};
}

}  // namespace

TEST_CASE("Table bearings: north is up the table, clockwise, whole right angles exact", "[table]") {
    CHECK(heading(0) == Point{0, -1});
    CHECK(heading(90) == Point{1, 0});
    CHECK(heading(180) == Point{0, 1});
    CHECK(heading(270) == Point{-1, 0});
    CHECK(heading(-90) == Point{-1, 0});
    CHECK(bearing_of({1, -1}) == Approx(45));
    CHECK(bearing_of({-1, 0}) == Approx(270));
    CHECK(turn_between(350, 10) == Approx(20));
    CHECK(turn_between(10, 350) == Approx(-20));
    CHECK(turn_between(0, 180) == Approx(180));
}

TEST_CASE("A stand's base: corners follow its facing", "[table]") {
    const Stand east = stand_at(10, 10, 90, 4, 2);  // 4 wide across its front, 2 deep
    CHECK(east.front_centre() == Point{11, 10});
    const Polygon c = east.corners();
    CHECK(c[0] == Point{11, 8});  // front left: to the north when facing east
    CHECK(c[1] == Point{11, 12});
    CHECK(c[2] == Point{9, 12});
    CHECK(c[3] == Point{9, 8});
}

TEST_CASE("Base contact: a gap of exactly 1 cm is contact, a hair more is not", "[table][contact]") {
    const Stand a = stand_at(0, 0);
    CHECK(in_contact(a, stand_at(4, 0)));  // edges touching
    CHECK(in_contact(a, stand_at(5, 0)));  // exactly 1 cm apart
    CHECK(base_distance(a, stand_at(5, 0)) == Approx(1));
    CHECK_FALSE(in_contact(a, stand_at(5.001, 0)));
    CHECK(in_contact(a, stand_at(3, 1)));  // overlapping
    // Corner to corner on a diagonal: 1 cm measured between the corners.
    const double diagonal = 4 + 1 / std::sqrt(2.0);
    CHECK(base_distance(a, stand_at(diagonal, diagonal)) == Approx(1));
    CHECK(in_contact(a, stand_at(diagonal - 1e-6, diagonal - 1e-6)));
    // A turned base: a stand facing 45 degrees whose corner points at a's side.
    const double reach = 2 * std::sqrt(2.0);  // centre to corner of a 4 x 4 base
    CHECK(base_distance(a, stand_at(2 + 1 + reach, 0, 45)) == Approx(1));
}

TEST_CASE("Formations: stands rank by rank behind the front centre", "[table][formation]") {
    Formation column{{50, 50}, 0, 4, 3, 4, 2, 0};  // column of four, facing north
    const auto stands = stands_of(column);
    REQUIRE(stands.size() == 12);
    CHECK(stands[0].centre == Point{44, 51});  // front rank, left file
    CHECK(stands[3].centre == Point{56, 51});
    CHECK(stands[4].centre == Point{44, 53});  // second rank
    CHECK(frontage(column) == Approx(16));
    CHECK(formation_depth(column) == Approx(6));
    // A short last rank is centred.
    const auto ten = stands_of(column, 10);
    CHECK(ten[8].centre == Point{48, 55});
    CHECK(ten[9].centre == Point{52, 55});
    // Turned to face east, the front rank runs north to south.
    Formation east{{50, 50}, 90, 2, 1, 4, 2, 0};
    const auto line = stands_of(east);
    CHECK(line[0].centre.x == Approx(49));
    CHECK(line[0].centre.y == Approx(48));
    CHECK(line[1].centre.y == Approx(52));
    const Polygon box = outline(column);
    CHECK(area(box) == Approx(16 * 6));
}

TEST_CASE("A unit holds together while every stand is within 1 cm of the next", "[table][formation]") {
    Formation closed{{0, 0}, 0, 3, 2, 4, 2, 0};
    CHECK(holds_together(stands_of(closed), kContactCm));
    Formation skirmish = closed;
    skirmish.gap = 2;  // light troops may stand 2 cm apart
    CHECK_FALSE(holds_together(stands_of(skirmish), kContactCm));
    CHECK(holds_together(stands_of(skirmish), 2));
    auto split = stands_of(closed);
    for (std::size_t i = 0; i < split.size(); ++i)
        if (i % 3 == 2) split[i].centre = split[i].centre + Point{1.5, 0};  // right file 1.5 cm off
    CHECK_FALSE(holds_together(split, kContactCm));
}

TEST_CASE("Arcs: 45 degrees either side, edges included", "[table][arc]") {
    const Arc infantry{45, 45};
    const Point origin{0, 0};
    CHECK(in_arc(infantry, origin, 0, {0, -10}));
    CHECK(in_arc(infantry, origin, 0, {10, -10}));   // exactly 45 right
    CHECK(in_arc(infantry, origin, 0, {-10, -10}));  // exactly 45 left
    CHECK_FALSE(in_arc(infantry, origin, 0, {10.001, -10}));
    CHECK_FALSE(in_arc(infantry, origin, 0, {0, 10}));  // behind
    // Facing east the arc turns with it.
    CHECK(in_arc(infantry, origin, 90, {10, 10}));
    CHECK(in_arc(infantry, origin, 90, {7, -7}));
    CHECK_FALSE(in_arc(infantry, origin, 90, {0, -10}));
    // Facing 30: a target at bearing 75 is at exactly 45 to the right.
    const Point at75 = heading(75) * 20;
    CHECK(in_arc(infantry, origin, 30, at75));
    CHECK_FALSE(in_arc(infantry, origin, 30, heading(75.001) * 20));
}

TEST_CASE("Horse archers: 180 degrees to the left, 45 to the right", "[table][arc]") {
    const Arc horse_archers{180, 45};
    const Point origin{0, 0};
    CHECK(in_arc(horse_archers, origin, 0, {-10, 0}));       // 90 left
    CHECK(in_arc(horse_archers, origin, 0, {-1, 10}));       // 174 left
    CHECK(in_arc(horse_archers, origin, 0, {0, 10}));        // straight behind: 180 left
    CHECK(in_arc(horse_archers, origin, 0, {10, -10}));      // 45 right
    CHECK_FALSE(in_arc(horse_archers, origin, 0, {10, 0}));  // 90 right
    CHECK_FALSE(in_arc(horse_archers, origin, 0, {1, 10}));  // 174 right
}

TEST_CASE("A base straddling the arc's edge is in reach, one wholly outside is not", "[table][arc]") {
    const Arc infantry{45, 45};
    const Stand shooter = stand_at(0, 0);  // front centre (0, -2), facing north
    // Centre at 60 degrees right, but its near corner reaches inside 45.
    const Point mid = shooter.front_centre() + heading(60) * 20;
    CHECK(in_front_arc(infantry, shooter, stand_at(mid.x, mid.y, 0, 16, 4)));
    CHECK_FALSE(in_front_arc(infantry, shooter, stand_at(mid.x, mid.y, 0, 2, 2)));
    // A long base across the edge ray with every corner outside the arc.
    const Point on_edge = shooter.front_centre() + heading(45) * 30;
    CHECK(in_front_arc(infantry, shooter, {on_edge, 1, 40, 315}));
    // Behind the shooter: out of reach.
    CHECK_FALSE(in_front_arc(infantry, shooter, stand_at(0, 20)));
}

TEST_CASE("Polygons: containment, distance, hull", "[table]") {
    const Polygon square{{0, 0}, {10, 0}, {10, 10}, {0, 10}};
    CHECK(locate(square, {5, 5}) == Where::Inside);
    CHECK(locate(square, {10, 5}) == Where::Boundary);
    CHECK(locate(square, {11, 5}) == Where::Outside);
    CHECK(distance_to_polygon(square, {13, 14}) == Approx(5));
    CHECK(distance_to_polygon(square, {3, 3}) == 0);
    const Polygon inner{{4, 4}, {6, 4}, {6, 6}};
    CHECK(polygon_distance(square, inner) == 0);  // one inside the other
    const Polygon hull = convex_hull({{0, 0}, {10, 0}, {5, 2}, {10, 10}, {0, 10}, {5, 10}, {3, 7}});
    CHECK(hull.size() == 4);  // the inner trees and the tree on an edge drop out
    CHECK(area(hull) == Approx(100));
    CHECK(centroid(hull).x == Approx(5));
}

TEST_CASE("Inside intervals: through, along an edge, and touching a vertex", "[table]") {
    const Polygon square{{0, 0}, {10, 0}, {10, 10}, {0, 10}};
    auto through = inside_intervals(square, {-10, 5}, {20, 5});
    REQUIRE(through.size() == 1);
    CHECK(through[0].first == Approx(1.0 / 3));
    CHECK(through[0].second == Approx(2.0 / 3));
    CHECK(inside_intervals(square, {-5, 0}, {15, 0}).empty());        // along the edge
    CHECK(inside_intervals(square, {-5, 15}, {15, -5}).size() == 1);  // the diagonal goes in
    CHECK(inside_intervals(square, {-5, 5}, {5, -5}).empty());        // touches the corner (0, 0) only
    // Concave: a U shape is entered twice.
    const Polygon u{{0, 0}, {3, 0}, {3, 8}, {7, 8}, {7, 0}, {10, 0}, {10, 10}, {0, 10}};
    CHECK(inside_intervals(u, {-1, 4}, {11, 4}).size() == 2);
    CHECK(inside_intervals(u, {-1, 9}, {11, 9}).size() == 1);
}

TEST_CASE("Woods are the hull of three or more trees", "[table][terrain]") {
    Polygon wood;
    CHECK_FALSE(wood_from_trees({{0, 0}, {5, 5}}, wood));            // two trees decorate
    CHECK_FALSE(wood_from_trees({{0, 0}, {5, 5}, {10, 10}}, wood));  // three in a row have no inside
    REQUIRE(wood_from_trees({{0, 0}, {8, 0}, {4, 6}, {4, 2}}, wood));
    CHECK(wood.size() == 3);
    CHECK(area(wood) == Approx(24));
}

TEST_CASE("Line features: within half their width, and crossing", "[table][terrain]") {
    TableMap map{200, 120, {}, {{"river", {{{0, 50}, {100, 50}, {200, 70}}, 4}}}};
    CHECK(lines_at(map, {50, 52}).size() == 1);
    CHECK(lines_at(map, {50, 52.5}).empty());
    CHECK(lines_crossed(map, {50, 40}, {50, 60}).size() == 1);
    CHECK(lines_crossed(map, {50, 40}, {60, 45}).empty());
    CHECK(segment_polyline_distance(map.lines[0].line, {50, 40}, {60, 45}) == Approx(5));
    map.areas.push_back({"hill", {{10, 10}, {40, 10}, {40, 40}, {10, 40}}, AreaSight::Hill, 1});
    map.areas.push_back({"hill", {{20, 20}, {30, 20}, {30, 30}, {20, 30}}, AreaSight::Hill, 2});
    CHECK(ground_level(map, {15, 15}) == 1);
    CHECK(ground_level(map, {25, 25}) == 2);
    CHECK(ground_level(map, {30, 25}) == 2);  // on the upper section's edge
    CHECK(ground_level(map, {5, 5}) == 0);
    CHECK(areas_at(map, {25, 25}).size() == 2);
    CHECK(on_table(map, {200, 120}));
    CHECK_FALSE(on_table(map, {200.1, 0}));
}

TEST_CASE("A march's share of a road: along it, off it, across it, past its square-cut end", "[table][terrain]") {
    const Polyline road{{{0, 60}, {40, 60}}, 6};
    CHECK(length_within(road, {10, 60}, {30, 60}) == Approx(20).margin(1e-6));  // wholly on it
    CHECK(length_within(road, {20, 60}, {60, 60}) ==
          Approx(20).margin(1e-6));  // leaves it at its end, 40: no round cap
    CHECK(length_within(road, {20, 70}, {60, 70}) ==
          Approx(0).margin(1e-6));  // 10 cm off its centre, 3 cm wide each side
    CHECK(length_within(road, {30, 50}, {30, 70}) == Approx(6).margin(1e-6));   // across it: its width
    CHECK(length_within(road, {20, 63}, {30, 63}) == Approx(10).margin(1e-6));  // along its very edge counts
    const Polyline bend{{{0, 0}, {20, 0}, {20, 20}}, 4};
    CHECK(length_within(bend, {0, 0}, {20, 0}) == Approx(20).margin(1e-6));    // up to the joint, counted once
    CHECK(length_within(bend, {-10, 0}, {10, 0}) == Approx(10).margin(1e-6));  // from before its start
}
