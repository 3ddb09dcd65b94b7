// Model → YAML for the parts of ruleset.yaml the studio edits (the unit types
// and the rule modules), in the format the ruleset loader reads (docs/formats.md). The rest of
// a designer's file, comments included, is left exactly as written.
#pragma once

#include "rules/ruleset.h"

#include <string>
#include <vector>

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

// The `rules:` section, one flow mapping per module as in
// rulesets/bmw/ruleset.yaml: `  - { module: cavalry, params: { retreat_hexes: 3 } }`,
// with `enabled: false` only for a module switched off and `params` only when
// the module has some. Map params keep the order they were written in; text
// that would load back as a number, a boolean or null is quoted, and a double
// always has a point, so the params load back with the same types.
// "rules: []" when there are no modules.
std::string rule_modules_to_yaml(const rules::Ruleset& ruleset);

// One parameter value as YAML flow text, as rule_modules_to_yaml writes it:
// "3", "0.5", "true", "spearmen", "\"42\"", "[1, 2]", "{ a: 1 }".
std::string param_to_yaml(const rules::Param& value);

// The keys of a parameter map in the order the designer wrote them (by their
// values' source positions; Param::Map itself is sorted by key), keys
// without a position last.
std::vector<std::string> param_keys_in_written_order(const rules::Param::Map& map);

// As replace_unit_types, for the top-level `rules:` block and
// rule_modules_to_yaml(ruleset).
std::string replace_rule_modules(const std::string& ruleset_text, const rules::Ruleset& ruleset);

}  // namespace sandtable::load
