// The tables panel: an odds CRT in a grid (die rolls down, odds columns
// across) that a designer edits cell by cell, and beside it the exact chance
// of each result in each column, computed by the runtime as the cells change;
// or a threshold table with its chances of success (ThresholdPanel), or a
// differential CRT with its terrain lines (DifferentialPanel).
#pragma once

#include "core/scenario_document.h"

#include "app/differential_panel.h"
#include "app/threshold_panel.h"
#include "core/edit_commands.h"

#include <wx/choice.h>
#include <wx/grid.h>
#include <wx/panel.h>
#include <wx/stattext.h>

#include <functional>

namespace sandtable::studio {

class TablesPanel : public wxPanel {
public:
    explicit TablesPanel(wxWindow* parent);
    // The document whose tables are shown; edits go through `perform`.
    void set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform);
    void refresh();  // after any change (an edit, undo, redo)
    // Shows a table, and selects a cell of it when row and column are >= 0.
    void show_cell(int table, int row, int column);

private:
    wxSizer* build_buttons();
    void on_cell_selected(wxGridEvent& e);
    void fill_table();
    void fill_odds();
    void on_changing(wxGridEvent& e);
    void on_changed(wxGridEvent& e);
    void add_column();
    void remove_column();
    void reshape(std::unique_ptr<EditCommand> command);
    int table_index() const;         // the odds table shown, or -1
    int threshold_index() const;     // the threshold table shown, or -1
    int differential_index() const;  // the differential table shown, or -1

    ScenarioDocument* doc_ = nullptr;
    std::function<void(std::unique_ptr<EditCommand>)> perform_;
    wxChoice* choice_ = nullptr;
    wxStaticText* legend_ = nullptr;  // where values come from and where edits go
    wxGrid* table_ = nullptr;
    wxGrid* odds_ = nullptr;
    wxBoxSizer* odds_sizer_ = nullptr;  // everything of an odds table, hidden for a threshold table
    ThresholdPanel* threshold_ = nullptr;
    DifferentialPanel* differential_ = nullptr;
    bool filling_ = false;
    ChangeSubscription changes_;  // refreshes after edits made elsewhere, undo and redo
};

}  // namespace sandtable::studio
