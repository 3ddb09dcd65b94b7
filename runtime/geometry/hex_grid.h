// A rectangular hex map in offset coordinates, as printed wargame maps are
// numbered (SPI's four-digit "xxyy": column then row). The grid maps between
// axial hexes, offset (column, row) pairs, printed labels, and a dense index
// 0..size()-1 that hot loops (paths, zones of control) use for flat arrays.
#pragma once

#include "geometry/hex.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::geometry {

enum class HexTop { Flat, Pointy };
// Flat top: columns are offset ("odd-q" / "even-q"); Odd means the columns with
// an odd 0-based index (Offset::column, not the printed number) sit half a hex
// lower than their neighbours. Pointy top: rows are offset ("odd-r" /
// "even-r"); Odd means rows with an odd 0-based index (Offset::row) sit half a
// hex to the right. So with first_column = 1 and Flat/Odd, printed columns
// 02, 04, ... are the lower ones, and "0101" touches "0201" and "0102".
enum class OffsetParity { Odd, Even };

struct HexLayout {
    HexTop top = HexTop::Flat;
    OffsetParity parity = OffsetParity::Odd;
    int first_column = 1;  // the printed number of the leftmost column
    int first_row = 1;     // the printed number of the top row
    int label_digits = 2;  // digits per part: 2 gives "0305" for column 3, row 5
};

// Half the offset index, rounded towards the side that does not shift.
constexpr int half_shift(int index, OffsetParity parity) {
    return parity == OffsetParity::Odd ? (index - (index & 1)) / 2 : (index + (index & 1)) / 2;
}

struct Offset {
    int column = 0;  // 0-based from the left edge of the map
    int row = 0;     // 0-based from the top edge of the map
    friend constexpr bool operator==(Offset, Offset) = default;
};

class HexGrid {
public:
    HexGrid() = default;
    // Throws std::invalid_argument when columns or rows is negative, when
    // label_digits is not 1..9, when first_column or first_row is negative,
    // or when the highest printed number does not fit in label_digits (so
    // that every label round-trips through parse_label).
    HexGrid(HexLayout layout, int columns, int rows);

    const HexLayout& layout() const { return layout_; }
    int columns() const { return columns_; }
    int rows() const { return rows_; }
    std::size_t size() const { return static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_); }

    // Dense index of the neighbour in `direction` (0..5, see kDirections), or
    // -1 off the map. A table lookup: hot loops use it instead of index().
    int neighbour_index(int index, int direction) const {
        return neighbours_[static_cast<std::size_t>(index) * 6 + static_cast<std::size_t>(direction)];
    }

    // Inline: the kernel's hot loops (stacking, zones, ranges) call them for every hex they look at.
    Offset to_offset(Hex h) const {
        if (layout_.top == HexTop::Flat) return {h.q, h.r + half_shift(h.q, layout_.parity)};
        return {h.q + half_shift(h.r, layout_.parity), h.r};
    }
    Hex from_offset(Offset o) const;
    bool contains(Hex h) const;
    // Dense index in 0..size()-1 (row-major), or -1 when the hex is off the map.
    int index(Hex h) const {
        const Offset o = to_offset(h);
        if (o.column < 0 || o.column >= columns_ || o.row < 0 || o.row >= rows_) return -1;
        return o.row * columns_ + o.column;
    }
    // Precondition: 0 <= index < size().
    Hex hex_at(int index) const;

    // Printed label, e.g. "0305" (column 3, row 5 with first_column = first_row = 1);
    // empty when the hex is off the map.
    std::string label(Hex h) const;
    // Inverse of label(); nullopt when malformed or off the map.
    std::optional<Hex> parse_label(std::string_view label) const;

    // Centre of a hex in units of the hex's outer radius (corner distance = 1),
    // origin at the centre of offset (0, 0), y growing downwards. For drawing.
    struct Point {
        double x;
        double y;
    };
    Point centre(Hex h) const;

private:
    HexLayout layout_{};
    int columns_ = 0;
    int rows_ = 0;
    std::vector<Hex> hexes_;       // by dense index: hex_at() is a lookup
    std::vector<int> neighbours_;  // size() * 6
};

}  // namespace sandtable::geometry
