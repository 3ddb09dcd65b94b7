// Small helpers for lists of unit handles (a combat's attackers, defenders).
#pragma once

#include <algorithm>
#include <vector>

namespace sandtable::kernel {

inline bool contains(const std::vector<int>& units, int unit) {
    return std::find(units.begin(), units.end(), unit) != units.end();
}

inline std::vector<int> with(std::vector<int> units, int unit) {
    units.push_back(unit);
    return units;
}

}  // namespace sandtable::kernel
