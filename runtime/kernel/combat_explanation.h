// Why a combat came out as it did, told to a player: each unit and what it
// counted for, every modifier with the rule or script it came from, the
// column, the die and the result. A game keeps these only when asked to
// explain (the studio's playtest mode); bots and batches do not pay for them.
#pragma once

#include <string>
#include <vector>

namespace sandtable::kernel {

// One unit's part in a combat's strength.
struct StrengthTerm {
    int unit = -1;
    int strength = 0;  // what it adds, leader included, before halving
    bool halved = false;
    std::string note;  // "+1 leader Duke", "halved: attacking across Stream (terrain.yaml:40)"
    // The unit type's value it started from, so a reader can be shown where that is written:
    // the attribute (-1: none, the terrain's), the face, the value.
    int attribute = -1;
    bool back = false;
    int base = 0;
};

// Something that changed the strengths, the column, the die or the result,
// and where that rule is written: a ruleset file:line, or a Lua module.
struct CombatModifier {
    std::string what;    // "column shift -1: defender on Hill"
    std::string source;  // "rulesets/bmw/terrain.yaml:31", "module charges (scripts/charges.lua)"
};

struct CombatExplanation {
    int turn = 0;
    std::string phase;  // the phase's name
    int attacking_side = -1;
    std::vector<StrengthTerm> attackers;
    std::vector<StrengthTerm> defenders;
    int attack = 0;  // after scripts
    int defend = 0;
    std::string defence_rule;  // how the defence was counted when not from the units (fire at a hex)
    std::vector<CombatModifier> modifiers;
    std::string table;   // the table's name
    std::string column;  // its label
    int roll = 0;        // 0: no die was rolled (automatic or fixed result)
    int roll_modifier = 0;
    int row = 0;              // the row read (the modified roll, clamped to the table)
    std::string result;       // code
    std::string result_name;  // "Defender Retreats"
    bool cancelled = false;
    // A dice pool combat (regimental 3.2): the faces each side rolled and the hits they scored.
    bool dice_pool = false;
    std::vector<int> attack_dice;
    std::vector<int> defence_dice;
    int attack_hits = 0;
    int defence_hits = 0;
};

// One die the game rolled, and what for.
struct DieRecord {
    int turn = 0;
    std::string phase;
    int faces = 6;
    int value = 0;
    std::string why;
};

}  // namespace sandtable::kernel
