// Rectangular offset grids: the four layouts, dense indices, printed labels
// and drawing centres.
#include "geometry/hex_grid.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

using namespace sandtable::geometry;

namespace {

HexLayout layout_of(HexTop top, OffsetParity parity) {
    HexLayout layout;
    layout.top = top;
    layout.parity = parity;
    return layout;
}

const std::vector<std::pair<HexTop, OffsetParity>> kAllLayouts{
    {HexTop::Flat, OffsetParity::Odd},
    {HexTop::Flat, OffsetParity::Even},
    {HexTop::Pointy, OffsetParity::Odd},
    {HexTop::Pointy, OffsetParity::Even},
};

std::string layout_name(HexTop top, OffsetParity parity) {
    return std::string(top == HexTop::Flat ? "flat" : "pointy") + (parity == OffsetParity::Odd ? "/odd" : "/even");
}

using OffsetSet = std::set<std::pair<int, int>>;

// The offset neighbours of (column, row) as drawn on a printed map. Flat top:
// the offset axis is the column; a column that sits lower touches rows r and
// r + 1 of the columns beside it, a column that sits higher touches r - 1 and
// r. Pointy top: the same with rows and columns exchanged.
OffsetSet expected_offset_neighbours(HexTop top, OffsetParity parity, int column, int row) {
    if (top == HexTop::Flat) {
        const bool odd = (column & 1) != 0;
        const bool lower = (parity == OffsetParity::Odd) == odd;
        const int above = lower ? row : row - 1;
        return {{column, row - 1},       {column, row + 1},   {column - 1, above},
                {column - 1, above + 1}, {column + 1, above}, {column + 1, above + 1}};
    }
    const bool odd = (row & 1) != 0;
    const bool right = (parity == OffsetParity::Odd) == odd;
    const int left_column = right ? column : column - 1;
    return {{column - 1, row},          {column + 1, row},      {left_column, row - 1},
            {left_column + 1, row - 1}, {left_column, row + 1}, {left_column + 1, row + 1}};
}

std::set<std::string> labels_of_neighbours(const HexGrid& grid, const std::string& label) {
    const std::optional<Hex> h = grid.parse_label(label);
    REQUIRE(h.has_value());
    std::set<std::string> result;
    for (Hex n : neighbours(*h)) {
        if (grid.contains(n)) result.insert(grid.label(n));
    }
    return result;
}

}  // namespace

TEST_CASE("offset <-> axial round trip over a 30x20 grid, all four layouts", "[geometry][grid]") {
    for (const auto& [top, parity] : kAllLayouts) {
        SECTION(layout_name(top, parity)) {
            const HexGrid grid(layout_of(top, parity), 30, 20);
            REQUIRE(grid.size() == 600);
            std::set<Hex> seen;
            for (int row = 0; row < 20; ++row) {
                for (int column = 0; column < 30; ++column) {
                    const Offset o{column, row};
                    const Hex h = grid.from_offset(o);
                    CHECK(grid.to_offset(h) == o);
                    CHECK(grid.contains(h));
                    CHECK(grid.index(h) == row * 30 + column);
                    CHECK(grid.hex_at(grid.index(h)) == h);
                    seen.insert(h);
                }
            }
            CHECK(seen.size() == 600);
            // Exactly those 600 hexes are on the map.
            int contained = 0;
            for (int q = -40; q <= 40; ++q) {
                for (int r = -40; r <= 40; ++r) {
                    const Hex h{q, r};
                    const bool on_map = grid.contains(h);
                    if (on_map) ++contained;
                    CHECK(on_map == (seen.count(h) == 1));
                    CHECK((grid.index(h) >= 0) == on_map);
                    // The conversion is a bijection off the map too.
                    CHECK(grid.from_offset(grid.to_offset(h)) == h);
                }
            }
            CHECK(contained == 600);
        }
    }
}

