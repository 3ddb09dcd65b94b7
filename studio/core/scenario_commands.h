// Edits of a scenario's settings, sides, order of battle, objectives and
// deployment zones. Each keeps the scenario as it was and as it becomes, so
// undo is exact whatever the edit touched. Values are checked when the edit
// is made: std::invalid_argument, worded for a designer, and nothing changes.
#pragma once

#include "core/edit_commands.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sandtable::studio {

class ChangeScenario : public EditCommand {
public:
    ChangeScenario(const ScenarioDocument& doc, std::string name, const std::function<void(rules::Scenario&)>& change);
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override { doc.edit() = after_; }
    void undo(ScenarioDocument& doc) override { doc.edit() = before_; }
    DocumentChanges changes() const override { return {DocumentPart::Scenario, DocumentPart::Map}; }

private:
    rules::Scenario before_, after_;
    std::string name_;
};

using Edit = std::unique_ptr<EditCommand>;

// Settings.
Edit set_scenario_name(const ScenarioDocument& doc, const std::string& name);
Edit set_scenario_id(const ScenarioDocument& doc, const std::string& id);  // a plain lowercase name
Edit set_scenario_notes(const ScenarioDocument& doc, const std::string& notes);
// Game length in turns (1..999); refused while a unit arrives after the last turn.
Edit set_turns(const ScenarioDocument& doc, int turns);
Edit set_first_side(const ScenarioDocument& doc, int side);
Edit set_vp_per_enemy_strength(const ScenarioDocument& doc, int points);

// Sides: name, colour ("#rrggbb"), the eliminated strength that
// demoralizes and that disintegrates (0: never; disintegration above
// demoralization), and the die rolls that rally, written "5, 6".
Edit set_side_name(const ScenarioDocument& doc, int side, const std::string& name);
Edit set_side_colour(const ScenarioDocument& doc, int side, const std::string& colour);
Edit set_side_levels(const ScenarioDocument& doc, int side, int demoralization, int disintegration);
Edit set_side_rally_rolls(const ScenarioDocument& doc, int side, const std::string& rolls);

// The order of battle. A new unit gets a fresh id and its type's name;
// `arrives` is the game turn it comes on (1: set up at the start).
Edit add_unit(const ScenarioDocument& doc, int type, int side, geometry::Hex hex);
// A new unit's id and name that no unit of the scenario has: "knights_3";
// the type's name, or "Knights 2", "Knights 3", … so the log tells them apart.
std::string fresh_unit_id(const rules::Scenario& sc, const std::string& stem);
std::string fresh_unit_name(const rules::Scenario& sc, const std::string& type_name);
Edit remove_unit(const ScenarioDocument& doc, int unit);
Edit set_unit_name(const ScenarioDocument& doc, int unit, const std::string& name);
Edit set_unit_type(const ScenarioDocument& doc, int unit, int type);
Edit set_unit_side(const ScenarioDocument& doc, int unit, int side);
Edit set_unit_hex(const ScenarioDocument& doc, int unit, const std::string& label);  // in the map's numbering
Edit set_unit_arrives(const ScenarioDocument& doc, int unit, int turn);
Edit set_unit_back(const ScenarioDocument& doc, int unit, bool back);

// Objectives: one added at a hex without one, or the one there taken away.
Edit toggle_objective(const ScenarioDocument& doc, geometry::Hex hex, int points = 1);
Edit set_objective(const ScenarioDocument& doc, int objective, int points, int holder);

// Deployment zones: hexes added to a side's zone (and taken from any other
// side's), or taken from every zone (side -1). One brush stroke, one edit.
Edit paint_deployment(const ScenarioDocument& doc, int side, const std::vector<geometry::Hex>& hexes);

}  // namespace sandtable::studio
