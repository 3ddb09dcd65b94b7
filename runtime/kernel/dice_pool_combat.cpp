// Combat by dice pools (the regimental rules, 3.0-4.2), in an odds_combat
// phase whose table is a dice_pool chart. Each unit rolls as many dice as its
// strength, but no more than the strength points it has left (1.3); both
// sides roll at once, and the chart says which faces hit, by who rolls and the
// statuses (orders) of both sides. Each hit costs a strength point, at most
// `max_loss_per_hex` in a hex, chosen by the owner. At close quarters the side
// that scored fewer hits falls back, and an attacker that did not lose may
// pursue into the hex it won. Here: the pools as counted before the dice (for
// the odds preview and the bots); procedures/odds_combat/dice_pools.cpp rolls them.
#include "kernel/game.h"
#include "kernel/unit_lists.h"

#include <algorithm>

namespace sandtable::kernel {

using geometry::Hex;

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
    return std::max(0, this->unit(unit).attribute(pool->strength_points) - state_.unit(unit).hits);
}

// 1.3 and 3.7.2: the dice are the strength, less a die for each strength point lost below it.
int Game::pool_dice(int unit, int strength_attribute) const {
    return std::max(0, std::min(this->unit(unit).attribute(strength_attribute), strength_points_left(unit)));
}

bool Game::is_close_combat(const std::vector<int>& attackers, const std::vector<int>& defenders) const {
    if (const auto* pool = dice_pool(); pool && pool->fire_only) return false;
    for (int a : attackers)
        for (int d : defenders)
            if (geometry::distance(state_.unit(a).hex, state_.unit(d).hex) == 1) return true;
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
    const bool returns_fire = defenders.empty() || !contains(pool.no_return_fire, status_of(defenders.front()));
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

}  // namespace sandtable::kernel
