// The odds-combat procedure: the active player declares combats one at a
// time (a defender, then attackers and further defenders that are all
// adjacent to each other), each is resolved on an odds CRT, then losses,
// retreats and the advance after combat are decided by their owners.
#include "kernel/game.h"
#include "rules/procedures.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>

namespace sandtable::kernel {

using geometry::Hex;

namespace {
bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }
std::vector<int> with(std::vector<int> v, int x) {
    v.push_back(x);
    return v;
}
}  // namespace

int Game::attacking_side() const {
    if (state_.combat_open && state_.combat.side >= 0) return state_.combat.side;  // a plotted combat
    return combat_rules().inactive_attacks ? opponent_of(state_.at.active_side) : state_.at.active_side;
}

bool Game::can_attack(int unit) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (!u.on_map || u.side != attacking_side() || combat_strength(unit) <= 0) return false;
    // `attacks_while_mark`: a unit that has attacked may again while the mark is above 0 (a battery's shots, regimental 5.1).
    if (u.attacked && (combat_rules().repeat_mark.empty() || state_.mark(unit, combat_rules().repeat_mark) <= 0)) return false;
    // In an activation loop only the activated formation attacks; units in no
    // formation (divisional artillery) may join its attacks as support.
    if (!acts_now(unit) && !(formation_of(unit) < 0 && state_.combat_open && dice_pool())) return false;
    const std::string& barred = combat_rules().barred_mark;
    return barred.empty() || state_.mark(unit, barred) == 0;
}

// Cheapest tests first: distance, then the reach attribute, then the line of sight.
bool Game::reaches(int attacker, int defender) const {
    const Hex a = state_.units[static_cast<std::size_t>(attacker)].hex;
    const Hex d = state_.units[static_cast<std::size_t>(defender)].hex;
    const int dist = geometry::distance(a, d);
    if (dist != 1 && combat_rules().reach < 0) return false;  // adjacent only: the common case, decided at once
    if (!in_front(attacker, d)) return false;  // 16.0, 16.31: only through the front
    if (dist == 1) return !combat_rules().attack_needs_entry || may_enter_to_attack(attacker, d);
    const int reach = combat_rules().reach;
    return reach >= 0 && dist > 1 && dist <= attribute(attacker, reach) && clear_sight(attacker, d);
}

// F&M 8.2: "A unit cannot attack across a prohibited/restricted hexside or into a hex prohibited to the
// attacking unit": the hex and the hexside between must be open to its movement class.
bool Game::may_enter_to_attack(int attacker, Hex to) const {
    const Hex from = state_.units[static_cast<std::size_t>(attacker)].hex;
    const auto mc = static_cast<std::size_t>(movement_class(attacker));
    if (!ruleset_->terrain[static_cast<std::size_t>(terrain_at(to))].cost[mc]) return false;
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
    for (int u : units_at(t.hex))
        if (state_.units[static_cast<std::size_t>(u)].side == t.side && capability(u, Capability::CanBeFiredAt)) out.push_back(u);
    return out;
}

// Units in a hex with a fighting unit defend with it: a leader stacked there is
// not a separate target.
static bool is_target(const Game& g, int unit) {
    const auto& u = g.state().units[static_cast<std::size_t>(unit)];
    if (!g.capability(unit, Capability::StacksFreely)) return true;
    for (int other : g.units_at(u.hex))
        if (!g.capability(other, Capability::StacksFreely)) return false;
    return true;
}

// May a combat be opened against this enemy unit in this phase?
bool Game::may_be_declared_against(int unit) const {
    const auto& e = state_.units[static_cast<std::size_t>(unit)];
    // A dice pool's target may be attacked again (a regiment attacked by several
    // fights back against each, regimental 1.6; batteries fire barrages at will, 5.1).
    if (!e.on_map || e.side == attacking_side() || (e.was_attacked && !dice_pool()) || !is_target(*this, unit)) return false;
    const CombatPhaseRules& r = combat_rules();
    if (r.hex_target && !capability(unit, Capability::CanBeFiredAt)) return false;
    return r.target_mark.empty() || state_.mark(unit, r.target_mark) != 0;
}

