// The odds-combat procedure: the active player declares combats one at a
// time (a defender, then attackers and further defenders that are all
// adjacent to each other), each is resolved on an odds CRT, then losses,
// retreats and the advance after combat are decided by their owners.
#include "kernel/game.h"
#include "kernel/unit_lists.h"
#include "rules/procedures.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>

namespace sandtable::kernel {

using geometry::Hex;

int Game::attacking_side() const {
    if (state_.combat_open && state_.combat.side >= 0) return state_.combat.side;  // a plotted combat
    return combat_rules().inactive_attacks() ? opponent_of(state_.at.active_side) : state_.at.active_side;
}

bool Game::can_attack(int unit) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (!u.on_map || u.side != attacking_side() || combat_strength(unit) <= 0) return false;
    // `attacks_while_mark`: a unit that has attacked may again while the mark is above 0 (a battery's shots,
    // regimental 5.1).
    if (u.attacked &&
        (combat_rules().attacks_while_mark.empty() || state_.mark(unit, combat_rules().attacks_while_mark) <= 0))
        return false;
    // In an activation loop only the activated formation attacks; units in no
    // formation (divisional artillery) may join its attacks as support.
    if (!acts_now(unit) && !(formations_.of(unit) < 0 && state_.combat_open && dice_pool())) return false;
    const std::string& barred = combat_rules().barred_mark;
    return barred.empty() || state_.mark(unit, barred) == 0;
}

// Cheapest tests first: distance, then the reach attribute, then the line of sight.
bool Game::reaches(int attacker, int defender) const {
    const Hex a = state_.units[static_cast<std::size_t>(attacker)].hex;
    const Hex d = state_.units[static_cast<std::size_t>(defender)].hex;
    const int dist = geometry::distance(a, d);
    if (dist != 1 && combat_rules().reach.index < 0) return false;  // adjacent only: the common case, decided at once
    if (!hex_board_.in_front(attacker, d)) return false;                       // 16.0, 16.31: only through the front
    if (dist == 1) return !combat_rules().attack_needs_entry || may_enter_to_attack(attacker, d);
    const int reach = combat_rules().reach.index;
    return reach >= 0 && dist > 1 && dist <= attribute(attacker, reach) && clear_sight(attacker, d);
}

// F&M 8.2: "A unit cannot attack across a prohibited/restricted hexside or into a hex prohibited to the
// attacking unit": the hex and the hexside between must be open to its movement class.
bool Game::may_enter_to_attack(int attacker, Hex to) const {
    const Hex from = state_.units[static_cast<std::size_t>(attacker)].hex;
    const auto mc = static_cast<std::size_t>(movement_class(attacker));
    if (!ruleset_->terrain[static_cast<std::size_t>(hex_board_.terrain_at(to))].cost[mc]) return false;
    for (int direction = 0; direction < 6; ++direction) {
        if (geometry::neighbour(from, direction) != to) continue;
        const int f = scenario_->map.side_feature(from, direction);
        return f < 0 || ruleset_->hexside_features[static_cast<std::size_t>(f)].extra_cost[mc];
    }
    return true;
}

bool Game::reaches_all(int attacker, const std::vector<int>& defenders) const {
    return std::all_of(defenders.begin(), defenders.end(), [&](int d) { return reaches(attacker, d); });
}

bool Game::reached_by_all(int defender, const std::vector<int>& attackers) const {
    return std::all_of(attackers.begin(), attackers.end(), [&](int a) { return reaches(a, defender); });
}

// In a `target: hex` phase (fire into a hex), every unit of the target's side
// in its hex that can be fired at defends (PRESTAGS 6.23: results apply to all
// units in the hex; leaders immune to fire are left out).
std::vector<int> Game::hex_defenders(int target) const {
    const auto& t = state_.units[static_cast<std::size_t>(target)];
    std::vector<int> out;
    for (int u : hex_board_.units_at(t.hex))
        if (state_.units[static_cast<std::size_t>(u)].side == t.side && capability(u, Capability::CanBeFiredAt))
            out.push_back(u);
    return out;
}

// Units in a hex with a fighting unit defend with it: a leader stacked there is
// not a separate target.
static bool is_target(const Game& g, int unit) {
    const auto& u = g.state().units[static_cast<std::size_t>(unit)];
    if (!g.capability(unit, Capability::StacksFreely)) return true;
    for (int other : g.hex_board().units_at(u.hex))
        if (!g.capability(other, Capability::StacksFreely)) return false;
    return true;
}

