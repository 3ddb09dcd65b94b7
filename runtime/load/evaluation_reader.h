// `evaluation:` in a ruleset or a scenario: the weight of each measure a bot
// scores a position by (rules/evaluation.h), each a number from 0 to 100.
#pragma once

#include "load/yaml_reader.h"
#include "rules/evaluation.h"

namespace sandtable::load {

// The weights written under `evaluation:` in `top`, if any; unknown measures are errors.
rules::EvaluationOverrides read_evaluation(MapReader& top);

}  // namespace sandtable::load
