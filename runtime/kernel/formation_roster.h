// The scenario's formations (each unit's `formation:`, a regiment or a battle
// group), numbered in the order the scenario first names them. Fixed for the
// game: who belongs to which formation never changes; which order a
// formation operates under, and whether it is activated, is in the state.
#pragma once

#include "rules/scenario.h"

#include <string>
#include <vector>

namespace sandtable::kernel {

class FormationRoster {
public:
    FormationRoster() = default;
    explicit FormationRoster(const rules::Scenario& scenario);

    int count() const { return static_cast<int>(formations_.size()); }
    const std::string& name(int formation) const { return at(formation).name; }
    int side(int formation) const { return at(formation).side; }
    const std::vector<int>& units(int formation) const { return at(formation).units; }
    // The formation of that name, or -1.
    int index(const std::string& name) const;
    // The unit's formation, or -1 when it is in none.
    int of(int unit) const { return unit_formation_[static_cast<std::size_t>(unit)]; }

private:
    struct Formation {
        std::string name;
        int side = 0;
        std::vector<int> units;
    };
    const Formation& at(int formation) const { return formations_[static_cast<std::size_t>(formation)]; }
    std::vector<Formation> formations_;
    std::vector<int> unit_formation_;  // by unit
};

}  // namespace sandtable::kernel
