// The scenario page: its settings (name, game length, first side, victory
// points), each side (name, colour, demoralization and disintegration levels,
// rally rolls) and the objectives in a property grid; below, the order of
// battle in a grid (name, type, side, hex, arrival turn, face) where units
// are added, removed and edited. Units are dragged onto the map from the
// order of battle pane or moved on the map itself.
#pragma once

#include "core/scenario_document.h"

#include "core/edit_commands.h"

#include <wx/grid.h>
#include <wx/panel.h>
#include <wx/propgrid/propgrid.h>

#include <functional>
#include <memory>

namespace sandtable::studio {

class ScenarioPanel : public wxPanel {
public:
    explicit ScenarioPanel(wxWindow* parent);
    void set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform);
    void refresh();  // after any change (an edit, undo, redo)
    // Where "Add Unit" puts a new unit: the hex last clicked on the map.
    void set_target_hex(geometry::Hex hex) { target_hex_ = hex; }

private:
    void fill_settings();
    void fill_units();
    std::unique_ptr<EditCommand> setting_edit(const std::string& property, const wxVariant& value) const;
    void on_unit_changing(wxGridEvent& e);
    std::unique_ptr<EditCommand> unit_edit(int row, int column, const std::string& text) const;
    void add_unit();
    void remove_unit();
    void apply(std::unique_ptr<EditCommand> edit);

    ScenarioDocument* doc_ = nullptr;
    std::function<void(std::unique_ptr<EditCommand>)> perform_;
    wxPropertyGrid* settings_ = nullptr;
    wxGrid* units_ = nullptr;
    std::unique_ptr<EditCommand> pending_;  // a unit cell's edit, checked while typed
    std::optional<geometry::Hex> target_hex_;
    bool filling_ = false;
    ChangeSubscription changes_;  // refreshes after edits made elsewhere, undo and redo
};

}  // namespace sandtable::studio
