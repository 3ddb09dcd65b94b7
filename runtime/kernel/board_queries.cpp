#include "kernel/board_queries.h"

namespace sandtable::kernel {

namespace {

bool enemy_of(const UnitState& unit, int side) { return unit.on_map && unit.side != side; }

}  // namespace

bool enemy_present(const GameState& state, int side, geometry::Hex h) {
    for (const auto& u : state.units)
        if (enemy_of(u, side) && u.hex == h) return true;
    return false;
}

std::vector<int> adjacent_enemies(const GameState& state, int unit) {
    const auto& me = state.unit(unit);
    std::vector<int> out;
    for (std::size_t i = 0; i < state.units.size() && me.on_map; ++i)
        if (enemy_of(state.units[i], me.side) && geometry::distance(state.units[i].hex, me.hex) == 1)
            out.push_back(static_cast<int>(i));
    return out;
}

bool adjacent_to_enemy(const GameState& state, int unit) {
    const auto& me = state.unit(unit);
    if (!me.on_map) return false;
    for (const auto& u : state.units)
        if (enemy_of(u, me.side) && geometry::distance(u.hex, me.hex) == 1) return true;
    return false;
}

int distance_to_closest_enemy(const GameState& state, int side, geometry::Hex h) {
    int best = -1;
    for (const auto& u : state.units)
        if (enemy_of(u, side) && (best < 0 || geometry::distance(u.hex, h) < best)) best = geometry::distance(u.hex, h);
    return best;
}

}  // namespace sandtable::kernel
