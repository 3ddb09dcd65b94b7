// The public state of a game at one point, as both players see it on the
// table: units (hex or place, face, status, marks), sides (losses, morale),
// the phase, the decision and the actions then legal. A hidden marker is
// shown as a marker, never as what it hides; written orders not yet
// revealed are not shown. What `sandtable state` prints.
#pragma once

#include <string>

namespace sandtable::kernel {
class Game;
}

namespace sandtable::bots {

std::string public_state_text(const kernel::Game& game);
std::string public_state_json(const kernel::Game& game);

}  // namespace sandtable::bots
