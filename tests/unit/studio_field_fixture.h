// A small tabletop project for the studio's table tests, written fresh in a
// temporary folder: a ruleset with geometry kind table (hills, a forest, a
// building, a river and a road; foot on 4 x 2 cm stands of two, horse on
// 4 x 4 cm stands of three) and a 120 x 80 cm scenario "field" with two
// hills, a wood of three trees, a river, a unit a side and an objective.
// Self-contained, so the tests do not follow the shipped Cady files.
#pragma once

#include "project_copies.h"

#include <filesystem>
#include <string>

namespace sandtable::test {

inline constexpr const char* kFieldRuleset = R"(id: mini
name: Mini Table
version: 1.0.0
geometry: { kind: table }
attributes:
  stand_width:       { type: int, min: 5, max: 200, default: 40 }
  stand_depth:       { type: int, min: 5, max: 200, default: 20 }
  figures_per_stand: { type: int, min: 1, max: 12, default: 2 }
  movement:          { type: int, min: 0, max: 200, required: true }
movement_classes: [foot, horse]
terrain:
  - { id: hill, name: Hill, color: "#c8b87a", shape: area, sight: hill, thirds: 1 }
  - { id: forest, name: Forest, color: "#4f7f3a", shape: area, sight: screen, sight_depth: 3, thirds: 1 }
  - { id: building, name: Building, color: "#9a8a80", shape: area, sight: building, thirds: { foot: 1, horse: prohibited } }
  - { id: river, name: River, color: "#3a78c8", shape: line, width: 5, thirds: prohibited }
  - { id: road, name: Road, color: "#a0825a", shape: line, width: 4, thirds: -1 }
unit_types:
  - { id: foot, name: Foot, symbol: infantry, class: foot, front: { movement: 24 } }
  - { id: horse, name: Horse, symbol: cavalry, class: horse, front: { movement: 60, stand_depth: 40, figures_per_stand: 3 } }
phases:
  orders: { name: Write Orders, procedure: written_orders }
  movement: { name: Movement, procedure: table_movement, options: { allowance: movement, slices: 3 } }
sequence:
  game_turn:
    - { phase: orders }
    - { phase: movement }
victory:
  levels:
    - { id: marginal, name: Marginal Victory, ratio_at_least: 1 }
)";

inline constexpr const char* kFieldScenario = R"(id: field
name: Field
ruleset: ../rulesets/mini
turns: 2
first_side: red
sides:
  - { id: red, name: Red, color: "#b03a2e" }
  - { id: blue, name: Blue, color: "#2e5fa8" }
table:
  width: 120
  depth: 80
  areas:
    - { terrain: hill, level: 1, outline: [[10, 10], [50, 10], [50, 40], [10, 40]] }
    - { terrain: hill, level: 2, outline: [[20, 20], [40, 20], [40, 30], [20, 30]] }
    - { terrain: forest, trees: [[70, 10], [90, 10], [80, 30]] }
  lines:
    - { terrain: river, points: [[0, 60], [120, 60]] }
units:
  - { id: r1, name: Red Foot, type: foot, side: red, at: [30, 50], facing: 0, files: 2, figures: 7 }
  - { id: b1, name: Blue Horse, type: horse, side: blue, at: [100, 70], facing: 270, files: 1, figures: 6 }
objectives:
  - { at: [60, 40], radius: 5, name: Cross, points: 2 }
)";

// Writes the project; returns the scenario's path.
inline std::string write_field_project() {
    namespace fs = std::filesystem;
    const fs::path root = fresh_directory();
    fs::create_directories(root / "rulesets" / "mini");
    fs::create_directories(root / "scenarios");
    write_text(root / "rulesets" / "mini" / "ruleset.yaml", kFieldRuleset);
    write_text(root / "scenarios" / "field.yaml", kFieldScenario);
    return (root / "scenarios" / "field.yaml").string();
}

// The same, with the unit types taken out of the ruleset into a house rule
// (rulesets/mini/house-rules/units) the scenario names, as Cady's core and
// its era packs are: the ruleset alone does not load.
inline std::string write_field_project_with_house_units() {
    namespace fs = std::filesystem;
    const fs::path scenario = write_field_project();
    const fs::path ruleset = scenario.parent_path().parent_path() / "rulesets" / "mini";
    std::string text = kFieldRuleset;
    const auto from = text.find("unit_types:"), to = text.find("phases:");
    const std::string types = text.substr(from, to - from);
    text.erase(from, to - from);
    write_text(ruleset / "ruleset.yaml", text);
    fs::create_directories(ruleset / "house-rules" / "units");
    write_text(ruleset / "house-rules" / "units" / "house.yaml",
               "id: units\nname: Units\nversion: 1.0.0\nbase: { ruleset: mini }\npatches: [units.yaml]\n");
    write_text(ruleset / "house-rules" / "units" / "units.yaml", types);
    std::string sc = kFieldScenario;
    sc.insert(sc.find("turns:"), "house_rules:\n  - ../rulesets/mini/house-rules/units\n");
    write_text(scenario, sc);
    return scenario.string();
}

}  // namespace sandtable::test
