#include "app/palette_pane.h"

#include "app/list_fit.h"

#include "core/brushes.h"
#include "core/scenario_commands.h"

#include <wx/sizer.h>

#include <algorithm>

namespace sandtable::studio {

namespace {
constexpr int kElevationLevels = 4;  // ground, slope, hilltop, … as the palette offers them
}

PalettePane::PalettePane(wxWindow* parent, MapCanvas* canvas)
    : wxPanel(parent, wxID_ANY), canvas_(canvas), select_tool_(canvas) {
    list_ = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(220, -1));
    const wxString brushes[] = {"One hex", "Radius 1", "Radius 2", "Fill region", "Line (drag)"};
    brush_ = new wxRadioBox(this, wxID_ANY, "Brush", wxDefaultPosition, wxDefaultSize, 5, brushes, 1);
    // A list, not a drop-down: another type is one click away.
    unit_type_ = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(-1, 170));
    unit_type_->SetToolTip("The type of unit a click on a hex places");
    unit_type_->Hide();
    table_ = new TablePalette(this, canvas_);
    table_->on_status = [this](const wxString& text) {
        if (on_status) on_status(text);
    };
    table_->Hide();
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(list_, 1, wxEXPAND);
    sizer->Add(brush_, 0, wxEXPAND | wxTOP, 4);
    sizer->Add(unit_type_, 0, wxEXPAND | wxTOP, 4);
    sizer->Add(table_, 1, wxEXPAND);
    SetSizer(sizer);
    list_->Bind(wxEVT_LISTBOX, [this](wxCommandEvent&) { choose_tool(); });
    tip_entries_under_mouse(list_);  // an entry cut short where the pane is narrow
    stroke_tool_.on_hex = [this](geometry::Hex hex) { stroke_hex(hex); };
    stroke_tool_.on_end = [this] { stroke_end(); };
    stroke_tool_.on_cancel = [this] { stroke_cancel(); };
    side_tool_.on_press = [this](std::optional<geometry::Hex> hex, std::optional<SideRef> side) {
        side_press(hex, side);
    };
    side_tool_.on_move = [this](std::optional<geometry::Hex> hex, std::optional<SideRef> side) {
        side_move(hex, side);
    };
    side_tool_.on_release = [this] { side_release(); };
    select_tool_.on_click = [this](geometry::Hex hex) { hex_clicked(hex); };
    select_tool_.on_unit_moved = [this](int unit, geometry::Hex to) {
        if (on_unit_moved) on_unit_moved(unit, to);
    };
}

void PalettePane::set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform) {
    doc_ = doc;
    changes_ = watch_document(doc, this, {DocumentPart::Scenario, DocumentPart::UnitTypes}, [this] { refill(); });
    perform_ = std::move(perform);
    const bool table = doc && doc->ruleset().table.enabled;
    table_->set_document(table ? doc : nullptr, perform_);
    table_->Show(table);
    list_->Show(!table);
    brush_->Show(!table);
    Layout();
    stroke_.clear();
    stroke_before_.clear();
    line_start_.reset();
    fill();
    list_->SetSelection(0);
    choose_tool();
}

void PalettePane::refill() {
    table_->refill();
    const int keep = list_->GetSelection();
    const int keep_type = unit_type_->GetSelection();  // the type being placed stays chosen (a rename keeps its place)
    fill();
    list_->SetSelection(keep >= 0 && keep < static_cast<int>(list_->GetCount()) ? keep : 0);
    choose_tool();
    if (keep_type >= 0 && keep_type < static_cast<int>(unit_type_->GetCount())) unit_type_->SetSelection(keep_type);
}

// Looking, then each terrain (painted with a brush), each hexside feature and
// road (toggled on the hexside clicked), the elevation levels, objectives,
// and each side's deployment zone.
void PalettePane::fill() {
    list_->Clear();
    unit_type_->Clear();  // filled again from the ruleset's types when a Units tool is chosen
    list_->Append("(pan, look, move counters)");
    if (!doc_) return;
    for (const auto& t : doc_->ruleset().terrain) list_->Append(wxString::FromUTF8(t.name));
    for (const auto& f : doc_->ruleset().hexside_features) list_->Append(wxString::FromUTF8(f.name + " (hexside)"));
    for (const auto& p : doc_->ruleset().path_features)
        list_->Append(wxString::FromUTF8(p.name + " (across hexsides)"));
    for (int level = 0; level < kElevationLevels; ++level) list_->Append(wxString::Format("Elevation %d", level));
    list_->Append("Objective (click to add or remove)");
    for (const auto& side : doc_->scenario().sides) list_->Append(wxString::FromUTF8("Units of " + side.name));
    for (const auto& side : doc_->scenario().sides) list_->Append(wxString::FromUTF8("Deployment zone: " + side.name));
    list_->Append("Deployment zone: erase");
    if (on_width_wanted) on_width_wanted(wanted_width());
}

int PalettePane::wanted_width() const { return width_of_entries(*list_); }

