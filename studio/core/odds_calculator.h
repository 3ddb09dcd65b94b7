// The odds calculator: the column an attack falls in and the exact chance of
// each result, from strengths typed in or from units picked on the playtest
// map (then with each unit's part and every modifier the ruleset applies, and
// the rule modules that may still change the combat when it is fought).
#pragma once

#include "kernel/game.h"
#include "rules/ruleset.h"

#include <string>
#include <vector>

namespace sandtable::studio {

struct OddsOutcome {
    std::string code;
    std::string name;  // "Defender Retreats"; empty when the ruleset names none
    double probability = 0;
};

struct OddsAnswer {
    std::string table;      // its name
    std::string column;     // its label
    std::string automatic;  // the result when the column is automatic
    int attack = 0;
    int defend = 0;
    int shift = 0;
    std::vector<OddsOutcome> outcomes;  // by code, as the table's distribution
};

// Typed strengths on an odds table; `shift` columns towards the attacker
// (negative: the defender). A defence of 0 reads the last column.
OddsAnswer odds_of_strengths(const rules::Ruleset& ruleset, const rules::OddsCrt& table, int attack, int defend,
                             int shift = 0);
// Typed strengths on a differential table (F&M), read on one of its terrain lines.
OddsAnswer odds_of_strengths(const rules::Ruleset& ruleset, const rules::DifferentialCrt& table, int line, int attack,
                             int defend, int shift = 0);

// Units picked in a game, counted as the phase `phase_id` counts them.
struct PickedOdds {
    kernel::CombatExplanation why;  // units' parts and the ruleset's modifiers
    OddsAnswer answer;
};
PickedOdds odds_of_units(const kernel::Game& game, const std::string& phase_id, const std::vector<int>& attackers,
                         const std::vector<int>& defenders);

}  // namespace sandtable::studio
