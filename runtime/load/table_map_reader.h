// Reads a scenario's tabletop: `table: { width, depth, areas, lines }`.
#pragma once

#include "load/yaml_reader.h"
#include "rules/ruleset.h"
#include "rules/scenario.h"

namespace sandtable::load {

// Fills `table` from the scenario's `table:` node; every problem goes to the
// sink with its place.
void read_table_map(const YAML::Node& node, const rules::Ruleset& ruleset, rules::TableData& table,
                    const std::string& file, DiagnosticSink& sink);

}  // namespace sandtable::load