// May a combat be opened against this enemy unit in this phase?
bool Game::may_be_declared_against(int unit) const {
    const auto& e = state_.units[static_cast<std::size_t>(unit)];
    // A dice pool's target may be attacked again (a regiment attacked by several
    // fights back against each, regimental 1.6; batteries fire barrages at will, 5.1).
    if (!e.on_map || e.side == attacking_side() || (e.was_attacked && !dice_pool()) || !is_target(*this, unit))
        return false;
    const rules::CombatOptions& r = combat_rules();
    if ((r.target == rules::CombatOptions::Target::Hex) && !capability(unit, Capability::CanBeFiredAt)) return false;
    return r.targets_marked.empty() || state_.mark(unit, r.targets_marked) != 0;
}

void Game::mark_mandatory_combats() {
    if (!combat_rules().must_attack_in_zoc || combat_rules().bombardment) return;
    const int active = attacking_side();
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        auto& u = state_.units[i];
        if (!u.on_map || combat_strength(static_cast<int>(i)) <= 0) continue;
        if (u.side == active)
            u.must_attack = hex_board_.in_enemy_zoc(active, u.hex);
        else
            u.must_be_attacked = hex_board_.side_zoc_reaches(active, u.hex);
    }
}

bool Game::may_end_combat_phase() const {
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const auto& u = state_.units[i];
        if (!u.on_map || !(u.must_attack || u.must_be_attacked)) continue;
        const int unit = static_cast<int>(i);
        for (std::size_t j = 0; j < state_.units.size(); ++j) {
            const auto& e = state_.units[j];
            if (!e.on_map || e.side == u.side || geometry::distance(e.hex, u.hex) != 1) continue;
            // An attacker in an EZOC that still could attack someone must.
            if (u.must_attack && can_attack(unit) && !e.was_attacked && is_target(*this, static_cast<int>(j)))
                return false;
            // A defender that must be attacked and still can be, must be.
            if (u.must_be_attacked && !u.was_attacked && can_attack(static_cast<int>(j))) return false;
        }
    }
    return true;
}

// 7.3: a unit that must attack (or be attacked) and that this combat would
// leave with no one else to fight must join it when it can: resolving
// without it is not offered while adding it is.
bool Game::strands_mandatory_unit() const {
    const Combat& c = state_.combat;
    auto adjacent = [&](int a, int b) {
        return geometry::distance(state_.units[static_cast<std::size_t>(a)].hex,
                                  state_.units[static_cast<std::size_t>(b)].hex) == 1;
    };
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const int u = static_cast<int>(i);
        const auto& s = state_.units[i];
        if (!s.on_map) continue;
        if (s.must_attack && can_attack(u) && !contains(c.attackers, u) && reaches_all(u, c.defenders)) {
            bool other_target = false;  // an enemy it could still attack in a later combat
            for (std::size_t j = 0; j < state_.units.size() && !other_target; ++j) {
                const auto& e = state_.units[j];
                const int t = static_cast<int>(j);
                other_target = e.on_map && e.side != s.side && !e.was_attacked && !contains(c.defenders, t) &&
                               adjacent(u, t) && is_target(*this, t);
            }
            if (!other_target) return true;
        }
        if (s.must_be_attacked && !s.was_attacked && !contains(c.defenders, u) && is_target(*this, u) &&
            reached_by_all(u, c.attackers)) {
            bool other_attacker = false;  // someone who could still attack it later
            for (std::size_t j = 0; j < state_.units.size() && !other_attacker; ++j)
                other_attacker = can_attack(static_cast<int>(j)) && !contains(c.attackers, static_cast<int>(j)) &&
                                 adjacent(u, static_cast<int>(j));
            if (!other_attacker) return true;
        }
    }
    return false;
}

// `one_defending_hex`: may `unit` join the combat being built as a defender, standing where one already defends?
bool Game::in_a_defending_hex(int unit) const {
    if (!combat_rules().one_defending_hex) return true;
    const Hex at = state_.units[static_cast<std::size_t>(unit)].hex;
    const auto& defenders = state_.combat.defenders;
    return std::any_of(defenders.begin(), defenders.end(),
                       [&](int d) { return state_.units[static_cast<std::size_t>(d)].hex == at; });
}

