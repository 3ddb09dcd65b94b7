// Checks of rule modules' Lua read as text, without running it: handlers for
// events that do not exist, game.wrap of a module the ruleset does not load
// before, and filters naming phases or attributes the ruleset does not have.
// `sandtable validate` reports them with file:line:column; running the module
// would fail on the same call, but only once a game reached it.
#pragma once

#include "load/diagnostics.h"
#include "rules/ruleset.h"

#include <vector>

namespace sandtable::script {

std::vector<load::Diagnostic> lint_module_sources(const rules::Ruleset& ruleset);

// The game.wrap calls written in the modules, read the same way: which
// module wraps which module's handlers for which event, and where.
struct WrapCall {
    std::string by;      // the module whose file makes the call
    std::string module;  // the module wrapped
    std::string event;
    rules::SourceLocation where;
};
std::vector<WrapCall> wrap_calls(const rules::Ruleset& ruleset);

}  // namespace sandtable::script
