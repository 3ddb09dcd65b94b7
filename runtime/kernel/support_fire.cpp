// Support fire markers (F&M 7.0, 8.1, 8.2.1 b) as every player may know
// them: how many a side may still draw this game turn, and those placed in
// the combat in progress once revealed. Drawing, placing face down and
// revealing them is the combat's (procedures/odds_combat/support_markers.cpp).
#include "kernel/game.h"

#include <algorithm>

namespace sandtable::kernel {

using geometry::Hex;

int Game::support_draws_left(int side) const {
    if (side < 0 || side >= static_cast<int>(beside_.support.draws_left.size())) return 0;
    const auto s = static_cast<std::size_t>(side);
    return std::min(beside_.support.draws_left[s], static_cast<int>(beside_.support.available[s].size()));
}

std::optional<std::vector<int>> Game::committed_support(int side) const {
    if (side < 0 || side >= static_cast<int>(beside_.support.committed.size())) return std::nullopt;
    if (!state_.combat.support_revealed && !state_.result.over) return std::nullopt;
    return beside_.support.committed[static_cast<std::size_t>(side)];
}

}  // namespace sandtable::kernel
