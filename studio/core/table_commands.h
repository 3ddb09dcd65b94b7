// Changing the shape of an odds CRT: a column of odds added or taken away, a
// row (a face of the die) added or taken away at the end. Each is one
// edit that keeps the whole table before and after, so undo is exact.
#pragma once

#include "core/edit_commands.h"
#include "rules/odds_crt.h"

#include <string>

namespace sandtable::studio {

class ReshapeTable : public EditCommand {
public:
    std::string name() const override { return name_; }
    void apply(ScenarioDocument& doc) override { table_of(doc) = after_; }
    void undo(ScenarioDocument& doc) override { table_of(doc) = before_; }
    DocumentChanges changes() const override { return {DocumentPart::Tables}; }

    // A printed column at the odds `label` ("7-1", "1-6"), placed in order
    // among the others; its results copied from the nearest column below it
    // (or above, for new lowest odds). Throws std::invalid_argument when the
    // label is not odds or the table already has that column.
    static std::unique_ptr<ReshapeTable> add_column(const ScenarioDocument& doc, int table, const std::string& label);
    // Throws std::invalid_argument when it is the table's last printed column.
    static std::unique_ptr<ReshapeTable> remove_column(const ScenarioDocument& doc, int table, int column);
    // Rows are the faces of the table's die, numbered from 1 (the format's
    // `die: N`): a row added for the roll above the highest makes the die
    // one face larger (a d6 table becomes a d7 table); its results are copied
    // from the row above it.
    static std::unique_ptr<ReshapeTable> add_row(const ScenarioDocument& doc, int table);
    // Takes the highest roll's row away; the die loses a face. Throws
    // std::invalid_argument when one row is left.
    static std::unique_ptr<ReshapeTable> remove_row(const ScenarioDocument& doc, int table);

private:
    ReshapeTable(const ScenarioDocument& doc, int table, std::string name);
    rules::OddsCrt& table_of(ScenarioDocument& doc) const {
        return doc.edit_ruleset().odds_tables[static_cast<std::size_t>(table_)];
    }

    int table_;
    rules::OddsCrt before_, after_;
    std::string name_;
};

}  // namespace sandtable::studio
