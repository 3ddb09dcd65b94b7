// Edits of a threshold table ("hit on a roll <= the fire factor",
// "reorganize on 5-6"): the die, the comparison, the target (a number or the
// acting unit's attribute) and the result's name. Each keeps the table before
// and after, so undo is exact; values are checked when the edit is made
// (std::invalid_argument, worded for a designer).
#pragma once

#include "core/edit_commands.h"
#include "rules/threshold_table.h"

#include <memory>
#include <string>

namespace sandtable::studio {

class ChangeThresholdTable : public EditCommand {
public:
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override { table_of(doc) = after_; }
    void undo(ScenarioDocument& doc) override { table_of(doc) = before_; }
    DocumentChanges changes() const override { return {DocumentPart::Tables}; }

    static std::unique_ptr<ChangeThresholdTable> set_die(const ScenarioDocument& doc, int table, int faces);
    static std::unique_ptr<ChangeThresholdTable> set_compare(const ScenarioDocument& doc, int table,
                                                             rules::ThresholdTable::Compare compare);
    static std::unique_ptr<ChangeThresholdTable> set_target(const ScenarioDocument& doc, int table, int target);
    // An attribute the ruleset declares, or "" for a fixed target number.
    static std::unique_ptr<ChangeThresholdTable> set_target_attribute(const ScenarioDocument& doc, int table,
                                                                      const std::string& attribute);
    static std::unique_ptr<ChangeThresholdTable> set_success(const ScenarioDocument& doc, int table,
                                                             const std::string& success);

private:
    ChangeThresholdTable(const ScenarioDocument& doc, int table, const std::string& what);
    rules::ThresholdTable& table_of(ScenarioDocument& doc) const {
        return doc.edit_ruleset().threshold_tables[static_cast<std::size_t>(table_)];
    }

    int table_;
    rules::ThresholdTable before_, after_;
    std::string name_;
};

}  // namespace sandtable::studio
