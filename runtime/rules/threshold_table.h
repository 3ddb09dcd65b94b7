// A dice threshold: one die against a target number ("hit on a roll <= the
// fire factor", "reorganize on 5-6"). Modifiers are added to the roll.
#pragma once

#include "rules/source_location.h"

#include <string>

namespace sandtable::rules {

class ThresholdTable {
public:
    enum class Compare { AtMost, AtLeast };

    std::string id;
    std::string name;
    int die_faces = 6;
    Compare compare = Compare::AtMost;
    int target = 0;                // fixed target when `target_attribute` is empty
    std::string target_attribute;  // the acting unit's attribute is the target
    std::string success;           // result code on success
    std::string notes;
    SourceLocation where;

    bool succeeds(int modified_roll, int target_value) const {
        return compare == Compare::AtMost ? modified_roll <= target_value : modified_roll >= target_value;
    }
    // Exact chance of success for a 1..die_faces die plus `modifier`.
    double probability(int target_value, int modifier) const;
};

}  // namespace sandtable::rules
