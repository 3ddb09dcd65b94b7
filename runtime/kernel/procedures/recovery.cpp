// The recovery procedure: reorganization rolls, then a rally (recovery.h).
#include "kernel/procedures/recovery.h"

#include "kernel/game.h"
#include "rules/procedures.h"

#include <algorithm>

namespace sandtable::kernel {

using geometry::Hex;

bool RecoveryProcedure::step(Game& game) const {
    const int side = game.state_.at.active_side;
    const auto& p = game.phase();
    if (game.state_.at.stage == 0) {
        const rules::ThresholdTable* table = game.ruleset_->threshold_table(p.table);
        const int adjacent_mod = game.options<rules::RecoveryOptions>().adjacent_enemy_modifier;
        const int leader_attribute = game.options<rules::RecoveryOptions>().leader_adds.index;
        for (std::size_t i = 0; i < game.state_.units.size(); ++i) {
            const int unit = static_cast<int>(i);
            const auto& u = game.state_.units[i];
            if (!u.on_map || u.side != side || !u.back || !game.unit(unit).capability(Capability::Reorganizes))
                continue;
            if (game.unit(unit).capability(Capability::AutoReorganize)) {
                game.set_back(unit, false);
                if (game.recording_.log) game.note("  " + game.unit(unit).id() + " reorganizes (no roll needed)");
                continue;
            }
            int modifier =
                (game.hex_board().adjacent_to_enemy(unit) ? adjacent_mod : 0) +
                (leader_attribute >= 0 ? game.hex_board().best_attribute_at(side, u.hex, leader_attribute) : 0);
            int r = game.roll(table ? table->die_faces : 6, game.unit(unit).id() + " reorganizes");
            int target = table ? table->target : 5;
            bool ok = table ? table->succeeds(r + modifier, target) : r + modifier >= target;
            if (ok) {
                game.set_back(unit, false);
                if (game.recording_.log) game.note("  " + game.unit(unit).id() + " reorganizes");
            }
        }
        game.state_.at.stage = 1;
    }
    if (game.state_.at.stage == 1) {
        game.state_.at.stage = 3;
        const auto& rolls = game.scenario_->sides[static_cast<std::size_t>(side)].rally_rolls;
        bool any_dead = std::any_of(game.state_.units.begin(), game.state_.units.end(),
                                    [&](const UnitState& u) { return u.side == side && u.eliminated; });
        const bool rally_on = game.options<rules::RecoveryOptions>().rally;
        if (rally_on && any_dead && !rolls.empty() && !rally_hexes(game, side).empty()) {
            int r = game.roll(6, game.scenario_->sides[static_cast<std::size_t>(side)].name + " rally attempt");
            if (std::find(rolls.begin(), rolls.end(), r) != rolls.end())
                game.state_.at.stage = 2;
            else if (game.recording_.log)
                game.note("  no rally");
        }
    }
    if (game.state_.at.stage == 2) {
        game.decide(DecisionKind::Rally, side);
        return true;
    }
    return false;
}

// Beside a leader: in his hex when he is alone, else in a free hex next to
// him that is not in an enemy zone of control.
std::vector<Hex> RecoveryProcedure::rally_hexes(const Game& game, int side) {
    std::vector<Hex> out;
    auto add = [&](Hex h) {
        if (std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
    };
    for (std::size_t i = 0; i < game.state_.units.size(); ++i) {
        const auto& l = game.state_.units[i];
        if (!l.on_map || l.side != side || game.roles_.rally_leader < 0 ||
            game.unit(static_cast<int>(i)).attribute(game.roles_.rally_leader) <= 0)
            continue;
        bool alone = true;
        for (int o : game.hex_board().units_at(l.hex))
            if (!game.unit(o).capability(Capability::StacksFreely)) alone = false;
        if (alone) {
            add(l.hex);
            continue;
        }
        for (Hex n : geometry::neighbours(l.hex)) {
            if (!game.grid().contains(n) || game.hex_board().in_enemy_zoc(side, n) ||
                game.hex_board().enemy_blocks(side, n))
                continue;
            bool vacant = true;
            for (int o : game.hex_board().units_at(n))
                if (!game.unit(o).capability(Capability::StacksFreely)) vacant = false;
            if (vacant) add(n);
        }
    }
    return out;
}

void RecoveryProcedure::list(const Game& game, std::vector<Action>& out) const {
    if (game.state_.at.stage != 2) return;
    const int side = game.state_.at.active_side;
    auto hexes = rally_hexes(game, side);
    for (std::size_t i = 0; i < game.state_.units.size(); ++i) {
        const auto& u = game.state_.units[i];
        if (u.side != side || !u.eliminated) continue;
        const auto& type = game.ruleset_->unit_types[static_cast<std::size_t>(u.type)];
        for (Hex h : hexes)
            if (game.ruleset_->terrain[static_cast<std::size_t>(game.hex_board().terrain_at(h))]
                    .cost[static_cast<std::size_t>(type.front.movement_class)])
                out.push_back(act::RallyTo{static_cast<int>(i), h});
    }
    out.push_back(act::Decline{});
}

void RecoveryProcedure::apply(Game& game, const Action& a) const {
    game.state_.at.stage = 3;
    if (a.kind() != ActionKind::RallyTo) return;
    auto& u = game.state_.unit(a.unit());
    u.eliminated = false;
    u.back = false;
    game.move_unit(a.unit(), *a.hex());
    if (game.roles_.strength >= 0)
        game.state_.sides[static_cast<std::size_t>(u.side)].eliminated_strength -=
            game.unit(a.unit()).type().front.values[static_cast<std::size_t>(game.roles_.strength)];
    game.state_.sides[static_cast<std::size_t>(u.side)].lost_points -= game.unit(a.unit()).victory_points();
    if (game.recording_.log) game.note("  " + game.unit(a.unit()).id() + " rallies at " + game.grid().label(*a.hex()));
    game.check_morale(u.side);
}

}  // namespace sandtable::kernel
