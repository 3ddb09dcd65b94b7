// The unit types page: the ruleset's unit types in a list (add, duplicate,
// remove), the selected one in a property grid generated from the attributes
// the ruleset declares (front and back face), and a live preview of its
// counters in each side's colours, drawn by the map's own counter painter.
#pragma once

#include "core/scenario_document.h"

#include "core/edit_commands.h"

#include <wx/listbox.h>
#include <wx/stattext.h>
#include <wx/panel.h>
#include <wx/propgrid/propgrid.h>

#include <functional>
#include <memory>

namespace sandtable::studio {

class CounterPreview;

class UnitTypesPanel : public wxPanel {
public:
    explicit UnitTypesPanel(wxWindow* parent);
    // The document whose ruleset's types are shown; edits go through `perform`.
    void set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform);
    void refresh();  // after any change (an edit, undo, redo)
    void show_type(int index);

private:
    void fill_list();
    void fill_grid();
    void add_face(const char* category, const std::string& prefix, const std::string& type_id,
                  const rules::UnitFace& face);
    void show_origin(wxPGProperty* property, std::size_t origin);
    std::unique_ptr<EditCommand> command_for(const wxString& property, const wxVariant& value) const;
    void add(bool duplicate);
    void remove();
    int selected() const;

    ScenarioDocument* doc_ = nullptr;
    std::function<void(std::unique_ptr<EditCommand>)> perform_;
    wxListBox* list_ = nullptr;
    wxPropertyGrid* grid_ = nullptr;
    CounterPreview* preview_ = nullptr;
    wxStaticText* legend_ = nullptr;  // where values come from and where edits go
    ChangeSubscription changes_;      // refreshes after edits made elsewhere, undo and redo
};

}  // namespace sandtable::studio
