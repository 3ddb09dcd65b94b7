// Model → YAML for the parts of ruleset.yaml the studio edits (so far the unit
// types), in the format the ruleset loader reads (docs/formats.md). The rest of
// a designer's file, comments included, is left exactly as written.
#pragma once

#include "rules/ruleset.h"

#include <string>

namespace sandtable::load {

// The `unit_types:` section, one flow mapping per type as in
// rulesets/bmw/ruleset.yaml, ending with a newline. Each face lists its class
// (when it differs from the type's) and the attributes that are required or
// differ from the declared default, so it loads back to the identical types.
std::string unit_types_to_yaml(const rules::Ruleset& ruleset);

// `ruleset_text` (a ruleset.yaml as read) with its top-level `unit_types:`
// block, from the key's line up to the next top-level key or the end, replaced
// by unit_types_to_yaml(ruleset). Blank lines and comments just before the next
// key stay with it; comments inside the block are dropped; every other byte is
// kept. Throws std::runtime_error naming the ruleset file when the text has no
// top-level `unit_types:` key.
std::string replace_unit_types(const std::string& ruleset_text, const rules::Ruleset& ruleset);

}  // namespace sandtable::load