bool Game::combat_step() {
    if (state_.at.stage == 0) {
        mark_mandatory_combats();
        state_.at.stage = 1;
    }
    if (state_.combat_open) return combat_resolution_step();
    // The side ended the phase: no more attacks, even by units that may attack
    // again (`attacks_while_mark`: a battery holding the shots it has left).
    if (state_.at.stage == 2) return false;
    std::vector<Action> options;
    combat_actions(options);
    if (options.empty() || (options.size() == 1 && options[0].kind == ActionKind::EndPhase)) return false;
    decide_listed(DecisionKind::CombatDeclare, attacking_side(), std::move(options));
    return true;
}

void Game::combat_actions(std::vector<Action>& out) const {
    if (state_.combat_open) return open_combat_actions(out);
    if (combat_rules().bombardment) return bombardment_actions(out);
    declare_actions(out);
}

// The combat being built or resolved: who may join it, which loss, retreat or advance is next.
void Game::open_combat_actions(std::vector<Action>& out) const {
    const Combat& c = state_.combat;
    if (c.stage == Combat::Building) {
        for (std::size_t i = 0; i < state_.units.size(); ++i)
            if (can_attack(static_cast<int>(i)) && !contains(c.attackers, static_cast<int>(i)) &&
                reaches_all(static_cast<int>(i), c.defenders) && (!dice_pool() || may_join_pool(static_cast<int>(i))))
                out.push_back({ActionKind::AddAttacker, static_cast<int>(i), -1, {}, -1});
        if (!c.attackers.empty()) {
            // A fire into a hex has the hex's units as its defenders, no more (6.16).
            // So does a dice pool combat: an attack is on one enemy-held hex (regimental 3.4).
            for (std::size_t i = 0; i < state_.units.size() &&
                                    !(combat_rules().target == rules::CombatOptions::Target::Hex) && !dice_pool();
                 ++i) {
                const int t = static_cast<int>(i);
                if (!contains(c.defenders, t) && may_be_declared_against(t) && reached_by_all(t, c.attackers) &&
                    in_a_defending_hex(t) && may_still_reach_table(with(c.defenders, t)))
                    out.push_back({ActionKind::AddDefender, -1, t, {}, -1});
            }
            if (!strands_mandatory_unit() && odds_permitted(c.attackers, c.defenders))
                out.push_back({ActionKind::Resolve, -1, -1, {}, -1});
        }
    } else if (c.stage == Combat::Losses) {
        const bool attacker_loses = c.losses_attacker > 0;
        for (int u : loss_candidates(attacker_loses)) out.push_back({ActionKind::ChooseUnit, u, -1, {}, -1});
        if (!attacker_loses && c.losses_defender == 0 && !c.displacing.empty()) {
            out.clear();
            displacement_actions(out);
        } else if (!attacker_loses && c.losses_defender == 0 && !c.to_retreat.empty()) {
            out.clear();
            int u = c.to_retreat.front();
            for (Hex h : retreat_options(u)) out.push_back({ActionKind::RetreatTo, u, -1, h, -1});
            if (offers_stiff_resistance()) out.push_back({ActionKind::StiffResistance, -1, -1, {}, -1});
        }
    } else if (c.stage == Combat::Advance) {
        advance_actions(out);
    } else if (c.stage == Combat::Support) {
        support_actions(out);
    }
}

// No combat open: the targets a combat may be declared against, and the phase's end.
void Game::declare_actions(std::vector<Action>& out) const {
    std::vector<int> attackers;  // units that may still attack
    for (std::size_t j = 0; j < state_.units.size(); ++j)
        if (can_attack(static_cast<int>(j)) && (!dice_pool() || may_open_pool(static_cast<int>(j))))
            attackers.push_back(static_cast<int>(j));
    const bool hex_target = (combat_rules().target == rules::CombatOptions::Target::Hex) || dice_pool();
    const bool adjacent_only = combat_rules().reach.index < 0;
    std::vector<Hex> declared;  // a hex target is offered once, by its first unit
    for (std::size_t i = 0; i < state_.units.size() && !attackers.empty(); ++i) {
        const int t = static_cast<int>(i);
        if (!may_be_declared_against(t)) continue;
        const Hex h = state_.units[i].hex;
        if (hex_target && std::find(declared.begin(), declared.end(), h) != declared.end()) continue;
        // Adjacent-only phases: the distance decides most pairs before reaches() looks at fronts and entry.
        auto may_reach = [&](int a) {
            return (!adjacent_only || geometry::distance(state_.units[static_cast<std::size_t>(a)].hex, h) == 1) &&
                   reaches(a, t);
        };
        if (std::any_of(attackers.begin(), attackers.end(), may_reach) &&
            may_still_reach_table(hex_target ? hex_defenders(t) : std::vector<int>{t}, &attackers)) {
            out.push_back({ActionKind::Declare, -1, t, {}, -1});
            if (hex_target) declared.push_back(h);
        }
    }
    if (may_end_combat_phase()) out.push_back({ActionKind::EndPhase, -1, -1, {}, -1});
}

