// Artillery templates on the tabletop (Cady, artillery): hit area circles
// with their cross-hairs, the bounce stick's painted sections, the canister
// wedge, a template edge through a base; and the spatial index against a
// brute-force search.
#include "geometry/tabletop/index.h"
#include "geometry/tabletop/stand.h"
#include "geometry/tabletop/template.h"

#include <catch2/catch.hpp>

#include <random>

using namespace sandtable::geometry::tabletop;

TEST_CASE("Figures on a stand sit side by side across it", "[table][template]") {
    const Stand stand{{10, 10}, 4, 4, 0};
    const auto figures = figure_points(stand, 2);
    REQUIRE(figures.size() == 2);
    CHECK(figures[0] == Point{9, 10});
    CHECK(figures[1] == Point{11, 10});
    CHECK(on_base(stand, figures[0]));
}

TEST_CASE("A hit area circle: inside, on its edge, under the cross-hairs", "[table][template]") {
    const CircleTemplate eight{{50, 50}, 8};
    CHECK(covers(eight, {54, 50}));  // on the edge
    CHECK_FALSE(covers(eight, {54.01, 50}));
    CHECK(under_crosshairs(eight, {50.4, 50}));
    CHECK_FALSE(under_crosshairs(eight, {50.6, 50}));
}

TEST_CASE("A template's edge through a base takes only the figures inside", "[table][template]") {
    // A 4-figure stand 8 cm wide whose middle is on the circle's edge.
    const Stand stand{{50, 40}, 8, 2, 90};         // facing east: its width runs north-south
    const auto figures = figure_points(stand, 4);  // at y 37, 39, 41, 43
    const CircleTemplate six{{50, 46}, 6};         // reaches up to y = 43... and 40 is outside
    const auto hit = figures_covered(six, figures);
    REQUIRE(hit.size() == 1);
    CHECK(hit[0] == 3);
    const CircleTemplate twelve{{50, 46}, 12};  // reaches y = 40: 41 and 43, not 39
    CHECK(figures_covered(twelve, figures) == std::vector<std::size_t>{2, 3});
}

TEST_CASE("The bounce stick hits only where it is painted", "[table][template]") {
    // A 12-pdr's stick lies from the hit point back toward the gun (ball travelling north).
    const BounceStick stick{{50, 20}, 0, 30, {{0, 2}, {10, 12}, {25, 27}}};
    CHECK(covers(stick, {50, 21}));        // the yellow tip
    CHECK(covers(stick, {50.4, 31}));      // a torso touching the second section
    CHECK_FALSE(covers(stick, {50, 26}));  // black: the ball was in the air
    CHECK_FALSE(covers(stick, {51, 31}));  // beside the stick
    CHECK(covers(stick, {50, 46}));
    CHECK_FALSE(covers(stick, {50, 52}));  // past its end
}

TEST_CASE("Canister fans out in a wedge from the gun's front", "[table][template]") {
    const WedgeTemplate canister{{0, 0}, 90, 4, 20, 40};  // eastward, 4 cm at the muzzle, 20 at 40 cm
    CHECK(covers(canister, {1, 0}));
    CHECK(covers(canister, {40, 10}));  // the far corner
    CHECK(covers(canister, {20, 6}));   // halfway out the half width is 6
    CHECK_FALSE(covers(canister, {20, 6.1}));
    CHECK_FALSE(covers(canister, {41, 0}));
    CHECK_FALSE(covers(canister, {-1, 0}));
}

TEST_CASE("A line template covers a strip with the figures' torsos", "[table][template]") {
    const LineTemplate bolt{{0, 0}, {30, 0}, 1};
    CHECK(covers(bolt, {15, 1}));  // 0.5 half width + 0.5 torso
    CHECK_FALSE(covers(bolt, {15, 1.1}));
    CHECK_FALSE(covers(bolt, {31.1, 0}));
}

TEST_CASE("The spatial index finds every stand a brute-force search finds", "[table][index]") {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> x(-5, 245);
    std::uniform_real_distribution<double> y(-5, 125);
    std::uniform_real_distribution<double> bearing(0, 360);
    std::vector<Stand> stands;
    for (int i = 0; i < 400; ++i) stands.push_back({{x(rng), y(rng)}, 4, 2, bearing(rng)});
    SpatialIndex index(240, 120, 10);
    for (std::size_t i = 0; i < stands.size(); ++i) index.insert(static_cast<int>(i), bounds(stands[i].corners()));
    for (int q = 0; q < 200; ++q) {
        const Point centre{x(rng), y(rng)};
        const double radius = 1 + q % 30;
        std::vector<int> expected;
        for (std::size_t i = 0; i < stands.size(); ++i)
            if (distance_to_polygon(stands[i].corners(), centre) <= radius) expected.push_back(static_cast<int>(i));
        const auto candidates = index.near(centre, radius);
        for (int id : expected) CHECK(std::binary_search(candidates.begin(), candidates.end(), id));
        CHECK(std::adjacent_find(candidates.begin(), candidates.end()) == candidates.end());
    }
    index.clear();
    CHECK(index.near({120, 60}, 500).empty());
}
