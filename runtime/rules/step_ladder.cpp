#include "rules/step_ladder.h"

#include <algorithm>

namespace sandtable::rules {

int StepLadder::clamp(int step) const {
    if (steps.empty()) return 0;
    return std::clamp(step, 0, static_cast<int>(steps.size()) - 1);
}

bool StepLadder::hits(int step, int face) const {
    if (steps.empty()) return false;
    const auto& numbers = steps[static_cast<std::size_t>(clamp(step))];
    return std::find(numbers.begin(), numbers.end(), face) != numbers.end();
}

double StepLadder::chance(int step) const {
    if (steps.empty() || die_faces <= 0) return 0;
    return static_cast<double>(steps[static_cast<std::size_t>(clamp(step))].size()) / die_faces;
}

int StepLadder::range_bonus(double range, double max_range) const {
    if (max_range <= 0) return 0;
    for (const auto& r : range_steps)
        if (range <= r.within * max_range + 1e-9) return r.add;
    return 0;
}

int StepLadder::start_for(const std::string& value) const {
    for (const auto& [v, step] : start_by_value)
        if (v == value) return step;
    return start;
}

}  // namespace sandtable::rules
