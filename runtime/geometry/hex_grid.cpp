// Offset <-> axial conversion for rectangular maps.
//
// Convention (see also OffsetParity in hex_grid.h): the parity is that of the
// 0-based index stored in Offset, never of the printed number.
//   Flat top, columns offset, q = column:
//     odd-q  (Odd):  r = row - (column - (column & 1)) / 2   odd columns sit lower
//     even-q (Even): r = row - (column + (column & 1)) / 2   even columns sit lower
//   Pointy top, rows offset, r = row:
//     odd-r  (Odd):  q = column - (row - (row & 1)) / 2      odd rows sit to the right
//     even-r (Even): q = column - (row + (row & 1)) / 2      even rows sit to the right
// The `& 1` form is exact for negative indices too (C++20 integers are two's
// complement and the divisions are of even numbers), so off-map hexes convert
// consistently, which contains() relies on.
#include "geometry/hex_grid.h"

#include <cassert>
#include <cmath>
#include <stdexcept>

namespace sandtable::geometry {

namespace {

long long power_of_ten(int digits) {
    long long p = 1;
    for (int i = 0; i < digits; ++i) p *= 10;
    return p;
}

// The printed numbers of one axis must fit in `digits` digits for labels to
// have a fixed width, which parse_label relies on.
void check_axis(const char* what, int first, int count, int digits) {
    if (count < 0) throw std::invalid_argument(std::string("HexGrid: negative number of ") + what + "s");
    if (first < 0) throw std::invalid_argument(std::string("HexGrid: negative first ") + what);
    if (count > 0 && static_cast<long long>(first) + count - 1 >= power_of_ten(digits)) {
        throw std::invalid_argument(std::string("HexGrid: the last ") + what + " number does not fit in " +
                                    std::to_string(digits) + " label digits");
    }
}

void append_padded(std::string& out, int value, int digits) {
    const std::string number = std::to_string(value);
    if (static_cast<int>(number.size()) < digits) out.append(static_cast<std::size_t>(digits) - number.size(), '0');
    out += number;
}

// Parses exactly the digits in `text`; nullopt on any other character.
std::optional<int> parse_digits(std::string_view text) {
    int value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

}  // namespace

HexGrid::HexGrid(HexLayout layout, int columns, int rows) : layout_(layout), columns_(columns), rows_(rows) {
    // 9 digits per part keeps every printed number within int.
    if (layout.label_digits < 1 || layout.label_digits > 9) {
        throw std::invalid_argument("HexGrid: label_digits must be 1..9");
    }
    check_axis("column", layout.first_column, columns, layout.label_digits);
    check_axis("row", layout.first_row, rows, layout.label_digits);
    hexes_.reserve(size());
    for (int i = 0; i < static_cast<int>(size()); ++i) hexes_.push_back(from_offset({i % columns_, i / columns_}));
    neighbours_.resize(size() * 6);
    for (int i = 0; i < static_cast<int>(size()); ++i)
        for (int d = 0; d < 6; ++d)
            neighbours_[static_cast<std::size_t>(i) * 6 + static_cast<std::size_t>(d)] = index(neighbour(hex_at(i), d));
}

Hex HexGrid::from_offset(Offset o) const {
    if (layout_.top == HexTop::Flat) return {o.column, o.row - half_shift(o.column, layout_.parity)};
    return {o.column - half_shift(o.row, layout_.parity), o.row};
}

bool HexGrid::contains(Hex h) const { return index(h) >= 0; }

Hex HexGrid::hex_at(int index) const {
    assert(index >= 0 && static_cast<std::size_t>(index) < size());
    return hexes_[static_cast<std::size_t>(index)];
}

std::string HexGrid::label(Hex h) const {
    if (!contains(h)) return {};
    const Offset o = to_offset(h);
    std::string out;
    out.reserve(2 * static_cast<std::size_t>(layout_.label_digits));
    append_padded(out, layout_.first_column + o.column, layout_.label_digits);
    append_padded(out, layout_.first_row + o.row, layout_.label_digits);
    return out;
}

std::optional<Hex> HexGrid::parse_label(std::string_view label) const {
    const auto digits = static_cast<std::size_t>(layout_.label_digits);
    if (label.size() != 2 * digits) return std::nullopt;
    const std::optional<int> column = parse_digits(label.substr(0, digits));
    const std::optional<int> row = parse_digits(label.substr(digits));
    if (!column || !row) return std::nullopt;
    const Offset o{*column - layout_.first_column, *row - layout_.first_row};
    if (o.column < 0 || o.column >= columns_ || o.row < 0 || o.row >= rows_) return std::nullopt;
    return from_offset(o);
}

HexGrid::Point HexGrid::centre(Hex h) const {
    // Offset (0, 0) is axial (0, 0) in all four layouts, so the axial
    // coordinates are already relative to the origin. Axial +r points down
    // the map in both orientations, matching y growing downwards.
    const double root3 = std::sqrt(3.0);
    if (layout_.top == HexTop::Flat) return {1.5 * h.q, root3 * (h.r + 0.5 * h.q)};
    return {root3 * (h.q + 0.5 * h.r), 1.5 * h.r};
}

}  // namespace sandtable::geometry
