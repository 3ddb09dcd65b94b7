// A hex of the open document where a new unit can be set up in tests.
#pragma once

#include "core/scenario_document.h"

#include <algorithm>
#include <stdexcept>

namespace sandtable::test {

// A clear hex nobody stands on.
inline geometry::Hex free_clear_hex(const studio::ScenarioDocument& doc) {
    const auto& sc = doc.scenario();
    for (int i = 0; i < static_cast<int>(sc.map.grid.size()); ++i) {
        const auto h = sc.map.grid.hex_at(i);
        const bool taken = std::any_of(sc.units.begin(), sc.units.end(), [&](const auto& u) { return u.hex == h; });
        if (!taken && sc.map.terrain[static_cast<std::size_t>(i)] == doc.ruleset().terrain_index("clear")) return h;
    }
    throw std::logic_error("the test scenario has no free clear hex");
}

}  // namespace sandtable::test
