// What a unit is: its type, attributes, strength, allowance and
// capabilities as the game now counts them, and its id.
#include "kernel/game.h"
#include "kernel/procedures/movement.h"
#include "rules/procedures.h"

#include <algorithm>
#include <array>

namespace sandtable::kernel {

using geometry::Hex;

// ---- queries -------------------------------------------------------------

const rules::UnitType& Game::unit_type(int unit) const {
    return ruleset_->unit_types[static_cast<std::size_t>(state_.units[static_cast<std::size_t>(unit)].type)];
}

int Game::attribute(int unit, int index) const {
    if (index < 0) return 0;
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    return unit_type(unit).face(u.back).values[static_cast<std::size_t>(index)];
}

int Game::attribute(int unit, const std::string& id) const { return attribute(unit, ruleset_->attribute_index(id)); }

// In a combat phase, the strength that phase fights with (fire or melee);
// elsewhere the strength losses are counted in.
int Game::combat_strength(int unit) const {
    const auto phase = static_cast<std::size_t>(phase_index());
    const Procedure here = procedures_[phase]->id;
    const int strength = here == Procedure::OddsCombat || here == Procedure::PlottedCombat
                             ? options_of<rules::CombatOptions>(phase).strength.index
                             : roles_.strength;
    return attribute(unit, strength);
}

// In a movement phase whose `bonus_from_mark` names a mark, the unit's mark
// adds to its allowance (a declared charge, set by a script).
int Game::movement_allowance(int unit) const {
    const int base = attribute(unit, roles_.allowance);
    const std::string* bonus = allowance_bonus_mark_[static_cast<std::size_t>(phase_index())];
    return bonus ? base + state_.mark(unit, *bonus) : base;
}

int Game::movement_class(int unit) const {
    return unit_type(unit).face(state_.units[static_cast<std::size_t>(unit)].back).movement_class;
}

int Game::capability(int unit, Capability c) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    return beside_.capabilities.at(u.type, u.back, c);
}

// Safe for any index: a refused action from a file may name no unit (a charge
// with no target), and its refusal still describes it.
const std::string& Game::unit_id(int unit) const {
    static const std::string none = "(no unit)";
    if (unit < 0 || static_cast<std::size_t>(unit) >= scenario_->units.size()) return none;
    return scenario_->units[static_cast<std::size_t>(unit)].id;
}

int Game::unit_index(const std::string& id) const {
    for (std::size_t i = 0; i < scenario_->units.size(); ++i)
        if (scenario_->units[i].id == id) return static_cast<int>(i);
    return -1;
}

int Game::leader_value_at(int side, Hex h) const {
    return roles_.leader < 0 ? 0 : hex_board_.best_attribute_at(side, h, roles_.leader);
}

const geometry::MovementRange& Game::movement_range(int unit) const {
    return MovementProcedure::movement_range(*this, unit);
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
