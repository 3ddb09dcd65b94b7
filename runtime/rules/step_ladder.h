// A step ladder (Cady's archery and musketry): one die per figure firing,
// hitting on the numbers of the step the fire stands at. The step starts by
// the target's armour (medieval) or at a fixed step (musket) and climbs with
// closeness to the target and down with cover; scripts add the rest.
#pragma once

#include "rules/source_location.h"

#include <string>
#include <utility>
#include <vector>

namespace sandtable::rules {

struct RangeStep {
    double within = 1;  // a fraction of the firer's range: at or under it...
    int add = 0;        // ...the fire climbs this many steps
};

struct StepLadder {
    std::string id;
    std::string name;
    std::string notes;
    int die_faces = 10;
    std::vector<std::vector<int>> steps;  // lowest first; steps[0] is usually no hit at all
    std::string start_by;                 // an enum attribute of the target; "" : every fire starts at `start`
    std::vector<std::pair<std::string, int>> start_by_value;  // its values' starting steps
    int start = 1;
    std::vector<RangeStep> range_steps;  // the first whose `within` the range is at or under applies
    SourceLocation where;

    // The step, clamped to the ladder.
    int clamp(int step) const;
    // Does a die showing `face` hit at this step?
    bool hits(int step, int face) const;
    // The chance one die hits at this step.
    double chance(int step) const;
    // Steps added for firing at `range` of a `max_range` weapon.
    int range_bonus(double range, double max_range) const;
    // The starting step for a target whose start_by value is `value` ("" when none).
    int start_for(const std::string& value) const;
};

}  // namespace sandtable::rules