PalettePane::Tool PalettePane::tool() const {
    int i = list_->GetSelection() - 1;
    if (!doc_ || i < 0) return {Tool::Look, -1};
    const auto& rs = doc_->ruleset();
    if (i < static_cast<int>(rs.terrain.size())) return {Tool::Terrain, i};
    i -= static_cast<int>(rs.terrain.size());
    if (i < static_cast<int>(rs.hexside_features.size())) return {Tool::Hexside, i};
    i -= static_cast<int>(rs.hexside_features.size());
    if (i < static_cast<int>(rs.path_features.size())) return {Tool::Path, i};
    i -= static_cast<int>(rs.path_features.size());
    if (i < kElevationLevels) return {Tool::Elevation, i};
    i -= kElevationLevels;
    if (i == 0) return {Tool::Objective, -1};
    i -= 1;
    const int sides = static_cast<int>(doc_->scenario().sides.size());
    if (i < sides) return {Tool::Units, i};
    i -= sides;
    return {Tool::Deployment, i < sides ? i : -1};
}

void PalettePane::choose_tool() {
    const Tool t = tool();
    // Placing units: the type to place shows where the brush does.
    const bool units = t.kind == Tool::Units && doc_ && !doc_->ruleset().table.enabled;
    if (units && unit_type_->GetCount() != doc_->ruleset().unit_types.size()) {
        unit_type_->Clear();
        for (const auto& type : doc_->ruleset().unit_types) unit_type_->Append(wxString::FromUTF8(type.name));
        unit_type_->SetSelection(0);
        unit_type_->SetFirstItem(0);
    }
    brush_->Show(!units && !(doc_ && doc_->ruleset().table.enabled));
    unit_type_->Show(units);
    Layout();
    select_tool_.scenario = doc_ ? &doc_->scenario() : nullptr;
    if (doc_ && doc_->ruleset().table.enabled)
        canvas_->set_tool(table_);
    else if (t.kind == Tool::Terrain || t.kind == Tool::Elevation || t.kind == Tool::Deployment)
        canvas_->set_tool(&stroke_tool_);
    else if (t.kind == Tool::Hexside || t.kind == Tool::Path)
        canvas_->set_tool(&side_tool_);
    else
        canvas_->set_tool(&select_tool_);
}

// A river is drawn by dragging over hexsides, a road by dragging from hex to
// hex; a click draws on the side under the pointer. A stroke that begins on
// the feature takes it away instead. One stroke is one undo step.
void PalettePane::side_press(std::optional<geometry::Hex> hex, std::optional<SideRef> side) {
    const Tool t = tool();
    if (!doc_ || (t.kind != Tool::Hexside && t.kind != Tool::Path)) return;
    const auto kind = t.kind == Tool::Hexside ? SideStroke::Kind::Hexsides : SideStroke::Kind::Path;
    side_stroke_.emplace(doc_->scenario().map, kind, hex, side);
    preview_sides();
}

void PalettePane::side_move(std::optional<geometry::Hex> hex, std::optional<SideRef> side) {
    if (!side_stroke_) return;
    side_stroke_->moved(hex, side);
    preview_sides();
}

// The stroke so far, shown in the document (taken back before the edit is made).
void PalettePane::preview_sides() {
    take_back_side_preview();
    const Tool t = tool();
    auto& map = doc_->edit().map;
    const bool feature = t.kind == Tool::Hexside;
    const auto kind = feature ? SideStroke::Kind::Hexsides : SideStroke::Kind::Path;
    const auto sides = side_stroke_->sides();
    const int value = stroke_feature(map, kind, sides, t.index);
    for (const auto& [hex, direction] : sides) {
        side_preview_.push_back(
            {{hex, direction}, feature ? map.side_feature(hex, direction) : map.path_feature(hex, direction)});
        feature ? map.set_side_feature(hex, direction, value) : map.set_path_feature(hex, direction, value);
    }
    canvas_->map_changed();
}

void PalettePane::take_back_side_preview() {
    auto& map = doc_->edit().map;
    const bool feature = tool().kind == Tool::Hexside;
    for (auto it = side_preview_.rbegin(); it != side_preview_.rend(); ++it) {
        const auto& [side, before] = *it;
        feature ? map.set_side_feature(side.first, side.second, before)
                : map.set_path_feature(side.first, side.second, before);
    }
    side_preview_.clear();
}

void PalettePane::side_release() {
    if (!side_stroke_ || !doc_) return;
    take_back_side_preview();
    const Tool t = tool();
    const auto kind = t.kind == Tool::Hexside ? SideStroke::Kind::Hexsides : SideStroke::Kind::Path;
    const auto layer = t.kind == Tool::Hexside ? SetHexsideLayer::Layer::Feature : SetHexsideLayer::Layer::Path;
    const auto sides = side_stroke_->sides();
    side_stroke_.reset();
    auto edit = std::make_unique<SetHexsideLayer>(*doc_, layer, sides,
                                                  stroke_feature(doc_->scenario().map, kind, sides, t.index));
    if (!edit->empty() && perform_) perform_(std::move(edit));
    canvas_->map_changed();
}

