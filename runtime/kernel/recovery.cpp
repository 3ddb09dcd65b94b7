// The recovery procedure: disordered units of the active side roll to turn
// back to their front face (BMW 11.1), then the side may try to rally one
// eliminated unit next to a leader (11.2).
#include "kernel/game.h"
#include "rules/procedures.h"

#include <algorithm>

namespace sandtable::kernel {

using geometry::Hex;

bool Game::recovery_step() {
    const int side = state_.at.active_side;
    const auto& p = phase();
    if (state_.at.stage == 0) {
        const rules::ThresholdTable* table = ruleset_->threshold_table(p.table);
        const int adjacent_mod = options<rules::RecoveryOptions>().adjacent_enemy_modifier;
        const int leader_attribute = options<rules::RecoveryOptions>().leader_adds.index;
        for (std::size_t i = 0; i < state_.units.size(); ++i) {
            const int unit = static_cast<int>(i);
            const auto& u = state_.units[i];
            if (!u.on_map || u.side != side || !u.back || !capability(unit, Capability::Reorganizes)) continue;
            if (capability(unit, Capability::AutoReorganize)) {
                set_back(unit, false);
                if (logging_) note("  " + unit_id(unit) + " reorganizes (no roll needed)");
                continue;
            }
            int modifier = (adjacent_to_enemy(unit) ? adjacent_mod : 0) +
                           (leader_attribute >= 0 ? best_attribute_at(side, u.hex, leader_attribute) : 0);
            int r = roll(table ? table->die_faces : 6, unit_id(unit) + " reorganizes");
            int target = table ? table->target : 5;
            bool ok = table ? table->succeeds(r + modifier, target) : r + modifier >= target;
            if (ok) {
                set_back(unit, false);
                if (logging_) note("  " + unit_id(unit) + " reorganizes");
            }
        }
        state_.at.stage = 1;
    }
    if (state_.at.stage == 1) {
        state_.at.stage = 3;
        const auto& rolls = scenario_->sides[static_cast<std::size_t>(side)].rally_rolls;
        bool any_dead = std::any_of(state_.units.begin(), state_.units.end(),
                                    [&](const UnitState& u) { return u.side == side && u.eliminated; });
        const bool rally_on = options<rules::RecoveryOptions>().rally;
        if (rally_on && any_dead && !rolls.empty() && !rally_hexes(side).empty()) {
            int r = roll(6, scenario_->sides[static_cast<std::size_t>(side)].name + " rally attempt");
            if (std::find(rolls.begin(), rolls.end(), r) != rolls.end())
                state_.at.stage = 2;
            else if (logging_)
                note("  no rally");
        }
    }
    if (state_.at.stage == 2) {
        decide(DecisionKind::Rally, side);
        return true;
    }
    return false;
}

// Beside a leader: in his hex when he is alone, else in a free hex next to
// him that is not in an enemy zone of control.
std::vector<Hex> Game::rally_hexes(int side) const {
    std::vector<Hex> out;
    auto add = [&](Hex h) {
        if (std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
    };
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const auto& l = state_.units[i];
        if (!l.on_map || l.side != side || roles_.rally_leader < 0 ||
            attribute(static_cast<int>(i), roles_.rally_leader) <= 0)
            continue;
        bool alone = true;
        for (int o : units_at(l.hex))
            if (!capability(o, Capability::StacksFreely)) alone = false;
        if (alone) {
            add(l.hex);
            continue;
        }
        for (Hex n : geometry::neighbours(l.hex)) {
            if (!grid().contains(n) || in_enemy_zoc(side, n) || enemy_blocks(side, n)) continue;
            bool vacant = true;
            for (int o : units_at(n))
                if (!capability(o, Capability::StacksFreely)) vacant = false;
            if (vacant) add(n);
        }
    }
    return out;
}

void Game::recovery_actions(std::vector<Action>& out) const {
    if (state_.at.stage != 2) return;
    const int side = state_.at.active_side;
    auto hexes = rally_hexes(side);
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const auto& u = state_.units[i];
        if (u.side != side || !u.eliminated) continue;
        const auto& type = ruleset_->unit_types[static_cast<std::size_t>(u.type)];
        for (Hex h : hexes)
            if (ruleset_->terrain[static_cast<std::size_t>(terrain_at(h))]
                    .cost[static_cast<std::size_t>(type.front.movement_class)])
                out.push_back({ActionKind::RallyTo, static_cast<int>(i), -1, h, -1});
    }
    out.push_back({ActionKind::Decline, -1, -1, {}, -1});
}

void Game::recovery_apply(const Action& a) {
    state_.at.stage = 3;
    if (a.kind != ActionKind::RallyTo) return;
    auto& u = state_.units[static_cast<std::size_t>(a.unit)];
    u.eliminated = false;
    u.back = false;
    move_unit(a.unit, a.hex);
    if (roles_.strength >= 0)
        state_.sides[static_cast<std::size_t>(u.side)].eliminated_strength -=
            unit_type(a.unit).front.values[static_cast<std::size_t>(roles_.strength)];
    state_.sides[static_cast<std::size_t>(u.side)].lost_points -= victory_points_of(a.unit);
    if (logging_) note("  " + unit_id(a.unit) + " rallies at " + grid().label(a.hex));
    check_morale(u.side);
}

}  // namespace sandtable::kernel
