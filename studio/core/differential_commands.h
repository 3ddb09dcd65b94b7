// Edits of a differential CRT (F&M 8.2): one result cell of its shared grid.
// The lines' scale and terrain are edited in the table file.
#pragma once

#include "core/edit_commands.h"

#include <string>

namespace sandtable::studio {

class SetDifferentialCell : public EditCommand {
public:
    // `column` indexes the table's scale (the longest line's columns).
    SetDifferentialCell(const ScenarioDocument& doc, int table, int row, int column, std::string result);
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override { cell(doc) = result_; }
    void undo(ScenarioDocument& doc) override { cell(doc) = before_; }
    DocumentChanges changes() const override { return {DocumentPart::Tables}; }

private:
    std::string& cell(ScenarioDocument& doc) const;

    int table_, row_, column_;
    std::string result_, before_;
    std::string name_;
};

}  // namespace sandtable::studio
