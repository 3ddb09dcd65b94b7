// Reads the tabletop's chart kinds (Cady): step_ladder, hit_matrix,
// morale_bands and artillery. Part of the table loader.
#pragma once

#include "load/yaml_reader.h"
#include "rules/ruleset.h"

namespace sandtable::load {

// Reads a table of one of these kinds into the ruleset; false when `kind`
// is none of them (the caller reports the unknown kind).
bool read_tabletop_chart(const std::string& kind, MapReader& r, rules::Ruleset& rs, const std::string& id);

// Cross-references once every table and attribute is known.
void check_tabletop_charts(const rules::Ruleset& rs, DiagnosticSink& sink);

}  // namespace sandtable::load