void Game::mark_mandatory_combats() {
    if (!rules::option_flag(phase(), "must_attack_in_zoc", true) || combat_rules().bombardment) return;
    const int active = attacking_side();
    refresh_zoc();
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        auto& u = state_.units[i];
        if (!u.on_map || combat_strength(static_cast<int>(i)) <= 0) continue;
        const auto idx = static_cast<std::size_t>(grid().index(u.hex));
        if (u.side == active) u.must_attack = enemy_zoc_[static_cast<std::size_t>(active)][idx];
        else u.must_be_attacked = zoc_[static_cast<std::size_t>(active)][idx] > 0;
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
            if (u.must_attack && can_attack(unit) && !e.was_attacked && is_target(*this, static_cast<int>(j))) return false;
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
    auto adjacent = [&](int a, int b) { return geometry::distance(state_.units[static_cast<std::size_t>(a)].hex, state_.units[static_cast<std::size_t>(b)].hex) == 1; };
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const int u = static_cast<int>(i);
        const auto& s = state_.units[i];
        if (!s.on_map) continue;
        if (s.must_attack && can_attack(u) && !contains(c.attackers, u) && reaches_all(u, c.defenders)) {
            bool other_target = false;  // an enemy it could still attack in a later combat
            for (std::size_t j = 0; j < state_.units.size() && !other_target; ++j) {
                const auto& e = state_.units[j];
                const int t = static_cast<int>(j);
                other_target = e.on_map && e.side != s.side && !e.was_attacked && !contains(c.defenders, t) && adjacent(u, t) && is_target(*this, t);
            }
            if (!other_target) return true;
        }
        if (s.must_be_attacked && !s.was_attacked && !contains(c.defenders, u) && is_target(*this, u) && reached_by_all(u, c.attackers)) {
            bool other_attacker = false;  // someone who could still attack it later
            for (std::size_t j = 0; j < state_.units.size() && !other_attacker; ++j)
                other_attacker = can_attack(static_cast<int>(j)) && !contains(c.attackers, static_cast<int>(j)) && adjacent(u, static_cast<int>(j));
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
    return std::any_of(defenders.begin(), defenders.end(), [&](int d) { return state_.units[static_cast<std::size_t>(d)].hex == at; });
}

bool Game::combat_step() {
    if (procedure() == Procedure::PlottedCombat) return plotted_combat_step();
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
    if (state_.combat_open) {
        const Combat& c = state_.combat;
        if (c.stage == Combat::Building) {
            for (std::size_t i = 0; i < state_.units.size(); ++i)
                if (can_attack(static_cast<int>(i)) && !contains(c.attackers, static_cast<int>(i)) && reaches_all(static_cast<int>(i), c.defenders) &&
                    (!dice_pool() || may_join_pool(static_cast<int>(i))))
                    out.push_back({ActionKind::AddAttacker, static_cast<int>(i), -1, {}, -1});
            if (!c.attackers.empty()) {
                // A fire into a hex has the hex's units as its defenders, no more (6.16).
                // So does a dice pool combat: an attack is on one enemy-held hex (regimental 3.4).
                for (std::size_t i = 0; i < state_.units.size() && !combat_rules().hex_target && !dice_pool(); ++i) {
                    const int t = static_cast<int>(i);
                    if (!contains(c.defenders, t) && may_be_declared_against(t) && reached_by_all(t, c.attackers) && in_a_defending_hex(t) &&
                        may_still_reach_table(with(c.defenders, t)))
                        out.push_back({ActionKind::AddDefender, -1, t, {}, -1});
                }
                if (!strands_mandatory_unit() && odds_permitted(c.attackers, c.defenders)) out.push_back({ActionKind::Resolve, -1, -1, {}, -1});
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
                for (Hex h : retreat_options(u))
                    out.push_back({ActionKind::RetreatTo, u, -1, h, -1});
                if (offers_stiff_resistance()) out.push_back({ActionKind::StiffResistance, -1, -1, {}, -1});
            }
        } else if (c.stage == Combat::Advance) {
            advance_actions(out);
        } else if (c.stage == Combat::Support) {
            support_actions(out);
        }
        return;
    }
    if (combat_rules().bombardment) return bombardment_actions(out);
    std::vector<int> attackers;  // units that may still attack
    for (std::size_t j = 0; j < state_.units.size(); ++j)
        if (can_attack(static_cast<int>(j)) && (!dice_pool() || may_open_pool(static_cast<int>(j)))) attackers.push_back(static_cast<int>(j));
    const bool hex_target = combat_rules().hex_target || dice_pool();
    std::vector<Hex> declared;  // a hex target is offered once, by its first unit
    for (std::size_t i = 0; i < state_.units.size() && !attackers.empty(); ++i) {
        const int t = static_cast<int>(i);
        if (!may_be_declared_against(t)) continue;
        const Hex h = state_.units[i].hex;
        if (hex_target && std::find(declared.begin(), declared.end(), h) != declared.end()) continue;
        if (std::any_of(attackers.begin(), attackers.end(), [&](int a) { return reaches(a, t); }) &&
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
            state_.combat.defenders = combat_rules().hex_target || dice_pool() ? hex_defenders(a.target) : std::vector<int>{a.target};
            state_.combat_open = true;
            for (auto& placed : beside_.support.committed) placed.clear();  // the last combat's markers are spent
            if (combat_rules().bombardment) state_.combat.stage = Combat::Support;  // markers are the attack (8.1.2)
            return;
        case ActionKind::AddAttacker: c.attackers.push_back(a.unit); return;
        case ActionKind::AddDefender: c.defenders.push_back(a.target); return;
        case ActionKind::Resolve: c.stage = combat_rules().support_markers > 0 ? Combat::Support : Combat::Declared; return;
        case ActionKind::CommitSupport: commit_support(a); return;
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
            if (needs_room(a.unit, a.hex)) return start_displacement(a.unit, a.hex);  // a friend makes room first (8.3.1)
            retreat_to(a.unit, a.hex);
            return;
        case ActionKind::StiffResistance: {
            // 8.4: the side stays; one of its units loses a step; nobody advances.
            const bool attackers_retreat = std::find(c.attackers.begin(), c.attackers.end(), c.to_retreat.front()) != c.attackers.end();
            if (logging_) note("  " + scenario_->sides[static_cast<std::size_t>(state_.units[static_cast<std::size_t>(c.to_retreat.front())].side)].name + " offers stiff resistance");
            c.retreat_decided = c.stiff_resistance = true;
            c.to_retreat.clear();
            (attackers_retreat ? c.losses_attacker : c.losses_defender) = 1;
            c.advance_done = true;
            return;
        }
        case ActionKind::AdvanceTo:
            // Others may follow (F&M 8.5; regimental 4.2: "up to the stacking limit").
            if (combat_rules().advance_along_retreat || combat_rules().advance_up_to_stacking)
                c.advanced.push_back(a.unit);
            else
                c.advance_done = true;
        {
            if (logging_) note("  " + unit_id(a.unit) + " advances to " + grid().label(a.hex));
            const Hex from = state_.units[static_cast<std::size_t>(a.unit)].hex;
            move_unit(a.unit, a.hex);
            EventContext advanced(Event::UnitAdvanced);
            advanced.set("unit", a.unit);
            advanced.set_text("from", grid().label(from));
            advanced.set_text("to", grid().label(a.hex));
            raise(advanced);
            return;
        }
        case ActionKind::Decline:
            if (c.stage == Combat::Support) commit_support(a);  // passes
            else c.advance_done = true;
            return;
        default: return;
    }
}

// Resolution runs on until an owner must decide (a loss, a retreat, an
// advance) or a script asks a question.
bool Game::combat_resolution_step() {
    Combat& c = state_.combat;
    const int active = attacking_side();
    for (;;) {
        switch (c.stage) {
            case Combat::Building:
                decide(DecisionKind::CombatBuild, active);
                return true;
            case Combat::Support:
                if (support_commit_step()) return true;
                break;
            case Combat::Declared: {
                for (int u : c.attackers) {
                    state_.units[static_cast<std::size_t>(u)].attacked = true;
                    c.attacker_hexes.push_back(state_.units[static_cast<std::size_t>(u)].hex);
                }
                for (int u : c.defenders) {
                    state_.units[static_cast<std::size_t>(u)].was_attacked = true;
                    c.defender_hexes.push_back(state_.units[static_cast<std::size_t>(u)].hex);
                }
                // Comma-separated: the studio shows names, which have spaces in them.
                auto listed = [&](const std::vector<int>& units) {
                    std::string out;
                    for (int u : units) out += (out.empty() ? "" : ", ") + unit_id(u);
                    return out.empty() ? std::string("support fire") : out;
                };
                if (logging_) note("  combat: " + listed(c.attackers) + " against " + listed(c.defenders));
                EventContext ctx(Event::CombatDeclared);
                ctx.set_list("attackers", c.attackers);
                ctx.set_list("defenders", c.defenders);
                raise(ctx);
                // Scripts read and change the combat through the kernel API; the
                // context's flags are the simple way to cancel or force a result.
                if (ctx.get("cancel")) c.cancelled = true;
                if (!ctx.text("forced_result").empty()) c.forced_result = ctx.text("forced_result");
                c.stage = Combat::Rolled;
                if (!beside_.questions.empty()) return true;
                break;
            }
            case Combat::Rolled: {
                auto alive = [&](const std::vector<int>& v) {
                    return std::any_of(v.begin(), v.end(), [&](int u) { const auto& s = state_.units[static_cast<std::size_t>(u)]; return s.on_map && std::find(c.defender_hexes.begin(), c.defender_hexes.end(), s.hex) != c.defender_hexes.end(); });
                };
                // Units that left before combat (retreat before combat) no longer
                // fight; in a plotted combat an attacker eliminated earlier in the
                // phase still does (20.21).
                auto still_there = [&](std::vector<int>& v, const std::vector<Hex>& hexes, bool simultaneous) {
                    std::vector<int> kept;
                    for (std::size_t i = 0; i < v.size(); ++i) {
                        const auto& s = state_.units[static_cast<std::size_t>(v[i])];
                        if ((s.on_map || (simultaneous && s.ready && s.eliminated)) && s.hex == hexes[i]) kept.push_back(v[i]);
                    }
                    v = std::move(kept);
                };
                std::vector<Hex> attacker_start = c.attacker_hexes, defender_start = c.defender_hexes;
                still_there(c.attackers, attacker_start, c.side >= 0);
                still_there(c.defenders, defender_start, false);
                // A hex defends as one (PRESTAGS 5.41): whoever of the defending
                // side still stands in a defending hex defends, even if the unit
                // the combat was declared against left it (17.5).
                if (combat_rules().hex_defends && c.defenders.empty() && !defender_start.empty()) {
                    const int defending = opponent_of(active);
                    for (Hex h : defender_start)
                        for (int u : units_at(h))
                            if (state_.units[static_cast<std::size_t>(u)].side == defending &&
                                std::find(c.defenders.begin(), c.defenders.end(), u) == c.defenders.end()) {
                                c.defenders.push_back(u);
                            }
                }
                CombatExplanation* why = begin_explanation();
                const bool unopposed = combat_rules().bombardment ? c.support_attacker_markers == 0 : c.attackers.empty();
                if (c.cancelled || !alive(c.defenders) || (unopposed && c.forced_result.empty())) {
                    if (logging_) note("  the combat does not take place");
                    if (why) {
                        why->cancelled = true;
                        for (int u : c.attackers) why->attackers.push_back({u, 0, false, {}});
                        for (int u : c.defenders) why->defenders.push_back({u, 0, false, {}});
                    }
                    c.advance_one_hex = true;
                    c.advancing_side = active;
                    c.stage = Combat::Advance;
                    break;
                }
                if (dice_pool()) {
                    compute_dice_pools();
                    resolve_dice_pools();
                } else {
                    if (c.forced_result.empty()) compute_odds();
                    apply_result();
                }
                c.stage = Combat::Losses;
                if (!beside_.questions.empty()) return true;
                break;
            }
            case Combat::Losses: {
                if (state_.result.over) return false;
                if (c.losses_attacker > 0 || c.losses_defender > 0) {
                    bool attacker = c.losses_attacker > 0;
                    auto candidates = loss_candidates(attacker);
                    if (candidates.empty()) {
                        (attacker ? c.losses_attacker : c.losses_defender) = 0;
                        break;
                    }
                    // No choice when one unit is left, or when every one is lost.
                    const int owed = attacker ? c.losses_attacker : c.losses_defender;
                    // A dice pool's loss is one strength point: losing one from each does not lose them all.
                    if (candidates.size() == 1 || (!c.dice_pool && owed >= static_cast<int>(candidates.size()))) {
                        --(attacker ? c.losses_attacker : c.losses_defender);
                        lose_step(candidates.front(), loss_is_reduction(attacker));
                        if (!beside_.questions.empty()) return true;
                        break;
                    }
                    decide(DecisionKind::ChooseLoss, attacker ? active : opponent_of(active));
                    return true;
                }
                if (std::any_of(state_.sides.begin(), state_.sides.end(), [](const SideState& s) { return s.disintegrated; })) {
                    end_game_by_disintegration();
                    return false;
                }
                if (!c.displacing.empty()) {  // a friend in the way chooses where it is pushed
                    decide(DecisionKind::Retreat, state_.units[static_cast<std::size_t>(c.displacing.back().unit)].side);
                    return true;
                }
                while (!c.to_retreat.empty() && !state_.units[static_cast<std::size_t>(c.to_retreat.front())].on_map)
                    c.to_retreat.erase(c.to_retreat.begin());
                if (!c.to_retreat.empty()) {
                    int u = c.to_retreat.front();
                    auto dest = retreat_options(u);
                    if (offers_stiff_resistance()) {  // the retreating side decides after the roll, whatever the hexes
                        decide(DecisionKind::Retreat, state_.units[static_cast<std::size_t>(u)].side);
                        return true;
                    }
                    if (dest.size() <= 1) {
                        c.to_retreat.erase(c.to_retreat.begin());
                        if (dest.empty()) {
                            if (logging_) note("  " + unit_id(u) + " cannot retreat");
                            // Its hex is the path of retreat (8.5): the retreat stands.
                            if (combat_rules().advance_along_retreat && state_.units[static_cast<std::size_t>(u)].side != active && c.retreat_path.empty())
                                c.retreat_path.push_back(state_.units[static_cast<std::size_t>(u)].hex);
                            eliminate(u);
                        } else if (needs_room(u, dest.front())) {
                            start_displacement(u, dest.front());
                            return combat_resolution_step();
                        } else {
                            retreat_to(u, dest.front());
                        }
                        if (!beside_.questions.empty()) return true;
                        break;
                    }
                    decide(DecisionKind::Retreat, state_.units[static_cast<std::size_t>(u)].side);
                    return true;
                }
                if (state_.result.over) return false;
                c.stage = Combat::Advance;
                // The instant the combat's losses are all taken (panic, 13.11).
                if (listening(Event::CombatResolved)) {
                    EventContext resolved(Event::CombatResolved);
                    resolved.set_list("attackers", c.attackers);
                    resolved.set_list("defenders", c.defenders);
                    resolved.set_text("result", c.result);
                    raise(resolved);
                    if (!beside_.questions.empty()) return true;
                    if (state_.result.over) return false;
                }
                break;
            }
            case Combat::Advance: {
                std::vector<Action> options;
                advance_actions(options);
                if (options.empty() || c.advance_done) {
                    finish_combat();
                    return combat_step();
                }
                decide_listed(DecisionKind::Advance, c.advancing_side, std::move(options));
                return true;
            }
            default:
                finish_combat();
                return combat_step();
        }
    }
}

void Game::finish_combat() {
    state_.combat_open = false;
    state_.combat.stage = Combat::Done;
}

OddsEstimate Game::odds_for(const std::vector<int>& attackers, const std::vector<int>& defenders, CombatExplanation* why) const {
    return odds_in(phase_index(), attackers, defenders, why);
}

std::vector<std::string> Game::odds_combat_phases() const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < ruleset_->phases.size(); ++i)
        if (procedures_[i] == Procedure::OddsCombat && !combat_rules_[i].bombardment &&
            (ruleset_->odds_table(ruleset_->phases[i].table) || ruleset_->differential_table(ruleset_->phases[i].table)))
            out.push_back(ruleset_->phases[i].id);
    return out;
}

