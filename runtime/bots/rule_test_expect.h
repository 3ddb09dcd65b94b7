// What a rule test says must hold at a point of the game: one expectation
// is a mapping naming its subject (a unit, a side, the decision, an action
// that must be legal or refused, the result, a log line) and the values
// it must have. See docs/formats.md, "Rule tests".
#pragma once

#include "load/diagnostics.h"

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace sandtable::kernel {
class Game;
}
namespace sandtable::load {
class MapReader;
}

namespace sandtable::bots {

// Checks `expectation` against `game`. What did not hold goes to `failed`,
// each with the place in `file` it was written; a malformed expectation too.
// A `refused:` action is tried on the game: when it is taken after all the
// game has moved on, and false is returned (the test cannot go on).
bool check_expectation(const YAML::Node& expectation, const std::string& file, kernel::Game& game,
                       load::DiagnosticSink& failed);

// The side a test names under `key` (its id), as the scenario numbers it; -1
// when the key is absent (and not `required`) or names no side (an error then).
int side_named(load::MapReader& m, const kernel::Game& game, const std::string& key, bool required);

}  // namespace sandtable::bots
