// "New project from template": a bundled ruleset, the Lua library and the
// ruleset's scenarios copied into a folder of the designer's own, laid out
// as in the repository, so every relative path in the files still holds.
#pragma once

#include <string>
#include <vector>

namespace sandtable::studio {

// The rulesets bundled under `source_root`/rulesets.
std::vector<std::string> bundled_templates(const std::string& source_root);

// What a template is, for the designer choosing one: "Battles of the Medieval
// World (standard rules) — hex map; scenarios: The Fords of the Wendle, …".
// Falls back to the id when the ruleset does not load.
std::string describe_template(const std::string& source_root, const std::string& id);

// Copies rulesets/ID, scripts/, schemas/ and scenarios/ID from `source_root` into
// `destination` (which must not exist or be empty) and returns the path of
// the template's first scenario (alphabetically). Throws std::runtime_error
// naming the folder when it cannot.
std::string create_project_from_template(const std::string& source_root, const std::string& id,
                                         const std::string& destination);

// The scenarios of a project folder: every .yaml file under its scenarios/
// folder (or, without one, the folder itself) that names a `ruleset:`,
// sorted. Throws std::runtime_error when the folder has none.
std::vector<std::string> project_scenarios(const std::string& folder);

}  // namespace sandtable::studio
