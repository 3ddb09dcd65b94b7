// What the Tables page's CRT editors share: a grid emptied and sized, the
// chance of each result by column, and typed results checked against the
// ruleset's result codes.
#pragma once

#include "core/scenario_document.h"

#include <wx/grid.h>

#include <functional>
#include <map>
#include <string>

namespace sandtable::studio {

void resize_grid(wxGrid& grid, int rows, int columns);
// Rows: every result any column can give; cells: its chance in that column.
void fill_result_chances(wxGrid& grid, int columns,
                         const std::function<std::map<std::string, double>(int)>& distribution);
// Vetoes an edit to a result code the ruleset does not define, saying so in the status bar.
void veto_unknown_result(const ScenarioDocument& doc, wxGridEvent& e);

}  // namespace sandtable::studio
