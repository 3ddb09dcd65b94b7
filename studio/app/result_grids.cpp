#include "app/result_grids.h"

#include <wx/log.h>

#include <set>

namespace sandtable::studio {

void resize_grid(wxGrid& grid, int rows, int columns) {
    if (grid.GetNumberRows() > 0) grid.DeleteRows(0, grid.GetNumberRows());
    if (grid.GetNumberCols() > 0) grid.DeleteCols(0, grid.GetNumberCols());
    grid.AppendRows(rows);
    grid.AppendCols(columns);
}

void fill_result_chances(wxGrid& grid, int columns,
                         const std::function<std::map<std::string, double>(int)>& distribution) {
    std::vector<std::map<std::string, double>> by_column;
    std::set<std::string> codes;
    for (int c = 0; c < columns; ++c) {
        by_column.push_back(distribution(c));
        for (const auto& [code, p] : by_column.back()) codes.insert(code);
    }
    resize_grid(grid, static_cast<int>(codes.size()), columns);
    int row = 0;
    for (const auto& code : codes) {
        grid.SetRowLabelValue(row, wxString::FromUTF8(code));
        for (int c = 0; c < columns; ++c) {
            const auto& d = by_column[static_cast<std::size_t>(c)];
            const auto it = d.find(code);
            grid.SetCellValue(row, c, it == d.end() ? wxString("") : wxString::Format("%.1f%%", it->second * 100));
            grid.SetCellAlignment(row, c, wxALIGN_RIGHT, wxALIGN_CENTRE);
        }
        ++row;
    }
}

void veto_unknown_result(const ScenarioDocument& doc, wxGridEvent& e) {
    if (doc.ruleset().combat_result(e.GetString().ToStdString())) return;
    wxString known;
    for (const auto& r : doc.ruleset().combat_results)
        known += (known.empty() ? "" : ", ") + wxString::FromUTF8(r.code);
    wxLogStatus("'%s' is not a combat result of this ruleset (%s)", e.GetString(), known);
    e.Veto();
}

}  // namespace sandtable::studio
