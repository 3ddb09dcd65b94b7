// Combat by dice pools (the regimental rules, 3.0-4.2), in an odds_combat
// phase whose table is a dice_pool chart. Each unit rolls as many dice as its
// strength, but no more than the strength points it has left (1.3); both
// sides roll at once, and the chart says which faces hit, by who rolls and the
// statuses (orders) of both sides. Each hit costs a strength point, at most
// `max_loss_per_hex` in a hex, chosen by the owner. At close quarters the side
// that scored fewer hits falls back, and an attacker that did not lose may
// pursue into the hex it won.
#include "kernel/game.h"

#include <algorithm>

namespace sandtable::kernel {

using geometry::Hex;

namespace {
bool listed(const std::vector<std::string>& list, const std::string& s) {
    return std::find(list.begin(), list.end(), s) != list.end();
}
}  // namespace

const rules::DicePoolTable* Game::dice_pool() const { return phase_pools_[static_cast<std::size_t>(phase_index())]; }

std::string Game::status_of(int unit) const {
    const int f = formations_.of(unit);
    const int order = formation_orders().of(f);
    if (order >= 0) return ruleset_->orders.list[static_cast<std::size_t>(order)].id;
    const auto* pool = dice_pool();
    return pool ? pool->unordered_status : std::string();
}

int Game::strength_points_left(int unit) const {
    const auto* pool = dice_pool();
    if (!pool) {  // outside a dice pool phase: the ruleset's first dice pool table names the attribute
        if (ruleset_->dice_pool_tables.empty()) return 0;
        pool = &ruleset_->dice_pool_tables.front();
    }
    return std::max(0, attribute(unit, pool->strength_points) - state_.units[static_cast<std::size_t>(unit)].hits);
}

// 1.3 and 3.7.2: the dice are the strength, less a die for each strength point lost below it.
int Game::pool_dice(int unit, int strength_attribute) const {
    return std::max(0, std::min(attribute(unit, strength_attribute), strength_points_left(unit)));
}

bool Game::is_close_combat(const std::vector<int>& attackers, const std::vector<int>& defenders) const {
    if (const auto* pool = dice_pool(); pool && pool->fire_only) return false;
    for (int a : attackers)
        for (int d : defenders)
            if (geometry::distance(state_.units[static_cast<std::size_t>(a)].hex,
                                   state_.units[static_cast<std::size_t>(d)].hex) == 1)
                return true;
    return false;
}

OddsEstimate Game::dice_pool_odds(const rules::DicePoolTable& pool, int phase_index, const std::vector<int>& attackers,
                                  const std::vector<int>& defenders, CombatExplanation* why) const {
    const rules::CombatOptions& r = options_of<rules::CombatOptions>(static_cast<std::size_t>(phase_index));
    const int defence = r.defence.index >= 0 ? r.defence.index : r.strength.index;
    OddsEstimate e;
    for (int a : attackers) {
        const int dice = pool_dice(a, r.strength.index);
        e.attack += dice;
        if (why)
            why->attackers.push_back(
                {a, dice, false, status_of(a) + ", " + std::to_string(strength_points_left(a)) + " SP left"});
    }
    const bool returns_fire = defenders.empty() || !listed(pool.no_return_fire, status_of(defenders.front()));
    for (int d : defenders) {
        const int dice = returns_fire ? pool_dice(d, defence) : 0;
        e.defend += dice;
        if (why)
            why->defenders.push_back({d, dice, false,
                                      status_of(d) + ", " + std::to_string(strength_points_left(d)) + " SP left" +
                                          (returns_fire ? "" : ": does not fight back")});
    }
    if (returns_fire && !defenders.empty() && is_close_combat(attackers, defenders) &&
        e.defend < pool.min_close_defence) {
        e.defend = pool.min_close_defence;  // 3.4: always at least 1D6 in close combat
        if (why)
            why->modifiers.push_back(
                {"defends with at least " + std::to_string(pool.min_close_defence) + "D in close combat",
                 pool.where.to_string()});
    }
    e.label = std::to_string(e.attack) + "D against " + std::to_string(e.defend) + "D";
    if (why) {
        why->table = pool.name;
        why->attack = e.attack;
        why->defend = e.defend;
        why->column = e.label;
    }
    return e;
}

// Who may still join the attack being built (3.4, 3.5.1).
bool Game::may_join_pool(int unit) const {
    const auto* pool = dice_pool();
    const Combat& c = state_.combat;
    const int f = formations_.of(unit);
    auto is_stand = [&](int u) { return pool->stand_attribute.empty() || attribute(u, pool->stand_attribute) != 0; };
    if (f < 0) {  // divisional artillery and the like: support, or fire alone where no stands limit it
        if (c.attackers.empty()) return may_open_pool(unit);
        const auto unattached =
            std::count_if(c.attackers.begin(), c.attackers.end(), [&](int u) { return formations_.of(u) < 0; });
        const std::string status = status_of(c.attackers.front());
        const bool status_allows = pool->unattached_with.empty() ||
                                   std::find(pool->unattached_with.begin(), pool->unattached_with.end(), status) !=
                                       pool->unattached_with.end();
        return formations_.of(c.attackers.front()) >= 0 && status_allows && unattached < pool->unattached;
    }
    if (!is_stand(
            unit)) {  // a company goes with a stand of its formation: from the stand's hex, or from afar (fire support)
        const Hex here = state_.units[static_cast<std::size_t>(unit)].hex;
        const bool from_afar = pool->joins_from_afar.empty() || attribute(unit, pool->joins_from_afar) != 0;
        return std::any_of(c.attackers.begin(), c.attackers.end(), [&](int u) {
            return formations_.of(u) == f && is_stand(u) &&
                   (from_afar || state_.units[static_cast<std::size_t>(u)].hex == here);
        });
    }
    const auto stands = std::count_if(c.attackers.begin(), c.attackers.end(),
                                      [&](int u) { return formations_.of(u) >= 0 && is_stand(u); });
    return stands < pool->stands_allowed(status_of(unit));
}

// May the unit open an attack: a stand whose status lets it attack at all.
bool Game::may_open_pool(int unit) const {
    const auto* pool = dice_pool();
    if (formations_.of(unit) < 0)
        return pool->attacking_stands.empty();  // a battery opens fire only where no stands limit it (5.1)
    if (!pool->stand_attribute.empty() && attribute(unit, pool->stand_attribute) == 0) return false;
    return pool->stands_allowed(status_of(unit)) > 0;
}

void Game::compute_dice_pools() {
    Combat& c = state_.combat;
    CombatExplanation* why = current_explanation();
    c.dice_pool = true;
    c.close_combat = is_close_combat(c.attackers, c.defenders);
    const OddsEstimate e = odds_for(c.attackers, c.defenders, why);
    EventContext strengths(Event::CombatStrengths);
    strengths.set("attack", e.attack);
    strengths.set("defend", e.defend);
    strengths.set("close_combat", c.close_combat);
    if (why) strengths.trace();
    raise(strengths);
    explain_script_changes(strengths, "combat.strengths");
    c.attack = std::max(0, static_cast<int>(strengths.get("attack")));
    c.defend = std::max(0, static_cast<int>(strengths.get("defend")));
    if (why) {
        why->attack = c.attack;
        why->defend = c.defend;
        why->column = std::to_string(c.attack) + "D against " + std::to_string(c.defend) + "D";
    }
    if (logging_)
        note("  " + std::string(c.close_combat ? "close combat" : "distant fire") + ": " + std::to_string(c.attack) +
             "D against " + std::to_string(c.defend) + "D");
}

int Game::roll_pool(int dice, const rules::DicePoolRule& rule, const std::string& who, std::vector<int>* rolled) {
    std::vector<int> faces;
    for (int i = 0; i < dice; ++i) faces.push_back(roll(dice_pool()->die_faces, who));
    if (rolled) *rolled = faces;
    const int hits = dice_pool()->hits(faces, rule);
    if (logging_ && dice > 0)
        note("  " + who + ": " + std::to_string(hits) + " hit" + (hits == 1 ? "" : "s") + " (on " +
             std::to_string(rule.hit_on) + "+" +
             (rule.double_on > 0 ? " or a double " + std::to_string(rule.double_on) : "") + ")");
    return hits;
}

// Both sides roll at once; hits become strength points to lose, the loser of
// a close combat falls back, and a winning attacker may pursue.
void Game::resolve_dice_pools() {
    Combat& c = state_.combat;
    const auto& pool = *dice_pool();
    CombatExplanation* why = current_explanation();
    const std::string attacker_status = c.attackers.empty() ? pool.unordered_status : status_of(c.attackers.front());
    const std::string defender_status = c.defenders.empty() ? pool.unordered_status : status_of(c.defenders.front());
    const auto& attack_rule = pool.rule_for("attack", attacker_status, defender_status);
    const auto& defend_rule = pool.rule_for("defend", defender_status, attacker_status);
    c.attacker_hits =
        roll_pool(c.attack, attack_rule, "the attack (" + attacker_status + " against " + defender_status + ")",
                  why ? &why->attack_dice : nullptr);
    c.defender_hits =
        roll_pool(c.defend, defend_rule, "the defence (" + defender_status + " against " + attacker_status + ")",
                  why ? &why->defence_dice : nullptr);
    if (const int cap = pool.max_hits_per_attacker * static_cast<int>(c.attackers.size());
        pool.max_hits_per_attacker > 0 && c.attacker_hits > cap) {
        if (logging_)
            note("  at most " + std::to_string(pool.max_hits_per_attacker) + " hit" +
                 (pool.max_hits_per_attacker == 1 ? "" : "s") + " a unit: " + std::to_string(cap) + " count");
        if (why)
            why->modifiers.push_back({"at most " + std::to_string(pool.max_hits_per_attacker) +
                                          " hit(s) per attacking unit: " + std::to_string(c.attacker_hits) + " → " +
                                          std::to_string(cap),
                                      pool.name + ": max_hits_per_attacker, " + pool.where.to_string()});
        c.attacker_hits = cap;
    }
    c.result = std::to_string(c.attacker_hits) + "-" + std::to_string(c.defender_hits);
    if (why) explain_pools(*why, attack_rule, defend_rule, attacker_status, defender_status);
    owe_pool_losses(pool);
}

// The units of a side that may still lose a strength point in this combat:
// on the map, in a hex that has not lost `max_loss_per_hex` (4.0). An
// attacker's first loss comes off the units at close quarters (when it is a
// close combat); then the owner chooses among its formations' units;
// batteries in no formation lose only when nobody else can.
std::vector<int> Game::pool_loss_candidates(bool attacker) const {
    const Combat& c = state_.combat;
    const auto& pool = *dice_pool();
    auto may_lose = [&](int u) {
        const auto& s = state_.units[static_cast<std::size_t>(u)];
        return s.on_map && (c.stiff_resistance ||
                            std::count(c.loss_hexes.begin(), c.loss_hexes.end(), s.hex) < pool.max_loss_per_hex);
    };
    auto next_to_defender = [&](int u) {
        const Hex h = state_.units[static_cast<std::size_t>(u)].hex;
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
        if (formations_.of(u) < 0)
            rest.push_back(u);
        else if (c.close_combat && next_to_defender(u))
            close.push_back(u), formation.push_back(u);
        else
            formation.push_back(u);
    }
    if (first_loss && !close.empty()) return close;
    return formation.empty() ? rest : formation;
}

void Game::lose_strength_point(int unit) {
    auto& u = state_.units[static_cast<std::size_t>(unit)];
    state_.combat.loss_hexes.push_back(u.hex);
    ++u.hits;
    const int left = strength_points_left(unit);
    if (logging_) note("  " + unit_id(unit) + " loses a strength point (" + std::to_string(left) + " left)");
    if (left <= 0) eliminate(unit);
}

bool Game::may_hold_instead() const {
    const auto* pool = dice_pool();
    const Combat& c = state_.combat;
    return pool && !c.retreat_decided && !c.to_retreat.empty() &&
           listed(pool->hold_instead, status_of(c.to_retreat.front()));
}

void Game::explain_pools(CombatExplanation& why, const rules::DicePoolRule& attack_rule,
                         const rules::DicePoolRule& defend_rule, const std::string& attacker_status,
                         const std::string& defender_status) const {
    const Combat& c = state_.combat;
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
void Game::owe_pool_losses(const rules::DicePoolTable& pool) {
    Combat& c = state_.combat;
    auto hexes = [&](const std::vector<int>& units) {
        std::vector<Hex> out;
        for (int u : units) {
            const Hex h = state_.units[static_cast<std::size_t>(u)].hex;
            if (std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
        }
        return static_cast<int>(out.size());
    };
    // The attacker's cap counts the hexes of its formations' units: batteries supporting from afar take no losses.
    std::vector<int> formation_attackers;
    for (int u : c.attackers)
        if (formations_.of(u) >= 0) formation_attackers.push_back(u);
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
        const Hex h = state_.units[static_cast<std::size_t>(u)].hex;
        if (std::any_of(c.defender_hexes.begin(), c.defender_hexes.end(),
                        [&](Hex d) { return geometry::distance(h, d) == 1; }))
            assaulting.push_back(u);
    }
    if (defender_loses) c.to_retreat = c.defenders;
    if (attacker_loses) c.to_retreat.insert(c.to_retreat.end(), assaulting.begin(), assaulting.end());
    c.retreat_hexes = pool.fall_back;
    // 4.2: an attacker that scored at least as many hits may take the hex it won.
    if (!attacker_loses) c.advancing_side = attacking_side();
}

}  // namespace sandtable::kernel
