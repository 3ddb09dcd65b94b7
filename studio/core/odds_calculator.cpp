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
OddsAnswer answer_for_column(const rules::Ruleset& ruleset, const rules::DifferentialCrt& table, int line, int column) {
    OddsAnswer out;
    const auto& on = table.lines.at(static_cast<std::size_t>(line));
    out.table = table.name + ", " + on.name + " line";
    out.column = table.label(column, on);
    for (const auto& [code, p] : table.distribution(column)) {
        const rules::CombatResult* named = ruleset.combat_result(code);
        out.outcomes.push_back({code, named ? named->name : std::string(), p});
    }
    return out;
}
}  // namespace

OddsAnswer odds_of_strengths(const rules::Ruleset& ruleset, const rules::DifferentialCrt& table, int line, int attack,
                             int defend, int shift) {
    if (attack < 0 || defend < 0) throw std::invalid_argument("strengths cannot be negative");
    if (line < 0 || line >= static_cast<int>(table.lines.size()))
        throw std::invalid_argument("the table " + table.id + " has no line " + std::to_string(line));
    const auto& on = table.lines[static_cast<std::size_t>(line)];
    OddsAnswer out =
        answer_for_column(ruleset, table, line, table.shifted(table.column_for(attack - defend, on), shift, on));
    out.attack = attack;
    out.defend = defend;
    out.shift = shift;
    return out;
}

OddsAnswer odds_of_strengths(const rules::Ruleset& ruleset, const rules::OddsCrt& table, int attack, int defend,
                             int shift) {
    if (attack < 0 || defend < 0) throw std::invalid_argument("strengths cannot be negative");
    if (table.columns.empty()) throw std::invalid_argument("the table " + table.id + " has no columns");
    const int column = table.shifted(
        defend == 0 ? static_cast<int>(table.columns.size()) - 1 : table.column_for(attack, defend), shift);
    OddsAnswer out = answer_for_column(ruleset, table, column);
    out.attack = attack;
    out.defend = defend;
    out.shift = shift;
    return out;
}

PickedOdds odds_of_units(const kernel::Game& game, const std::string& phase_id, const std::vector<int>& attackers,
                         const std::vector<int>& defenders) {
    PickedOdds out;
    const kernel::OddsEstimate e = game.combat().odds_for_phase(phase_id, attackers, defenders, &out.why);
    const rules::PhaseSpec* phase = nullptr;
    for (const auto& p : game.ruleset().phases)
        if (p.id == phase_id) phase = &p;
    const rules::OddsCrt* table = phase ? game.ruleset().odds_table(phase->table) : nullptr;
    const rules::DifferentialCrt* differential = phase ? game.ruleset().differential_table(phase->table) : nullptr;
    if (table)
        out.answer = answer_for_column(game.ruleset(), *table, e.column);
    else if (differential && e.line >= 0)
        out.answer = answer_for_column(game.ruleset(), *differential, e.line, e.column);
    else
        throw std::invalid_argument("the phase " + phase_id + " resolves no combat table");
    out.answer.attack = e.attack;
    out.answer.defend = e.defend;
    out.answer.shift = e.shift;
    return out;
}

}  // namespace sandtable::studio
