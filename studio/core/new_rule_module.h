// New Module on the Rules & Scripts page: a rule module registered in the
// ruleset (or, while edits go into a house rule, in that house rule) and its
// Lua file, in one step and one undo. The file is a script document: it is
// written, with a short template, when the project is saved; undone before
// that, nothing is written. A module of that name already on disk (the
// folder's rules/, or the scripts/ library) is registered as it is.
#pragma once

#include "core/edit_commands.h"
#include "core/scenario_document.h"

#include <string>

namespace sandtable::studio {

class AddRuleModule : public EditCommand {
public:
    // Throws std::invalid_argument, for a designer, when the name is not a
    // plain lowercase name or a module of that name is registered already.
    AddRuleModule(const ScenarioDocument& doc, const std::string& name);
    std::string name() const override { return "New Module " + module_.module; }
    void apply(ScenarioDocument& doc) override;
    void undo(ScenarioDocument& doc) override;
    DocumentChanges changes() const override { return {DocumentPart::Scripts}; }
    const std::string& file() const { return module_.file; }
    bool new_file() const { return new_file_; }

private:
    rules::RuleModule module_;
    bool new_file_ = false;
    std::string template_;
};

}  // namespace sandtable::studio
