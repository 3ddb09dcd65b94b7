// Writes a scenario's tabletop back as YAML (`table:`), and the numbers of
// the table's points the way a designer would type them.
#pragma once

#include "rules/ruleset.h"
#include "rules/scenario.h"

#include <sstream>
#include <string>

namespace sandtable::load {

// A centimetre measure: at most two decimals, no trailing zeros ("12.5", "40").
std::string format_cm(double value);
std::string format_point(geometry::tabletop::Point p);

void write_table_map(std::ostringstream& out, const rules::TableData& table, const rules::Ruleset& ruleset);

}  // namespace sandtable::load
