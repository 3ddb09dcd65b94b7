// YAML → model. Everything read is validated; every problem names file, line
// and column. Nothing half-loaded escapes: on any problem a LoadError with all
// diagnostics is thrown.
#pragma once

#include "load/diagnostics.h"
#include "rules/ruleset.h"
#include "rules/scenario.h"

#include <memory>
#include <string>
#include <vector>

namespace sandtable::load {

// A ruleset folder (holding ruleset.yaml) or the ruleset.yaml file itself,
// with the house rules (folders holding house.yaml) applied in order.
rules::Ruleset load_ruleset(const std::string& path, const std::vector<std::string>& house_rules = {});

struct LoadedGame {
    std::shared_ptr<const rules::Ruleset> ruleset;
    std::shared_ptr<const rules::Scenario> scenario;
    // Hash of the scenario file, ruleset.yaml, its tables and rule scripts as
    // read: replays record it to tell when a game's sources have changed.
    std::string content_hash;
    // The house rules given beside the scenario's own (as passed), which a
    // replay must name to be re-executed.
    std::vector<std::string> added_house_rules;
};

struct ScenarioLoadOptions {
    // false: the house rules the scenario lists under `house_rules:` are left
    // out (the game as the ruleset has it, for an A/B against them); the
    // scenario then lists none.
    bool scenario_house_rules = true;
    // The ruleset a scenario written inside another file plays, already
    // loaded from that folder with those house rules (many rule tests, or
    // fuzz runs, against one ruleset); null: loaded here.
    std::shared_ptr<const rules::Ruleset> ruleset;
};

// A scenario file; its `ruleset:` key names the ruleset folder relative to
// it. House rules apply in order: those the scenario lists under
// `house_rules:`, then `extra_house_rules` (the CLI's --house).
LoadedGame load_scenario(const std::string& scenario_file, const std::vector<std::string>& extra_house_rules = {},
                         const ScenarioLoadOptions& options = {});

// Text of a whole file; throws LoadError naming the file when unreadable.
std::string read_file(const std::string& path);

}  // namespace sandtable::load
