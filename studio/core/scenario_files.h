// A scenario saved as another file, and a new blank scenario of the same
// ruleset (File > Save Scenario As…, New Scenario…). A scenario names its
// ruleset and house rules relative to itself: written into another folder,
// those references are worked out again from there, so it still loads.
// Window-free.
#pragma once

#include "rules/scenario.h"

#include <filesystem>
#include <string>

namespace sandtable::studio {

// A plain id made from a file's name: "Battle of Elm Creek.yaml" → "battle_of_elm_creek".
std::string id_from_file_name(const std::string& file);

// The deepest folder holding both (absolute, normal paths).
std::filesystem::path common_folder(const std::filesystem::path& a, const std::filesystem::path& b);

// `ruleset:` and `house_rules:` rewritten as seen from the folder of `file`,
// and the scenario's file set to it.
void move_scenario_to(rules::Scenario& scenario, const std::string& file);

// The same ruleset, map size and sides, with nothing on it: every hex the
// ruleset's first terrain, no hexside features, roads, units, objectives,
// zones, exits or switches; on a tabletop, no terrain. Its id is made from
// `file`'s name and it is placed there (move_scenario_to).
rules::Scenario blank_scenario(const rules::Scenario& from, const std::string& file);

}  // namespace sandtable::studio