OddsEstimate Game::odds_for_phase(const std::string& phase_id, const std::vector<int>& attackers, const std::vector<int>& defenders, CombatExplanation* why) const {
    for (std::size_t i = 0; i < ruleset_->phases.size(); ++i)
        if (ruleset_->phases[i].id == phase_id) return odds_in(static_cast<int>(i), attackers, defenders, why);
    throw std::invalid_argument("no phase '" + phase_id + "' in the ruleset");
}

OddsEstimate Game::odds_in(int phase_index, const std::vector<int>& attackers, const std::vector<int>& defenders, CombatExplanation* why) const {
    const rules::PhaseSpec& spec = ruleset_->phases[static_cast<std::size_t>(phase_index)];
    if (const auto* pool = ruleset_->dice_pool_table(spec.table)) return dice_pool_odds(*pool, phase_index, attackers, defenders, why);
    OddsEstimate e;
    const CombatPhaseRules& phase_rules = combat_rules_[static_cast<std::size_t>(phase_index)];
    const bool in_this_phase = phase_index == this->phase_index();
    auto leader_in = [&](int side, Hex h) { return phase_rules.leader < 0 ? 0 : best_attribute_at(side, h, phase_rules.leader); };
    auto leader_note = [&](int side, Hex h) {
        const int adds = leader_in(side, h);
        return adds ? "+" + std::to_string(adds) + " from a leader in the hex (" + spec.id + ": leader_adds, " + spec.where.to_string() + ")" : std::string();
    };
    const auto& map = scenario_->map;
    auto terrain_of = [&](Hex h) -> const rules::TerrainType& { return ruleset_->terrain[static_cast<std::size_t>(terrain_at(h))]; };
    const bool melee_terrain = phase_rules.terrain_defence.empty();
    int half_points = 0;
    for (int a : attackers) {
        const auto& u = state_.units[static_cast<std::size_t>(a)];
        // A plotted combat's attackers fight as they stood when the phase began (20.21).
        const bool plotted = state_.combat_open && state_.combat.side >= 0 && phase_rules.strength >= 0;
        const int read = phase_rules.strength >= 0 ? phase_rules.strength : roles_.strength;
        const bool front_face = plotted && in_this_phase;
        const int own = front_face ? unit_type(a).front.values[static_cast<std::size_t>(phase_rules.strength)] : attribute(a, read);
        int strength = own + leader_in(u.side, u.hex);
        // The terrain's melee effects do not touch fire against a hex's protection.
        std::string halved_by;
        if (melee_terrain && terrain_of(u.hex).combat.halve_attacker_out_of)
            halved_by = "attacking out of " + terrain_of(u.hex).name + " (" + terrain_of(u.hex).where.to_string() + ")";
        for (int d : defenders) {
            Hex dh = state_.units[static_cast<std::size_t>(d)].hex;
            if (!melee_terrain) break;
            if (halved_by.empty() && terrain_of(dh).combat.halve_attacker_into)
                halved_by = "attacking into " + terrain_of(dh).name + " (" + terrain_of(dh).where.to_string() + ")";
            int dir = geometry::direction_to(u.hex, dh);
            int feature = dir < 0 ? -1 : map.side_feature(u.hex, dir);
            const auto* side_feature = feature < 0 ? nullptr : &ruleset_->hexside_features[static_cast<std::size_t>(feature)];
            if (halved_by.empty() && side_feature && side_feature->combat.halve_attacker_across)
                halved_by = "attacking across " + side_feature->name + " (" + side_feature->where.to_string() + ")";
        }
        const bool halved = !halved_by.empty();
        // Halve all, then round the total up (7.5): count in half points.
        half_points += halved ? strength : 2 * strength;
        if (why) {
            std::string note = leader_note(u.side, u.hex);
            if (halved) note += std::string(note.empty() ? "" : "; ") + "halved: " + halved_by;
            why->attackers.push_back({a, strength, halved, note, read, !front_face && u.back, own});
        }
    }
    e.attack = (half_points + 1) / 2;
    if (!melee_terrain) {
        // Fire against a hex: the defence is the terrain's (PRESTAGS 6.22), not the units'.
        for (int d : defenders) {
            const auto& t = terrain_of(state_.units[static_cast<std::size_t>(d)].hex);
            e.defend = std::max(e.defend, t.value(phase_rules.terrain_defence));
            if (why) why->defenders.push_back({d, 0, false, "in " + t.name});
        }
        if (why) why->defence_rule = "the hex's " + phase_rules.terrain_defence + " (" + spec.id + ": defence_from_terrain, " + spec.where.to_string() + ")";
    } else {
        for (int d : defenders) {
            const auto& u = state_.units[static_cast<std::size_t>(d)];
            const int read = phase_rules.defence >= 0 ? phase_rules.defence : roles_.strength;
            const int own = attribute(d, read);
            int strength = own + leader_in(u.side, u.hex);
            std::string note = leader_note(u.side, u.hex);
            const auto& terrain = terrain_of(u.hex);
            if (!phase_rules.fortification.empty() && terrain.value(phase_rules.fortification) != 0) {  // 8.2.3: doubled
                strength *= 2;
                note += std::string(note.empty() ? "" : "; ") + "doubled: fortification in " + terrain.name + " (" + terrain.where.to_string() + ")";
            }
            e.defend += strength;
            if (why) why->defenders.push_back({d, strength, false, note, read, u.back, own});
        }
    }
    for (int d : defenders) {
        const auto& t = terrain_of(state_.units[static_cast<std::size_t>(d)].hex);
        if (t.combat.defender_column_shift == 0 || !melee_terrain) continue;
        bool all_same = std::all_of(attackers.begin(), attackers.end(), [&](int a) { return &terrain_of(state_.units[static_cast<std::size_t>(a)].hex) == &t; });
        if (t.combat.shift_unless_attackers_same && all_same) continue;
        if (t.combat.defender_column_shift < e.shift) {
            e.shift = t.combat.defender_column_shift;
            if (why) {
                std::erase_if(why->modifiers, [](const CombatModifier& m) { return m.what.starts_with("column shift") && m.what.find("defender in") != std::string::npos; });
                why->modifiers.push_back({"column shift " + std::to_string(e.shift) + ": defender in " + t.name, t.where.to_string()});
            }
        }
    }
    if (!attackers.empty()) {
        int side = state_.units[static_cast<std::size_t>(attackers.front())].side;
        const int demoralized = rules::option_int(phase(), "demoralized_shift", 0);
        if (state_.sides[static_cast<std::size_t>(side)].demoralized && demoralized != 0) {
            e.shift += demoralized;
            if (why) why->modifiers.push_back({"column shift " + std::to_string(demoralized) + ": the attacker's army is demoralized",
                                               spec.id + ": demoralized_shift, " + spec.where.to_string()});
        }
    }
    const rules::OddsCrt* crt = ruleset_->odds_table(spec.table);
    if (crt) {
        e.column = crt->shifted(e.defend <= 0 ? static_cast<int>(crt->columns.size()) - 1 : crt->column_for(e.attack, e.defend), e.shift);
        e.label = crt->columns[static_cast<std::size_t>(e.column)].label;
    } else if (const rules::DifferentialCrt* dt = ruleset_->differential_table(spec.table); dt && !defenders.empty()) {
        e.line = defender_line(*dt, attackers, defenders, why);
        const auto& line = dt->lines[static_cast<std::size_t>(e.line)];
        e.column = dt->shifted(dt->column_for(e.attack - e.defend, line), e.shift, line);
        e.label = dt->label(e.column, line);
    }
    if (why) {
        why->attack = e.attack;
        why->defend = e.defend;
        why->column = e.label;
        if (crt) why->table = crt->name;
        else if (const auto* dt = ruleset_->differential_table(spec.table)) why->table = dt->name;
    }
    return e;
}

