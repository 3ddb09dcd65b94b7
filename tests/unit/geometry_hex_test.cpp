// Axial hex arithmetic: neighbours, directions, distance, rings, spirals,
// hexside keys and hashes.
#include "geometry/hex.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <unordered_set>

using namespace sandtable::geometry;

TEST_CASE("neighbours are the six directions, each at distance 1", "[geometry][hex]") {
    const Hex h{3, -2};
    const std::array<Hex, 6> n = neighbours(h);
    for (int d = 0; d < 6; ++d) {
        const auto i = static_cast<std::size_t>(d);
        CHECK(n[i] == h + kDirections[i]);
        CHECK(n[i] == neighbour(h, d));
        CHECK(distance(h, n[i]) == 1);
        CHECK(direction_to(h, n[i]) == d);
        // Direction d and d + 3 are opposite: going and coming back is a no-op.
        CHECK(neighbour(n[i], (d + 3) % 6) == h);
        CHECK(direction_to(n[i], h) == (d + 3) % 6);
    }
    CHECK(std::set<Hex>(n.begin(), n.end()).size() == 6);
}

TEST_CASE("directions run counter-clockwise from +q", "[geometry][hex]") {
    CHECK(kDirections[0] == Hex{1, 0});
    CHECK(kDirections[1] == Hex{1, -1});
    CHECK(kDirections[2] == Hex{0, -1});
    CHECK(kDirections[3] == Hex{-1, 0});
    CHECK(kDirections[4] == Hex{-1, 1});
    CHECK(kDirections[5] == Hex{0, 1});
}

TEST_CASE("direction_to is -1 for the same or a non-adjacent hex", "[geometry][hex]") {
    CHECK(direction_to({0, 0}, {0, 0}) == -1);
    CHECK(direction_to({0, 0}, {2, 0}) == -1);
    CHECK(direction_to({0, 0}, {1, 1}) == -1);
    CHECK(direction_to({0, 0}, {-1, -1}) == -1);
}

TEST_CASE("cube coordinate s is -q - r", "[geometry][hex]") {
    CHECK(Hex{2, -5}.s() == 3);
    CHECK(Hex{0, 0}.s() == 0);
    CHECK(Hex{-4, 1}.s() == 3);
}

TEST_CASE("distance known values", "[geometry][hex]") {
    CHECK(distance({0, 0}, {0, 0}) == 0);
    CHECK(distance({0, 0}, {3, 0}) == 3);
    CHECK(distance({0, 0}, {3, -1}) == 3);
    CHECK(distance({0, 0}, {1, 1}) == 2);  // a "diagonal": two steps
    CHECK(distance({0, 0}, {2, -1}) == 2);
    CHECK(distance({-2, 3}, {2, -1}) == 4);
    CHECK(distance({5, 5}, {-5, -5}) == 20);
    CHECK(distance({5, -5}, {-5, 5}) == 10);
}

TEST_CASE("distance is a metric over a sample", "[geometry][hex]") {
    const std::vector<Hex> sample = spiral({1, -2}, 3);
    REQUIRE(sample.size() == 37);
    int asymmetric = 0;
    int zero_for_distinct = 0;
    int triangle_violations = 0;
    for (Hex a : sample) {
        for (Hex b : sample) {
            if (distance(a, b) != distance(b, a)) ++asymmetric;
            if ((distance(a, b) == 0) != (a == b)) ++zero_for_distinct;
            for (Hex c : sample) {
                if (distance(a, c) > distance(a, b) + distance(b, c)) ++triangle_violations;
            }
        }
    }
    CHECK(asymmetric == 0);
    CHECK(zero_for_distinct == 0);
    CHECK(triangle_violations == 0);
}

TEST_CASE("distance is translation invariant and counts steps", "[geometry][hex]") {
    const Hex shift{-7, 4};
    for (Hex a : spiral({0, 0}, 4)) {
        CHECK(distance(a, {0, 0}) == distance(a + shift, shift));
    }
    // Walking k steps in one direction gives distance k.
    for (int d = 0; d < 6; ++d) {
        Hex h{2, 2};
        for (int k = 1; k <= 5; ++k) {
            h = neighbour(h, d);
            CHECK(distance({2, 2}, h) == k);
        }
    }
}

