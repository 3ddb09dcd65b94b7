#include "app/table_palette.h"

#include "load/table_map_writer.h"
#include "render/table_painter.h"

#include <wx/sizer.h>

#include <algorithm>

namespace sandtable::studio {

using tabletop::TableTools;
using Mode = TableTools::Mode;

namespace {
wxString utf8(const std::string& s) { return wxString::FromUTF8(s); }
}  // namespace

TablePalette::TablePalette(wxWindow* parent, MapCanvas* canvas) : wxPanel(parent, wxID_ANY), canvas_(canvas) {
    list_ = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(220, -1));
    auto* settings = new wxFlexGridSizer(2, 4, 6);
    settings->AddGrowableCol(1);
    auto row = [&](const wxString& label, wxWindow* control) {
        settings->Add(new wxStaticText(this, wxID_ANY, label), 0, wxALIGN_CENTER_VERTICAL);
        settings->Add(control, 1, wxEXPAND);
    };
    level_ = new wxSpinCtrl(this, wxID_ANY, "1", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 1, 9, 1);
    level_->SetToolTip("A hill's level (each a shade darker) or a building's storeys");
    radius_ =
        new wxSpinCtrlDouble(this, wxID_ANY, "6", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 0.5, 100, 6, 0.5);
    radius_->SetToolTip("A new objective's radius: a unit's base within it holds it");
    type_ = new wxChoice(this, wxID_ANY);
    side_ = new wxChoice(this, wxID_ANY);
    files_ = new wxSpinCtrl(this, wxID_ANY, "4", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 1, 36, 4);
    files_->SetToolTip("Stands side by side in the front rank");
    figures_ = new wxSpinCtrl(this, wxID_ANY, "8", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 1, 99, 8);
    facing_ =
        new wxSpinCtrl(this, wxID_ANY, "0", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS | wxSP_WRAP, 0, 359, 0);
    facing_->SetIncrement(15);
    facing_->SetToolTip(wxString::FromUTF8(
        "Compass bearing the front faces (0 north, 90 east); the mouse wheel turns it 15°, with shift 1°"));
    row("Level", level_);
    row("Radius cm", radius_);
    row("Type", type_);
    row("Side", side_);
    row("Files", files_);
    row("Figures", figures_);
    row(wxString::FromUTF8("Facing °"), facing_);
    stand_ = new wxStaticText(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxST_ELLIPSIZE_END);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(list_, 1, wxEXPAND);
    sizer->Add(settings, 0, wxEXPAND | wxALL, 4);
    sizer->Add(stand_, 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 4);
    SetSizer(sizer);
    list_->Bind(wxEVT_LISTBOX, [this](wxCommandEvent&) { choose_tool(); });
    type_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
        // A new type: two full ranks of its stands.
        if (doc_ && type_->GetSelection() >= 0)
            figures_->SetValue(files_->GetValue() * 2 *
                               tabletop::stand_size(doc_->ruleset(), type_->GetSelection()).figures_per_stand);
        take_settings();
    });
    side_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { take_settings(); });
    for (wxSpinCtrl* spin : {level_, files_, figures_, facing_})
        spin->Bind(wxEVT_SPINCTRL, [this](wxCommandEvent&) { take_settings(); });
    radius_->Bind(wxEVT_SPINCTRLDOUBLE, [this](wxCommandEvent&) { take_settings(); });
}

void TablePalette::set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform) {
    doc_ = doc && doc->ruleset().table.enabled ? doc : nullptr;
    perform_ = std::move(perform);
    tools_ = TableTools{};
    fill();
    list_->SetSelection(0);
    if (doc_ && !doc_->ruleset().unit_types.empty()) {
        type_->SetSelection(0);
        figures_->SetValue(files_->GetValue() * 2 * tabletop::stand_size(doc_->ruleset(), 0).figures_per_stand);
    }
    if (doc_ && !doc_->scenario().sides.empty()) side_->SetSelection(0);
    take_settings();
    choose_tool();
}

void TablePalette::refill() {
    if (!doc_) return;
    const int keep = list_->GetSelection(), type = type_->GetSelection(), side = side_->GetSelection();
    fill();
    list_->SetSelection(keep >= 0 && keep < static_cast<int>(list_->GetCount()) ? keep : 0);
    type_->SetSelection(type >= 0 && type < static_cast<int>(type_->GetCount()) ? type : 0);
    side_->SetSelection(side >= 0 && side < static_cast<int>(side_->GetCount()) ? side : 0);
    tools_.document_changed(*doc_);
    const Entry e = entries_[static_cast<std::size_t>(std::max(0, list_->GetSelection()))];
    if (e.mode != tools_.mode() || e.terrain != tools_.terrain()) choose_tool();
    take_settings();
}

// Select, the ruler, each area terrain, each line terrain, objectives, units.
void TablePalette::fill() {
    list_->Clear();
    entries_.clear();
    auto add = [&](const std::string& label, Mode mode, int terrain = -1) {
        list_->Append(utf8(label));
        entries_.push_back({mode, terrain});
    };
    add("(select, move, delete; drag to pan)", Mode::Select);
    add("Ruler (drag)", Mode::Ruler);
    type_->Clear();
    side_->Clear();
    if (!doc_) return;
    const auto& rs = doc_->ruleset();
    for (std::size_t t = 0; t < rs.terrain.size(); ++t)
        if (rs.terrain[t].table.shape == rules::TableTerrain::Shape::Area)
            add("Area: " + rs.terrain[t].name, Mode::Area, static_cast<int>(t));
    for (std::size_t t = 0; t < rs.terrain.size(); ++t)
        if (rs.terrain[t].table.shape == rules::TableTerrain::Shape::Line)
            add("Line: " + rs.terrain[t].name, Mode::Line, static_cast<int>(t));
    add("Objective (click to add)", Mode::Objective);
    add("Place unit (click; wheel turns it)", Mode::Place);
    for (const auto& t : rs.unit_types) type_->Append(utf8(t.name));
    for (const auto& s : doc_->scenario().sides) side_->Append(utf8(s.name));
}

