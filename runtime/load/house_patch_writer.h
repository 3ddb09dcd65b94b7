// Writes a house rule patch: the YAML that turns one ruleset model into
// another, for what the studio edits — unit types, tables and rule modules.
// Applied to `reference` by the house-rule loader it gives back `edited`
// (tests/unit/house_patch_writer_test.cpp checks the round trip).
#pragma once

#include "rules/ruleset.h"

#include <string>

namespace sandtable::load {

// "{}\n" when the two do not differ in those parts.
std::string patch_between(const rules::Ruleset& reference, const rules::Ruleset& edited);

}  // namespace sandtable::load
