#include "rules/differential_crt.h"

#include <algorithm>
#include <stdexcept>

namespace sandtable::rules {

const DifferentialLine* DifferentialCrt::line(const std::string& line_id) const {
    for (const auto& l : lines)
        if (l.id == line_id) return &l;
    return nullptr;
}

int DifferentialCrt::column_for(int differential, const DifferentialLine& on) const {
    // The highest column whose lowest differential the attack reaches; the line's first when none.
    int chosen = on.first;
    for (int i = on.first; i < static_cast<int>(scale.size()); ++i)
        if (differential >= scale[static_cast<std::size_t>(i)]) chosen = i;
    return chosen - on.first;
}

int DifferentialCrt::shifted(int column, int shift, const DifferentialLine& on) const {
    return std::clamp(column + shift, 0, columns_on(on) - 1);
}

namespace {
std::string signed_number(int n) { return n > 0 ? "+" + std::to_string(n) : std::to_string(n); }
}  // namespace

std::string DifferentialCrt::label(int column, const DifferentialLine& on) const {
    const int i = on.first + column;
    const int low = scale.at(static_cast<std::size_t>(i));
    if (column == 0) return signed_number(low) + " or less";
    if (i + 1 == static_cast<int>(scale.size())) return signed_number(low) + " or more";
    const int high = scale[static_cast<std::size_t>(i + 1)] - 1;
    if (high == low) return signed_number(low);
    std::string out = signed_number(low);
    for (int d = low + 1; d <= high; ++d) out += "/" + signed_number(d);
    return out;
}

std::string DifferentialCrt::result(int column, int roll) const {
    const int row = roll - die_first;
    if (row < 0 || row >= static_cast<int>(rows.size()))
        throw std::out_of_range("table " + id + ": no row for a roll of " + std::to_string(roll));
    return rows[static_cast<std::size_t>(row)].at(static_cast<std::size_t>(column));
}

int DifferentialCrt::clamped_roll(int roll) const {
    if (rows.empty()) return roll;
    return std::clamp(roll, die_first, die_first + static_cast<int>(rows.size()) - 1);
}

std::map<std::string, double> DifferentialCrt::distribution(int column) const {
    std::map<std::string, double> out;
    for (int face = 0; face < die_faces; ++face) out[result(column, die_first + face)] += 1.0 / die_faces;
    return out;
}

}  // namespace sandtable::rules
