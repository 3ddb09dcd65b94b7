#include "core/differential_commands.h"

namespace sandtable::studio {

SetDifferentialCell::SetDifferentialCell(const ScenarioDocument& doc, int table, int row, int column,
                                         std::string result)
    : table_(table), row_(row), column_(column), result_(std::move(result)) {
    const auto& t = doc.ruleset().differential_tables.at(static_cast<std::size_t>(table));
    before_ = t.rows.at(static_cast<std::size_t>(row)).at(static_cast<std::size_t>(column));
    // Named by its column number, as the Tables page numbers them: each line reads another differential there.
    name_ = "Edit " + t.name + " column " + std::to_string(column + 1) + ", roll " + std::to_string(t.die_first + row);
}

std::string& SetDifferentialCell::cell(ScenarioDocument& doc) const {
    return doc.edit_ruleset()
        .differential_tables[static_cast<std::size_t>(table_)]
        .rows[static_cast<std::size_t>(row_)][static_cast<std::size_t>(column_)];
}

}  // namespace sandtable::studio
