// Model → YAML for table files (what the studio's table editor saves), in the
// format the table loader reads (docs/formats.md).
#pragma once

#include "rules/differential_crt.h"
#include "rules/odds_crt.h"
#include "rules/threshold_table.h"

#include <string>

namespace sandtable::load {

std::string odds_table_to_yaml(const rules::OddsCrt& table);
std::string threshold_table_to_yaml(const rules::ThresholdTable& table);
std::string differential_table_to_yaml(const rules::DifferentialCrt& table);

}  // namespace sandtable::load
