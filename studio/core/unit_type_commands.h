// Edits of the ruleset's unit types, for the studio's unit-type panel. Each is
// an EditCommand (undoable, named for the Edit menu: "Undo Set Combat of
// Spearmen"). They change the document's copy of the ruleset; saving writes
// the unit_types block of ruleset.yaml (load::replace_unit_types).
//
// Values are checked when a command is made, so a refused edit never reaches
// the history: std::invalid_argument for a value the attribute does not allow,
// std::runtime_error for an edit the scenario's set-up forbids (removing a type
// it places, a class its units could not stand in).
#pragma once

#include "core/edit_commands.h"
#include "core/scenario_document.h"

#include <optional>
#include <string>

namespace sandtable::studio {

enum class CounterFace { Front, Back };

// "horse_archer" → "Horse Archer": attribute ids as a designer reads them.
std::string attribute_label(const std::string& attribute_id);

// Reads what a designer typed for an attribute: a whole number within
// min..max, true/false (or yes/no), or one of an enum's words. Returns the
// stored value; throws std::invalid_argument saying what is allowed, with
// `what` naming the value ("Combat of Spearmen").
int parse_attribute_value(const rules::AttributeSpec& attribute, const std::string& text, const std::string& what);
// The same check for a value already stored as a number (bool 0/1, enum index).
void check_attribute_value(const rules::AttributeSpec& attribute, int value, const std::string& what);

// A new unit type at the end of the list, so no placed unit's type index
// moves. It copies an existing type, or without one has the declared defaults,
// the first movement class, symbol infantry and a single face. Its id is the
// first free one of new_type_1, new_type_2, ...
class AddUnitType : public EditCommand {
public:
    explicit AddUnitType(const ScenarioDocument& doc, std::optional<int> copy_of = std::nullopt);
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override;
    void undo(ScenarioDocument& doc) override;
    DocumentChanges changes() const override { return {DocumentPart::UnitTypes}; }
    const std::string& new_id() const { return type_.id; }
    int index() const { return index_; }  // where the new type sits once applied

private:
    rules::UnitType type_;
    int index_;
    std::string name_;
};

// One attribute of one face of a type. The text form parses what a designer
// typed (see parse_attribute_value); the int form takes a stored value.
class SetUnitTypeAttribute : public EditCommand {
public:
    SetUnitTypeAttribute(const ScenarioDocument& doc, int type, CounterFace face, int attribute,
                         const std::string& value);
    SetUnitTypeAttribute(const ScenarioDocument& doc, int type, CounterFace face, int attribute, int value);
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override { set(doc, value_); }
    void undo(ScenarioDocument& doc) override { set(doc, before_); }
    DocumentChanges changes() const override { return {DocumentPart::UnitTypes}; }

private:
    void set(ScenarioDocument& doc, int value) const;
    int type_;
    CounterFace face_;
    int attribute_;
    int value_ = 0;
    int before_ = 0;
    std::string name_;
};

// A type's display name or counter symbol (its id, which scenarios refer to, stays).
class SetUnitTypeText : public EditCommand {
public:
    enum class Field { Name, Symbol };
    SetUnitTypeText(const ScenarioDocument& doc, int type, Field field, std::string text);
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override { set(doc, text_); }
    void undo(ScenarioDocument& doc) override { set(doc, before_); }
    DocumentChanges changes() const override { return {DocumentPart::UnitTypes}; }

private:
    void set(ScenarioDocument& doc, const std::string& text) const;
    int type_;
    Field field_;
    std::string text_, before_;
    std::string name_;
};

// The movement class of a face. The front's class is the type's own (the
// `class:` beside the id), so a back that moved like the front goes on doing
// so; a back with a class of its own keeps it. Refused when a placed unit
// would stand on terrain its new class may not enter (the scenario would no
// longer load).
class SetUnitTypeMovementClass : public EditCommand {
public:
    SetUnitTypeMovementClass(const ScenarioDocument& doc, int type, CounterFace face, int movement_class);
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override;
    void undo(ScenarioDocument& doc) override;
    DocumentChanges changes() const override { return {DocumentPart::UnitTypes}; }

private:
    int type_;
    CounterFace face_;
    int movement_class_;
    int front_before_;
    std::optional<int> back_before_;
    std::string name_;
};

// Gives a type a back face (a copy of its front) or takes it away. Units set
// up on a removed back turn to their front (and back again on undo); refused
// when the front could not stand where such a unit stands.
class SetUnitTypeBackFace : public EditCommand {
public:
    SetUnitTypeBackFace(const ScenarioDocument& doc, int type, bool has_back);
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override;
    void undo(ScenarioDocument& doc) override;
    DocumentChanges changes() const override { return {DocumentPart::UnitTypes}; }

private:
    int type_;
    std::optional<rules::UnitFace> back_, before_;
    std::vector<int> units_on_back_;  // placements turned to their front when the back goes
    std::string name_;
};

// Removes a type no unit of the scenario uses; the placements' type indices
// after it move down by one (and back up on undo). Refused, naming the units,
// when the scenario places units of the type. Other scenarios of the project
// are not checked: a scenario elsewhere that uses the type stops loading.
class RemoveUnitType : public EditCommand {
public:
    RemoveUnitType(const ScenarioDocument& doc, int type);
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override;
    void undo(ScenarioDocument& doc) override;
    DocumentChanges changes() const override { return {DocumentPart::UnitTypes}; }

private:
    int index_;
    rules::UnitType removed_;
    std::string name_;
};

}  // namespace sandtable::studio