int Game::defender_line(const rules::DifferentialCrt& table, const std::vector<int>& attackers, const std::vector<int>& defenders,
                        CombatExplanation* why) const {
    const Hex target = state_.units[static_cast<std::size_t>(defenders.front())].hex;
    const std::string& terrain = ruleset_->terrain[static_cast<std::size_t>(terrain_at(target))].id;
    // Every attacker attacks across one of these hexside features; how many of the
    // crossings a road or trail runs across (a bridge, 8.2.2). -1: not all across.
    auto bridges_across = [&](const std::vector<std::string>& features) {
        if (features.empty() || attackers.empty()) return -1;
        int bridged = 0;
        for (int a : attackers) {
            const Hex from = state_.units[static_cast<std::size_t>(a)].hex;
            const int dir = geometry::direction_to(from, target);
            const int feature = dir < 0 ? -1 : scenario_->map.side_feature(from, dir);
            if (feature < 0) return -1;
            const auto& id = ruleset_->hexside_features[static_cast<std::size_t>(feature)].id;
            if (std::find(features.begin(), features.end(), id) == features.end()) return -1;
            if (scenario_->map.path_feature(from, dir) >= 0) ++bridged;
        }
        return bridged;
    };
    // Across an unbridged one (no crossing bridged), or a bridged one (at least one bridged).
    auto all_across = [&](const rules::DifferentialLine& line) {
        return bridges_across(line.hexsides) == 0 || bridges_across(line.bridged_hexsides) > 0;
    };
    int chosen = 0;  // a terrain no line names fights on the first line
    std::string because = "the first line";
    bool matched = false;
    for (std::size_t i = 0; i < table.lines.size(); ++i) {
        const auto& line = table.lines[i];
        const bool by_terrain = std::find(line.terrain.begin(), line.terrain.end(), terrain) != line.terrain.end();
        if (!by_terrain && !all_across(line)) continue;
        // The terrain most beneficial to the defender: the line with the fewest columns.
        if (!matched || line.first > table.lines[static_cast<std::size_t>(chosen)].first) {
            matched = true;
            chosen = static_cast<int>(i);
            because = by_terrain ? "the defender's hex is " + terrain : "every attacker attacks across a hexside it lists";
        }
    }
    if (why) why->modifiers.push_back({"terrain line " + table.lines[static_cast<std::size_t>(chosen)].name + ": " + because,
                                       table.lines[static_cast<std::size_t>(chosen)].where.to_string()});
    return chosen;
}

std::string Game::table_result(int column, int roll) const {
    if (const auto* crt = combat_table()) return crt->result(column, crt->clamped_roll(roll));
    if (const auto* dt = differential_table()) return dt->result(column, dt->clamped_roll(roll));
    throw std::logic_error("the phase in progress resolves no combat on a table");
}

