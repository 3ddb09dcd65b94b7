// Where each value of a merged ruleset came from: the layer (the ruleset or
// a house rule) and the file, line and column. What `sandtable rules dump`
// prints and the studio shows beside a value.
#pragma once

#include "load/ruleset_document.h"

#include <string>
#include <vector>

namespace sandtable::load {

struct SourcedValue {
    // As in Change::path: entries of lists by id, other list items by index.
    std::vector<std::string> path;
    std::string value;      // the scalar as written
    std::size_t layer = 0;  // index into RulesetDocument::layers
    rules::SourceLocation where;
};

// Every scalar of the merged ruleset, ruleset.yaml first, then each table.
std::vector<SourcedValue> sourced_values(const RulesetDocument& document);

// The merged ruleset as YAML, each value followed by a comment naming its
// layer and file:line; tables appear inline under `tables:` by id.
std::string dump_with_provenance(const RulesetDocument& document);

// The same as JSON: { "layers": [...], "values": [{ path, value, layer, file, line, column }] }.
std::string dump_json(const RulesetDocument& document);

}  // namespace sandtable::load
