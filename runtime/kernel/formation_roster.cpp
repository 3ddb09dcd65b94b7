#include "kernel/formation_roster.h"

namespace sandtable::kernel {

FormationRoster::FormationRoster(const rules::Scenario& scenario) {
    for (const auto& placement : scenario.units) {
        int f = placement.formation.empty() ? -1 : index(placement.formation);
        if (!placement.formation.empty() && f < 0) {
            f = count();
            formations_.push_back({placement.formation, placement.side, {}});
        }
        if (f >= 0) formations_[static_cast<std::size_t>(f)].units.push_back(static_cast<int>(unit_formation_.size()));
        unit_formation_.push_back(f);
    }
}

int FormationRoster::index(const std::string& name) const {
    for (std::size_t i = 0; i < formations_.size(); ++i)
        if (formations_[i].name == name) return static_cast<int>(i);
    return -1;
}

}  // namespace sandtable::kernel
