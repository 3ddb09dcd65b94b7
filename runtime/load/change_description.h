// What house rules change, in a designer's terms: "Knights: front combat
// 7 → 8", "Combat Results Table, die 4, column 1-1: - → DR", "rule module
// berserkers switched on". What `sandtable rules diff` prints.
#pragma once

#include "load/ruleset_document.h"

#include <string>
#include <vector>

namespace sandtable::load {

struct DescribedChange {
    std::size_t layer = 0;        // the house rule (index into RulesetDocument::layers)
    std::string section;          // "Unit types", "Tables", "Rule modules", ...
    std::string subject;          // "Knights (knights)", "Combat Results Table (crt)"
    std::string text;             // "front combat: 7 → 8"
    rules::SourceLocation where;  // in the house rule
};

// One entry per changed value (a replaced CRT row gives one per changed cell),
// in the order the house rules made them.
std::vector<DescribedChange> describe_changes(const RulesetDocument& document);

}  // namespace sandtable::load
