#include "app/scenario_panel.h"

#include "app/checked_property_edits.h"
#include "core/tabletop_commands.h"
#include "core/rename_ids.h"
#include "core/scenario_commands.h"
#include "load/table_map_writer.h"

#include <wx/button.h>
#include <wx/choicdlg.h>
#include <wx/msgdlg.h>
#include <wx/propgrid/advprops.h>
#include <wx/propgrid/props.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

#include <sstream>

namespace sandtable::studio {

namespace {
enum Column { kName, kType, kSide, kHex, kArrives, kFace, kId, kColumns };
std::size_t at(int i) { return static_cast<std::size_t>(i); }

wxString utf8(const std::string& s) { return wxString::FromUTF8(s); }

std::string rolls_text(const std::vector<int>& rolls) {
    std::ostringstream out;
    for (std::size_t i = 0; i < rolls.size(); ++i) out << (i ? ", " : "") << rolls[i];
    return out.str();
}

std::string colour_text(const wxColour& c) { return c.GetAsString(wxC2S_HTML_SYNTAX).Lower().ToStdString(); }

// "side.1.name" → {1, "name"}.
std::pair<int, std::string> indexed(const std::string& property) {
    const auto first = property.find('.'), second = property.find('.', first + 1);
    return {std::stoi(property.substr(first + 1, second - first - 1)), property.substr(second + 1)};
}
}  // namespace

ScenarioPanel::ScenarioPanel(wxWindow* parent) : wxPanel(parent, wxID_ANY) {
    settings_ = new wxPropertyGrid(this, wxID_ANY, wxDefaultPosition, wxSize(340, -1), wxPG_SPLITTER_AUTO_CENTER);
    settings_->SetExtraStyle(wxPG_EX_HELP_AS_TOOLTIPS);  // each value says what it means under the mouse
    units_ = new wxGrid(this, wxID_ANY);
    units_->CreateGrid(0, kColumns);
    const char* headings[] = {"Name", "Type", "Side", "Hex", "Arrives (turn)", "Face", "Id"};
    for (int c = 0; c < kColumns; ++c) units_->SetColLabelValue(c, headings[c]);
    units_->SetRowLabelSize(40);
    auto* add = new wxButton(this, wxID_ANY, "Add Unit");
    add->SetToolTip("A unit of a type and side you choose, at the hex last clicked on the map");
    auto* remove = new wxButton(this, wxID_ANY, "Remove Unit");
    auto* buttons = new wxBoxSizer(wxHORIZONTAL);
    buttons->Add(add, 0, wxRIGHT, 4);
    buttons->Add(remove, 0, wxRIGHT, 12);
    buttons->Add(new wxStaticText(this, wxID_ANY, "Edit a cell; drag counters on the map to move them"), 0,
                 wxALIGN_CENTRE_VERTICAL);
    auto* right = new wxBoxSizer(wxVERTICAL);
    right->Add(buttons, 0, wxALL, 4);
    right->Add(units_, 1, wxEXPAND | wxALL, 4);
    auto* sizer = new wxBoxSizer(wxHORIZONTAL);
    sizer->Add(settings_, 0, wxEXPAND | wxALL, 4);
    sizer->Add(right, 1, wxEXPAND);
    SetSizer(sizer);
    bind_checked_edits(
        settings_,
        [this](const wxString& property, const wxVariant& value) {
            return doc_ && !filling_ ? setting_edit(property.ToStdString(), value) : nullptr;
        },
        [this](std::unique_ptr<EditCommand> edit) { apply(std::move(edit)); });
    units_->Bind(wxEVT_GRID_CELL_CHANGING, &ScenarioPanel::on_unit_changing, this);
    units_->Bind(wxEVT_GRID_CELL_CHANGED, [this](wxGridEvent&) {
        if (pending_) apply(std::move(pending_));
    });
    add->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { add_unit(); });
    remove->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { remove_unit(); });
}

void ScenarioPanel::set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform) {
    doc_ = doc;
    changes_ = watch_document(doc, this, {DocumentPart::Scenario, DocumentPart::UnitTypes}, [this] { refresh(); });
    perform_ = std::move(perform);
    target_hex_.reset();
    refresh();
}