TEST_CASE("offset (0, 0) is axial (0, 0) and the offset axis follows the top", "[geometry][grid]") {
    for (const auto& [top, parity] : kAllLayouts) {
        const HexGrid grid(layout_of(top, parity), 10, 10);
        CHECK(grid.from_offset({0, 0}) == Hex{0, 0});
        if (top == HexTop::Flat) {
            // Columns are axial q; going down a column is axial +r.
            CHECK(grid.from_offset({4, 0}).q == 4);
            CHECK(grid.from_offset({4, 3}) == grid.from_offset({4, 0}) + Hex{0, 3});
        } else {
            // Rows are axial r; going along a row is axial +q.
            CHECK(grid.from_offset({0, 4}).r == 4);
            CHECK(grid.from_offset({3, 4}) == grid.from_offset({0, 4}) + Hex{3, 0});
        }
    }
}

TEST_CASE("axial neighbours are the printed map's neighbours, both parities", "[geometry][grid]") {
    for (const auto& [top, parity] : kAllLayouts) {
        SECTION(layout_name(top, parity)) {
            const HexGrid grid(layout_of(top, parity), 12, 9);
            for (int row = 0; row < 9; ++row) {
                for (int column = 0; column < 12; ++column) {
                    const Hex h = grid.from_offset({column, row});
                    OffsetSet actual;
                    for (Hex n : neighbours(h)) {
                        const Offset o = grid.to_offset(n);
                        actual.insert({o.column, o.row});
                    }
                    INFO("column " << column << " row " << row);
                    CHECK(actual == expected_offset_neighbours(top, parity, column, row));
                }
            }
        }
    }
}

TEST_CASE("SPI xxyy labels on a flat odd map", "[geometry][grid]") {
    const HexGrid grid(HexLayout{HexTop::Flat, OffsetParity::Odd, 1, 1, 2}, 30, 20);
    CHECK(grid.label(grid.from_offset({0, 0})) == "0101");
    CHECK(grid.label(grid.from_offset({2, 4})) == "0305");
    CHECK(grid.label(grid.from_offset({29, 19})) == "3020");
    CHECK(grid.parse_label("0305") == grid.from_offset({2, 4}));

    // Corner: column 0 sits high, so it touches rows 01 and (off map) 00 of column 02.
    CHECK(labels_of_neighbours(grid, "0101") == std::set<std::string>{"0201", "0102"});
    // Printed column 02 is 0-based column 1: odd, lower.
    CHECK(labels_of_neighbours(grid, "0201") == std::set<std::string>{"0101", "0102", "0202", "0301", "0302"});
    CHECK(labels_of_neighbours(grid, "0305") == std::set<std::string>{"0304", "0306", "0204", "0205", "0404", "0405"});
    CHECK(labels_of_neighbours(grid, "0405") == std::set<std::string>{"0404", "0406", "0305", "0306", "0505", "0506"});
}

TEST_CASE("SPI xxyy labels on a flat even map", "[geometry][grid]") {
    const HexGrid grid(HexLayout{HexTop::Flat, OffsetParity::Even, 1, 1, 2}, 30, 20);
    // Column 0 (printed 01) now sits lower.
    CHECK(labels_of_neighbours(grid, "0101") == std::set<std::string>{"0201", "0202", "0102"});
    CHECK(labels_of_neighbours(grid, "0305") == std::set<std::string>{"0304", "0306", "0205", "0206", "0405", "0406"});
    CHECK(labels_of_neighbours(grid, "0405") == std::set<std::string>{"0404", "0406", "0304", "0305", "0504", "0505"});
}

TEST_CASE("labels on pointy maps", "[geometry][grid]") {
    const HexGrid odd(HexLayout{HexTop::Pointy, OffsetParity::Odd, 1, 1, 2}, 30, 20);
    // Row 0 (printed 01) is even and sits left; row 1 sits right.
    CHECK(labels_of_neighbours(odd, "0101") == std::set<std::string>{"0201", "0102"});
    CHECK(labels_of_neighbours(odd, "0505") == std::set<std::string>{"0405", "0605", "0404", "0504", "0406", "0506"});
    CHECK(labels_of_neighbours(odd, "0504") == std::set<std::string>{"0404", "0604", "0503", "0603", "0505", "0605"});
    const HexGrid even(HexLayout{HexTop::Pointy, OffsetParity::Even, 1, 1, 2}, 30, 20);
    CHECK(labels_of_neighbours(even, "0101") == std::set<std::string>{"0201", "0102", "0202"});
}

