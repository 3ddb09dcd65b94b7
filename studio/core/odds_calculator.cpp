#include "core/odds_calculator.h"

#include <stdexcept>

namespace sandtable::studio {

namespace {
OddsAnswer answer_for_column(const rules::Ruleset& ruleset, const rules::OddsCrt& table, int column) {
    OddsAnswer out;
    const auto& col = table.columns[static_cast<std::size_t>(column)];
    out.table = table.name;
    out.column = col.label;
    out.automatic = col.automatic;
    for (const auto& [code, p] : table.distribution(column)) {
        const rules::CombatResult* named = ruleset.combat_result(code);
        out.outcomes.push_back({code, named ? named->name : std::string(), p});
    }
    return out;
}
}  // namespace

OddsAnswer odds_of_strengths(const rules::Ruleset& ruleset, const rules::OddsCrt& table, int attack, int defend, int shift) {
    if (attack < 0 || defend < 0) throw std::invalid_argument("strengths cannot be negative");
    if (table.columns.empty()) throw std::invalid_argument("the table " + table.id + " has no columns");
    const int column = table.shifted(defend == 0 ? static_cast<int>(table.columns.size()) - 1 : table.column_for(attack, defend), shift);
    OddsAnswer out = answer_for_column(ruleset, table, column);
    out.attack = attack;
    out.defend = defend;
    out.shift = shift;
    return out;
}

PickedOdds odds_of_units(const kernel::Game& game, const std::string& phase_id, const std::vector<int>& attackers, const std::vector<int>& defenders) {
    PickedOdds out;
    const kernel::OddsEstimate e = game.odds_for_phase(phase_id, attackers, defenders, &out.why);
    const rules::PhaseSpec* phase = nullptr;
    for (const auto& p : game.ruleset().phases)
        if (p.id == phase_id) phase = &p;
    const rules::OddsCrt* table = phase ? game.ruleset().odds_table(phase->table) : nullptr;
    if (!table) throw std::invalid_argument("the phase " + phase_id + " resolves no odds table");
    out.answer = answer_for_column(game.ruleset(), *table, e.column);
    out.answer.attack = e.attack;
    out.answer.defend = e.defend;
    out.answer.shift = e.shift;
    return out;
}

}  // namespace sandtable::studio