void TablePalette::choose_tool() {
    const int i = list_->GetSelection();
    const Entry e = i >= 0 && i < static_cast<int>(entries_.size()) ? entries_[static_cast<std::size_t>(i)]
                                                                    : Entry{Mode::Select, -1};
    tools_.set_mode(e.mode, e.terrain);
    const bool placing = e.mode == Mode::Place;
    for (wxWindow* w : {static_cast<wxWindow*>(type_), static_cast<wxWindow*>(side_), static_cast<wxWindow*>(files_),
                        static_cast<wxWindow*>(figures_), static_cast<wxWindow*>(facing_)})
        w->Enable(placing && doc_);
    // A level for hills, storeys for buildings; nothing for other areas.
    const auto* t = doc_ && e.terrain >= 0 ? &doc_->ruleset().terrain[static_cast<std::size_t>(e.terrain)] : nullptr;
    level_->Enable(e.mode == Mode::Area && t &&
                   (t->table.sight == geometry::tabletop::AreaSight::Hill ||
                    t->table.sight == geometry::tabletop::AreaSight::Building));
    radius_->Enable(e.mode == Mode::Objective);
    show_hint();
    canvas_->Refresh();
}

void TablePalette::take_settings() {
    tools_.level = level_->GetValue();
    tools_.objective_radius = radius_->GetValue();
    tools_.placing.type = type_->GetSelection();
    tools_.placing.side = std::max(0, side_->GetSelection());
    tools_.placing.files = files_->GetValue();
    tools_.placing.figures = figures_->GetValue();
    tools_.placing.facing = facing_->GetValue();
    if (doc_ && tools_.placing.type >= 0) {
        const auto size = tabletop::stand_size(doc_->ruleset(), tools_.placing.type);
        const int stands = (tools_.placing.figures + size.figures_per_stand - 1) / size.figures_per_stand;
        stand_->SetLabel(utf8("Stands " + load::format_cm(size.width) + " x " + load::format_cm(size.depth) + " cm, " +
                              std::to_string(size.figures_per_stand) + " figure" +
                              (size.figures_per_stand == 1 ? "" : "s") + " each: " + std::to_string(stands) + " stand" +
                              (stands == 1 ? "" : "s")));
    } else {
        stand_->SetLabel("");
    }
    canvas_->Refresh();
}

void TablePalette::perform(std::unique_ptr<EditCommand> edit) {
    if (edit && perform_ && doc_) {
        perform_(std::move(edit));
        tools_.document_changed(*doc_);
    }
}

void TablePalette::show_hint() {
    if (!on_status || !doc_) return;
    const std::string message = tools_.take_message();
    on_status(utf8(message.empty() ? tools_.hint(*doc_) : "Not done: " + message));
}

void TablePalette::draw(wxGraphicsContext& gc, const MapView& view) const {
    if (doc_) draw_table_tools(gc, view, doc_->ruleset(), doc_->scenario(), tools_);
}

bool TablePalette::mouse(const CanvasMouse& m, const MapView&) {
    if (!doc_) return false;
    // Round numbers in the file: half centimetres, a millimetre when zoomed in close.
    tools_.snap = m.tolerance >= 0.3 ? 0.5 : 0.1;
    using Kind = CanvasMouse::Kind;
    switch (m.kind) {
        case Kind::Down: {
            auto out = tools_.press(*doc_, m.cm, m.tolerance);
            perform(std::move(out.edit));
            show_hint();
            return out.handled;
        }
        case Kind::Move:
            tools_.move(*doc_, m.cm);
            if (tools_.mode() == Mode::Ruler && tools_.ruler()) show_hint();
            return false;
        case Kind::Up:
            perform(tools_.release(*doc_, m.cm));
            show_hint();
            return true;
        case Kind::Click:
            show_hint();  // a click on the bare table: the selection was let go
            return false;
        case Kind::DoubleClick:
            if (tools_.mode() != Mode::Area && tools_.mode() != Mode::Line) return false;
            perform(tools_.double_click(*doc_));
            show_hint();
            return true;
        case Kind::Wheel: {
            if (m.control) return false;  // Ctrl+wheel zooms whatever the tool
            auto out = tools_.wheel(*doc_, m.cm, m.steps, m.shift, m.tolerance);
            perform(std::move(out.edit));
            if (out.handled && tools_.mode() == Mode::Place) facing_->SetValue(tools_.placing.facing);
            if (out.handled) show_hint();
            return out.handled;
        }
        case Kind::Leave:
            tools_.leave();
            return false;
        case Kind::Context:
            return false;
    }
    return false;
}

bool TablePalette::key(int code) {
    if (!doc_) return false;
    using Key = TableTools::Key;
    std::optional<Key> k;
    if (code == WXK_RETURN || code == WXK_NUMPAD_ENTER)
        k = Key::Enter;
    else if (code == WXK_ESCAPE)
        k = Key::Escape;
    else if (code == WXK_DELETE || code == WXK_NUMPAD_DELETE)
        k = Key::Delete;
    else if (code == WXK_BACK)
        k = Key::Backspace;
    if (!k) return false;
    auto out = tools_.key(*doc_, *k);
    perform(std::move(out.edit));
    show_hint();
    return out.handled;
}

}  // namespace sandtable::studio