void ScenarioPanel::refresh() {
    filling_ = true;
    fill_settings();
    fill_units();
    filling_ = false;
}

// Property names say what they edit: "turns", "side.0.colour", "objective.2.points".
void ScenarioPanel::fill_settings() {
    settings_->Clear();
    if (!doc_) return;
    const auto& sc = doc_->scenario();
    wxPGChoices sides;
    for (const auto& s : sc.sides) sides.Add(utf8(s.name));
    settings_->Append(new wxPropertyCategory("Scenario"));
    settings_->Append(new wxStringProperty("Name", "name", utf8(sc.name)));
    settings_->Append(new wxStringProperty("Id", "id", utf8(sc.id)))
        ->SetHelpString("How replays and batch results name the scenario");
    settings_->Append(new wxLongStringProperty("Notes", "notes", utf8(sc.notes)))
        ->SetHelpString("For the players: the situation, the victory conditions");
    settings_->Append(new wxIntProperty("Game length (turns)", "turns", sc.turns));
    settings_->Append(new wxEnumProperty("First side", "first_side", sides, sc.first_side));
    settings_->Append(new wxIntProperty("VP per enemy strength point", "vp", sc.vp_per_enemy_strength));
    for (std::size_t s = 0; s < sc.sides.size(); ++s) {
        const auto& side = sc.sides[s];
        const std::string key = "side." + std::to_string(s) + ".";
        settings_->Append(new wxPropertyCategory(utf8("Side: " + side.name), utf8(key + "category")));
        settings_->Append(new wxStringProperty("Name", utf8(key + "name"), utf8(side.name)));
        wxColour colour;
        colour.Set(utf8(side.color));
        settings_->Append(new wxColourProperty("Colour", utf8(key + "colour"), colour));
        auto* demoralized =
            settings_->Append(new wxIntProperty("Demoralized at", utf8(key + "demoralization"), side.demoralization));
        demoralized->SetHelpString("Eliminated strength points that demoralize the side (0: never)");
        auto* disintegrates =
            settings_->Append(new wxIntProperty("Disintegrates at", utf8(key + "disintegration"), side.disintegration));
        disintegrates->SetHelpString("Eliminated strength points that disintegrate the side (0: never)");
        auto* rally = settings_->Append(
            new wxStringProperty("Rally rolls", utf8(key + "rally"), utf8(rolls_text(side.rally_rolls))));
        rally->SetHelpString("Die rolls that rally an eliminated unit, e.g. 5, 6");
    }
    // Short enough for the page at its narrowest; how to add one is in the tooltip.
    auto* objectives = settings_->Append(new wxPropertyCategory("Objectives (palette: Objective tool)", "objectives"));
    objectives->SetHelpString(
        doc_->ruleset().table.enabled
            ? "Add one with the palette's Objective tool; select it on the map to move or delete it"
            : "Click a hex with the palette's Objective tool to add or remove one");
    wxPGChoices holders;
    holders.Add("nobody", 0);
    for (std::size_t s = 0; s < sc.sides.size(); ++s) holders.Add(utf8(sc.sides[s].name), static_cast<int>(s) + 1);
    for (std::size_t o = 0; o < sc.objectives.size(); ++o) {
        const auto& obj = sc.objectives[o];
        const std::string key = "objective." + std::to_string(o) + ".";
        const std::string label = doc_->ruleset().table.enabled
                                      ? (obj.name.empty() ? "at " + load::format_point(obj.table_at) : obj.name)
                                      : sc.map.grid.label(obj.hex);
        settings_->Append(new wxIntProperty(utf8(label + ": points"), utf8(key + "points"), obj.points));
        settings_->Append(new wxEnumProperty(utf8(label + ": held by"), utf8(key + "holder"), holders, obj.holder + 1));
    }
    settings_->SetSplitterLeft();
}