void PalettePane::hex_clicked(geometry::Hex hex) {
    if (on_hex_clicked) on_hex_clicked(hex);
    const Tool t = tool();
    if (!doc_ || !perform_) return;
    if (t.kind == Tool::Objective) perform_(toggle_objective(*doc_, hex));
    if (t.kind == Tool::Units && unit_type_->GetSelection() >= 0) place_unit(hex, t.index, unit_type_->GetSelection());
}

// A unit of the chosen type and side on the hex clicked; refused (said why) where it may not stand.
void PalettePane::place_unit(geometry::Hex hex, int side, int type) {
    try {
        perform_(add_unit(*doc_, type, side, hex));
    } catch (const std::exception& e) {
        if (on_status) on_status(wxString::FromUTF8(std::string("Not placed: ") + e.what()));
    }
}

// The hexes the brush adds to the stroke at `hex`; a line brush's stroke is
// the line from where it began, so it is replaced rather than grown.
std::vector<geometry::Hex> PalettePane::stroke_hexes(geometry::Hex hex) const {
    const auto brush = static_cast<Brush>(brush_->GetSelection());
    if (brush == Brush::Line) return line_hexes(doc_->scenario().map, line_start_.value_or(hex), hex);
    return brush_hexes(doc_->scenario().map, hex, brush);
}

void PalettePane::stroke_hex(geometry::Hex hex) {
    if (!doc_) return;
    if (static_cast<Brush>(brush_->GetSelection()) == Brush::Line && !line_start_) line_start_ = hex;
    const Tool t = tool();
    if (t.kind == Tool::Deployment)
        stroke_zone(hex, t.index);
    else if (t.kind == Tool::Terrain || t.kind == Tool::Elevation)
        stroke_layer(hex, t);
}

// Terrain or elevation, previewed in place in the document.
void PalettePane::stroke_layer(geometry::Hex hex, const Tool& t) {
    auto& layer = t.kind == Tool::Terrain ? doc_->edit().map.terrain : doc_->edit().map.elevation;
    if (static_cast<Brush>(brush_->GetSelection()) == Brush::Line) take_back_preview(t);  // the line follows the mouse
    for (geometry::Hex h : stroke_hexes(hex)) {
        const int i = doc_->scenario().map.grid.index(h);
        if (i < 0 || std::find(stroke_.begin(), stroke_.end(), h) != stroke_.end()) continue;
        stroke_.push_back(h);
        stroke_before_.emplace_back(i, layer[static_cast<std::size_t>(i)]);
        layer[static_cast<std::size_t>(i)] = t.index;
    }
    canvas_->map_changed();
}

void PalettePane::take_back_preview(const Tool& t) {
    auto& layer = t.kind == Tool::Terrain ? doc_->edit().map.terrain : doc_->edit().map.elevation;
    for (const auto& [i, before] : stroke_before_) layer[static_cast<std::size_t>(i)] = before;
    stroke_.clear();
    stroke_before_.clear();
}

// Zones are not map layers: the stroke is shown on the canvas as it grows,
// nothing is previewed in the document.
void PalettePane::stroke_zone(geometry::Hex hex, int side) {
    if (static_cast<Brush>(brush_->GetSelection()) == Brush::Line) stroke_.clear();
    for (geometry::Hex h : stroke_hexes(hex))
        if (std::find(stroke_.begin(), stroke_.end(), h) == stroke_.end()) stroke_.push_back(h);
    canvas_->zone_preview = stroke_;
    canvas_->zone_preview_colour.reset();
    wxColour colour;
    if (side >= 0 && colour.Set(wxString::FromUTF8(doc_->scenario().sides[static_cast<std::size_t>(side)].color)))
        canvas_->zone_preview_colour = colour;
    canvas_->Refresh();
}

// Esc during a stroke: what it previewed is taken back, nothing is painted.
void PalettePane::stroke_cancel() {
    const Tool t = tool();
    if (doc_ && (t.kind == Tool::Terrain || t.kind == Tool::Elevation)) take_back_preview(t);
    stroke_.clear();
    stroke_before_.clear();
    line_start_.reset();
    canvas_->zone_preview.clear();
    canvas_->map_changed();
    if (on_status) on_status("Stroke called off: nothing painted");
}

void PalettePane::stroke_end() {
    const Tool t = tool();
    std::unique_ptr<EditCommand> edit;
    if (doc_ && !stroke_.empty()) {
        if (t.kind == Tool::Deployment) {
            edit = paint_deployment(*doc_, t.index, stroke_);
        } else {
            const auto hexes = stroke_;
            take_back_preview(t);  // the edit paints it again, as one undo step
            if (t.kind == Tool::Terrain) {
                auto paint = std::make_unique<PaintTerrain>(*doc_, t.index, hexes);
                if (!paint->empty()) edit = std::move(paint);
            } else {
                edit = std::make_unique<PaintElevation>(*doc_, t.index, hexes);
            }
        }
    }
    stroke_.clear();
    stroke_before_.clear();
    line_start_.reset();
    canvas_->zone_preview.clear();
    if (edit && perform_) perform_(std::move(edit));
    canvas_->map_changed();
}

}  // namespace sandtable::studio
