// A differential CRT (F&M 8.2) as it is printed: one row of differentials per
// terrain line above the shared grid of results (die rolls down), each line
// reading the grid from the left and capped at its last column. The results
// are edited cell by cell; beneath, the exact chance of each result in each
// column. The scale and the lines are edited in the table file.
#pragma once

#include "core/edit_commands.h"

#include <wx/grid.h>
#include <wx/panel.h>
#include <wx/stattext.h>

#include <functional>
#include <memory>

namespace sandtable::studio {

class DifferentialPanel : public wxPanel {
public:
    explicit DifferentialPanel(wxWindow* parent);
    void set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform);
    void show(int table);  // index into the ruleset's differential tables; -1: none
    void refresh();

private:
    void fill_lines();
    void fill_results();
    void fill_chances();
    void align_columns();
    void scroll_with(wxGrid* leader);  // the other grids to the leader's horizontal scroll
    void on_changing(wxGridEvent& e);
    void on_changed(wxGridEvent& e);

    ScenarioDocument* doc_ = nullptr;
    std::function<void(std::unique_ptr<EditCommand>)> perform_;
    int table_ = -1;
    bool filling_ = false;
    wxStaticText* notes_ = nullptr;
    wxGrid* lines_ = nullptr;
    wxGrid* results_ = nullptr;
    wxGrid* chances_ = nullptr;
};

}  // namespace sandtable::studio
