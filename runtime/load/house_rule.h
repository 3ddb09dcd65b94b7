// A house rule: a folder that changes a ruleset without copying it. Its
// house.yaml says what it is, which ruleset and versions it fits, and which
// patch files (YAML in the ruleset's own shape) it applies, in order.
#pragma once

#include "load/diagnostics.h"
#include "rules/source_location.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::load {

struct HouseRule {
    std::string id;
    std::string name;
    std::string version;
    std::string author;
    std::string description;
    std::string base_ruleset;                 // the id of the ruleset it is written for
    std::string base_versions;                // e.g. ">=1.0.0 <2.0.0"; empty: any version
    std::vector<std::string> conflicts_with;  // ids of house rules it cannot be played with
    // Ids of earlier house rules whose changes this one may change again
    // (without it, two house rules changing one value are a conflict).
    std::vector<std::string> overrides;
    std::string directory;                  // the folder
    std::string file;                       // its house.yaml
    std::vector<std::string> patches;       // patch files, in the order applied
    rules::SourceLocation where;            // the top of house.yaml
    rules::SourceLocation base_where;       // where `base:` is written
    rules::SourceLocation conflicts_where;  // where `conflicts_with:` is written
};

// Reads DIR/house.yaml (or the file itself). Problems go to the sink; the
// result is complete only when the sink stayed empty.
HouseRule read_house_rule(const std::string& path, DiagnosticSink& sink);

// Dotted whole numbers, compared numerically ("1.10" is after "1.9"); a
// missing part counts as 0. nullopt when the text is not such a version.
std::optional<std::vector<int>> parse_version(const std::string& text);
// Space-separated comparisons such as ">=1.0 <2"; a bare version means "=".
// Returns an empty string when `version` is in `range`, else why not; throws
// std::invalid_argument naming the bad part of a malformed range.
std::string version_outside(const std::string& version, const std::string& range);

}  // namespace sandtable::load
