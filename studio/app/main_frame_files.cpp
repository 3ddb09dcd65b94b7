// The main window's files: the start (the last project, or the start
// dialog), opening, new projects and scenarios, saving and Save As, the
// prompt before work is thrown away, autosave, and files changed on disk.
#include "app/main_frame.h"
#include "app/open_editors.h"

#include <filesystem>

#include "app/start_dialog.h"
#include "core/project_template.h"

#include <wx/choicdlg.h>
#include <wx/dirdlg.h>
#include <wx/filedlg.h>
#include <wx/filename.h>
#include <wx/msgdlg.h>
#include <wx/time.h>
#include <wx/utils.h>

namespace sandtable::studio {

void MainFrame::start() {
    std::vector<std::string> recent;
    for (std::size_t i = 0; i < recent_.GetCount(); ++i)
        if (wxFileName::FileExists(recent_.GetHistoryFile(i)))
            recent.push_back(recent_.GetHistoryFile(i).ToStdString(wxConvUTF8));
    if (!recent.empty() && recent.front() == recent_.GetHistoryFile(0).ToStdString(wxConvUTF8)) {
        open(recent.front());
        return;
    }
    StartDialog dialog(this, recent);
    if (dialog.ShowModal() != wxID_OK) return;
    wxCommandEvent none;
    switch (dialog.choice()) {
        case StartDialog::Choice::NewProject:
            return on_new(none);
        case StartDialog::Choice::OpenScenario:
            return on_open(none);
        case StartDialog::Choice::OpenFolder:
            return on_open_folder();
        case StartDialog::Choice::Recent:
            open(dialog.recent_file());
            return;
        case StartDialog::Choice::Nothing:
            return;
    }
}

wxString MainFrame::project_folder() const {
    if (doc_) return wxFileName(wxString::FromUTF8(doc_->file())).GetPath();
    if (recent_.GetCount() > 0) return wxFileName(recent_.GetHistoryFile(0)).GetPath();
    return wxGetHomeDir();
}

// Names every file a save would write; "No" throws the work away, autosaves too.
bool MainFrame::confirm_discard() {
    if (!play_->confirm_discard_game()) return false;  // a game played by hand and not saved as a replay
    commit_open_editor(this);                          // a value still in its editor is unsaved work too
    if (!doc_) return true;
    if (!doc_->modified()) {
        doc_->discard_autosaves();  // as saved: an autosave left from before an undo holds nothing to recover
        return true;
    }
    std::string files;
    for (const auto& f : doc_->pending_files()) files += "\n    " + f;
    const int answer = ask(wxString::FromUTF8("Save the changes to these files?" + files), "Unsaved changes",
                           wxYES_NO | wxCANCEL | wxICON_QUESTION);
    if (answer == wxCANCEL) return false;
    if (answer == wxYES) {
        wxCommandEvent none;
        on_save(none);
        return !doc_->modified();
    }
    doc_->discard_autosaves();
    return true;
}

void MainFrame::on_open(wxCommandEvent&) {
    if (!confirm_discard()) return;
    wxFileDialog dialog(this, "Open a scenario", project_folder(), "", "Scenarios (*.yaml)|*.yaml",
                        wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    if (dialog.ShowModal() == wxID_OK) open(dialog.GetPath().ToStdString());
}

// A project folder (ruleset, scenarios, house rules): its scenario, or the
// one the designer picks when it has several.
void MainFrame::on_open_folder() {
    if (!confirm_discard()) return;
    wxDirDialog dialog(this, "A project folder", project_folder());
    if (dialog.ShowModal() != wxID_OK) return;
    try {
        const auto scenarios = project_scenarios(dialog.GetPath().ToStdString(wxConvUTF8));
        int pick = 0;
        if (scenarios.size() > 1) {
            wxArrayString names;
            for (const auto& s : scenarios) names.Add(wxFileName(wxString::FromUTF8(s)).GetFullName());
            pick = wxGetSingleChoiceIndex("Which scenario?", "Open Project Folder", names, this);
            if (pick < 0) return;
        }
        open(scenarios[static_cast<std::size_t>(pick)]);
    } catch (const std::exception& e) {
        ask(wxString::FromUTF8(e.what()), "Nothing to open", wxOK | wxICON_INFORMATION);
    }
}

// Copies a bundled ruleset with its scenarios into a new folder and opens it:
// the designer edits the copy, never the shipped files.
void MainFrame::on_new(wxCommandEvent&) {
    if (!confirm_discard()) return;
    const auto templates = bundled_templates(SANDTABLE_SOURCE_DIR);
    if (templates.empty()) return;
    wxArrayString choices;
    for (const auto& t : templates) choices.Add(wxString::FromUTF8(describe_template(SANDTABLE_SOURCE_DIR, t)));
    wxSingleChoiceDialog pick(
        this, "Start from which ruleset? Its rules, Lua library and scenarios are copied into a folder of your own.",
        "New project from template", choices);
    pick.SetSize(wxSize(960, 360));  // every template and its description in view
    if (pick.ShowModal() != wxID_OK) return;
    wxDirDialog where(this, "A new or empty folder for the project", wxGetHomeDir());
    if (where.ShowModal() != wxID_OK) return;
    try {
        open(create_project_from_template(SANDTABLE_SOURCE_DIR,
                                          templates[static_cast<std::size_t>(pick.GetSelection())],
                                          where.GetPath().ToStdString()));
    } catch (const std::exception& e) {
        ask(wxString::FromUTF8(e.what()), "The project was not created", wxOK | wxICON_ERROR);
    }
}

void MainFrame::on_save(wxCommandEvent&) {
    if (!doc_) return;
    commit_open_editor(this);  // Ctrl+S with the cursor still in a field saves what the field shows
    try {
        const auto files = doc_->pending_files();
        doc_->save();
        last_save_ = wxGetLocalTimeMillis();
        say(saved_message(files));  // the panes show the layer each saved edit went into (document_changes.h)
        check_project();            // the saved files are what the runtime will play
    } catch (const std::exception& e) {
        ask(wxString::FromUTF8(e.what()), "The scenario was not saved", wxOK | wxICON_ERROR);
    }
    refresh_state();
}

// Every file a save wrote, by name (the whole paths in the tooltip); nothing changed: says so.
wxString MainFrame::saved_message(const std::vector<std::string>& files) const {
    if (files.empty()) return "Nothing to save: every file is as on disk (" + wxString::FromUTF8(doc_->file()) + ")";
    std::string names;
    for (const auto& f : files) names += (names.empty() ? "" : ", ") + std::filesystem::path(f).filename().string();
    return wxString::Format("Saved %zu file%s: ", files.size(), files.size() == 1 ? "" : "s") +
           wxString::FromUTF8(names);
}

// The file asked for in the project's folder; the document is that file from then on.
void MainFrame::save_scenario_as() {
    if (!doc_) return;
    wxFileDialog dialog(this, "Save the scenario as", project_folder(), "", "Scenarios (*.yaml)|*.yaml",
                        wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dialog.ShowModal() != wxID_OK) return;
    std::string file = dialog.GetPath().ToStdString(wxConvUTF8);
    if (!wxString::FromUTF8(file).Lower().EndsWith(".yaml")) file += ".yaml";
    try {
        doc_->save_as(file);
        last_save_ = wxGetLocalTimeMillis();
        recent_.AddFileToHistory(wxString::FromUTF8(file));
        watcher_.watch(ProjectWatcher::folders_of(*doc_));
        say("Saved as " + wxString::FromUTF8(file));
    } catch (const std::exception& e) {
        ask(wxString::FromUTF8(e.what()), "The scenario was not saved", wxOK | wxICON_ERROR);
    }
}

// A blank scenario of the open one's ruleset, written where asked, then opened.
void MainFrame::new_scenario_file() {
    if (!doc_ || !confirm_discard()) return;
    wxFileDialog dialog(this, "A new scenario of " + wxString::FromUTF8(doc_->ruleset().name), project_folder(), "",
                        "Scenarios (*.yaml)|*.yaml", wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dialog.ShowModal() != wxID_OK) return;
    std::string file = dialog.GetPath().ToStdString(wxConvUTF8);
    if (!wxString::FromUTF8(file).Lower().EndsWith(".yaml")) file += ".yaml";
    try {
        doc_->write_blank_scenario(file);
        open(file, false);
    } catch (const std::exception& e) {
        ask(wxString::FromUTF8(e.what()), "The scenario was not created", wxOK | wxICON_ERROR);
    }
}

void MainFrame::on_recent(wxCommandEvent& e) {
    if (!confirm_discard()) return;
    open(recent_.GetHistoryFile(static_cast<std::size_t>(e.GetId() - wxID_FILE1)).ToStdString());
}

// Every minute, unsaved work goes to a file beside the scenario; it is
// offered back when the scenario is next opened, and removed on save.
void MainFrame::on_autosave(wxTimerEvent&) { autosave_now(); }

void MainFrame::autosave_now() {
    if (!doc_) return;
    try {
        if (!doc_->modified())
            return doc_->discard_autosaves();  // back as saved (an undo, typing deleted): nothing to recover
        doc_->autosave();
    } catch (const std::exception& e) {
        say("Autosave failed: " + wxString::FromUTF8(e.what()));
    }
}

// A file changed by another program (a text editor, git) is read again
// unless the studio holds unsaved edits, which are never thrown away.
void MainFrame::on_file_changed(const wxString& path) {
    if (!doc_) return;
    if (wxGetLocalTimeMillis() - last_save_ < 3000 || doc_->same_as_on_disk()) return;  // our own save
    if (doc_->modified()) {
        say(path + " changed on disk; your unsaved edits are kept (save, or reopen to load it)");
        return;
    }
    const std::string file = doc_->file(), script = scripts_->open_file();
    open(file, false);
    if (!script.empty()) scripts_->select_module_of(script);  // the module being read stays open
    play_->sources_changed();
    say("Reloaded: " + path + " changed on disk");
}

}  // namespace sandtable::studio