int Game::table_columns() const {
    if (const auto* crt = combat_table()) return static_cast<int>(crt->columns.size());
    if (const auto* dt = differential_table()) {
        const int line = state_.combat.line;
        return line >= 0 ? dt->columns_on(dt->lines[static_cast<std::size_t>(line)]) : static_cast<int>(dt->scale.size());
    }
    return 0;
}

CombatExplanation* Game::begin_explanation() {
    if (!explaining_) return nullptr;
    CombatExplanation& why = explanations_.emplace_back();
    why.turn = state_.at.turn;
    why.phase = phase().name;
    why.attacking_side = state_.combat.side >= 0 ? state_.combat.side : attacking_side();
    return &why;
}

CombatExplanation* Game::current_explanation() { return explaining_ && !explanations_.empty() ? &explanations_.back() : nullptr; }

std::string Game::module_source(const std::string& module) const {
    for (const auto& m : ruleset_->modules)
        if (m.module == module) return "module " + module + " (" + m.file + ")";
    return "module " + module;
}

// Each handler's change to a traced event's values, as a modifier of the
// combat being explained: "attack 13 → 15 (combat.strengths)".
void Game::explain_script_changes(const EventContext& context, const char* what) {
    CombatExplanation* why = current_explanation();
    if (!why) return;
    for (const ContextChange& change : context.changes())
        why->modifiers.push_back({change.key + " " + (change.before.empty() ? "none" : change.before) + " → " + (change.after.empty() ? "none" : change.after) + " (" + what + ")",
                                  module_source(change.module)});
}

// Where a unit retreating from combat may end: the full distance; or, with
// the phase's `short_retreat: reduce` (F&M 8.3), when it cannot go that far,
// the farthest hexes it can reach, at least one away.
std::vector<Hex> Game::retreat_options(int unit) const {
    const int hexes = retreat_length(unit);
    RetreatSearch search = retreat_search(unit, hexes);
    const auto* pool = state_.combat_open && state_.combat.dice_pool ? dice_pool() : nullptr;
    if (pool && pool->long_fall_back_clear > 0 && capability(unit, Capability::RetreatHexes) > hexes)
        for (Hex h : long_fall_back(unit, capability(unit, Capability::RetreatHexes), pool->long_fall_back_clear))
            if (std::find(search.destinations.begin(), search.destinations.end(), h) == search.destinations.end())
                search.destinations.push_back(h);
    if (!combat_rules().short_retreat_reduces) return preferred_retreats(unit, search.destinations);
    // The retreat ends exactly `hexes` away (8.3), never further on through friends.
    const Hex start = state_.units[static_cast<std::size_t>(unit)].hex;
    std::erase_if(search.destinations, [&](Hex h) { return geometry::distance(start, h) != hexes; });
    if (!search.destinations.empty()) return preferred_retreats(unit, search.destinations);
    // None free at the full distance: push a friend out of one (8.3.1), or stop short and be reduced.
    std::vector<Hex> options = displacing_destinations(unit, search, hexes);
    std::vector<Hex> farthest;
    int best = 0;
    for (std::size_t i = 1; i < search.reached.size(); ++i) {
        const Hex h = search.reached[i].hex;
        const int d = geometry::distance(start, h);
        if (d >= hexes || !may_end_in(unit, h) || d < best) continue;
        if (d > best) farthest.clear(), best = d;
        farthest.push_back(h);
    }
    options.insert(options.end(), farthest.begin(), farthest.end());
    return options;
}

// Hexes up to `hexes` away (by steps, the first any hex a fall back may take)
// on ways whose later hexes all keep more than `clear` hexes from every enemy
// unit, ending so, where the unit may end (regimental 4.1: artillery's full move).
std::vector<Hex> Game::long_fall_back(int unit, int hexes, int clear) const {
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    const auto mc = static_cast<std::size_t>(movement_class(unit));
    auto passable = [&](Hex from, int d, Hex to) {
        if (!grid().contains(to) || enemy_present(me.side, to)) return false;
        if (!ruleset_->terrain[static_cast<std::size_t>(terrain_at(to))].cost[mc]) return false;
        const int f = scenario_->map.side_feature(from, d);
        return f < 0 || ruleset_->hexside_features[static_cast<std::size_t>(f)].extra_cost[mc].has_value();
    };
    auto clear_of_enemy = [&](Hex h) {
        const int e = distance_to_closest_enemy(me.side, h);
        return e < 0 || e > clear;
    };
    std::vector<Hex> first = retreat_destinations(unit, 1), reached{me.hex}, out;
    std::vector<Hex> frontier = first;
    reached.insert(reached.end(), first.begin(), first.end());
    for (int step = 2; step <= hexes && !frontier.empty(); ++step) {
        std::vector<Hex> next;
        for (Hex from : frontier)
            for (int d = 0; d < 6; ++d) {
                const Hex to = geometry::neighbour(from, d);
                if (std::find(reached.begin(), reached.end(), to) != reached.end()) continue;
                if (!passable(from, d, to) || !clear_of_enemy(to)) continue;
                reached.push_back(to);
                next.push_back(to);
                if (may_end_in(unit, to)) out.push_back(to);
            }
        frontier = std::move(next);
    }
    return out;
}

int Game::distance_to_friendly_edge(int side, Hex h) const {
    const auto o = grid().to_offset(h);
    int best = -1;
    for (rules::MapEdge edge : scenario_->sides[static_cast<std::size_t>(side)].friendly_edges) {
        const int d = edge == rules::MapEdge::North ? o.row : edge == rules::MapEdge::South ? grid().rows() - 1 - o.row
                    : edge == rules::MapEdge::West  ? o.column : grid().columns() - 1 - o.column;
        if (best < 0 || d < best) best = d;
    }
    return best;
}

int Game::distance_to_closest_enemy(int side, Hex h) const {
    int best = -1;
    for (const auto& u : state_.units)
        if (u.on_map && u.side != side && (best < 0 || geometry::distance(u.hex, h) < best)) best = geometry::distance(u.hex, h);
    return best;
}

namespace {
// Where the friend nearest to `unit` stands (the first in scenario order of those as near), if any.
std::optional<Hex> nearest_friend_hex(const GameState& state, int unit) {
    const auto& me = state.units[static_cast<std::size_t>(unit)];
    std::optional<Hex> best;
    int best_distance = 0;
    for (std::size_t i = 0; i < state.units.size(); ++i) {
        const auto& u = state.units[i];
        if (static_cast<int>(i) == unit || !u.on_map || u.side != me.side) continue;
        const int d = geometry::distance(u.hex, me.hex);
        if (!best || d < best_distance) best = u.hex, best_distance = d;
    }
    return best;
}
}  // namespace

std::vector<Hex> Game::preferred_retreats(int unit, std::vector<Hex> hexes) const {
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    auto keep_if_any = [&](auto&& better) {
        std::vector<Hex> kept;
        for (Hex h : hexes)
            if (better(h)) kept.push_back(h);
        if (!kept.empty()) hexes = std::move(kept);
    };
    // 8.1.5: after a bombardment, farther from the closest enemy unit, if possible; "If there are
    // no enemy units on the map, the unit must retreat towards the closest friendly unit."
    if (const int now = combat_rules().bombardment ? distance_to_closest_enemy(me.side, me.hex) : -1; now >= 0) {
        keep_if_any([&](Hex h) { return distance_to_closest_enemy(me.side, h) > now; });
    } else if (combat_rules().bombardment) {
        const auto friend_at = nearest_friend_hex(state_, unit);
        if (friend_at) keep_if_any([&](Hex h) { return geometry::distance(h, *friend_at) < geometry::distance(me.hex, *friend_at); });
    }
    // 8.3: closer to a friendly map edge, if possible.
    if (const int now = distance_to_friendly_edge(me.side, me.hex); now >= 0)
        keep_if_any([&](Hex h) { return distance_to_friendly_edge(me.side, h) < now; });
    return hexes;
}