TEST_CASE("ring has 6r hexes at exactly distance r, in a closed loop", "[geometry][hex]") {
    const Hex centre{-3, 2};
    CHECK(ring(centre, 0) == std::vector<Hex>{centre});
    CHECK(ring(centre, -1).empty());
    for (int r = 1; r <= 6; ++r) {
        const std::vector<Hex> hexes = ring(centre, r);
        REQUIRE(hexes.size() == static_cast<std::size_t>(6 * r));
        CHECK(std::set<Hex>(hexes.begin(), hexes.end()).size() == hexes.size());
        for (std::size_t i = 0; i < hexes.size(); ++i) {
            CHECK(distance(centre, hexes[i]) == r);
            CHECK(distance(hexes[i], hexes[(i + 1) % hexes.size()]) == 1);
        }
    }
}

TEST_CASE("ring 1 is exactly the neighbours", "[geometry][hex]") {
    const Hex centre{4, 4};
    const std::vector<Hex> r1 = ring(centre, 1);
    const std::array<Hex, 6> n = neighbours(centre);
    CHECK(std::set<Hex>(r1.begin(), r1.end()) == std::set<Hex>(n.begin(), n.end()));
}

TEST_CASE("spiral is the centre then the rings, 1 + 3r(r+1) hexes", "[geometry][hex]") {
    const Hex centre{1, 1};
    CHECK(spiral(centre, -1).empty());
    CHECK(spiral(centre, 0) == std::vector<Hex>{centre});
    for (int r = 1; r <= 5; ++r) {
        const std::vector<Hex> hexes = spiral(centre, r);
        REQUIRE(hexes.size() == static_cast<std::size_t>(1 + 3 * r * (r + 1)));
        CHECK(hexes.front() == centre);
        CHECK(std::set<Hex>(hexes.begin(), hexes.end()).size() == hexes.size());
        CHECK(std::is_sorted(hexes.begin(), hexes.end(),
                             [&](Hex a, Hex b) { return distance(centre, a) < distance(centre, b); }));
        CHECK(std::all_of(hexes.begin(), hexes.end(), [&](Hex h) { return distance(centre, h) <= r; }));
    }
    // Every hex within the radius is there.
    int inside = 0;
    for (int q = -6; q <= 8; ++q) {
        for (int r = -6; r <= 8; ++r) {
            if (distance(centre, {q, r}) <= 3) ++inside;
        }
    }
    CHECK(spiral(centre, 3).size() == static_cast<std::size_t>(inside));
}

TEST_CASE("side_between is the same key from both hexes", "[geometry][hex]") {
    const Hex h{2, -1};
    std::set<HexSide> sides;
    for (Hex n : neighbours(h)) {
        const HexSide side = side_between(h, n);
        CHECK(side == side_between(n, h));
        CHECK(side.a < side.b);
        CHECK(((side.a == h && side.b == n) || (side.a == n && side.b == h)));
        sides.insert(side);
    }
    CHECK(sides.size() == 6);
    // Two different pairs never share a key.
    CHECK(side_between({0, 0}, {1, 0}) != side_between({1, 0}, {2, 0}));
}

TEST_CASE("hashes work in unordered containers", "[geometry][hex]") {
    const std::vector<Hex> hexes = spiral({0, 0}, 6);
    std::unordered_set<Hex, HexHash> hex_set(hexes.begin(), hexes.end());
    CHECK(hex_set.size() == hexes.size());
    CHECK(hex_set.count({6, -6}) == 1);
    CHECK(hex_set.count({7, 0}) == 0);

    std::unordered_set<HexSide, HexSideHash> side_set;
    std::set<HexSide> ordered;
    for (Hex h : hexes) {
        for (Hex n : neighbours(h)) {
            side_set.insert(side_between(h, n));
            side_set.insert(side_between(n, h));
            ordered.insert(side_between(h, n));
        }
    }
    CHECK(side_set.size() == ordered.size());
}
