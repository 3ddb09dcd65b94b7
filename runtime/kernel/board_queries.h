// Who stands near whom on the hex map, read from the state alone: the
// procedures, the rule scripts' game API and the bots ask the same questions
// and get the same answers from one place.
#pragma once

#include "geometry/hex.h"
#include "kernel/game_state.h"

#include <vector>

namespace sandtable::kernel {

// Any unit on the map of a side other than `side` in the hex.
bool enemy_present(const GameState& state, int side, geometry::Hex h);
// The units on the map of another side one hex from the unit (none when it is off the map).
std::vector<int> adjacent_enemies(const GameState& state, int unit);
bool adjacent_to_enemy(const GameState& state, int unit);
// Hexes from `h` to the nearest unit on the map of a side other than `side`; -1 when there is none.
int distance_to_closest_enemy(const GameState& state, int side, geometry::Hex h);

}  // namespace sandtable::kernel
