// Small helpers for lists of unit handles (a combat's attackers, defenders)
// and of names (a chart's statuses).
#pragma once

#include <algorithm>
#include <vector>

namespace sandtable::kernel {

template <class T>
bool contains(const std::vector<T>& list, const T& item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

inline std::vector<int> with(std::vector<int> units, int unit) {
    units.push_back(unit);
    return units;
}

}  // namespace sandtable::kernel
