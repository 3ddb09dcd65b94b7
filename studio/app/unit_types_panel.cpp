#include "app/unit_types_panel.h"

#include "app/checked_property_edits.h"
#include "app/layer_colours.h"
#include "core/rename_ids.h"
#include "core/unit_type_commands.h"
#include "render/counter_painter.h"
#include "rules/counter_symbols.h"

#include <wx/button.h>
#include <wx/dcbuffer.h>
#include <wx/msgdlg.h>
#include <wx/propgrid/advprops.h>
#include <wx/propgrid/props.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

namespace sandtable::studio {

namespace {
std::size_t to_size(int i) { return static_cast<std::size_t>(i); }

// The Symbol choice's value is the index of the symbol picked: its name is what is saved.
std::string symbol_named_by(const wxVariant& value) {
    if (value.GetType() != "long") return value.GetString().ToStdString(wxConvUTF8);
    const long index = value.GetLong();
    if (index < 0 || index >= static_cast<long>(rules::kCounterSymbols.size()))
        throw std::invalid_argument("no such counter symbol");
    return std::string(rules::kCounterSymbols[static_cast<std::size_t>(index)]);
}
}  // namespace

// Both faces of the selected type, once in each side's colours.
class CounterPreview : public wxPanel {
public:
    explicit CounterPreview(wxWindow* parent) : wxPanel(parent, wxID_ANY, wxDefaultPosition, wxSize(230, -1)) {
        SetBackgroundStyle(wxBG_STYLE_PAINT);
        Bind(wxEVT_PAINT, [this](wxPaintEvent&) { paint(); });
    }
    void show(const ScenarioDocument* doc, int type) {
        doc_ = doc;
        type_ = type;
        Refresh();
    }

private:
    void paint() {
        wxAutoBufferedPaintDC dc(this);
        dc.SetBackground(wxBrush(wxColour(236, 232, 222)));
        dc.Clear();
        if (!doc_ || type_ < 0) return;
        std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
        const auto& rs = doc_->ruleset();
        const auto& type = rs.unit_types[to_size(type_)];
        constexpr double kSize = 84, kGap = 22;
        double y = 16;
        const wxFont caption(wxFontInfo(9));
        for (const auto& side : doc_->scenario().sides) {
            gc->SetFont(caption, wxColour(60, 60, 50));  // the counters set their own
            gc->DrawText(wxString::FromUTF8(side.name), 16, y);
            y += 18;
            draw_counter(*gc, 16, y, kSize, counter_look(rs, type, false, side.color));
            if (type.back) draw_counter(*gc, 16 + kSize + kGap, y, kSize, counter_look(rs, type, true, side.color));
            y += kSize + 8;
            gc->SetFont(caption, wxColour(60, 60, 50));
            gc->DrawText("front", 16, y);
            if (type.back) gc->DrawText("back", 16 + kSize + kGap, y);
            y += 30;
        }
    }

    const ScenarioDocument* doc_ = nullptr;
    int type_ = -1;
};

UnitTypesPanel::UnitTypesPanel(wxWindow* parent) : wxPanel(parent, wxID_ANY) {
    list_ = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(190, -1));
    grid_ = new wxPropertyGrid(this, wxID_ANY, wxDefaultPosition, wxSize(300, -1),
                               wxPG_SPLITTER_AUTO_CENTER | wxPG_BOLD_MODIFIED);
    preview_ = new CounterPreview(this);
    auto* add_button = new wxButton(this, wxID_ANY, "Add", wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    auto* duplicate_button = new wxButton(this, wxID_ANY, "Duplicate", wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    auto* remove_button = new wxButton(this, wxID_ANY, "Remove", wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    auto* buttons = new wxBoxSizer(wxHORIZONTAL);
    buttons->Add(add_button, 0, wxRIGHT, 4);
    buttons->Add(duplicate_button, 0, wxRIGHT, 4);
    buttons->Add(remove_button, 0);
    auto* left = new wxBoxSizer(wxVERTICAL);
    left->Add(list_, 1, wxEXPAND | wxBOTTOM, 4);
    left->Add(buttons, 0);
    legend_ = new wxStaticText(this, wxID_ANY, "");
    auto* row = new wxBoxSizer(wxHORIZONTAL);
    row->Add(left, 0, wxEXPAND | wxALL, 4);
    row->Add(grid_, 1, wxEXPAND | wxALL, 4);
    row->Add(preview_, 0, wxEXPAND | wxALL, 4);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(legend_, 0, wxLEFT | wxTOP, 8);
    sizer->Add(row, 1, wxEXPAND);
    SetSizer(sizer);
    list_->Bind(wxEVT_LISTBOX, [this](wxCommandEvent&) { fill_grid(); });
    add_button->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { add(false); });
    duplicate_button->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { add(true); });
    remove_button->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { remove(); });
    bind_checked_edits(
        grid_,
        [this](const wxString& property, const wxVariant& value) {
            return doc_ && selected() != wxNOT_FOUND ? command_for(property, value) : nullptr;
        },
        [this](std::unique_ptr<EditCommand> edit) {
            if (!perform_) return;
            perform_(std::move(edit));
            refresh();
        });
}