TEST_CASE("labels round trip for every hex and layout", "[geometry][grid]") {
    for (const auto& [top, parity] : kAllLayouts) {
        for (const auto& [first_column, first_row, digits] :
             std::vector<std::tuple<int, int, int>>{{1, 1, 2}, {0, 0, 2}, {1, 1, 3}, {5, 70, 2}}) {
            const HexGrid grid(HexLayout{top, parity, first_column, first_row, digits}, 30, 20);
            std::set<std::string> labels;
            for (std::size_t i = 0; i < grid.size(); ++i) {
                const Hex h = grid.hex_at(static_cast<int>(i));
                const std::string label = grid.label(h);
                CHECK(label.size() == static_cast<std::size_t>(2 * digits));
                CHECK(grid.parse_label(label) == h);
                labels.insert(label);
            }
            CHECK(labels.size() == grid.size());
        }
    }
}

TEST_CASE("label numbering honours first column, first row and digits", "[geometry][grid]") {
    const HexGrid zero(HexLayout{HexTop::Flat, OffsetParity::Odd, 0, 0, 2}, 10, 10);
    CHECK(zero.label(zero.from_offset({0, 0})) == "0000");
    CHECK(zero.label(zero.from_offset({9, 3})) == "0903");
    const HexGrid wide(HexLayout{HexTop::Flat, OffsetParity::Odd, 1, 1, 3}, 120, 10);
    CHECK(wide.label(wide.from_offset({0, 0})) == "001001");
    CHECK(wide.label(wide.from_offset({119, 9})) == "120010");
    const HexGrid shifted(HexLayout{HexTop::Pointy, OffsetParity::Even, 5, 70, 2}, 10, 10);
    CHECK(shifted.label(shifted.from_offset({0, 0})) == "0570");
    CHECK(shifted.label(shifted.from_offset({4, 9})) == "0979");
}

TEST_CASE("parse_label rejects malformed and off-map labels", "[geometry][grid]") {
    const HexGrid grid(HexLayout{HexTop::Flat, OffsetParity::Odd, 1, 1, 2}, 30, 20);
    for (const char* bad : {"", "0", "010", "01011", "001001", "0a01", "01a1", "01 1", " 0101", "0101 ", "+101", "-101",
                            "01-1", "0x01"}) {
        INFO("label '" << bad << "'");
        CHECK_FALSE(grid.parse_label(bad).has_value());
    }
    // Well formed but off the map.
    for (const char* off : {"0001", "0100", "3101", "0121", "9999"}) {
        INFO("label '" << off << "'");
        CHECK_FALSE(grid.parse_label(off).has_value());
    }
    CHECK(grid.parse_label("3020").has_value());
    // Off-map hexes have no label.
    CHECK(grid.label(grid.from_offset({-1, 0})).empty());
    CHECK(grid.label(grid.from_offset({30, 0})).empty());
    CHECK(grid.label(grid.from_offset({0, 20})).empty());
}

TEST_CASE("the constructor rejects grids whose labels cannot round trip", "[geometry][grid]") {
    const HexLayout spi{HexTop::Flat, OffsetParity::Odd, 1, 1, 2};
    CHECK_NOTHROW(HexGrid(spi, 99, 99));
    CHECK_THROWS_AS(HexGrid(spi, 100, 10), std::invalid_argument);
    CHECK_THROWS_AS(HexGrid(spi, 10, 100), std::invalid_argument);
    CHECK_THROWS_AS(HexGrid(spi, -1, 10), std::invalid_argument);
    CHECK_THROWS_AS(HexGrid(spi, 10, -1), std::invalid_argument);
    CHECK_THROWS_AS(HexGrid(HexLayout{HexTop::Flat, OffsetParity::Odd, -1, 1, 2}, 10, 10), std::invalid_argument);
    CHECK_THROWS_AS(HexGrid(HexLayout{HexTop::Flat, OffsetParity::Odd, 1, 1, 0}, 10, 10), std::invalid_argument);
    CHECK_THROWS_AS(HexGrid(HexLayout{HexTop::Flat, OffsetParity::Odd, 1, 1, 10}, 10, 10), std::invalid_argument);
    CHECK_NOTHROW(HexGrid(HexLayout{HexTop::Flat, OffsetParity::Odd, 0, 0, 2}, 100, 100));
    CHECK_NOTHROW(HexGrid(spi, 0, 0));
}

