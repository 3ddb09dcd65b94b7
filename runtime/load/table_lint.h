// Warnings about tables that load but likely do not say what their designer
// meant: columns no odds reach once an automatic end column is read as the
// rulebooks write it ("6-1 or greater is an automatic DL").
#pragma once

#include "load/diagnostics.h"
#include "rules/ruleset.h"

#include <vector>

namespace sandtable::load {

std::vector<Diagnostic> table_warnings(const rules::Ruleset& ruleset);

}  // namespace sandtable::load
