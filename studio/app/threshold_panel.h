// A threshold table ("hit on a roll <= the fire factor", "reorganize on 5-6")
// in a property grid (die, comparison, target number or the acting unit's
// attribute, result), and beside it the exact chance of success for each
// target value and die modifier, computed by the runtime as it changes.
#pragma once

#include "core/edit_commands.h"

#include <wx/grid.h>
#include <wx/panel.h>
#include <wx/propgrid/propgrid.h>

#include <functional>
#include <memory>

namespace sandtable::studio {

class ThresholdPanel : public wxPanel {
public:
    explicit ThresholdPanel(wxWindow* parent);
    void set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform);
    void show(int table);  // index into the ruleset's threshold tables
    void refresh();

private:
    void fill_properties();
    void fill_chances();
    std::unique_ptr<EditCommand> edit_for(const std::string& property, const wxVariant& value) const;

    ScenarioDocument* doc_ = nullptr;
    std::function<void(std::unique_ptr<EditCommand>)> perform_;
    int table_ = -1;
    wxPropertyGrid* properties_ = nullptr;
    wxGrid* chances_ = nullptr;
};

}  // namespace sandtable::studio
