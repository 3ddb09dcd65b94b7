// The greedy bot's choices on a tabletop (Cady): written orders that close
// with the enemy (missile troops to a good range, melee troops to contact,
// charges when they reach, a battered unit pulls back), guns laid on the
// nearest target at the range an experienced gunner would call.
#pragma once

#include "kernel/game.h"

#include <vector>

namespace sandtable::bots {

kernel::Action choose_table_order(const kernel::Game& game, const std::vector<kernel::Action>& legal);
kernel::Action choose_gun_shot(const kernel::Game& game, const std::vector<kernel::Action>& legal);
kernel::Action choose_table_target(const kernel::Game& game, const std::vector<kernel::Action>& legal);

}  // namespace sandtable::bots
