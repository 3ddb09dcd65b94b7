// A game set up from its ruleset and scenario: the units, formations and
// capabilities, the phases' options read once, the hex board's tables.
#include "kernel/game.h"
#include "rules/procedures.h"

#include <algorithm>
#include <array>

namespace sandtable::kernel {

using geometry::Hex;

Game::Game(std::shared_ptr<const rules::Ruleset> ruleset, std::shared_ptr<const rules::Scenario> scenario,
           std::uint64_t seed, RuleHooks* hooks)
    : ruleset_(std::move(ruleset)), scenario_(std::move(scenario)), hooks_(hooks), dice_(seed) {
    const auto& sc = *scenario_;
    for (const auto& p : sc.units) {
        UnitState u;
        u.type = p.type;
        u.side = p.side;
        u.hex = p.hex;
        u.back = p.back && ruleset_->unit_types[static_cast<std::size_t>(p.type)].back.has_value();
        u.on_map = p.arrives <= 1;  // a reinforcement waits off the map, not eliminated
        u.facing = p.facing;
        u.hits = p.hits;
        state_.units.push_back(u);
    }
    state_.sides.resize(sc.sides.size());
    for (const auto& o : sc.objectives) state_.objective_holders.push_back(o.holder);
    std::array<int, static_cast<int>(Capability::Count)> defaults{};
    for (std::size_t c = 0; c < defaults.size(); ++c) defaults[c] = capability_default(static_cast<Capability>(c));
    beside_.capabilities = Capabilities(CapabilityTable(ruleset_->unit_types.size(), {defaults, defaults}));
    const rules::SequenceVariant* variant = sc.sequence.empty() ? nullptr : ruleset_->sequence.variant(sc.sequence);
    game_turn_ = variant ? &variant->game_turn : &ruleset_->sequence.game_turn;
    formations_ = FormationRoster(sc);
    if (!ruleset_->orders.list.empty())
        state_.orders.assign(static_cast<std::size_t>(formations_.count()), ruleset_->orders.initial);
    beside_.pending_orders.assign(static_cast<std::size_t>(formations_.count()), -1);
    beside_.support.available.assign(sc.sides.size(), {});
    beside_.support.draws_left.assign(sc.sides.size(), 0);
    beside_.support.committed.assign(sc.sides.size(), {});
    beside_.support.dice = Dice(seed ^ 0x5c99047f1e3a7b1dULL);
    resolve_attribute_roles();
    if (ruleset_->table.enabled) set_up_table();
    state_.at.active_side = sc.first_side;
    for (const auto& p : ruleset_->phases) procedures_.push_back(&procedure_named(p.procedure));
    // Written orders only where the sequence has them: every action copies what is kept beside the state.
    const bool plotted = std::any_of(procedures_.begin(), procedures_.end(), [](const ProcedureEntry* p) {
        return p->id == Procedure::Plot || p->id == Procedure::PlottedCombat || p->id == Procedure::PlottedMovement;
    });
    if (plotted) beside_.plots.assign(state_.units.size(), Plot{});
    hex_board_.set_up(stacking_limit_);
}

// The attributes the procedures read, and each phase's options, read once.
void Game::resolve_attribute_roles() {
    const auto& rs = *ruleset_;
    roles_.strength = rs.attribute_index("combat");
    roles_.allowance = rs.attribute_index("movement");
    roles_.fire_range = rs.attribute_index("range");
    phase_options_.clear();
    phase_pools_.clear();

    bool strength_from_melee = false;  // losses count the strength of a phase fought at close quarters
    for (const auto& p : rs.phases) {
        phase_options_.push_back(rules::read_phase_options(p, rs));
        phase_pools_.push_back(nullptr);
        if (const auto* combat = std::get_if<rules::CombatOptions>(&phase_options_.back())) {
            phase_pools_.back() = rs.dice_pool_table(p.table);
            if (combat->leader_adds.index >= 0) roles_.leader = combat->leader_adds.index;
            if (!strength_from_melee) roles_.strength = combat->strength.index;
            strength_from_melee =
                strength_from_melee || (combat->reach.index < 0 && combat->defence_from_terrain.empty());
        } else if (const auto* movement = std::get_if<rules::MovementOptions>(&phase_options_.back())) {
            roles_.allowance = movement->allowance.index;
            reinforcements_in_movement_ =
                reinforcements_in_movement_ ||
                movement->reinforcements == rules::MovementOptions::Reinforcements::InThisPhase;
            stacking_limit_ = movement->stacking;
        } else if (const auto* recovery = std::get_if<rules::RecoveryOptions>(&phase_options_.back())) {
            if (!recovery->leader_adds.name.empty()) roles_.rally_leader = recovery->leader_adds.index;
        } else if (const auto* fire = std::get_if<rules::RangedFireOptions>(&phase_options_.back())) {
            roles_.fire_range = fire->range.index;
            if (const auto* t = rs.threshold_table(p.table); t && !t->target_attribute.empty())
                roles_.fire_factor = rs.attribute_index(t->target_attribute);
        }
    }
    // Pointers into phase_options_, taken once it has stopped growing.
    allowance_bonus_mark_.clear();
    for (const auto& options : phase_options_) {
        const auto* movement = std::get_if<rules::MovementOptions>(&options);
        allowance_bonus_mark_.push_back(movement && !movement->bonus_from_mark.empty() ? &movement->bonus_from_mark
                                                                                       : nullptr);
    }
}

}  // namespace sandtable::kernel
