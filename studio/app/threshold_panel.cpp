#include "app/threshold_panel.h"

#include "app/checked_property_edits.h"
#include "core/threshold_commands.h"

#include <wx/propgrid/props.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

#include <algorithm>

namespace sandtable::studio {

namespace {
constexpr int kModifiers[] = {-2, -1, 0, 1, 2};
const char* kFixedTarget = "(a fixed number)";

using Compare = rules::ThresholdTable::Compare;
}  // namespace

ThresholdPanel::ThresholdPanel(wxWindow* parent) : wxPanel(parent, wxID_ANY) {
    properties_ = new wxPropertyGrid(this, wxID_ANY, wxDefaultPosition, wxSize(320, 200), wxPG_SPLITTER_AUTO_CENTER);
    chances_ = new wxGrid(this, wxID_ANY);
    chances_->CreateGrid(0, 0);
    chances_->EnableEditing(false);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(properties_, 0, wxEXPAND | wxALL, 4);
    sizer->Add(new wxStaticText(this, wxID_ANY, "Chance of success by target value (rows) and die modifier (columns):"),
               0, wxLEFT | wxTOP, 4);
    sizer->Add(chances_, 1, wxEXPAND | wxALL, 4);
    SetSizer(sizer);
    bind_checked_edits(
        properties_,
        [this](const wxString& property, const wxVariant& value) {
            return doc_ && table_ >= 0 ? edit_for(property.ToStdString(), value) : nullptr;
        },
        [this](std::unique_ptr<EditCommand> edit) {
            if (!perform_) return;
            perform_(std::move(edit));
            refresh();
        });
}

void ThresholdPanel::set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform) {
    doc_ = doc;
    perform_ = std::move(perform);
    table_ = -1;
}

void ThresholdPanel::show(int table) {
    table_ = table;
    refresh();
}

void ThresholdPanel::refresh() {
    fill_properties();
    fill_chances();
}

void ThresholdPanel::fill_properties() {
    properties_->Clear();
    if (!doc_ || table_ < 0) return;
    const auto& t = doc_->ruleset().threshold_tables[static_cast<std::size_t>(table_)];
    properties_->Append(new wxIntProperty("Die faces", "die", t.die_faces));
    wxPGChoices compare;
    compare.Add("roll at most the target", 0);
    compare.Add("roll at least the target", 1);
    properties_->Append(new wxEnumProperty("Succeeds on", "compare", compare, t.compare == Compare::AtMost ? 0 : 1));
    wxPGChoices attributes;
    attributes.Add(kFixedTarget);
    int chosen = 0;
    for (const auto& a : doc_->ruleset().attributes) {
        if (a.kind != rules::AttributeKind::Int) continue;
        attributes.Add(wxString::FromUTF8(a.id));
        if (a.id == t.target_attribute) chosen = static_cast<int>(attributes.GetCount()) - 1;
    }
    properties_->Append(new wxEnumProperty("Target from the unit's", "attribute", attributes, chosen));
    auto* target = properties_->Append(new wxIntProperty("Target number", "target", t.target));
    target->Enable(t.target_attribute.empty());
    properties_->Append(new wxStringProperty("Result on success", "success", wxString::FromUTF8(t.success)));
    properties_->SetSplitterLeft();
}

// The target values the table meets: the attribute's range clipped to the
// die (and one beyond, so "never" and "always" show), or the fixed number.
void ThresholdPanel::fill_chances() {
    if (chances_->GetNumberRows() > 0) chances_->DeleteRows(0, chances_->GetNumberRows());
    if (chances_->GetNumberCols() > 0) chances_->DeleteCols(0, chances_->GetNumberCols());
    if (!doc_ || table_ < 0) return;
    const auto& rs = doc_->ruleset();
    const auto& t = rs.threshold_tables[static_cast<std::size_t>(table_)];
    std::vector<int> targets{t.target};
    if (const int a = rs.attribute_index(t.target_attribute); a >= 0) {
        targets.clear();
        const auto& spec = rs.attributes[static_cast<std::size_t>(a)];
        for (int v = std::max(spec.min, 0); v <= std::min(spec.max, t.die_faces + 1); ++v) targets.push_back(v);
    }
    chances_->AppendCols(static_cast<int>(std::size(kModifiers)));
    chances_->AppendRows(static_cast<int>(targets.size()));
    for (int c = 0; c < static_cast<int>(std::size(kModifiers)); ++c)
        chances_->SetColLabelValue(c, wxString::Format("%+d", kModifiers[c]));
    for (int r = 0; r < static_cast<int>(targets.size()); ++r) {
        chances_->SetRowLabelValue(r, wxString::Format("%d", targets[static_cast<std::size_t>(r)]));
        for (int c = 0; c < static_cast<int>(std::size(kModifiers)); ++c) {
            chances_->SetCellValue(
                r, c,
                wxString::Format("%.1f%%", 100 * t.probability(targets[static_cast<std::size_t>(r)], kModifiers[c])));
            chances_->SetCellAlignment(r, c, wxALIGN_RIGHT, wxALIGN_CENTRE);
        }
    }
    chances_->SetRowLabelSize(wxGRID_AUTOSIZE);
    chances_->AutoSizeColumns();
}

std::unique_ptr<EditCommand> ThresholdPanel::edit_for(const std::string& property, const wxVariant& value) const {
    if (property == "die") return ChangeThresholdTable::set_die(*doc_, table_, static_cast<int>(value.GetLong()));
    if (property == "compare")
        return ChangeThresholdTable::set_compare(*doc_, table_,
                                                 value.GetLong() == 0 ? Compare::AtMost : Compare::AtLeast);
    if (property == "target") return ChangeThresholdTable::set_target(*doc_, table_, static_cast<int>(value.GetLong()));
    if (property == "success")
        return ChangeThresholdTable::set_success(*doc_, table_, value.GetString().ToStdString(wxConvUTF8));
    if (property == "attribute") {
        const wxString label =
            properties_->GetProperty("attribute")->GetChoices().GetLabel(static_cast<unsigned>(value.GetLong()));
        return ChangeThresholdTable::set_target_attribute(*doc_, table_,
                                                          label == kFixedTarget ? std::string() : label.ToStdString());
    }
    return nullptr;
}

}  // namespace sandtable::studio