// Retreats a unit; one that could not go the full distance is reduced where it stops (F&M 8.3).
void Game::retreat_to(int unit, Hex to) {
    const bool short_of_it = combat_rules().short_retreat_reduces &&
                             geometry::distance(state_.units[static_cast<std::size_t>(unit)].hex, to) < retreat_length(unit);
    retreat(unit, to);
    if (!short_of_it) return;
    if (logging_) note("  " + unit_id(unit) + " could not retreat the full " + std::to_string(retreat_length(unit)) + " hexes");
    lose_step(unit, true);
}

// The result's retreat length, else the unit's own (retreat_hexes).
int Game::retreat_length(int unit) const {
    const int hexes = state_.combat.retreat_hexes;
    return hexes > 0 ? hexes : capability(unit, Capability::RetreatHexes);
}

// May the side told to retreat offer stiff resistance now (before any of its units moved)?
bool Game::offers_stiff_resistance() const {
    const Combat& c = state_.combat;
    return (combat_rules().stiff_resistance && !c.retreat_decided && !c.to_retreat.empty()) || may_hold_instead();
}

// Is this side's loss a step reduction (the result says `reduce` for it, or stiff resistance)?
bool Game::loss_is_reduction(bool attacker) const {
    if (state_.combat.stiff_resistance) return true;
    if (!state_.combat.losses_reduce) return false;
    const rules::CombatResult* r = ruleset_->combat_result(state_.combat.result);
    return r && (attacker ? r->attacker : r->defender) == rules::CombatResult::Effect::Reduce;
}

// A unit loses a step: on its front face with a back face, it flips;
// otherwise (reduced already, or a one-step unit) it is eliminated.
std::vector<int> Game::loss_candidates(bool attacker) const {
    const Combat& c = state_.combat;
    std::vector<int> out;
    if (c.dice_pool) out = pool_loss_candidates(attacker);
    else
        for (int u : attacker ? c.attackers : c.defenders)
            if (state_.units[static_cast<std::size_t>(u)].on_map) out.push_back(u);
    if (out.size() < 2 || !listening(Event::LossCandidate)) return out;
    // A query (read only): may this one take the loss while another can? Regimental 4.0: a
    // support company goes before its core stand's last strength point.
    std::vector<int> kept;
    for (int u : out) {
        EventContext ctx(Event::LossCandidate);
        ctx.set("unit", u);
        ctx.set("side", state_.units[static_cast<std::size_t>(u)].side);
        const bool reducible = !c.dice_pool && loss_is_reduction(attacker) && !state_.units[static_cast<std::size_t>(u)].back &&
                               unit_type(u).back;
        ctx.set("last", c.dice_pool ? strength_points_left(u) <= 1 : !reducible);
        ctx.set("refused", 0);
        ask(ctx);
        if (ctx.get("refused") == 0) kept.push_back(u);
    }
    return kept.empty() ? out : kept;
}

void Game::lose_step(int unit, bool reduction) {
    if (state_.combat.dice_pool) return lose_strength_point(unit);
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (reduction && !u.back && unit_type(unit).back) {
        if (logging_) note("  " + unit_id(unit) + " is reduced");
        set_back(unit, true);
        return;
    }
    eliminate(unit);
}

void Game::compute_odds() {
    Combat& c = state_.combat;
    CombatExplanation* why = current_explanation();
    OddsEstimate e = odds_for(c.attackers, c.defenders, why);
    if (c.support_revealed) {  // the markers' "+" values join the sides' totals (8.2.1 c)
        e.attack += c.support_attack;
        e.defend += c.support_defence;
        if (why && c.support_attacker_markers + c.support_defender_markers > 0)
            why->modifiers.push_back({"support fire: attacker +" + std::to_string(c.support_attack) + " (" + std::to_string(c.support_attacker_markers) +
                                          " marker" + (c.support_attacker_markers == 1 ? "" : "s") + "), defender +" + std::to_string(c.support_defence) + " (" +
                                          std::to_string(c.support_defender_markers) + " marker" + (c.support_defender_markers == 1 ? "" : "s") + ")",
                                      phase().id + ": support_markers, " + phase().where.to_string()});
    }
    EventContext strengths(Event::CombatStrengths);
    strengths.set("attack", e.attack);
    strengths.set("defend", e.defend);
    if (why) strengths.trace();
    raise(strengths);
    explain_script_changes(strengths, "combat.strengths");
    c.attack = static_cast<int>(strengths.get("attack"));
    c.defend = static_cast<int>(strengths.get("defend"));
    const rules::OddsCrt* crt = combat_table();
    const rules::DifferentialCrt* dt = crt ? nullptr : differential_table();
    c.line = dt ? e.line : -1;
    const rules::DifferentialLine* line = dt && c.line >= 0 ? &dt->lines[static_cast<std::size_t>(c.line)] : nullptr;
    int column = crt ? (c.defend <= 0 ? static_cast<int>(crt->columns.size()) - 1 : crt->column_for(c.attack, c.defend)) : dt->column_for(c.attack - c.defend, *line);
    EventContext odds(Event::CombatOdds);
    odds.set("column", column);
    odds.set("shift", e.shift);
    if (why) odds.trace();
    raise(odds);
    explain_script_changes(odds, "combat.odds");
    const int shift = static_cast<int>(odds.get("shift"));
    c.column = crt ? crt->shifted(column, shift) : dt->shifted(column, shift, *line);
    const std::string label = crt ? crt->columns[static_cast<std::size_t>(c.column)].label : dt->label(c.column, *line);
    if (why) {
        why->attack = c.attack;
        why->defend = c.defend;
        why->column = label;
    }
    if (logging_) note("  " + std::to_string(c.attack) + " against " + std::to_string(c.defend) + (dt ? " (differential " + std::to_string(c.attack - c.defend) + ")" : "") +
                       ": column " + label + (line ? " on the " + line->name + " line" : "") + (shift ? " (shifted " + std::to_string(shift) + ")" : ""));
}

