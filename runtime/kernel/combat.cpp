// Who may attack whom in the combat phase in progress: the attacking side,
// units that may still attack, reach (adjacent, or within the phase's reach
// with a clear line of sight, through the front), and who defends a hex. The
// combat procedures (procedures/odds_combat/, procedures/plotted_combat.cpp),
// the rule scripts, the bots and the studio ask.
#include "kernel/game.h"
#include "kernel/unit_lists.h"
#include "rules/procedures.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>

namespace sandtable::kernel {

using geometry::Hex;

int Game::attacking_side() const { return attacking_side(combat_rules()); }

int Game::attacking_side(const rules::CombatOptions& rules) const {
    if (state_.combat_open && state_.combat.side >= 0) return state_.combat.side;  // a plotted combat
    return rules.inactive_attacks() ? opponent_of(state_.at.active_side) : state_.at.active_side;
}

// The phase's options read once: every unit on the map is asked this whenever attackers are listed.
bool Game::can_attack(int unit) const {
    const auto& u = state_.unit(unit);
    if (!u.on_map) return false;
    const rules::CombatOptions& rules = combat_rules();
    if (u.side != attacking_side(rules) || this->unit(unit).combat_strength() <= 0) return false;
    // `attacks_while_mark`: a unit that has attacked may again while the mark is above 0 (a battery's shots,
    // regimental 5.1).
    if (u.attacked && (rules.attacks_while_mark.empty() || state_.mark(unit, rules.attacks_while_mark) <= 0))
        return false;
    // In an activation loop only the activated formation attacks; units in no
    // formation (divisional artillery) may join its attacks as support.
    if (!activation().acts_now(unit) && !(formations_.of(unit) < 0 && state_.combat_open && dice_pool())) return false;
    return rules.barred_mark.empty() || state_.mark(unit, rules.barred_mark) == 0;
}

// Cheapest tests first: distance, then the reach attribute, then the line of sight.
bool Game::reaches(int attacker, int defender) const {
    const Hex a = state_.unit(attacker).hex;
    const Hex d = state_.unit(defender).hex;
    const int dist = geometry::distance(a, d);
    if (dist != 1 && combat_rules().reach.index < 0) return false;  // adjacent only: the common case, decided at once
    if (!hex_board_.in_front(attacker, d)) return false;            // 16.0, 16.31: only through the front
    if (dist == 1) return !combat_rules().attack_needs_entry || may_enter_to_attack(attacker, d);
    const int reach = combat_rules().reach.index;
    return reach >= 0 && dist > 1 && dist <= unit(attacker).attribute(reach) && hex_board_.clear_sight(attacker, d);
}

// F&M 8.2: "A unit cannot attack across a prohibited/restricted hexside or into a hex prohibited to the
// attacking unit": the hex and the hexside between must be open to its movement class.
bool Game::may_enter_to_attack(int attacker, Hex to) const {
    const Hex from = state_.unit(attacker).hex;
    const auto mc = static_cast<std::size_t>(unit(attacker).movement_class());
    if (!ruleset_->terrain[static_cast<std::size_t>(hex_board_.terrain_at(to))].cost[mc]) return false;
    for (int direction = 0; direction < 6; ++direction) {
        if (geometry::neighbour(from, direction) != to) continue;
        const int f = scenario_->map.side_feature(from, direction);
        return f < 0 || ruleset_->hexside_features[static_cast<std::size_t>(f)].extra_cost[mc];
    }
    return true;
}

// In a `target: hex` phase (fire into a hex), every unit of the target's side
// in its hex that can be fired at defends (PRESTAGS 6.23: results apply to all
// units in the hex; leaders immune to fire are left out).
std::vector<int> Game::hex_defenders(int target) const {
    const auto& t = state_.unit(target);
    std::vector<int> out;
    for (int u : hex_board_.units_at(t.hex))
        if (state_.unit(u).side == t.side && unit(u).capability(Capability::CanBeFiredAt)) out.push_back(u);
    return out;
}

// `one_defending_hex`: may `unit` join the combat being built as a defender, standing where one already defends?
bool Game::in_a_defending_hex(int unit) const {
    if (!combat_rules().one_defending_hex) return true;
    const Hex at = state_.unit(unit).hex;
    const auto& defenders = state_.combat.defenders;
    return std::any_of(defenders.begin(), defenders.end(), [&](int d) { return state_.unit(d).hex == at; });
}

}  // namespace sandtable::kernel
