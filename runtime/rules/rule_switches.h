// A scenario's optional rules: its switches (Scenario::rule_switches) applied
// over the rule modules its ruleset lists. The game runs the result; the
// ruleset itself is never changed, so the studio still saves it as written.
#pragma once

#include "rules/ruleset.h"
#include "rules/scenario.h"

#include <vector>

namespace sandtable::rules {

// `over` merged onto `base` key by key: where both are maps, every key of
// `over` replaces the same key of `base` (maps inside are merged the same
// way; lists and scalars are replaced whole) and the keys only `base` has
// stay. A null `over` leaves `base`; a `base` that is not a map is replaced.
Param merged_params(const Param& base, const Param& over);

// The ruleset's modules, in its order, with the scenario's switches applied:
// `enabled` replaces the module's, `params` are merged over its params. A
// switch applies to every entry of its module (a module may be listed twice).
// Modules left `enabled == false` are neither compiled nor run.
std::vector<RuleModule> effective_modules(const Ruleset& ruleset, const Scenario& scenario);

}  // namespace sandtable::rules
