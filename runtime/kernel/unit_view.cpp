#include "kernel/unit_view.h"

#include "kernel/game.h"
#include "rules/procedures.h"

namespace sandtable::kernel {

const UnitState& UnitView::state() const { return game_.state_.unit(unit_); }

const rules::UnitType& UnitView::type() const {
    return game_.ruleset_->unit_types[static_cast<std::size_t>(state().type)];
}

const std::string& UnitView::id() const {
    static const std::string none = "(no unit)";
    const auto& placed = game_.scenario_->units;
    if (unit_ < 0 || static_cast<std::size_t>(unit_) >= placed.size()) return none;
    return placed[static_cast<std::size_t>(unit_)].id;
}

int UnitView::attribute(int attribute_index) const {
    if (attribute_index < 0) return 0;
    return type().face(state().back).values[static_cast<std::size_t>(attribute_index)];
}

int UnitView::attribute(const std::string& attribute_id) const {
    return attribute(game_.ruleset_->attribute_index(attribute_id));
}

int UnitView::combat_strength() const {
    const auto phase = static_cast<std::size_t>(game_.phase_index());
    const Game::Procedure here = game_.procedures_[phase]->id;
    const int strength = here == Game::Procedure::OddsCombat || here == Game::Procedure::PlottedCombat
                             ? game_.options_of<rules::CombatOptions>(phase).strength.index
                             : game_.roles_.strength;
    return attribute(strength);
}

int UnitView::movement_allowance() const {
    const int base = attribute(game_.roles_.allowance);
    const std::string* bonus = game_.allowance_bonus_mark_[static_cast<std::size_t>(game_.phase_index())];
    return bonus ? base + game_.state_.mark(unit_, *bonus) : base;
}

int UnitView::movement_budget() const { return movement_allowance() * game_.ruleset_->movement_point_parts; }

int UnitView::movement_class() const { return type().face(state().back).movement_class; }

int UnitView::capability(Capability c) const {
    const auto& u = state();
    return game_.beside_.capabilities.at(u.type, u.back, c);
}

int UnitView::victory_points() const {
    const int points = capability(Capability::VictoryPoints);
    if (points >= 0) return points;
    const int strength =
        game_.roles_.strength >= 0 ? type().front.values[static_cast<std::size_t>(game_.roles_.strength)] : 0;
    return strength * game_.scenario_->vp_per_enemy_strength;
}

bool UnitView::awaiting_arrival() const {
    const auto& u = state();
    return !u.on_map && !u.eliminated && !u.exited;
}

}  // namespace sandtable::kernel