void ScenarioPanel::fill_units() {
    if (units_->GetNumberRows() > 0) units_->DeleteRows(0, units_->GetNumberRows());
    if (!doc_) return;
    const auto& sc = doc_->scenario();
    const auto& rs = doc_->ruleset();
    wxArrayString types, sides, faces;
    for (const auto& t : rs.unit_types) types.Add(utf8(t.name));
    for (const auto& s : sc.sides) sides.Add(utf8(s.name));
    faces.Add("front");
    faces.Add("back");
    const bool table = rs.table.enabled;
    units_->SetColLabelValue(kHex, table ? "At (cm)" : "Hex");
    units_->AppendRows(static_cast<int>(sc.units.size()));
    for (int r = 0; r < static_cast<int>(sc.units.size()); ++r) {
        const auto& u = sc.units[at(r)];
        units_->SetCellValue(r, kName, utf8(u.name));
        units_->SetCellValue(r, kType, utf8(rs.unit_types[at(u.type)].name));
        units_->SetCellEditor(r, kType, new wxGridCellChoiceEditor(types));
        units_->SetCellValue(r, kSide, utf8(sc.sides[at(u.side)].name));
        units_->SetCellEditor(r, kSide, new wxGridCellChoiceEditor(sides));
        units_->SetCellBackgroundColour(r, kSide, wxColour(sc.sides[at(u.side)].color).ChangeLightness(175));
        units_->SetCellValue(
            r, kHex,
            table ? utf8(load::format_cm(u.table.front_centre.x) + ", " + load::format_cm(u.table.front_centre.y))
                  : wxString(sc.map.grid.label(u.hex)));
        units_->SetCellValue(r, kArrives, wxString::Format("%d", u.arrives));
        units_->SetCellEditor(r, kArrives, new wxGridCellNumberEditor(1, sc.turns));
        units_->SetCellValue(r, kFace, u.back ? "back" : "front");
        units_->SetCellValue(r, kId, utf8(u.id));
        units_->SetCellEditor(r, kFace, new wxGridCellChoiceEditor(faces));
    }
    units_->AutoSizeColumns();
}

std::unique_ptr<EditCommand> ScenarioPanel::setting_edit(const std::string& property, const wxVariant& value) const {
    const auto& sc = doc_->scenario();
    if (property == "name") return set_scenario_name(*doc_, value.GetString().ToStdString(wxConvUTF8));
    if (property == "id") return set_scenario_id(*doc_, value.GetString().ToStdString(wxConvUTF8));
    if (property == "notes") return set_scenario_notes(*doc_, value.GetString().ToStdString(wxConvUTF8));
    if (property == "turns") return set_turns(*doc_, static_cast<int>(value.GetLong()));
    if (property == "first_side") return set_first_side(*doc_, static_cast<int>(value.GetLong()));
    if (property == "vp") return set_vp_per_enemy_strength(*doc_, static_cast<int>(value.GetLong()));
    if (property.rfind("side.", 0) == 0) {
        const auto [s, field] = indexed(property);
        const auto& side = sc.sides[at(s)];
        if (field == "name") return set_side_name(*doc_, s, value.GetString().ToStdString(wxConvUTF8));
        if (field == "colour") {
            wxColour colour;
            colour << value;
            return set_side_colour(*doc_, s, colour_text(colour));
        }
        if (field == "demoralization")
            return set_side_levels(*doc_, s, static_cast<int>(value.GetLong()), side.disintegration);
        if (field == "disintegration")
            return set_side_levels(*doc_, s, side.demoralization, static_cast<int>(value.GetLong()));
        if (field == "rally") return set_side_rally_rolls(*doc_, s, value.GetString().ToStdString());
    }
    if (property.rfind("objective.", 0) == 0) {
        const auto [o, field] = indexed(property);
        const auto& obj = sc.objectives[at(o)];
        if (field == "points") return set_objective(*doc_, o, static_cast<int>(value.GetLong()), obj.holder);
        if (field == "holder") return set_objective(*doc_, o, obj.points, static_cast<int>(value.GetLong()) - 1);
    }
    return nullptr;
}

