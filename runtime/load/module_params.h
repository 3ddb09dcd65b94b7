// A rule module's declared parameters: a YAML block in a comment at the top
// of its Lua file,
//   --[[ params:
//     per_army:   { type: int, min: 0, max: 50, default: 2, doc: how many per army }
//     unit_types: { type: unit_types, default: [spearmen], doc: ... }
//   ]]
// read without running the Lua, so the params a ruleset, a house rule or a
// scenario gives are checked when they are loaded: unknown names, wrong kinds,
// numbers out of range, and names of unit types, attributes, phases or
// terrain the ruleset does not have.
#pragma once

#include "load/diagnostics.h"
#include "rules/param.h"
#include "rules/ruleset.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::load {

using rules::ParamSpec;

const std::vector<std::string>& param_types();

// The declarations in a module's source; nullopt when it declares none (its
// params are then not checked). A malformed block is reported at its line.
std::optional<std::vector<ParamSpec>> read_param_declarations(const std::string& source, const std::string& file,
                                                              DiagnosticSink& sink);

// Checks `params` (as written for module `module`) against the declarations.
void check_module_params(const rules::Ruleset& ruleset, const std::string& module, const rules::Param& params,
                         const std::vector<ParamSpec>& specs, DiagnosticSink& sink);

}  // namespace sandtable::load
