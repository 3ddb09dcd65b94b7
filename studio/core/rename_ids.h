// Renaming ids (issue 19): a unit's id in the scenario, and a unit type's id
// in the ruleset with every reference the studio writes updated — the
// scenario's units, the rule modules' parameters that name it — in one undo
// step. A type's id written where the studio does not rewrite it (another
// scenario of the project, a chart file, a house rule) is named, and the
// rename refused, rather than left dangling.
#pragma once

#include "core/edit_commands.h"
#include "core/scenario_document.h"

#include <string>

namespace sandtable::studio {

// A plain id: letters, digits, _ and -, starting with a letter.
bool plain_id(const std::string& id);

std::unique_ptr<EditCommand> set_unit_id(const ScenarioDocument& doc, int unit, const std::string& id);

class RenameUnitType : public EditCommand {
public:
    // Throws std::invalid_argument, for a designer, when refused.
    RenameUnitType(const ScenarioDocument& doc, int type, const std::string& id);
    std::string name() const override { return "Rename Unit Type Id " + before_ + " to " + after_; }
    void apply(ScenarioDocument& doc) override { rename(doc, before_, after_); }
    void undo(ScenarioDocument& doc) override { rename(doc, after_, before_); }
    DocumentChanges changes() const override {
        return {DocumentPart::UnitTypes, DocumentPart::Scenario, DocumentPart::Tables};
    }

private:
    void rename(ScenarioDocument& doc, const std::string& from, const std::string& to) const;
    int type_;
    std::string before_, after_;
};

}  // namespace sandtable::studio