std::unique_ptr<EditCommand> ScenarioPanel::unit_edit(int row, int column, const std::string& text) const {
    const auto& rs = doc_->ruleset();
    const auto& sc = doc_->scenario();
    switch (column) {
        case kName:
            return set_unit_name(*doc_, row, text);
        case kType:
            for (std::size_t t = 0; t < rs.unit_types.size(); ++t)
                if (rs.unit_types[t].name == text) return set_unit_type(*doc_, row, static_cast<int>(t));
            throw std::invalid_argument("'" + text + "' is not a unit type of the ruleset");
        case kSide:
            for (std::size_t s = 0; s < sc.sides.size(); ++s)
                if (sc.sides[s].name == text) return set_unit_side(*doc_, row, static_cast<int>(s));
            throw std::invalid_argument("'" + text + "' is not a side of the scenario");
        case kHex:
            return rs.table.enabled ? tabletop::set_unit_position(*doc_, row, text) : set_unit_hex(*doc_, row, text);
        case kArrives: {
            const bool number = !text.empty() && text.size() < 4 &&
                                std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
            if (!number) throw std::invalid_argument("the arrival is a turn number");
            return set_unit_arrives(*doc_, row, std::stoi(text));
        }
        case kFace:
            return set_unit_back(*doc_, row, text == "back");
        case kId:
            return set_unit_id(*doc_, row, text);
    }
    return nullptr;
}

// Checked as typed: a refused value is vetoed with the reason in the status bar.
void ScenarioPanel::on_unit_changing(wxGridEvent& e) {
    pending_.reset();
    if (!doc_ || filling_) return;
    try {
        pending_ = unit_edit(e.GetRow(), e.GetCol(), e.GetString().ToStdString(wxConvUTF8));
    } catch (const std::exception& error) {
        wxMessageBox(utf8(error.what()), "Not changed", wxOK | wxICON_INFORMATION, this);
        e.Veto();
    }
}

void ScenarioPanel::apply(std::unique_ptr<EditCommand> edit) {
    if (!perform_ || !edit) return;
    perform_(std::move(edit));
    CallAfter([this] { refresh(); });
}

void ScenarioPanel::add_unit() {
    if (!doc_) return;
    const auto& rs = doc_->ruleset();
    const auto& sc = doc_->scenario();
    wxArrayString types, sides;
    for (const auto& t : rs.unit_types) types.Add(utf8(t.name));
    for (const auto& s : sc.sides) sides.Add(utf8(s.name));
    const int type = wxGetSingleChoiceIndex("Type of the new unit", "Add Unit", types, this);
    if (type < 0) return;
    const int side = wxGetSingleChoiceIndex("Side of the new unit", "Add Unit", sides, this);
    if (side < 0) return;
    if (rs.table.enabled) {  // in the middle of the table, two full ranks of four files; drag it into place on the map
        tabletop::NewUnit n;
        n.type = type;
        n.side = side;
        n.front_centre = {sc.table.map.width / 2, sc.table.map.depth / 2};
        n.files = 4;
        n.figures = 8 * tabletop::stand_size(rs, type).figures_per_stand;
        try {
            apply(tabletop::place_unit(*doc_, n));
        } catch (const std::exception& e) {
            wxMessageBox(utf8(e.what()), "The unit was not added", wxOK | wxICON_INFORMATION, this);
        }
        return;
    }
    const geometry::Hex hex = target_hex_.value_or(sc.map.grid.hex_at(0));
    try {
        apply(studio::add_unit(*doc_, type, side, hex));
    } catch (const std::exception& e) {
        wxMessageBox(utf8(std::string(e.what()) + ". Click a hex the unit may stand on, then add it."),
                     "The unit was not added", wxOK | wxICON_INFORMATION, this);
    }
}

void ScenarioPanel::remove_unit() {
    if (!doc_) return;
    const wxArrayInt rows = units_->GetSelectedRows();
    const int row = !rows.empty() ? rows[0] : units_->GetGridCursorRow();
    if (row < 0 || row >= static_cast<int>(doc_->scenario().units.size())) return;
    apply(studio::remove_unit(*doc_, row));
}

}  // namespace sandtable::studio
