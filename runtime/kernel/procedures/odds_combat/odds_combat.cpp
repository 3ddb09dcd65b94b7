// The odds combat procedure (see odds_combat.h): declaring combats, building
// them, mandatory combats, and the end of the phase.
#include "kernel/procedures/odds_combat/odds_combat.h"
#include "kernel/game.h"
#include "kernel/procedures/odds_combat/resolution.h"
#include "kernel/unit_lists.h"

#include <algorithm>
#include <vector>

namespace sandtable::kernel {

using geometry::Hex;

namespace {
// Units in a hex with a fighting unit defend with it: a leader stacked there is
// not a separate target.
bool is_target(const Game& g, int unit) {
    const auto& u = g.state().unit(unit);
    if (!g.unit(unit).capability(Capability::StacksFreely)) return true;
    for (int other : g.hex_board().units_at(u.hex))
        if (!g.unit(other).capability(Capability::StacksFreely)) return false;
    return true;
}
}  // namespace

bool OddsCombatProcedure::reaches_all(const Game& game, int attacker, const std::vector<int>& defenders) {
    return std::all_of(defenders.begin(), defenders.end(), [&](int d) { return game.reaches(attacker, d); });
}

bool OddsCombatProcedure::reached_by_all(const Game& game, int defender, const std::vector<int>& attackers) {
    return std::all_of(attackers.begin(), attackers.end(), [&](int a) { return game.reaches(a, defender); });
}

// May a combat be opened against this enemy unit in this phase?
bool OddsCombatProcedure::may_be_declared_against(const Game& game, int unit) {
    const auto& e = game.state_.unit(unit);
    // A dice pool's target may be attacked again (a regiment attacked by several
    // fights back against each, regimental 1.6; batteries fire barrages at will, 5.1).
    if (!e.on_map || e.side == game.attacking_side() || (e.was_attacked && !game.dice_pool()) || !is_target(game, unit))
        return false;
    const rules::CombatOptions& r = game.combat_rules();
    if ((r.target == rules::CombatOptions::Target::Hex) && !game.unit(unit).capability(Capability::CanBeFiredAt))
        return false;
    return r.targets_marked.empty() || game.state_.mark(unit, r.targets_marked) != 0;
}

void OddsCombatProcedure::mark_mandatory_combats(Game& game) {
    if (!game.combat_rules().must_attack_in_zoc || game.combat_rules().bombardment) return;
    const int active = game.attacking_side();
    for (std::size_t i = 0; i < game.state_.units.size(); ++i) {
        auto& u = game.state_.units[i];
        if (!u.on_map || game.unit(static_cast<int>(i)).combat_strength() <= 0) continue;
        if (u.side == active)
            u.must_attack = game.hex_board_.in_enemy_zoc(active, u.hex);
        else
            u.must_be_attacked = game.hex_board_.side_zoc_reaches(active, u.hex);
    }
}

bool OddsCombatProcedure::may_end_combat_phase(const Game& game) {
    for (std::size_t i = 0; i < game.state_.units.size(); ++i) {
        const auto& u = game.state_.units[i];
        if (!u.on_map || !(u.must_attack || u.must_be_attacked)) continue;
        const int unit = static_cast<int>(i);
        for (std::size_t j = 0; j < game.state_.units.size(); ++j) {
            const auto& e = game.state_.units[j];
            if (!e.on_map || e.side == u.side || geometry::distance(e.hex, u.hex) != 1) continue;
            // An attacker in an EZOC that still could attack someone must.
            if (u.must_attack && game.can_attack(unit) && !e.was_attacked && is_target(game, static_cast<int>(j)))
                return false;
            // A defender that must be attacked and still can be, must be.
            if (u.must_be_attacked && !u.was_attacked && game.can_attack(static_cast<int>(j))) return false;
        }
    }
    return true;
}

// 7.3: a unit that must attack (or be attacked) and that this combat would
// leave with no one else to fight must join it when it can: resolving
// without it is not offered while adding it is.
bool OddsCombatProcedure::strands_mandatory_unit(const Game& game) {
    const Combat& c = game.state_.combat;
    auto adjacent = [&](int a, int b) {
        return geometry::distance(game.state_.unit(a).hex, game.state_.unit(b).hex) == 1;
    };
    for (std::size_t i = 0; i < game.state_.units.size(); ++i) {
        const int u = static_cast<int>(i);
        const auto& s = game.state_.units[i];
        if (!s.on_map) continue;
        if (s.must_attack && game.can_attack(u) && !contains(c.attackers, u) && reaches_all(game, u, c.defenders)) {
            bool other_target = false;  // an enemy it could still attack in a later combat
            for (std::size_t j = 0; j < game.state_.units.size() && !other_target; ++j) {
                const auto& e = game.state_.units[j];
                const int t = static_cast<int>(j);
                other_target = e.on_map && e.side != s.side && !e.was_attacked && !contains(c.defenders, t) &&
                               adjacent(u, t) && is_target(game, t);
            }
            if (!other_target) return true;
        }
        if (s.must_be_attacked && !s.was_attacked && !contains(c.defenders, u) && is_target(game, u) &&
            reached_by_all(game, u, c.attackers)) {
            bool other_attacker = false;  // someone who could still attack it later
            for (std::size_t j = 0; j < game.state_.units.size() && !other_attacker; ++j)
                other_attacker = game.can_attack(static_cast<int>(j)) && !contains(c.attackers, static_cast<int>(j)) &&
                                 adjacent(u, static_cast<int>(j));
            if (!other_attacker) return true;
        }
    }
    return false;
}

bool OddsCombatProcedure::step(Game& game) const {
    if (game.state_.at.stage == 0) {
        mark_mandatory_combats(game);
        game.state_.at.stage = 1;
    }
    if (game.state_.combat_open) return CombatResolution::step(game);
    // The side ended the phase: no more attacks, even by units that may attack
    // again (`attacks_while_mark`: a battery holding the shots it has left).
    if (game.state_.at.stage == 2) return false;
    std::vector<Action>& options = game.listing_buffer();
    combat_actions(game, options);
    if (options.empty() || (options.size() == 1 && options[0].kind() == ActionKind::EndPhase)) return false;
    game.decide_listed(DecisionKind::CombatDeclare, game.attacking_side());
    return true;
}

void OddsCombatProcedure::combat_actions(const Game& game, std::vector<Action>& out) {
    if (game.state_.combat_open) return CombatResolution::actions(game, out);
    if (game.combat_rules().bombardment) return bombardment_actions(game, out);
    declare_actions(game, out);
}

// No combat open: the targets a combat may be declared against, and the phase's end.
void OddsCombatProcedure::declare_actions(const Game& game, std::vector<Action>& out) {
    std::vector<int> attackers;  // units that may still attack
    for (std::size_t j = 0; j < game.state_.units.size(); ++j)
        if (game.can_attack(static_cast<int>(j)) && (!game.dice_pool() || may_open_pool(game, static_cast<int>(j))))
            attackers.push_back(static_cast<int>(j));
    const bool hex_target = (game.combat_rules().target == rules::CombatOptions::Target::Hex) || game.dice_pool();
    const bool adjacent_only = game.combat_rules().reach.index < 0;
    std::vector<Hex> declared;  // a hex target is offered once, by its first unit
    for (std::size_t i = 0; i < game.state_.units.size() && !attackers.empty(); ++i) {
        const int t = static_cast<int>(i);
        if (!may_be_declared_against(game, t)) continue;
        const Hex h = game.state_.units[i].hex;
        if (hex_target && std::find(declared.begin(), declared.end(), h) != declared.end()) continue;
        // Adjacent attackers first: a reach at range asks the scripts' line of sight, which costs far more.
        auto adjacent = [&](int a) { return geometry::distance(game.state_.unit(a).hex, h) == 1; };
        auto reaches_adjacent = [&](int a) { return adjacent(a) && game.reaches(a, t); };
        auto reaches_at_range = [&](int a) { return !adjacent(a) && game.reaches(a, t); };
        if ((std::any_of(attackers.begin(), attackers.end(), reaches_adjacent) ||
             (!adjacent_only && std::any_of(attackers.begin(), attackers.end(), reaches_at_range))) &&
            game.may_still_reach_table(hex_target ? game.hex_defenders(t) : std::vector<int>{t}, &attackers)) {
            out.push_back(act::Declare{t});
            if (hex_target) declared.push_back(h);
        }
    }
    if (may_end_combat_phase(game)) out.push_back(act::EndPhase{});
}

void OddsCombatProcedure::combat_apply(Game& game, const Action& a) {
    Combat& c = game.state_.combat;
    switch (a.kind()) {
        case ActionKind::EndPhase:
            game.state_.at.stage = 2;
            for (auto& u : game.state_.units) u.attacked = true;  // nothing more to declare
            return;
        case ActionKind::Declare:
            game.state_.combat = Combat{};
            game.state_.combat.defenders =
                (game.combat_rules().target == rules::CombatOptions::Target::Hex) || game.dice_pool()
                    ? game.hex_defenders(a.target())
                    : std::vector<int>{a.target()};
            game.state_.combat_open = true;
            for (auto& placed : game.beside_.support.committed) placed.clear();  // the last combat's markers are spent
            if (game.combat_rules().bombardment)
                game.state_.combat.stage = Combat::Support;  // markers are the attack (8.1.2)
            return;
        case ActionKind::AddAttacker:
            c.attackers.push_back(a.unit());
            return;
        case ActionKind::AddDefender:
            c.defenders.push_back(a.target());
            return;
        case ActionKind::Resolve:
            c.stage = game.combat_rules().support_markers > 0 ? Combat::Support : Combat::Declared;
            return;
        case ActionKind::CommitSupport:
            CombatResolution::commit_support(game, a);
            return;
        case ActionKind::ChooseUnit: {
            const bool attacker = c.losses_attacker > 0;
            --(attacker ? c.losses_attacker : c.losses_defender);
            CombatResolution::lose_step(game, a.unit(), CombatResolution::loss_is_reduction(game, attacker));
            return;
        }
        case ActionKind::RetreatTo:
            if (!c.displacing.empty()) return CombatResolution::displace(game, a);
            c.retreat_decided = true;
            c.to_retreat.erase(c.to_retreat.begin());
            if (CombatResolution::needs_room(game, a.unit(), *a.hex()))
                return CombatResolution::start_displacement(game, a.unit(),
                                                            *a.hex());  // a friend makes room first (8.3.1)
            CombatResolution::retreat_to(game, a.unit(), *a.hex());
            return;
        case ActionKind::StiffResistance:
            return CombatResolution::offer_stiff_resistance(game);
        case ActionKind::AdvanceTo:
            return CombatResolution::advance_after_combat(game, a.unit(), *a.hex());
        case ActionKind::Decline:
            if (c.stage == Combat::Support)
                CombatResolution::commit_support(game, a);  // passes
            else
                c.advance_done = true;
            return;
        default:
            return;
    }
}

// Who may still join the attack being built (3.4, 3.5.1).
bool OddsCombatProcedure::may_join_pool(const Game& game, int unit) {
    const auto* pool = game.dice_pool();
    const Combat& c = game.state_.combat;
    const int f = game.formations_.of(unit);
    auto is_stand = [&](int u) {
        return pool->stand_attribute.empty() || game.unit(u).attribute(pool->stand_attribute) != 0;
    };
    if (f < 0) {  // divisional artillery and the like: support, or fire alone where no stands limit it
        if (c.attackers.empty()) return may_open_pool(game, unit);
        const auto unattached =
            std::count_if(c.attackers.begin(), c.attackers.end(), [&](int u) { return game.formations_.of(u) < 0; });
        const std::string status = game.status_of(c.attackers.front());
        const bool status_allows = pool->unattached_with.empty() ||
                                   std::find(pool->unattached_with.begin(), pool->unattached_with.end(), status) !=
                                       pool->unattached_with.end();
        return game.formations_.of(c.attackers.front()) >= 0 && status_allows && unattached < pool->unattached;
    }
    if (!is_stand(
            unit)) {  // a company goes with a stand of its formation: from the stand's hex, or from afar (fire support)
        const Hex here = game.state_.unit(unit).hex;
        const bool from_afar = pool->joins_from_afar.empty() || game.unit(unit).attribute(pool->joins_from_afar) != 0;
        return std::any_of(c.attackers.begin(), c.attackers.end(), [&](int u) {
            return game.formations_.of(u) == f && is_stand(u) && (from_afar || game.state_.unit(u).hex == here);
        });
    }
    const auto stands = std::count_if(c.attackers.begin(), c.attackers.end(),
                                      [&](int u) { return game.formations_.of(u) >= 0 && is_stand(u); });
    return stands < pool->stands_allowed(game.status_of(unit));
}

// May the unit open an attack: a stand whose status lets it attack at all.
bool OddsCombatProcedure::may_open_pool(const Game& game, int unit) {
    const auto* pool = game.dice_pool();
    if (game.formations_.of(unit) < 0)
        return pool->attacking_stands.empty();  // a battery opens fire only where no stands limit it (5.1)
    if (!pool->stand_attribute.empty() && game.unit(unit).attribute(pool->stand_attribute) == 0) return false;
    return pool->stands_allowed(game.status_of(unit)) > 0;
}

// A bombardment may be opened against any enemy unit not yet attacked in
// the phase, anywhere on the map (8.1, 8.1.1), while the attacker holds a marker.
void OddsCombatProcedure::bombardment_actions(const Game& game, std::vector<Action>& out) {
    if (game.state_.at.stage >= 2) return;  // the attacker said it is done
    if (game.support_draws_left(game.attacking_side()) > 0)
        for (std::size_t i = 0; i < game.state_.units.size(); ++i)
            if (may_be_declared_against(game, static_cast<int>(i))) out.push_back(act::Declare{static_cast<int>(i)});
    out.push_back(act::EndPhase{});
}

// Building the open combat: the attackers that may join it, the defenders
// that may be added, and resolving it once it has attackers.
void OddsCombatProcedure::building_actions(const Game& game, std::vector<Action>& out) {
    const Combat& c = game.state_.combat;
    for (std::size_t i = 0; i < game.state_.units.size(); ++i)
        if (game.can_attack(static_cast<int>(i)) && !contains(c.attackers, static_cast<int>(i)) &&
            reaches_all(game, static_cast<int>(i), c.defenders) &&
            (!game.dice_pool() || may_join_pool(game, static_cast<int>(i))))
            out.push_back(act::AddAttacker{static_cast<int>(i)});
    if (!c.attackers.empty()) {
        // A fire into a hex has the hex's units as its defenders, no more (6.16).
        // So does a dice pool combat: an attack is on one enemy-held hex (regimental 3.4).
        const bool defenders_fixed =
            game.combat_rules().target == rules::CombatOptions::Target::Hex || game.dice_pool() != nullptr;
        for (std::size_t i = 0; i < game.state_.units.size() && !defenders_fixed; ++i) {
            const int t = static_cast<int>(i);
            if (!contains(c.defenders, t) && may_be_declared_against(game, t) && reached_by_all(game, t, c.attackers) &&
                game.in_a_defending_hex(t) && game.may_still_reach_table(with(c.defenders, t)))
                out.push_back(act::AddDefender{t});
        }
        if (!strands_mandatory_unit(game) && game.odds_permitted(c.attackers, c.defenders))
            out.push_back(act::Resolve{});
    }
}

}  // namespace sandtable::kernel
