// A banded morale table (Cady's post-melee morale chart): the column is the
// unit's value before its losses (morale x figures), the result the first
// reaction whose threshold its losses (morale x figures lost) reach. The text's
// chart has gaps and overlaps; the ruleset normalises each column to
// thresholds and says which reading it took.
#pragma once

#include "rules/source_location.h"

#include <string>
#include <vector>

namespace sandtable::rules {

enum class MoraleReaction { None, Back, BackAndTurn, Rout };
const char* reaction_name(MoraleReaction r);  // "no effect", "back", "back and turn", "rout"
const char* reaction_code(MoraleReaction r);  // NE, B, BT, R

struct MoraleColumn {
    int up_to = 0;  // unit values up to this (and above the previous column's)
    int back = 0;   // losses from which the unit goes back
    int back_and_turn = 0;
    int rout = 0;
    SourceLocation where;
};

struct MoraleBands {
    std::string id;
    std::string name;
    std::string notes;
    std::vector<MoraleColumn> columns;  // ascending up_to; values beyond the last use the last
    SourceLocation where;

    // The column for a unit value, moved `shift` columns to the right
    // (cavalry 2, a brigade 1) and kept on the chart.
    int column_for(int value, int shift = 0) const;
    MoraleReaction result(int column, int losses) const;
};

}  // namespace sandtable::rules
