#include "kernel/combat_queries.h"

#include "kernel/game.h"

#include <stdexcept>

namespace sandtable::kernel {

std::vector<geometry::Hex> CombatQueries::retreat_destinations(int unit, int hexes) const {
    return game_.retreat_destinations(unit, hexes);
}
std::vector<geometry::Hex> CombatQueries::retreat_path(int unit, geometry::Hex to) const {
    return game_.retreat_path(unit, to);
}
OddsEstimate CombatQueries::odds_for(const std::vector<int>& attackers, const std::vector<int>& defenders,
                                     CombatExplanation* why) const {
    return game_.scripted_odds(game_.phase_index(), attackers, defenders, why);
}
OddsEstimate CombatQueries::odds_for_phase(const std::string& phase_id, const std::vector<int>& attackers,
                                           const std::vector<int>& defenders, CombatExplanation* why) const {
    const auto& phases = game_.ruleset().phases;
    for (std::size_t i = 0; i < phases.size(); ++i)
        if (phases[i].id == phase_id) return game_.scripted_odds(static_cast<int>(i), attackers, defenders, why);
    throw std::invalid_argument("no phase '" + phase_id + "' in the ruleset");
}
std::vector<std::string> CombatQueries::odds_combat_phases() const { return game_.odds_combat_phases(); }

std::optional<AttackHalving> CombatQueries::attack_halving_out_of(geometry::Hex from) const {
    const auto& out_of = game_.ruleset().terrain[static_cast<std::size_t>(game_.hex_board().terrain_at(from))];
    if (!out_of.combat.halve_attacker_out_of) return std::nullopt;
    return AttackHalving{AttackHalving::By::AttackersGround, &out_of.name, &out_of.where};
}

std::optional<AttackHalving> CombatQueries::attack_halving(geometry::Hex from, geometry::Hex into) const {
    if (auto own = attack_halving_out_of(from)) return own;
    const auto& rs = game_.ruleset();
    const auto& ground = rs.terrain[static_cast<std::size_t>(game_.hex_board().terrain_at(into))];
    if (ground.combat.halve_attacker_into)
        return AttackHalving{AttackHalving::By::DefendersGround, &ground.name, &ground.where};
    const int direction = geometry::direction_to(from, into);
    const int feature = direction < 0 ? -1 : game_.scenario().map.side_feature(from, direction);
    if (feature < 0) return std::nullopt;
    const auto& side = rs.hexside_features[static_cast<std::size_t>(feature)];
    if (!side.combat.halve_attacker_across) return std::nullopt;
    return AttackHalving{AttackHalving::By::Hexside, &side.name, &side.where};
}
std::vector<int> CombatQueries::defenders_of(int target) const { return game_.hex_defenders(target); }
bool CombatQueries::can_attack(int unit) const { return game_.can_attack(unit); }
int CombatQueries::attacking_side() const { return game_.attacking_side(); }
bool CombatQueries::reaches(int attacker, int defender) const { return game_.reaches(attacker, defender); }
int CombatQueries::support_draws_left(int side) const { return game_.support_draws_left(side); }
std::optional<std::vector<int>> CombatQueries::committed_support(int side) const {
    return game_.committed_support(side);
}
int CombatQueries::support_markers_per_combat() const { return game_.support_markers_per_combat(); }
bool CombatQueries::bombardment() const { return game_.bombardment(); }
bool CombatQueries::in_a_defending_hex(int unit) const { return game_.in_a_defending_hex(unit); }
const rules::OddsCrt* CombatQueries::combat_table() const { return game_.combat_table(); }
const rules::DifferentialCrt* CombatQueries::differential_table() const { return game_.differential_table(); }
const rules::DicePoolTable* CombatQueries::dice_pool() const { return game_.dice_pool(); }
bool CombatQueries::fights_on_a_table() const { return game_.fights_on_a_table(); }
std::string CombatQueries::status_of(int unit) const { return game_.status_of(unit); }
int CombatQueries::strength_points_left(int unit) const { return game_.strength_points_left(unit); }
std::string CombatQueries::table_result(int column, int roll) const { return game_.table_result(column, roll); }
int CombatQueries::table_columns() const { return game_.table_columns(); }
const Combat& CombatQueries::in_view() const { return game_.combat_in_view(); }
bool CombatQueries::estimating() const { return game_.estimating(); }

}  // namespace sandtable::kernel
