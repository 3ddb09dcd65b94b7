#include "rules/threshold_table.h"

namespace sandtable::rules {

double ThresholdTable::probability(int target_value, int modifier) const {
    int hits = 0;
    for (int roll = 1; roll <= die_faces; ++roll) hits += succeeds(roll + modifier, target_value) ? 1 : 0;
    return static_cast<double>(hits) / die_faces;
}

}  // namespace sandtable::rules
