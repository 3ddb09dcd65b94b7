#include "app/issues_panel.h"

#include "app/list_fit.h"

#include <wx/button.h>
#include <wx/filename.h>
#include <wx/sizer.h>

namespace sandtable::studio {

namespace {
// File names only: the folder is the project's, and long paths hide the message.
wxString place(const rules::SourceLocation& where) {
    wxString text = wxFileName(wxString::FromUTF8(where.file)).GetFullName();
    if (where.line > 0) text += wxString::Format(":%d", where.line);
    if (where.column > 0) text += wxString::Format(":%d", where.column);
    return text;
}

wxString what_opens(const IssueTarget& t) {
    switch (t.kind) {
        case IssueTarget::Kind::Hex:
            return "hex";
        case IssueTarget::Kind::UnitType:
            return "unit type";
        case IssueTarget::Kind::TableCell:
            return t.row >= 0 ? "table cell" : "table";
        case IssueTarget::Kind::ScriptLine:
            return "script line";
        case IssueTarget::Kind::File:
            return "";
    }
    return "";
}
}  // namespace

IssuesPanel::IssuesPanel(wxWindow* parent) : wxPanel(parent, wxID_ANY) {
    list_ = new wxListCtrl(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxLC_REPORT | wxLC_SINGLE_SEL);
    list_->AppendColumn("", wxLIST_FORMAT_LEFT, 70);
    list_->AppendColumn("Where", wxLIST_FORMAT_LEFT, 230);
    list_->AppendColumn("Problem", wxLIST_FORMAT_LEFT, 640);
    list_->AppendColumn("Opens", wxLIST_FORMAT_LEFT, 90);
    auto* check = new wxButton(this, wxID_ANY, "Check Project");
    check->SetToolTip(
        "Load the saved files, compile every rule module, start a game and lint the edited scenario (F7)");
    auto* sizer = new wxBoxSizer(wxHORIZONTAL);
    sizer->Add(list_, 1, wxEXPAND);
    sizer->Add(check, 0, wxALL, 4);
    SetSizer(sizer);
    list_->Bind(wxEVT_LIST_ITEM_ACTIVATED, [this](wxListEvent& e) { open(e.GetIndex()); });
    tip_rows_under_mouse(list_);  // a problem longer than its column reads whole under the mouse
    // The Problem column takes the width the others leave.
    list_->Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
        e.Skip();
        const int rest =
            list_->GetClientSize().x - list_->GetColumnWidth(0) - list_->GetColumnWidth(1) - list_->GetColumnWidth(3);
        if (rest > 200) list_->SetColumnWidth(2, rest);
    });
    check->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        if (on_check) on_check();
    });
}

void IssuesPanel::show(std::vector<ProjectIssue> issues) {
    ++checks_shown_;
    issues_ = std::move(issues);
    list_->DeleteAllItems();
    list_->UnsetToolTip();  // the row it named is gone
    for (const auto& issue : issues_) {
        const long row = list_->InsertItem(list_->GetItemCount(), issue.error() ? "Error" : "Warning");
        list_->SetItem(row, 1, place(issue.where));
        list_->SetItem(row, 2, wxString::FromUTF8(issue.message));
        list_->SetItem(row, 3, what_opens(issue.target));
        list_->SetItemTextColour(row, issue.error() ? wxColour(170, 20, 20) : wxColour(140, 95, 0));
    }
}

void IssuesPanel::show_clean(const std::string& text) {
    ++checks_shown_;
    issues_.clear();
    list_->DeleteAllItems();
    const long row = list_->InsertItem(0, "OK");
    list_->SetItem(row, 2, wxString::FromUTF8(text));
    list_->SetItemTextColour(row, wxColour(30, 110, 40));
}

void IssuesPanel::open(long row) {
    if (row < 0 || static_cast<std::size_t>(row) >= issues_.size() || !on_open) return;
    on_open(issues_[static_cast<std::size_t>(row)].target, issues_[static_cast<std::size_t>(row)]);
}

}  // namespace sandtable::studio
