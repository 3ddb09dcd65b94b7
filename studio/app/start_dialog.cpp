#include "app/start_dialog.h"

#include <wx/button.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

namespace sandtable::studio {

StartDialog::StartDialog(wxWindow* parent, std::vector<std::string> recent)
    : wxDialog(parent, wxID_ANY, "Sandtable Studio", wxDefaultPosition, wxSize(640, 420),
               wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER),
      recent_(std::move(recent)) {
    auto* intro =
        new wxStaticText(this, wxID_ANY, "Start a project of your own from one of the bundled rulesets, or open one.");
    auto* new_project = new wxButton(this, wxID_ANY, wxString::FromUTF8("New Project from Template…"));
    auto* open = new wxButton(this, wxID_ANY, wxString::FromUTF8("Open Scenario…"));
    auto* folder = new wxButton(this, wxID_ANY, wxString::FromUTF8("Open Project Folder…"));
    list_ = new wxListBox(this, wxID_ANY);
    for (const auto& f : recent_) list_->Append(wxString::FromUTF8(f));
    auto* open_recent = new wxButton(this, wxID_ANY, "Open Recent");
    open_recent->Enable(!recent_.empty());
    auto* buttons = new wxBoxSizer(wxHORIZONTAL);
    buttons->Add(new_project, 0, wxRIGHT, 6);
    buttons->Add(open, 0, wxRIGHT, 6);
    buttons->Add(folder, 0);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(intro, 0, wxALL, 10);
    sizer->Add(buttons, 0, wxLEFT | wxRIGHT | wxBOTTOM, 10);
    sizer->Add(new wxStaticText(this, wxID_ANY,
                                recent_.empty() ? "No recent projects." : "Recent projects (double-click to open):"),
               0, wxLEFT | wxRIGHT, 10);
    sizer->Add(list_, 1, wxEXPAND | wxALL, 10);
    auto* bottom = new wxBoxSizer(wxHORIZONTAL);
    bottom->Add(open_recent, 0, wxRIGHT, 6);
    bottom->AddStretchSpacer();
    bottom->Add(new wxButton(this, wxID_CANCEL, "Close"), 0);
    sizer->Add(bottom, 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 10);
    SetSizer(sizer);
    new_project->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { choose(Choice::NewProject); });
    open->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { choose(Choice::OpenScenario); });
    folder->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { choose(Choice::OpenFolder); });
    open_recent->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { choose(Choice::Recent); });
    list_->Bind(wxEVT_LISTBOX_DCLICK, [this](wxCommandEvent&) { choose(Choice::Recent); });
    if (!recent_.empty()) list_->SetSelection(0);
}

void StartDialog::choose(Choice choice) {
    if (choice == Choice::Recent) {
        const int row = list_->GetSelection();
        if (row == wxNOT_FOUND) return;
        recent_file_ = recent_[static_cast<std::size_t>(row)];
    }
    choice_ = choice;
    EndModal(wxID_OK);
}

}  // namespace sandtable::studio
