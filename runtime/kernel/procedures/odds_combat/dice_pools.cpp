// Dice pool combat resolved (regimental 3.0-4.2): each side rolls its pool,
// hits become strength points lost, and the side with more losses falls back
// or holds (see dice_pool_combat.cpp for the pools counted).
#include "kernel/procedures/odds_combat/resolution.h"
#include "kernel/game.h"
#include "kernel/unit_lists.h"

#include <algorithm>
#include <string>
#include <vector>

namespace sandtable::kernel {

using geometry::Hex;

void CombatResolution::compute_dice_pools(Game& game) {
    Combat& c = game.state_.combat;
    CombatExplanation* why = game.current_explanation();
    c.dice_pool = true;
    c.close_combat = game.is_close_combat(c.attackers, c.defenders);
    const OddsEstimate e = game.odds_for(c.attackers, c.defenders, why);
    EventContext strengths(Event::CombatStrengths);
    strengths.set("attack", e.attack);
    strengths.set("defend", e.defend);
    strengths.set("close_combat", c.close_combat);
    if (why) strengths.trace();
    game.raise(strengths);
    game.explain_script_changes(strengths, "combat.strengths");
    c.attack = std::max(0, static_cast<int>(strengths.get("attack")));
    c.defend = std::max(0, static_cast<int>(strengths.get("defend")));
    if (why) {
        why->attack = c.attack;
        why->defend = c.defend;
        why->column = std::to_string(c.attack) + "D against " + std::to_string(c.defend) + "D";
    }
    if (game.recording_.log)
        game.note("  " + std::string(c.close_combat ? "close combat" : "distant fire") + ": " +
                  std::to_string(c.attack) + "D against " + std::to_string(c.defend) + "D");
}

int CombatResolution::roll_pool(Game& game, int dice, const rules::DicePoolRule& rule, const std::string& who,
                                std::vector<int>* rolled) {
    std::vector<int> faces;
    for (int i = 0; i < dice; ++i) faces.push_back(game.roll(game.dice_pool()->die_faces, who));
    if (rolled) *rolled = faces;
    const int hits = game.dice_pool()->hits(faces, rule);
    if (game.recording_.log && dice > 0)
        game.note("  " + who + ": " + std::to_string(hits) + " hit" + (hits == 1 ? "" : "s") + " (on " +
                  std::to_string(rule.hit_on) + "+" +
                  (rule.double_on > 0 ? " or a double " + std::to_string(rule.double_on) : "") + ")");
    return hits;
}

// Both sides roll at once; hits become strength points to lose, the loser of
// a close combat falls back, and a winning attacker may pursue.
void CombatResolution::resolve_dice_pools(Game& game) {
    Combat& c = game.state_.combat;
    const auto& pool = *game.dice_pool();
    CombatExplanation* why = game.current_explanation();
    const std::string attacker_status =
        c.attackers.empty() ? pool.unordered_status : game.status_of(c.attackers.front());
    const std::string defender_status =
        c.defenders.empty() ? pool.unordered_status : game.status_of(c.defenders.front());
    const auto& attack_rule = pool.rule_for("attack", attacker_status, defender_status);
    const auto& defend_rule = pool.rule_for("defend", defender_status, attacker_status);
    c.attacker_hits =
        roll_pool(game, c.attack, attack_rule, "the attack (" + attacker_status + " against " + defender_status + ")",
                  why ? &why->attack_dice : nullptr);
    c.defender_hits =
        roll_pool(game, c.defend, defend_rule, "the defence (" + defender_status + " against " + attacker_status + ")",
                  why ? &why->defence_dice : nullptr);
    if (const int cap = pool.max_hits_per_attacker * static_cast<int>(c.attackers.size());
        pool.max_hits_per_attacker > 0 && c.attacker_hits > cap) {
        if (game.recording_.log)
            game.note("  at most " + std::to_string(pool.max_hits_per_attacker) + " hit" +
                      (pool.max_hits_per_attacker == 1 ? "" : "s") + " a unit: " + std::to_string(cap) + " count");
        if (why)
            why->modifiers.push_back({"at most " + std::to_string(pool.max_hits_per_attacker) +
                                          " hit(s) per attacking unit: " + std::to_string(c.attacker_hits) + " → " +
                                          std::to_string(cap),
                                      pool.name + ": max_hits_per_attacker, " + pool.where.to_string()});
        c.attacker_hits = cap;
    }
    c.result = std::to_string(c.attacker_hits) + "-" + std::to_string(c.defender_hits);
    if (why) explain_pools(game, *why, attack_rule, defend_rule, attacker_status, defender_status);
    owe_pool_losses(game, pool);
}

// The units of a side that may still lose a strength point in this combat:
// on the map, in a hex that has not lost `max_loss_per_hex` (4.0). An
// attacker's first loss comes off the units at close quarters (when it is a
// close combat); then the owner chooses among its formations' units;
// batteries in no formation lose only when nobody else can.
std::vector<int> CombatResolution::pool_loss_candidates(const Game& game, bool attacker) {
    const Combat& c = game.state_.combat;
    const auto& pool = *game.dice_pool();
    auto may_lose = [&](int u) {
        const auto& s = game.state_.unit(u);
        return s.on_map && (c.stiff_resistance ||
                            std::count(c.loss_hexes.begin(), c.loss_hexes.end(), s.hex) < pool.max_loss_per_hex);
    };
    auto next_to_defender = [&](int u) {
        const Hex h = game.state_.unit(u).hex;
        return std::any_of(c.defender_hexes.begin(), c.defender_hexes.end(),
                           [&](Hex d) { return geometry::distance(h, d) == 1; });
    };
    if (!attacker) {
        std::vector<int> out;
        for (int u : c.defenders)
            if (may_lose(u)) out.push_back(u);
        return out;
    }
    const bool first_loss = c.loss_hexes.empty();  // the attacker's losses are taken before the defender's
    std::vector<int> close, formation, rest;
    for (int u : c.attackers) {
        if (!may_lose(u)) continue;
        if (game.formations_.of(u) < 0)
            rest.push_back(u);
        else if (c.close_combat && next_to_defender(u))
            close.push_back(u), formation.push_back(u);
        else
            formation.push_back(u);
    }
    if (first_loss && !close.empty()) return close;
    return formation.empty() ? rest : formation;
}

void CombatResolution::lose_strength_point(Game& game, int unit) {
    auto& u = game.state_.unit(unit);
    game.state_.combat.loss_hexes.push_back(u.hex);
    ++u.hits;
    const int left = game.strength_points_left(unit);
    if (game.recording_.log)
        game.note("  " + game.unit(unit).id() + " loses a strength point (" + std::to_string(left) + " left)");
    if (left <= 0) game.eliminate(unit);
}

bool CombatResolution::may_hold_instead(const Game& game) {
    const auto* pool = game.dice_pool();
    const Combat& c = game.state_.combat;
    return pool && !c.retreat_decided && !c.to_retreat.empty() &&
           contains(pool->hold_instead, game.status_of(c.to_retreat.front()));
}

void CombatResolution::explain_pools(const Game& game, CombatExplanation& why, const rules::DicePoolRule& attack_rule,
                                     const rules::DicePoolRule& defend_rule, const std::string& attacker_status,
                                     const std::string& defender_status) {
    const Combat& c = game.state_.combat;
    why.dice_pool = true;
    why.attack_hits = c.attacker_hits;
    why.defence_hits = c.defender_hits;
    why.result = c.result;
    why.result_name = std::to_string(c.attacker_hits) + " hits on the defender, " + std::to_string(c.defender_hits) +
                      " on the attacker";
    auto hits_on = [](const rules::DicePoolRule& rule) {
        return std::to_string(rule.hit_on) + "+" +
               (rule.double_on ? " or a double " + std::to_string(rule.double_on) : "");
    };
    why.modifiers.push_back(
        {"the attack hits on " + hits_on(attack_rule) + " (" + attacker_status + " attacking " + defender_status + ")",
         attack_rule.where.to_string()});
    why.modifiers.push_back({"the defence hits on " + hits_on(defend_rule) + " (" + defender_status +
                                 " defending against " + attacker_status + ")",
                             defend_rule.where.to_string()});
}

// The losses the hits call for (at most max_loss_per_hex a hex), and at close
// quarters who falls back and who may take the hex (regimental 4.1, 4.2).
void CombatResolution::owe_pool_losses(Game& game, const rules::DicePoolTable& pool) {
    Combat& c = game.state_.combat;
    auto hexes = [&](const std::vector<int>& units) {
        std::vector<Hex> out;
        for (int u : units) {
            const Hex h = game.state_.unit(u).hex;
            if (std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
        }
        return static_cast<int>(out.size());
    };
    // The attacker's cap counts the hexes of its formations' units: batteries supporting from afar take no losses.
    std::vector<int> formation_attackers;
    for (int u : c.attackers)
        if (game.formations_.of(u) >= 0) formation_attackers.push_back(u);
    c.losses_defender = std::min(c.attacker_hits, pool.max_loss_per_hex * hexes(c.defenders));
    c.losses_attacker =
        std::min(c.defender_hits,
                 pool.max_loss_per_hex * hexes(formation_attackers.empty() ? c.attackers : formation_attackers));
    c.losses_reduce = true;
    c.advancing_side = -1;
    if (!c.close_combat) return;  // distant fire takes no ground
    // 4.1: hits scored, not losses taken, decide who falls back.
    const bool tie = c.attacker_hits == c.defender_hits;
    const bool attacker_loses =
        c.defender_hits > c.attacker_hits || (tie && pool.ties == rules::DicePoolTable::Ties::AttackerFallsBack);
    const bool defender_loses =
        c.attacker_hits > c.defender_hits || (tie && pool.ties == rules::DicePoolTable::Ties::BothFallBack);
    // 4.1: an attacker's fall back moves the stands at close quarters (and
    // their companies), not those supporting from afar.
    std::vector<int> assaulting;
    for (int u : c.attackers) {
        const Hex h = game.state_.unit(u).hex;
        if (std::any_of(c.defender_hexes.begin(), c.defender_hexes.end(),
                        [&](Hex d) { return geometry::distance(h, d) == 1; }))
            assaulting.push_back(u);
    }
    if (defender_loses) c.to_retreat = c.defenders;
    if (attacker_loses) c.to_retreat.insert(c.to_retreat.end(), assaulting.begin(), assaulting.end());
    c.retreat_hexes = pool.fall_back;
    // 4.2: an attacker that scored at least as many hits may take the hex it won.
    if (!attacker_loses) c.advancing_side = game.attacking_side();
}

}  // namespace sandtable::kernel
