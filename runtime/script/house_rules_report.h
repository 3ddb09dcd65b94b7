// What house rules change in a ruleset, in a designer's terms, as Markdown:
// each house rule with its changes by section (unit types, tables, rule
// modules, phases) and the handlers its Lua wraps, each with its file:line.
// What `sandtable rules diff` prints and the studio's House Rule Changes shows.
#pragma once

#include "load/ruleset_document.h"

#include <string>

namespace sandtable::script {

std::string house_rules_report(const load::LayeredRuleset& layered);

}  // namespace sandtable::script
