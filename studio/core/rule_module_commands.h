// Edits of the ruleset's rule modules, for the studio's Rules & Scripts page:
// switching a module off or on and setting one of its parameters. Each is an
// EditCommand (undoable, named for the Edit menu: "Undo Switch Off Charges").
// They change the document's copy of the ruleset; saving writes the `rules:`
// block of ruleset.yaml (load::replace_rule_modules).
//
// Modules are named by their index in the ruleset's list, as the same module
// may be listed twice with different params. Values are checked when a
// command is made, so a refused edit never reaches the history: a parameter
// keeps the type it was written with (an int stays an int), and
// std::invalid_argument says, for a designer, what the value must be.
#pragma once

#include "core/edit_commands.h"
#include "core/scenario_document.h"

#include <string>

namespace sandtable::studio {

// "dismounted_cavalry" → "Dismounted Cavalry": how the studio names a module.
std::string module_label(const rules::RuleModule& module);

// A parameter's value as the studio shows it: "3", "true", "0.5", "text",
// and lists and maps as their YAML flow text ("[1, 2]", "{ a: 1 }").
std::string param_display_text(const rules::Param& value);

// Reads what a designer typed for a parameter whose current value is
// `current`: a whole number for an int, true/false (or yes/no) for a bool, a
// number for a double, any text for a string. Throws std::invalid_argument
// naming the value by `what` ("Retreat Hexes of Cavalry") for anything else,
// and for lists, maps and empty values, which are edited in ruleset.yaml.
rules::Param parse_param_value(const rules::Param& current, const std::string& text, const std::string& what);

class SetModuleEnabled : public EditCommand {
public:
    SetModuleEnabled(const ScenarioDocument& doc, int module, bool enabled);
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override { set(doc, enabled_); }
    void undo(ScenarioDocument& doc) override { set(doc, before_); }
    DocumentChanges changes() const override { return {DocumentPart::Scripts}; }

private:
    void set(ScenarioDocument& doc, bool enabled) const;
    int module_;
    bool enabled_;
    bool before_;
    std::string name_;
};

// One top-level entry of a module's `params` map. The Param form takes a
// value of the parameter's own type (a whole number is accepted for a
// double); the text form parses what a designer typed (parse_param_value).
class SetModuleParam : public EditCommand {
public:
    SetModuleParam(const ScenarioDocument& doc, int module, const std::string& key, rules::Param value);
    SetModuleParam(const ScenarioDocument& doc, int module, const std::string& key, const std::string& text);
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override { set(doc, value_); }
    void undo(ScenarioDocument& doc) override { set(doc, before_); }
    DocumentChanges changes() const override { return {DocumentPart::Scripts}; }

private:
    void set(ScenarioDocument& doc, const rules::Param& value) const;
    int module_;
    std::string key_;
    rules::Param value_;
    rules::Param before_;
    std::string name_;
};

}  // namespace sandtable::studio