TEST_CASE("an empty grid contains nothing", "[geometry][grid]") {
    const HexGrid grid;
    CHECK(grid.size() == 0);
    CHECK_FALSE(grid.contains({0, 0}));
    CHECK(grid.index({0, 0}) == -1);
    CHECK_FALSE(grid.parse_label("0101").has_value());
}

TEST_CASE("centres: origin, half-hex shifts and neighbour spacing", "[geometry][grid]") {
    const double root3 = std::sqrt(3.0);
    const auto centre_of = [](const HexGrid& grid, int column, int row) {
        return grid.centre(grid.from_offset({column, row}));
    };
    const HexGrid flat_odd(layout_of(HexTop::Flat, OffsetParity::Odd), 8, 8);
    const HexGrid flat_even(layout_of(HexTop::Flat, OffsetParity::Even), 8, 8);
    const HexGrid pointy_odd(layout_of(HexTop::Pointy, OffsetParity::Odd), 8, 8);
    const HexGrid pointy_even(layout_of(HexTop::Pointy, OffsetParity::Even), 8, 8);

    for (const HexGrid* grid : {&flat_odd, &flat_even, &pointy_odd, &pointy_even}) {
        CHECK(centre_of(*grid, 0, 0).x == Approx(0.0).margin(1e-12));
        CHECK(centre_of(*grid, 0, 0).y == Approx(0.0).margin(1e-12));
    }
    // Flat top: columns 1.5 apart; the odd column half a hex (root3 / 2) lower
    // in odd layouts and higher in even ones.
    CHECK(centre_of(flat_odd, 1, 0).x == Approx(1.5));
    CHECK(centre_of(flat_odd, 1, 0).y == Approx(root3 / 2));
    CHECK(centre_of(flat_even, 1, 0).y == Approx(-root3 / 2));
    CHECK(centre_of(flat_odd, 0, 1).y == Approx(root3));
    CHECK(centre_of(flat_odd, 2, 3).x == Approx(3.0));
    CHECK(centre_of(flat_odd, 2, 3).y == Approx(3 * root3));
    // Pointy top: rows 1.5 apart; the odd row half a hex to the right in odd
    // layouts and to the left in even ones.
    CHECK(centre_of(pointy_odd, 0, 1).y == Approx(1.5));
    CHECK(centre_of(pointy_odd, 0, 1).x == Approx(root3 / 2));
    CHECK(centre_of(pointy_even, 0, 1).x == Approx(-root3 / 2));
    CHECK(centre_of(pointy_odd, 3, 2).x == Approx(3 * root3));

    // In every layout, neighbours' centres are root3 apart, and the printed
    // picture is a regular grid: a row (flat) or column (pointy) is a straight line.
    for (const HexGrid* grid : {&flat_odd, &flat_even, &pointy_odd, &pointy_even}) {
        for (std::size_t i = 0; i < grid->size(); ++i) {
            const Hex h = grid->hex_at(static_cast<int>(i));
            const HexGrid::Point c = grid->centre(h);
            for (Hex n : neighbours(h)) {
                const HexGrid::Point d = grid->centre(n);
                CHECK(std::hypot(d.x - c.x, d.y - c.y) == Approx(root3));
            }
            const Offset o = grid->to_offset(h);
            if (grid->layout().top == HexTop::Flat) {
                CHECK(c.x == Approx(1.5 * o.column).margin(1e-12));
            } else {
                CHECK(c.y == Approx(1.5 * o.row).margin(1e-12));
            }
        }
    }
}