void Game::apply_result() {
    Combat& c = state_.combat;
    CombatExplanation* why = current_explanation();
    const rules::OddsCrt* odds_crt = combat_table();
    const rules::DifferentialCrt* dt = odds_crt ? nullptr : differential_table();
    // What this step reads of either kind of table: the column's label and
    // automatic result, the die, the clamped row, the result.
    const auto* line = dt && c.line >= 0 ? &dt->lines[static_cast<std::size_t>(c.line)] : nullptr;
    const std::string column_label = c.column < 0 ? std::string() : odds_crt ? odds_crt->columns[static_cast<std::size_t>(c.column)].label : line ? dt->label(c.column, *line) : std::string();
    const std::string automatic = odds_crt && c.column >= 0 ? odds_crt->columns[static_cast<std::size_t>(c.column)].automatic : std::string();
    const int die_faces = odds_crt ? odds_crt->die_faces : dt->die_faces;
    auto clamped_roll = [&](int roll) { return odds_crt ? odds_crt->clamped_roll(roll) : dt->clamped_roll(roll); };
    auto result_at = [&](int column, int row) { return odds_crt ? odds_crt->result(column, row) : dt->result(column, row); };
    if (!c.forced_result.empty()) {
        if (logging_) note("  result fixed by a rule: " + c.forced_result);
        c.result = c.forced_result;
        if (why) why->modifiers.push_back({"result fixed at " + c.forced_result + " before any die", "a rule script (combat.declared)"});
    } else if (!automatic.empty()) {
        if (logging_) note("  automatic result");
        c.result = automatic;
    } else {
        // Rules that add to the die (a disrupted defender, a charge) say so
        // before it is rolled; the sum of their modifiers is part of the state.
        EventContext modify(Event::CombatRoll);
        modify.set("column", c.column);
        modify.set("modifier", 0);
        if (why) modify.trace();
        raise(modify);
        explain_script_changes(modify, "combat.roll");
        c.roll_modifier = static_cast<int>(modify.get("modifier"));
        c.roll = roll(die_faces, dt ? "combat at differential " + column_label + (line ? " on the " + line->name + " line" : "") : "combat on the " + column_label + " column");
        const int row = clamped_roll(c.roll + c.roll_modifier);
        if (c.roll_modifier != 0 && logging_) {
            const std::string sign = c.roll_modifier > 0 ? " +" : " ";
            note("  modified roll " + std::to_string(c.roll) + sign + std::to_string(c.roll_modifier) + " = " + std::to_string(c.roll + c.roll_modifier) +
                 (row != c.roll + c.roll_modifier ? ", read as " + std::to_string(row) + " (the table's " + (row < c.roll + c.roll_modifier ? "last" : "first") + " row)" : ""));
        }
        c.result = result_at(c.column, row);
        if (why) {
            why->roll = c.roll;
            why->roll_modifier = c.roll_modifier;
            why->row = row;
        }
    }
    EventContext ctx(Event::CombatResult);
    ctx.set_text("result", c.result);
    ctx.set("roll", c.roll);
    ctx.set("modifier", c.roll_modifier);
    ctx.set("advance_required", 0);
    if (why) ctx.trace();
    raise(ctx);
    explain_script_changes(ctx, "combat.result");
    c.result = ctx.text("result");
    if (why) {
        why->table = odds_crt ? odds_crt->name : dt->name;
        if (why->column.empty()) why->column = column_label;
        why->result = c.result;
        const rules::CombatResult* named = ruleset_->combat_result(c.result);
        why->result_name = named ? named->name : std::string();
    }
    c.advance_required = ctx.get("advance_required") != 0;
    c.advance_mark = ctx.text("advance_mark");
    if (logging_) note("  result " + c.result);
    if (combat_rules().bombardment && !filter_bombardment_result()) return;
    const rules::CombatResult* r = ruleset_->combat_result(c.result);
    if (!r) return;
    using E = rules::CombatResult::Effect;
    // Units to lose: one for a loss or a reduction, every one for an elimination.
    auto losses = [](E effect, const std::vector<int>& side) {
        if (effect == E::LoseUnit || effect == E::Reduce) return 1;
        if (effect == E::EliminateAll) return static_cast<int>(side.size());
        return 0;
    };
    c.losses_attacker = losses(r->attacker, c.attackers);
    c.losses_defender = losses(r->defender, c.defenders);
    // A result that reduces one side and eliminates the other is not in any rulebook
    // read so far; reductions apply to the side that is reduced, eliminations eliminate.
    c.losses_reduce = r->attacker == E::Reduce || r->defender == E::Reduce;
    if (r->attacker == E::Retreat) c.to_retreat = c.attackers, c.retreat_hexes = r->attacker_retreat;
    if (r->defender == E::Retreat) c.to_retreat = c.defenders, c.retreat_hexes = r->defender_retreat;
    c.advancing_side = advancing_side_after(*r);
}

// Who may advance into what a result leaves empty: after a retreat of the attacker, the defender; with
// `victor_advances`, the side a result leaves unhurt whatever emptied the other's hex (BMW 7.9: after AL too);
// else the attacker (PRESTAGS 8.4: "the attacking units may advance").
int Game::advancing_side_after(const rules::CombatResult& r) const {
    using E = rules::CombatResult::Effect;
    const bool attacker_hurt = r.attacker != E::None, defender_hurt = r.defender != E::None;
    const bool defender_advances = r.attacker == E::Retreat || (combat_rules().victor_advances && attacker_hurt && !defender_hurt);
    return defender_advances ? opponent_of(attacking_side()) : attacking_side();
}

// Hexes `hexes` steps or more away, reached by steps that each go further from
// the start, never into an enemy, a hex the other side fought from in this
// combat (emptied or not: a retreat goes away from the foe, regimental 4.2),
// prohibited terrain or an EZOC hex that no friend holds; past the required
// distance only through friends. Each reached hex keeps the hex it was reached
// from, so the path can be traced.
Game::RetreatSearch Game::retreat_search(int unit, int hexes) const {
    RetreatSearch out;
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    const Hex start = me.hex;
    const std::vector<Hex>* foe_hexes = nullptr;
    if (state_.combat_open)
        foe_hexes = me.side == attacking_side() ? &state_.combat.defender_hexes : &state_.combat.attacker_hexes;
    auto foe_fought_from = [&](Hex h) {
        return foe_hexes && std::find(foe_hexes->begin(), foe_hexes->end(), h) != foe_hexes->end();
    };
    const auto mc = static_cast<std::size_t>(movement_class(unit));
    out.reached.push_back({start, -1, false});
    std::vector<std::pair<Hex, bool>> found;  // destination, reached through friends
    std::vector<int> frontier{0};
    // A dice pool's fall back (regimental 4.1) may pass through enemy zones
    // but goes on until clear of them and of friends.
    const bool through_zones = state_.combat_open && state_.combat.dice_pool;
    for (int dist = 1; !frontier.empty() && dist <= hexes + 6; ++dist) {
        std::vector<int> next;
        for (int from_index : frontier) {
            const Hex from = out.reached[static_cast<std::size_t>(from_index)].hex;
            for (int d = 0; d < 6; ++d) {
                Hex to = geometry::neighbour(from, d);
                if (geometry::distance(to, start) != dist || !grid().contains(to)) continue;
                if (std::any_of(out.reached.begin(), out.reached.end(), [&](const RetreatSearch::Node& n) { return n.hex == to; })) continue;
                if (enemy_present(me.side, to) || foe_fought_from(to)) continue;
                if (!ruleset_->terrain[static_cast<std::size_t>(terrain_at(to))].cost[mc]) continue;
                int f = scenario_->map.side_feature(from, d);
                if (f >= 0 && !ruleset_->hexside_features[static_cast<std::size_t>(f)].extra_cost[mc]) continue;
                const bool occupied = !may_end_in(unit, to);
                const bool ezoc = in_enemy_zoc(me.side, to);
                if (ezoc && !through_zones && !zone_opened_to_retreat(unit, to, occupied)) continue;
                const bool through = out.reached[static_cast<std::size_t>(from_index)].through_friends || occupied;
                out.reached.push_back({to, from_index, through});
                const int index = static_cast<int>(out.reached.size()) - 1;
                if (dist >= hexes && !occupied && !(through_zones && ezoc)) found.push_back({to, out.reached[static_cast<std::size_t>(from_index)].through_friends});
                else next.push_back(index);
            }
        }
        frontier = std::move(next);
        if (through_zones && !found.empty()) break;  // 4.1: the shortest way out of the zones
    }
    // Through friends only when no free hex can be reached otherwise (7.8).
    const bool clean = std::any_of(found.begin(), found.end(), [](const auto& f) { return !f.second; });
    for (const auto& [hex, through] : found)
        if (!clean || !through) out.destinations.push_back(hex);
    return out;
}

// An enemy zone is closed to a retreat (5.1: "never negated by enemy or friendly units"), except where a friend
// stands and either the phase lets the retreat pass through him (F&M reading, `zoc_bars_retreat: false`) or the
// unit may enter a zone wherever a friend is (BMW 10.1: a leader joins him, and may stop there, 10.2).
bool Game::zone_opened_to_retreat(int unit, Hex to, bool occupied) const {
    if (occupied && !combat_rules().zoc_bars_retreat) return true;
    return capability(unit, Capability::EnterEzocNeedsFriend) && friend_present(state_.units[static_cast<std::size_t>(unit)].side, to, unit);
}

