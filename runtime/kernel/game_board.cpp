// The leaders' values on a hex, and what the game drops when the board changes. What a unit is
// (type, attributes, strength, allowance, capabilities) is unit_view.cpp.
#include "kernel/game.h"
#include "kernel/procedures/movement.h"
#include "rules/procedures.h"

#include <algorithm>
#include <array>

namespace sandtable::kernel {

using geometry::Hex;

// ---- queries -------------------------------------------------------------

int Game::leader_value_at(int side, Hex h) const {
    return roles_.leader < 0 ? 0 : hex_board_.best_attribute_at(side, h, roles_.leader);
}

void Game::invalidate() const {
    hex_board_.invalidate();
    range_unit_ = -1;
    drop_legal();
}

void Game::board_changed() {
    range_unit_ = -1;
    drop_legal();
}

}  // namespace sandtable::kernel
