#include "rules/artillery_chart.h"

#include <algorithm>

namespace sandtable::rules {

const std::vector<GunShot>* ArtilleryChart::gun(int unit_type) const {
    for (const auto& [type, shots_of_gun] : guns)
        if (type == unit_type) return &shots_of_gun;
    return nullptr;
}

double ArtilleryChart::max_range(int unit_type) const {
    double best = 0;
    if (const auto* g = gun(unit_type))
        for (const auto& s : *g) best = std::max(best, s.range);
    return best;
}

std::pair<double, double> ArtilleryChart::wheel_offset(int face) const {
    for (const auto& [f, offset] : wheel)
        if (f == face) return offset;
    return {0, 0};
}

int ArtilleryChart::shot_index(const std::string& shot_id) const {
    for (std::size_t i = 0; i < shots.size(); ++i)
        if (shots[i].id == shot_id) return static_cast<int>(i);
    return -1;
}

}  // namespace sandtable::rules