void UnitTypesPanel::set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform) {
    doc_ = doc;
    changes_ = watch_document(doc, this, {DocumentPart::UnitTypes, DocumentPart::HouseRules}, [this] { refresh(); });
    perform_ = std::move(perform);
    fill_list();
    if (doc_ && !doc_->ruleset().unit_types.empty()) list_->SetSelection(0);
    fill_grid();
}

int UnitTypesPanel::selected() const { return doc_ ? list_->GetSelection() : wxNOT_FOUND; }

void UnitTypesPanel::refresh() {
    const int keep = selected();
    fill_list();
    const int count = static_cast<int>(list_->GetCount());
    if (count > 0) list_->SetSelection(std::clamp(keep, 0, count - 1));
    fill_grid();
}

void UnitTypesPanel::show_type(int index) {
    if (!doc_ || index < 0 || index >= static_cast<int>(list_->GetCount())) return;
    list_->SetSelection(index);
    fill_grid();
}

void UnitTypesPanel::fill_list() {
    list_->Clear();
    if (!doc_) return;
    for (const auto& t : doc_->ruleset().unit_types) list_->Append(wxString::FromUTF8(t.name));
}

// Property names say what they edit: "name", "symbol", "has_back",
// "front.class", "back.class", "front.3" (attribute 3 of the front).
void UnitTypesPanel::fill_grid() {
    grid_->Clear();
    const int t = selected();
    preview_->show(doc_, t);
    legend_->SetLabel(doc_ ? layers_legend(*doc_) : wxString());
    if (t == wxNOT_FOUND) return;
    const auto& rs = doc_->ruleset();
    const auto& type = rs.unit_types[to_size(t)];
    grid_->Append(new wxPropertyCategory("Counter"));
    auto* id = grid_->Append(new wxStringProperty("Id", "id", wxString::FromUTF8(type.id)));
    id->SetHelpString("Scenarios and rule modules name the type by its id: renamed, they follow (one undo step)");
    auto* name = grid_->Append(new wxStringProperty("Name", "name", wxString::FromUTF8(type.name)));
    wxArrayString symbols;
    for (const auto s : rules::kCounterSymbols) symbols.Add(wxString::FromUTF8(std::string(s)));
    // The known symbols only: the loader refuses any other (a choice's value is its index, turned back into the name
    // below).
    auto* symbol = grid_->Append(new wxEnumProperty("Symbol", "symbol", symbols, wxArrayInt(),
                                                    std::max(0, symbols.Index(wxString::FromUTF8(type.symbol)))));
    auto* has_back = grid_->Append(new wxBoolProperty("Has a back face", "has_back", type.back.has_value()));
    has_back->SetAttribute(wxPG_BOOL_USE_CHECKBOX, true);
    if (const auto* layers = doc_->layers()) {
        show_origin(name, layers->origin_of_type_name(rs, type.id));
        show_origin(symbol, layers->origin_of_type_symbol(rs, type.id));
        show_origin(has_back, layers->origin_of_unit_type(rs, type.id));
    }
    add_face("Front face", "front", type.id, type.front);
    if (type.back) add_face("Back face", "back", type.id, *type.back);
    grid_->SetSplitterLeft();
}

