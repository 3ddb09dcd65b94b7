// What a unit is as the game now counts it: its type and face, attributes,
// the strength the phase in progress fights with, its movement allowance and
// budget, its capabilities (as the scripts left them), its id, and what its
// state says of it. A view of one unit (game.unit(u)), as CombatQueries is of
// combat; it changes nothing, and is made each time it is asked for.
#pragma once

#include "kernel/beside_state.h"
#include "kernel/game_state.h"
#include "rules/unit_type.h"

#include <string>

namespace sandtable::kernel {

class Game;

class UnitView {
public:
    UnitView(const Game& game, int unit) : game_(game), unit_(unit) {}

    int index() const { return unit_; }
    const UnitState& state() const;
    const rules::UnitType& type() const;
    // Safe for any index: a refused action from a file may name no unit (a
    // charge with no target), and its refusal still describes it.
    const std::string& id() const;

    // The value on the face it shows; 0 for index -1 (an attribute the ruleset has not).
    int attribute(int attribute_index) const;
    int attribute(const std::string& attribute_id) const;
    // In a combat phase, the strength that phase fights with (fire or melee);
    // elsewhere the strength losses are counted in.
    int combat_strength() const;
    // With a movement phase's `bonus_from_mark`: plus the unit's mark (a declared charge).
    int movement_allowance() const;
    // The allowance in the ruleset's movement point parts (2 for F&M's
    // roads at 1/2 MP): a range's cost of 3 is 1 1/2 MP then.
    int movement_budget() const;
    int movement_class() const;
    int capability(Capability c) const;
    // What eliminating it scores: its VictoryPoints capability, or its front
    // strength times the scenario's vp_per_enemy_strength.
    int victory_points() const;
    // A reinforcement not yet on the map (neither there nor eliminated).
    bool awaiting_arrival() const;
    int figures() const { return state().figures; }
    // Facing (PRESTAGS 16.0): the direction (0-5, as geometry::neighbour) a
    // hex unit faces, or a tabletop unit's bearing in degrees; -1 without one.
    int facing() const { return state().facing; }
    int hits() const { return state().hits; }

private:
    const Game& game_;
    int unit_;
};

}  // namespace sandtable::kernel
