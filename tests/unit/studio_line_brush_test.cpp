// The line brush: a straight run of adjacent hexes between two hexes.
#include "core/brushes.h"
#include "load/loader.h"

#include <catch2/catch.hpp>

using namespace sandtable;

namespace {
rules::MapData map_of(int columns, int rows) {
    rules::MapData map;
    map.grid = geometry::HexGrid(geometry::HexLayout{}, columns, rows);
    map.terrain.assign(map.grid.size(), 0);
    return map;
}

bool each_next_to_the_one_before(const std::vector<geometry::Hex>& line) {
    for (std::size_t i = 1; i < line.size(); ++i)
        if (geometry::distance(line[i - 1], line[i]) != 1) return false;
    return true;
}
}  // namespace

TEST_CASE("a line brush covers distance + 1 adjacent hexes from end to end", "[studio][brush]") {
    const auto map = map_of(20, 15);
    const auto from = map.grid.from_offset({2, 3}), to = map.grid.from_offset({15, 11});
    const auto line = studio::line_hexes(map, from, to);
    REQUIRE(line.size() == static_cast<std::size_t>(geometry::distance(from, to) + 1));
    CHECK(line.front() == from);
    CHECK(line.back() == to);
    CHECK(each_next_to_the_one_before(line));
}

TEST_CASE("a line along a hex row stays on the row, a line of one hex is that hex", "[studio][brush]") {
    const auto map = map_of(20, 15);
    const geometry::Hex a = map.grid.from_offset({4, 4});
    const geometry::Hex b{a.q + 6, a.r};  // straight along direction 0
    const auto line = studio::line_hexes(map, a, b);
    REQUIRE(line.size() == 7);
    for (const auto& h : line) CHECK(h.r == a.r);
    CHECK(studio::line_hexes(map, a, a) == std::vector<geometry::Hex>{a});
    CHECK(studio::brush_hexes(map, a, studio::Brush::Line) == std::vector<geometry::Hex>{a});
}

TEST_CASE("a line running exactly between hexes still steps hex to hex, and leaves out hexes off the map",
          "[studio][brush]") {
    const auto map = map_of(20, 15);
    const geometry::Hex a = map.grid.from_offset({5, 5});
    const geometry::Hex diagonal{a.q + 4, a.r + 2};  // (2,1) multiples: the line runs along hexsides
    const auto line = studio::line_hexes(map, a, diagonal);
    CHECK(line.size() == static_cast<std::size_t>(geometry::distance(a, diagonal) + 1));
    CHECK(each_next_to_the_one_before(line));
    const geometry::Hex off{a.q + 40, a.r};
    const auto clipped = studio::line_hexes(map, a, off);
    CHECK(!clipped.empty());
    for (const auto& h : clipped) CHECK(map.grid.contains(h));
}
