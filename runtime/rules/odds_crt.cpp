#include "rules/odds_crt.h"

#include <algorithm>
#include <stdexcept>

namespace sandtable::rules {

int OddsCrt::column_for(int attack, int defend) const {
    // attack/defend >= a/d  <=>  attack*d >= a*defend (integers, no rounding error).
    int chosen = 0;
    for (int c = 0; c < static_cast<int>(columns.size()); ++c) {
        const auto& col = columns[static_cast<std::size_t>(c)];
        if (static_cast<long long>(attack) * col.defend >= static_cast<long long>(col.attack) * defend) chosen = c;
    }
    return chosen;
}

int OddsCrt::shifted(int column, int shift) const {
    return std::clamp(column + shift, 0, static_cast<int>(columns.size()) - 1);
}

std::string OddsCrt::result(int column, int roll) const {
    const auto& col = columns.at(static_cast<std::size_t>(column));
    if (!col.automatic.empty()) return col.automatic;
    const int row = roll - die_first;
    if (row < 0 || row >= static_cast<int>(rows.size()))
        throw std::out_of_range("table " + id + ": no row for a roll of " + std::to_string(roll));
    return rows[static_cast<std::size_t>(row)].at(static_cast<std::size_t>(column));
}

int OddsCrt::clamped_roll(int roll) const {
    if (rows.empty()) return roll;
    return std::clamp(roll, die_first, die_first + static_cast<int>(rows.size()) - 1);
}

std::map<std::string, double> OddsCrt::distribution(int column) const {
    std::map<std::string, double> out;
    for (int face = 0; face < die_faces; ++face) out[result(column, die_first + face)] += 1.0 / die_faces;
    return out;
}

}  // namespace sandtable::rules
