// A scenario written inside another file: a rule test's small battlefield.
#pragma once

#include "load/loader.h"

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace sandtable::load {

// Reads the scenario mapping `root`, found in `file` (problems name that file's lines), as playing the ruleset
// in `ruleset_dir` with the house rules given; the mapping names no ruleset of its own.
LoadedGame load_inline_scenario(const YAML::Node& root, const std::string& file, const std::string& ruleset_dir,
                                const std::vector<std::string>& extra_house_rules = {},
                                const ScenarioLoadOptions& options = {});

}  // namespace sandtable::load