void Game::combat_apply(const Action& a) {
    Combat& c = state_.combat;
    switch (a.kind) {
        case ActionKind::EndPhase:
            state_.at.stage = 2;
            for (auto& u : state_.units) u.attacked = true;  // nothing more to declare
            return;
        case ActionKind::Declare:
            state_.combat = Combat{};
            state_.combat.defenders = (combat_rules().target == rules::CombatOptions::Target::Hex) || dice_pool()
                                          ? hex_defenders(a.target)
                                          : std::vector<int>{a.target};
            state_.combat_open = true;
            for (auto& placed : beside_.support.committed) placed.clear();  // the last combat's markers are spent
            if (combat_rules().bombardment) state_.combat.stage = Combat::Support;  // markers are the attack (8.1.2)
            return;
        case ActionKind::AddAttacker:
            c.attackers.push_back(a.unit);
            return;
        case ActionKind::AddDefender:
            c.defenders.push_back(a.target);
            return;
        case ActionKind::Resolve:
            c.stage = combat_rules().support_markers > 0 ? Combat::Support : Combat::Declared;
            return;
        case ActionKind::CommitSupport:
            commit_support(a);
            return;
        case ActionKind::ChooseUnit: {
            const bool attacker = c.losses_attacker > 0;
            --(attacker ? c.losses_attacker : c.losses_defender);
            lose_step(a.unit, loss_is_reduction(attacker));
            return;
        }
        case ActionKind::RetreatTo:
            if (!c.displacing.empty()) return displace(a);
            c.retreat_decided = true;
            c.to_retreat.erase(c.to_retreat.begin());
            if (needs_room(a.unit, a.hex))
                return start_displacement(a.unit, a.hex);  // a friend makes room first (8.3.1)
            retreat_to(a.unit, a.hex);
            return;
        case ActionKind::StiffResistance:
            return offer_stiff_resistance();
        case ActionKind::AdvanceTo:
            return advance_after_combat(a.unit, a.hex);
        case ActionKind::Decline:
            if (c.stage == Combat::Support)
                commit_support(a);  // passes
            else
                c.advance_done = true;
            return;
        default:
            return;
    }
}

// Resolution runs on until an owner must decide (a loss, a retreat, an
// advance) or a script asks a question.
// 8.4: the side stays; one of its units loses a step; nobody advances.
void Game::offer_stiff_resistance() {
    Combat& c = state_.combat;
    const int first = c.to_retreat.front();
    const bool attackers_retreat = contains(c.attackers, first);
    if (logging_)
        note("  " +
             scenario_->sides[static_cast<std::size_t>(state_.units[static_cast<std::size_t>(first)].side)].name +
             " offers stiff resistance");
    c.retreat_decided = c.stiff_resistance = true;
    c.to_retreat.clear();
    (attackers_retreat ? c.losses_attacker : c.losses_defender) = 1;
    c.advance_done = true;
}

// One unit advances; others may follow (F&M 8.5; regimental 4.2: "up to the stacking limit").
void Game::advance_after_combat(int unit, Hex to) {
    Combat& c = state_.combat;
    if ((combat_rules().advance == rules::CombatOptions::Advance::PathOfRetreat) ||
        combat_rules().advance_up_to_stacking)
        c.advanced.push_back(unit);
    else
        c.advance_done = true;
    if (logging_) note("  " + unit_id(unit) + " advances to " + grid().label(to));
    const Hex from = state_.units[static_cast<std::size_t>(unit)].hex;
    move_unit(unit, to);
    EventContext advanced(Event::UnitAdvanced);
    advanced.set("unit", unit);
    advanced.set_text("from", grid().label(from));
    advanced.set_text("to", grid().label(to));
    raise(advanced);
}

void Game::finish_combat() {
    state_.combat_open = false;
    state_.combat.stage = Combat::Done;
}

}  // namespace sandtable::kernel
