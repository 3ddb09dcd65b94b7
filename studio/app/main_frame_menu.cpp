// The main window's menus: File, Edit, View and Help, and the window that
// shows what the house rules change.
#include "app/main_frame.h"

#include "app/text_window.h"
#include "core/plain_text.h"
#include "load/loader.h"

#include <wx/accel.h>
#include <wx/dialog.h>
#include <wx/filedlg.h>
#include <wx/filename.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>

#include <functional>
#include <wx/sizer.h>
#include <wx/textctrl.h>
#include <wx/utils.h>

namespace sandtable::studio {

namespace {

// A menu item that runs `run`, bound to a fresh id.
wxMenuItem* add_command(wxWindow& window, wxMenu* menu, const wxString& label, const wxString& help,
                        std::function<void()> run) {
    const int id = wxWindow::NewControlId();
    wxMenuItem* item = menu->Append(id, label, help);
    window.Bind(
        wxEVT_MENU, [run = std::move(run)](wxCommandEvent&) { run(); }, id);
    return item;
}

// A check item that runs `toggle` with its new state.
wxMenuItem* add_toggle(wxWindow& window, wxMenu* menu, const wxString& label, bool checked,
                       std::function<void(bool)> toggle) {
    const int id = wxWindow::NewControlId();
    wxMenuItem* item = menu->AppendCheckItem(id, label);
    item->Check(checked);
    window.Bind(
        wxEVT_MENU, [toggle = std::move(toggle)](wxCommandEvent& e) { toggle(e.IsChecked()); }, id);
    return item;
}

wxString utf8(const char* text) { return wxString::FromUTF8(text); }

}  // namespace

void MainFrame::build_menu() {
    auto* bar = new wxMenuBar;
    bar->Append(build_file_menu(), "&File");
    bar->Append(build_edit_menu(), "&Edit");
    bar->Append(build_view_menu(), "&View");
    bar->Append(build_help_menu(), "&Help");
    SetMenuBar(bar);
    // GTK's and macOS's redo key beside the Windows one shown in the menu.
    wxAcceleratorEntry redo_gtk(wxACCEL_CTRL | wxACCEL_SHIFT, 'Z', wxID_REDO);
    SetAcceleratorTable(wxAcceleratorTable(1, &redo_gtk));
    Bind(wxEVT_MENU, &MainFrame::on_open, this, wxID_OPEN);
    Bind(wxEVT_MENU, &MainFrame::on_new, this, wxID_NEW);
    Bind(wxEVT_MENU, &MainFrame::on_save, this, wxID_SAVE);
    Bind(wxEVT_MENU, &MainFrame::on_undo, this, wxID_UNDO);
    Bind(wxEVT_MENU, &MainFrame::on_redo, this, wxID_REDO);
    Bind(wxEVT_MENU, &MainFrame::on_recent, this, wxID_FILE1, wxID_FILE9);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { Close(); }, wxID_EXIT);
    // Undo and Redo are named for what they will do as the menu opens: the focus decides.
    Bind(wxEVT_MENU_OPEN, [this](wxMenuEvent& e) {
        if (e.GetMenu() == edit_menu_) label_undo_redo();
        e.Skip();
    });
}

wxMenu* MainFrame::build_file_menu() {
    auto* file = new wxMenu;
    file->Append(wxID_NEW, "&New Project from Template…\tCtrl+N");
    file->Append(wxID_OPEN, "&Open Scenario…\tCtrl+O");
    add_command(*this, file, utf8("Open Project &Folder…\tCtrl+Shift+O"), "", [this] { on_open_folder(); });
    file->Append(wxID_SAVE, "&Save\tCtrl+S", "Every changed file: scenario, ruleset, tables, house rule, scripts");
    file->Append(wxID_SAVEAS, utf8("Save Scenario &As…\tCtrl+Shift+S"),
                 "The scenario as a new file (a fresh id), which you then edit");
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { save_scenario_as(); }, wxID_SAVEAS);
    add_command(*this, file, utf8("New &Scenario…"),
                "A blank scenario of this ruleset: the same map size and sides, nothing on it",
                [this] { new_scenario_file(); });
    file->AppendSeparator();
    add_command(*this, file, utf8("Open &Replay…"),
                "Watch a game saved by the studio or by `sandtable play --replay-out`, step through it, play on",
                [this] {
                    wxFileDialog dialog(this, "Open a replay", project_folder(), "",
                                        "Replays (*.yaml)|*.yaml|All files|*", wxFD_OPEN | wxFD_FILE_MUST_EXIST);
                    if (play_->confirm_discard_game() && dialog.ShowModal() == wxID_OK)
                        open_replay(dialog.GetPath().ToStdString(wxConvUTF8));
                });
    add_command(*this, file, utf8("Save Replay…"),
                "The game on the Playtest page, as a replay `sandtable replay` re-executes", [this] {
                    pages_->SetSelection(pages_->GetPageIndex(play_));
                    play_->save_replay();
                });
    auto* recent = new wxMenu;
    file->AppendSubMenu(recent, "Open &Recent");
    recent_.UseMenu(recent);
    recent_.AddFilesToMenu(recent);
    file->AppendSeparator();
    file->Append(wxID_EXIT, "&Quit\tCtrl+Q");
    return file;
}