void UnitTypesPanel::add_face(const char* category, const std::string& prefix, const std::string& type_id,
                              const rules::UnitFace& face) {
    const auto& rs = doc_->ruleset();
    grid_->Append(new wxPropertyCategory(category, prefix));
    wxPGChoices classes;
    for (const auto& c : rs.movement_classes) classes.Add(wxString::FromUTF8(c));
    grid_->Append(
        new wxEnumProperty("Movement class", wxString::FromUTF8(prefix + ".class"), classes, face.movement_class));
    for (std::size_t a = 0; a < rs.attributes.size(); ++a) {
        const auto& spec = rs.attributes[a];
        const wxString label = wxString::FromUTF8(attribute_label(spec.id));
        const wxString name = wxString::FromUTF8(prefix + "." + std::to_string(a));
        const int value = a < face.values.size() ? face.values[a] : spec.default_value;
        wxPGProperty* p = nullptr;
        switch (spec.kind) {
            case rules::AttributeKind::Int:
                p = grid_->Append(new wxIntProperty(label, name, value));
                p->SetAttribute(wxPG_ATTR_MIN, spec.min);
                p->SetAttribute(wxPG_ATTR_MAX, spec.max);
                p->SetHelpString(wxString::Format("a whole number from %d to %d", spec.min, spec.max));
                break;
            case rules::AttributeKind::Bool:
                p = grid_->Append(new wxBoolProperty(label, name, value != 0));
                p->SetAttribute(wxPG_BOOL_USE_CHECKBOX, true);
                break;
            case rules::AttributeKind::Enum: {
                wxPGChoices values;
                for (const auto& v : spec.values) values.Add(wxString::FromUTF8(v));
                p = grid_->Append(new wxEnumProperty(label, name, values, value));
                break;
            }
        }
        if (const auto* layers = doc_->layers())
            show_origin(p, layers->origin_of_attribute(rs, type_id, prefix == "back", static_cast<int>(a)));
    }
}

// Shades a value that does not come from the ruleset itself and says where
// it comes from in its help text (shown in the status bar when selected).
void UnitTypesPanel::show_origin(wxPGProperty* p, std::size_t origin) {
    if (!p || origin == 0) return;
    p->SetBackgroundColour(origin_colour(origin));
    p->SetHelpString(p->GetHelpString() + (p->GetHelpString().empty() ? "" : "; ") +
                     wxString::FromUTF8("from " + doc_->layers()->describe(origin)));
}

// The edit a property's new value makes; throws with a designer's message
// when the value is not allowed.
std::unique_ptr<EditCommand> UnitTypesPanel::command_for(const wxString& property, const wxVariant& value) const {
    const int t = selected();
    const std::string name = property.ToStdString();
    if (name == "name")
        return std::make_unique<SetUnitTypeText>(*doc_, t, SetUnitTypeText::Field::Name,
                                                 value.GetString().ToStdString(wxConvUTF8));
    if (name == "id") return std::make_unique<RenameUnitType>(*doc_, t, value.GetString().ToStdString(wxConvUTF8));
    if (name == "symbol")
        return std::make_unique<SetUnitTypeText>(*doc_, t, SetUnitTypeText::Field::Symbol, symbol_named_by(value));
    if (name == "has_back") return std::make_unique<SetUnitTypeBackFace>(*doc_, t, value.GetBool());
    const auto dot = name.find('.');
    if (dot == std::string::npos) return nullptr;
    const CounterFace face = name.substr(0, dot) == "back" ? CounterFace::Back : CounterFace::Front;
    const std::string what = name.substr(dot + 1);
    if (what == "class")
        return std::make_unique<SetUnitTypeMovementClass>(*doc_, t, face, static_cast<int>(value.GetLong()));
    const int attribute = std::stoi(what);
    const int stored = value.GetType() == "bool" ? (value.GetBool() ? 1 : 0) : static_cast<int>(value.GetLong());
    return std::make_unique<SetUnitTypeAttribute>(*doc_, t, face, attribute, stored);
}

void UnitTypesPanel::add(bool duplicate) {
    if (!doc_ || !perform_) return;
    const int t = selected();
    auto command =
        std::make_unique<AddUnitType>(*doc_, duplicate && t != wxNOT_FOUND ? std::optional<int>(t) : std::nullopt);
    const int index = command->index();
    perform_(std::move(command));
    refresh();
    show_type(index);
}

void UnitTypesPanel::remove() {
    const int t = selected();
    if (t == wxNOT_FOUND || !perform_) return;
    try {
        perform_(std::make_unique<RemoveUnitType>(*doc_, t));
        refresh();
    } catch (const std::exception& e) {
        wxMessageBox(wxString::FromUTF8(e.what()), "The unit type was not removed", wxOK | wxICON_INFORMATION, this);
    }
}

}  // namespace sandtable::studio
