// What the playtest screen shows of a game, worked out without a window:
// the counters where the game has them, the marks the decision calls for
// (reachable hexes with their cost, targets with the odds, the combat being
// built, retreat and advance hexes, the viewer's own written orders), the
// actions a click on a hex can make, and each action told in words.
#pragma once

#include "core/combat_text.h"
#include "core/value_sources.h"

#include "kernel/game.h"
#include "rules/scenario.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace sandtable::studio {

// The scenario as drawn during play: `base` with its units moved, turned and
// flipped as in the game; units off the map (eliminated, exited, to arrive)
// left out; objectives held by whoever holds them now.
rules::Scenario board_of(const kernel::Game& game, const rules::Scenario& base);
// The same into a board made from `base` before: only its units and objective
// holders are rewritten, the map is not copied again (the playtest redraws
// after every action).
void update_board(const kernel::Game& game, const rules::Scenario& base, rules::Scenario& board);

enum class MarkKind {
    Selected,  // the unit being moved or the firer chosen
    Movable,   // a unit that may be picked now
    Reach,     // a hex the selected unit may end in; label: its cost
    Target,    // a legal target; label: the odds with every attacker that reaches it
    Attacker,  // in the combat being built
    Defender,
    Destination,  // a retreat, advance, rally or exit hex
    Order,        // the viewer's own written order ends here; label: the task
};

struct HexMark {
    geometry::Hex hex;
    MarkKind kind;
    std::string label;
};

// The marks for the decision the game waits for, as `viewer` may see them
// (-1: everything, as the umpire of a watched game).
std::vector<HexMark> decision_marks(const kernel::Game& game, int viewer);

// The odds a target would be attacked at by every unit of the attacking side
// that may still attack it ("3-1"), as the kernel estimates before scripts.
std::string odds_label(const kernel::Game& game, int target);

// The legal actions a click on `hex` can make now: moving there, picking the
// unit there, declaring against it, retreating there, …
std::vector<kernel::Action> actions_at(const kernel::Game& game, geometry::Hex hex);

// An action in words for the player: "Move Hesk spearmen 2 to 0705 (3 MP)".
std::string action_text(const kernel::Game& game, const kernel::Action& action);
// The labels of actions offered together (a menu, the Decision list), each
// distinct: where two would read the same, the kernel's fuller description
// tells them apart, and failing that their place in the list.
std::vector<std::string> action_labels(const kernel::Game& game, const std::vector<kernel::Action>& actions);

// What the game waits for, in words: "Turn 2 · Normans: Movement · pick a unit
// to move"; when another side decides in the phase, it is named too.
std::string decision_text(const kernel::Game& game);

}  // namespace sandtable::studio
