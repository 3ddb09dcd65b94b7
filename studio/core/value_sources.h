// Where each value of a game's ruleset is written — the layer (the ruleset
// or a house rule) and file:line — as `sandtable rules dump` prints it, for
// the playtest's explanations: a knight's 8 that a house rule set names the
// house rule's patch line, not only the ruleset's.
#pragma once

#include "rules/ruleset.h"

#include <map>
#include <string>

namespace sandtable::studio {

class ValueSources {
public:
    // The ruleset's layers read again from their folders; nothing is known
    // (every lookup empty) when they no longer load.
    static ValueSources of(const rules::Ruleset& ruleset);
    // "house rule heavier-knights, …/studio.yaml:5"; a value written beside
    // the type's id counts for both faces. Empty when unknown.
    std::string unit_value(const std::string& type, bool back, const std::string& attribute) const;
    std::string at(const std::string& path) const;  // by path_text: unit_types.knights.front.combat

private:
    std::map<std::string, std::string> by_path_;
};

}  // namespace sandtable::studio
