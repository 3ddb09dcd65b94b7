// The palette pane: what a drag or click on the map does, built from the
// ruleset (each terrain, hexside feature, road, elevation level) and the
// scenario (objectives, each side's deployment zone), with the brush a
// stroke paints with. It drives the map canvas's strokes and clicks and
// turns each into one edit: a stroke is previewed as it grows and becomes
// a single undo step when the button comes up. On a tabletop the table's
// own palette (TablePalette) takes its place, and is the canvas's tool.
#pragma once

#include "core/scenario_document.h"

#include "core/side_stroke.h"

#include "app/hex_tools.h"
#include "app/map_canvas.h"
#include "app/table_palette.h"
#include "core/edit_commands.h"

#include <wx/listbox.h>
#include <wx/panel.h>
#include <wx/radiobox.h>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace sandtable::studio {

class PalettePane : public wxPanel {
public:
    PalettePane(wxWindow* parent, MapCanvas* canvas);
    // The document painted on; edits go through `perform`.
    void set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform);
    // The ruleset's or the sides' names may have changed: the list is built
    // again, keeping the tool chosen.
    void refill();
    // Told every hex clicked on the map while looking (not painting).
    std::function<void(geometry::Hex)> on_hex_clicked;
    // Told a counter dragged to another hex while looking.
    std::function<void(int unit, geometry::Hex to)> on_unit_moved;
    // Told what the tabletop's tool does next, or why an edit was refused.
    std::function<void(const wxString&)> on_status;
    // Told the width that shows every entry whole, each time the list is built.
    std::function<void(int pixels)> on_width_wanted;
    int wanted_width() const;

private:
    struct Tool {
        enum Kind { Look, Terrain, Hexside, Path, Elevation, Objective, Units, Deployment } kind;
        int index;  // terrain, hexside or path feature, level, or side (-1: erase a zone)
    };
    Tool tool() const;
    void fill();
    void choose_tool();
    void side_press(std::optional<geometry::Hex> hex, std::optional<SideRef> side);
    void side_move(std::optional<geometry::Hex> hex, std::optional<SideRef> side);
    void side_release();
    void preview_sides();
    void take_back_side_preview();
    void hex_clicked(geometry::Hex hex);
    void place_unit(geometry::Hex hex, int side, int type);
    void stroke_hex(geometry::Hex hex);
    void stroke_layer(geometry::Hex hex, const Tool& tool);
    void stroke_zone(geometry::Hex hex, int side);
    std::vector<geometry::Hex> stroke_hexes(geometry::Hex hex) const;
    void stroke_end();
    void stroke_cancel();
    void take_back_preview(const Tool& tool);

    MapCanvas* canvas_;
    // The canvas's tools on a hex map: the brush, the hexside pen, the hand.
    HexStrokeTool stroke_tool_;
    HexSideTool side_tool_;
    HexSelectTool select_tool_;
    TablePalette* table_ = nullptr;  // shown instead of the hex tools on a tabletop
    wxListBox* list_ = nullptr;
    wxRadioBox* brush_ = nullptr;
    wxListBox* unit_type_ = nullptr;  // the type the Units tools place
    ScenarioDocument* doc_ = nullptr;
    std::function<void(std::unique_ptr<EditCommand>)> perform_;
    // A river or road being dragged: the stroke, and the sides shown in the
    // document while it lasts with what they held before.
    std::optional<SideStroke> side_stroke_;
    std::vector<std::pair<SideRef, int>> side_preview_;
    // A stroke in progress: the hexes it covers, the layer's values before
    // it (terrain and elevation are previewed in the document), and where a
    // line stroke began.
    std::vector<geometry::Hex> stroke_;
    std::vector<std::pair<int, int>> stroke_before_;  // hex index, value before
    std::optional<geometry::Hex> line_start_;
    ChangeSubscription changes_;  // refreshes after edits made elsewhere, undo and redo
};

}  // namespace sandtable::studio