std::vector<Hex> Game::retreat_destinations(int unit, int hexes) const { return retreat_search(unit, hexes).destinations; }

std::vector<Hex> Game::retreat_path(int unit, Hex to) const {
    RetreatSearch search = retreat_search(unit, std::max(1, retreat_length(unit)));
    std::vector<Hex> path;
    for (std::size_t i = 0; i < search.reached.size(); ++i)
        if (search.reached[i].hex == to) {
            for (int at = static_cast<int>(i); at > 0; at = search.reached[static_cast<std::size_t>(at)].parent)
                path.insert(path.begin(), search.reached[static_cast<std::size_t>(at)].hex);
            return path;
        }
    return {to};  // placed by a script: no traced path
}

// BMW 7.8: a retreat through friends disorders them and the retreating unit; where the unit does not disorder
// those it passes (9.2: cavalry), "neither the cavalry nor the other unit is disrupted as a result of the retreat".
// Otherwise a retreat disorders the unit when its capability says so (11.1).
void Game::disorder_by_retreat(int unit, const std::vector<Hex>& path) {
    const int side = state_.units[static_cast<std::size_t>(unit)].side;
    std::vector<int> passed;
    for (std::size_t i = 0; i + 1 < path.size(); ++i)
        for (int other : units_at(path[i]))
            if (other != unit && state_.units[static_cast<std::size_t>(other)].side == side) passed.push_back(other);
    const bool disorders_friends = capability(unit, Capability::DisordersRetreatedThrough) != 0;
    if (!passed.empty() && !disorders_friends) return;
    for (int other : passed) disorder(other);
    if (!passed.empty() || capability(unit, Capability::DisorderedByRetreat)) disorder(unit);
}

void Game::retreat(int unit, Hex to) {
    const Hex from = state_.units[static_cast<std::size_t>(unit)].hex;
    const int side = state_.units[static_cast<std::size_t>(unit)].side;
    std::vector<Hex> path = retreat_path(unit, to);
    disorder_by_retreat(unit, path);
    if (logging_) note("  " + unit_id(unit) + " retreats " + grid().label(from) + " to " + grid().label(to));
    if (combat_rules().advance_along_retreat && state_.combat_open && side != attacking_side()) {
        auto& trail = state_.combat.retreat_path;
        if (trail.empty()) trail.push_back(from);
        trail.insert(trail.end(), path.begin(), path.end());
    }
    move_along(unit, path, to);
    EventContext ctx(Event::UnitRetreated);
    ctx.set("unit", unit);
    ctx.set_text("from", grid().label(from));
    raise(ctx);
}

// F&M 8.5: after a defender's retreat, any attacker that took part may
// advance along the path it left, ignoring zones of control, to any hex of
// it not already taken (one unit to a hex); each decides in turn.
void Game::advance_along_retreat_actions(std::vector<Action>& out) const {
    const Combat& c = state_.combat;
    if (c.advance_done || c.retreat_path.empty() || c.advancing_side != attacking_side() || c.stiff_resistance) return;
    for (int u : c.attackers) {
        const auto& s = state_.units[static_cast<std::size_t>(u)];
        if (!s.on_map || contains(c.advanced, u)) continue;
        const auto mc = static_cast<std::size_t>(movement_class(u));
        for (std::size_t k = 0; k < c.retreat_path.size(); ++k) {
            const Hex h = c.retreat_path[k];
            if (enemy_present(s.side, h) || !ruleset_->terrain[static_cast<std::size_t>(terrain_at(h))].cost[mc]) break;  // the path is cut
            if (k > 0) {  // nor across a hexside its class may not cross (a ditch the defender's infantry crossed)
                const int dir = geometry::direction_to(c.retreat_path[k - 1], h);
                const int feature = dir < 0 ? -1 : scenario_->map.side_feature(c.retreat_path[k - 1], dir);
                if (feature >= 0 && !ruleset_->hexside_features[static_cast<std::size_t>(feature)].extra_cost[mc]) break;
            }
            if (may_end_in(u, h) && std::none_of(out.begin(), out.end(), [&](const Action& a) { return a.unit == u && a.hex == h; }))
                out.push_back({ActionKind::AdvanceTo, u, -1, h, -1});
        }
    }
    if (!out.empty()) out.push_back({ActionKind::Decline, -1, -1, {}, -1});
}

std::vector<Hex> Game::vacated_defender_hexes() const {
    const Combat& c = state_.combat;
    const bool attackers_advance = c.advancing_side == attacking_side();
    const auto& hexes = attackers_advance ? c.defender_hexes : c.attacker_hexes;
    const int losing_side = attackers_advance ? opponent_of(attacking_side()) : attacking_side();
    std::vector<Hex> out;
    for (Hex h : hexes) {
        bool empty = true;
        for (int u : units_at(h))
            if (state_.units[static_cast<std::size_t>(u)].side == losing_side && capability(u, Capability::BlocksEnemyEntry)) empty = false;
        if (empty && std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
    }
    return out;
}

// One victorious unit that took part may advance into a vacated hex, and
// further (ignoring zones of control) if its advance capability allows.
void Game::advance_actions(std::vector<Action>& out) const {
    const Combat& c = state_.combat;
    if (c.advance_done || c.advancing_side < 0) return;
    // Fire takes no ground unless the phase says so (`advance: vacated`, PRESTAGS 8.4: "When any hex is
    // vacated as a result of combat"): else only a combat at close quarters (a phase without `reach`,
    // hex targets or a terrain defence) is followed by an advance. Only units next to the hex advance.
    const CombatPhaseRules& fire = combat_rules();
    const bool fire_phase =
        fire.reach >= 0 || fire.inactive_attacks || fire.hex_target || !fire.terrain_defence.empty() || fire.bombardment;
    if (c.dice_pool ? !c.close_combat : fire_phase && !fire.advance_stated) return;
    if (fire.advance_along_retreat) return advance_along_retreat_actions(out);
    std::vector<Hex> vacated = vacated_defender_hexes();
    if (vacated.empty()) return;
    const bool attackers_advance = c.advancing_side == attacking_side();
    for (int u : attackers_advance ? c.attackers : c.defenders) {
        const auto& s = state_.units[static_cast<std::size_t>(u)];
        if (!s.on_map || contains(c.advanced, u)) continue;
        const auto mc = static_cast<std::size_t>(movement_class(u));
        std::vector<Hex> reach;
        for (Hex v : vacated)
            if (geometry::distance(v, s.hex) == 1 && ruleset_->terrain[static_cast<std::size_t>(terrain_at(v))].cost[mc]) reach.push_back(v);
        // A script's demands on the advance (charges) bind the attacker only.
        if (attackers_advance && !c.advance_mark.empty() && state_.mark(u, c.advance_mark) == 0) continue;
        const int extra = c.advance_one_hex ? 0 : capability(u, Capability::AdvanceHexes) - 1;
        std::vector<Hex> frontier = reach;
        for (int step = 0; step < extra; ++step) {
            std::vector<Hex> next;
            for (Hex f : frontier)
                for (Hex n : geometry::neighbours(f))
                    if (grid().contains(n) && std::find(reach.begin(), reach.end(), n) == reach.end() && n != s.hex &&
                        !enemy_blocks(s.side, n) && ruleset_->terrain[static_cast<std::size_t>(terrain_at(n))].cost[mc]) {
                        reach.push_back(n);
                        next.push_back(n);
                    }
            frontier = std::move(next);
        }
        for (Hex h : reach)
            if (may_end_in(u, h)) out.push_back({ActionKind::AdvanceTo, u, -1, h, -1});
    }
    if (!out.empty() && !(c.advance_required && attackers_advance)) out.push_back({ActionKind::Decline, -1, -1, {}, -1});
}

}  // namespace sandtable::kernel
