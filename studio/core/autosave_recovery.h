// Work autosaved before a crash, read back. The scenario's autosave may
// place units of unit types that exist only in the autosaved ruleset.yaml,
// and tables may have autosaves of their own, so everything is loaded
// together from a temporary copy of the project with the autosaved texts in
// place; what the studio edits is then taken over into the model of the
// files on disk, which keeps pointing at the real files.
#pragma once

#include "rules/ruleset.h"
#include "rules/scenario.h"

#include <map>
#include <string>

namespace sandtable::studio {

struct RecoveredWork {
    rules::Ruleset ruleset;
    rules::Scenario scenario;
};

// `on_disk`: the ruleset and scenario as loaded from their files;
// `scenario_autosave`: the autosaved scenario text; `ruleset_autosaves`:
// real file path → autosaved text, for ruleset.yaml and table files.
// Throws load::LoadError when the autosaved texts do not load.
RecoveredWork recover_work(const rules::Ruleset& on_disk, const rules::Scenario& scenario_on_disk,
                           const std::string& scenario_autosave,
                           const std::map<std::string, std::string>& ruleset_autosaves);

}  // namespace sandtable::studio
