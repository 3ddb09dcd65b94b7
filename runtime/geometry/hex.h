// Hex coordinates: axial (q, r) with the implied cube coordinate s = -q - r.
// Everything else in geometry/ (labels, hexsides, line of sight, paths) is
// built on this value type. Geometry knows nothing of rules or games.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace sandtable::geometry {

struct Hex {
    int q = 0;
    int r = 0;

    constexpr int s() const { return -q - r; }
    friend constexpr bool operator==(Hex, Hex) = default;
    friend constexpr auto operator<=>(Hex, Hex) = default;
    friend constexpr Hex operator+(Hex a, Hex b) { return {a.q + b.q, a.r + b.r}; }
    friend constexpr Hex operator-(Hex a, Hex b) { return {a.q - b.q, a.r - b.r}; }
};

// The six axial directions, counter-clockwise starting at +q. Direction d and
// (d + 3) % 6 are opposite.
inline constexpr std::array<Hex, 6> kDirections{{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}};

constexpr Hex neighbour(Hex h, int direction) { return h + kDirections[static_cast<std::size_t>(direction)]; }
std::array<Hex, 6> neighbours(Hex h);
// In cube coordinates the three differences sum to zero, so half their
// absolute sum equals the largest of them: the number of steps. Inline: the
// kernel asks it in most of its loops.
constexpr int distance(Hex a, Hex b) {
    const Hex d = a - b;
    const int q = d.q < 0 ? -d.q : d.q, r = d.r < 0 ? -d.r : d.r, s = d.s() < 0 ? -d.s() : d.s();
    return (q + r + s) / 2;
}
// Direction index 0..5 from a to an adjacent b, or -1 if not adjacent.
int direction_to(Hex a, Hex b);
// All hexes at exactly `radius` from centre (radius 0 gives the centre itself).
std::vector<Hex> ring(Hex centre, int radius);
// All hexes within `radius` of centre, centre included.
std::vector<Hex> spiral(Hex centre, int radius);

// A hexside is the edge shared by two adjacent hexes. It is stored in a
// canonical order (smaller hex first) so that the side between a and b and
// the side between b and a are the same key.
struct HexSide {
    Hex a;
    Hex b;
    friend constexpr bool operator==(HexSide, HexSide) = default;
    friend constexpr auto operator<=>(HexSide, HexSide) = default;
};
// Precondition: a and b adjacent.
HexSide side_between(Hex a, Hex b);

struct HexHash {
    std::size_t operator()(Hex h) const noexcept {
        return std::hash<std::int64_t>{}((static_cast<std::int64_t>(h.q) << 32) ^ static_cast<std::uint32_t>(h.r));
    }
};
struct HexSideHash {
    std::size_t operator()(HexSide s) const noexcept {
        return HexHash{}(s.a) * 31u ^ HexHash {}(s.b);
    }
};

}  // namespace sandtable::geometry