wxMenu* MainFrame::build_edit_menu() {
    edit_menu_ = new wxMenu;
    edit_menu_->Append(wxID_UNDO, "&Undo\tCtrl+Z");
    edit_menu_->Append(wxID_REDO, "&Redo\tCtrl+Y");
    edit_menu_->AppendSeparator();
    add_command(*this, edit_menu_, utf8("Resize &Map…"), "", [this] { on_resize(); });
    add_command(*this, edit_menu_, "&Check Project\tF7", "", [this] { check_project(); });
    add_command(*this, edit_menu_, "Run &Rule Tests\tF8",
                "The ruleset's tests (its tests/ folder and its house rules'), failures in the Issues pane",
                [this] { run_rule_tests(); });
    add_command(
        *this, edit_menu_, utf8("What the House Rules &Change…"),
        utf8("Before → after of every value the scenario's house rules change, with their files and lines (as saved)"),
        [this] { show_house_rule_changes(); });
    add_command(*this, edit_menu_, utf8("Start a &House Rule…"),
                "Ruleset edits from now on go into a new house rule, not into the ruleset's files",
                [this] { start_house_rule(); });
    return edit_menu_;
}

wxMenu* MainFrame::build_view_menu() {
    auto* view = new wxMenu;
    add_command(*this, view, "&Fit Map to Window\tCtrl+0", "", [this] { canvas_->fit(); });
    add_toggle(*this, view, "Hex &Labels\tCtrl+L", true, [this](bool on) {
        canvas_->show_labels = on;
        canvas_->map_changed();
    });
    add_toggle(*this, view, "Hex &Grid\tCtrl+G", true, [this](bool on) {
        canvas_->show_grid = on;
        canvas_->map_changed();
    });
    view->AppendSeparator();
    add_command(*this, view, utf8("Background &Scan…"), "", [this] { background_->choose(); });
    add_toggle(*this, view, "&Calibrate Background (drag the two handles)", false,
               [this](bool on) { background_->calibrate(on); });
    add_command(*this, view, utf8("Background &Opacity…"), "", [this] { background_->ask_opacity(); });
    show_background_item_ =
        add_toggle(*this, view, "Show &Background", true, [this](bool on) { background_->set_visible(on); });
    add_command(*this, view, "&Remove Background", "", [this] { background_->remove(); });
    view->AppendSeparator();
    add_toggle(*this, view, "&Deployment Zones", true, [this](bool on) {
        canvas_->show_zones = on;
        canvas_->Refresh();
    });
    pane_menu_ = std::make_unique<PaneMenu>(
        this, aui_, view,
        std::vector<PaneMenu::Pane>{{"palette", "&Palette"}, {"units", "&Order of Battle"}, {"issues", "&Issues"}},
        default_layout_);
    return view;
}

wxMenu* MainFrame::build_help_menu() {
    auto* help = new wxMenu;
    // The docs in a window of their own, to read beside the work: no browser needed.
    auto open_doc = [this](const char* name) {
        const std::string file = std::string(SANDTABLE_SOURCE_DIR) + "/docs/" + name;
        try {
            show_text_window(this, wxString::FromUTF8(file),
                             wxString::FromUTF8(plain_text_of_markdown(load::read_file(file))), false);
        } catch (const std::exception& e) {
            ask(wxString::FromUTF8(e.what()), "The help file cannot be read", wxOK | wxICON_ERROR);
        }
    };
    add_command(*this, help, "&File Formats", "", [open_doc] { open_doc("formats.md"); });
    add_command(*this, help, "&Lua API for Rule Scripts", "", [open_doc] { open_doc("lua-api.md"); });
    add_command(*this, help, "&House Rules", "", [open_doc] { open_doc("house-rules.md"); });
    help->AppendSeparator();
    help->Append(wxID_ABOUT, "&About Sandtable Studio");
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            ask(wxString::FromUTF8(
                    "Sandtable Studio\n\nPaint maps, define unit types, fill in the tables and write the "
                    "rules of a wargame; the Sandtable runtime plays them."),
                "About Sandtable Studio", wxOK | wxICON_INFORMATION);
        },
        wxID_ABOUT);
    return help;
}

// The text of `sandtable rules diff` for the scenario's house rules, in a window of its own.
void MainFrame::show_house_rule_changes() {
    if (!doc_) return;
    std::string text;
    try {
        text = doc_->house_rule_changes();
    } catch (const load::LoadError& e) {
        for (const auto& d : e.diagnostics()) text += d.to_string() + "\n";
    }
    text = plain_text_of_markdown(text);
    if (doc_->modified()) text = "(As saved: edits not saved yet are not in it.)\n\n" + text;
    show_text_window(this, "What the house rules change", wxString::FromUTF8(text), true);
}

}  // namespace sandtable::studio
