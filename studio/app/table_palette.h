// The palette on a tabletop: the tools (select and move, the ruler, each
// area and line terrain of the ruleset, objectives, placing a unit) and their
// settings (a hill's level or a building's storeys, an objective's radius,
// the unit's type, side, files, figures and facing). It drives the map
// canvas's table events through tabletop::TableTools and turns each
// finished gesture into one edit of the document's history.
#pragma once

#include "app/canvas_tool.h"
#include "app/map_canvas.h"
#include "core/tabletop_tools.h"

#include <wx/choice.h>
#include <wx/listbox.h>
#include <wx/panel.h>
#include <wx/spinctrl.h>
#include <wx/stattext.h>

#include <functional>
#include <memory>

namespace sandtable::studio {

class TablePalette : public wxPanel, public CanvasTool {
public:
    TablePalette(wxWindow* parent, MapCanvas* canvas);
    // The document drawn on (null: none, or one on hexes); edits go through `perform`.
    void set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform);
    // The document changed (an edit, undo, redo): the lists are built again,
    // the tool kept, a selection that is gone dropped.
    void refill();
    // Told what to show in the status bar: the tool's next step, or why an edit was refused.
    std::function<void(const wxString&)> on_status;
    const tabletop::TableTools& tools() const { return tools_; }

private:
    struct Entry {
        tabletop::TableTools::Mode mode;
        int terrain;
    };
    void fill();
    void choose_tool();
    void take_settings();
    // The canvas's tool while a tabletop is edited: the mouse in cm, the keys, and what the tools draw.
    bool mouse(const CanvasMouse& m, const MapView& view) override;
    bool key(int code) override;
    void draw(wxGraphicsContext& gc, const MapView& view) const override;
    void perform(std::unique_ptr<EditCommand> edit);
    void show_hint();

    MapCanvas* canvas_;
    ScenarioDocument* doc_ = nullptr;
    std::function<void(std::unique_ptr<EditCommand>)> perform_;
    tabletop::TableTools tools_;
    std::vector<Entry> entries_;
    wxListBox* list_ = nullptr;
    wxSpinCtrl* level_ = nullptr;
    wxSpinCtrlDouble* radius_ = nullptr;
    wxChoice* type_ = nullptr;
    wxChoice* side_ = nullptr;
    wxSpinCtrl* files_ = nullptr;
    wxSpinCtrl* figures_ = nullptr;
    wxSpinCtrl* facing_ = nullptr;
    wxStaticText* stand_ = nullptr;
};

}  // namespace sandtable::studio
