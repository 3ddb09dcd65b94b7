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
#include <wx/sizer.h>
#include <wx/textctrl.h>
#include <wx/utils.h>

namespace sandtable::studio {

void MainFrame::build_menu() {
    auto* file = new wxMenu;
    file->Append(wxID_NEW, "&New Project from Template…\tCtrl+N");
    file->Append(wxID_OPEN, "&Open Scenario…\tCtrl+O");
    const int open_folder = wxWindow::NewControlId();
    file->Append(open_folder, wxString::FromUTF8("Open Project &Folder…\tCtrl+Shift+O"));
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { on_open_folder(); }, open_folder);
    // Undo and Redo are named for what they will do as the menu opens: the focus decides.
    Bind(wxEVT_MENU_OPEN, [this](wxMenuEvent& e) {
        if (e.GetMenu() == edit_menu_) label_undo_redo();
        e.Skip();
    });
    file->Append(wxID_SAVE, "&Save\tCtrl+S", "Every changed file: scenario, ruleset, tables, house rule, scripts");
    file->Append(wxID_SAVEAS, wxString::FromUTF8("Save Scenario &As…\tCtrl+Shift+S"),
                 "The scenario as a new file (a fresh id), which you then edit");
    const int new_scenario = wxWindow::NewControlId();
    file->Append(new_scenario, wxString::FromUTF8("New &Scenario…"),
                 "A blank scenario of this ruleset: the same map size and sides, nothing on it");
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { save_scenario_as(); }, wxID_SAVEAS);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { new_scenario_file(); }, new_scenario);
    file->AppendSeparator();
    const int open_replay_id = wxWindow::NewControlId(), save_replay_id = wxWindow::NewControlId();
    file->Append(open_replay_id, wxString::FromUTF8("Open &Replay…"),
                 "Watch a game saved by the studio or by `sandtable play --replay-out`, step through it, play on");
    file->Append(save_replay_id, wxString::FromUTF8("Save Replay…"),
                 "The game on the Playtest page, as a replay `sandtable replay` re-executes");
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            wxFileDialog dialog(this, "Open a replay", project_folder(), "", "Replays (*.yaml)|*.yaml|All files|*",
                                wxFD_OPEN | wxFD_FILE_MUST_EXIST);
            if (play_->confirm_discard_game() && dialog.ShowModal() == wxID_OK)
                open_replay(dialog.GetPath().ToStdString(wxConvUTF8));
        },
        open_replay_id);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            pages_->SetSelection(pages_->GetPageIndex(play_));
            play_->save_replay();
        },
        save_replay_id);
    auto* recent = new wxMenu;
    file->AppendSubMenu(recent, "Open &Recent");
    recent_.UseMenu(recent);
    recent_.AddFilesToMenu(recent);
    file->AppendSeparator();
    file->Append(wxID_EXIT, "&Quit\tCtrl+Q");
    edit_menu_ = new wxMenu;
    edit_menu_->Append(wxID_UNDO, "&Undo\tCtrl+Z");
    edit_menu_->Append(wxID_REDO, "&Redo\tCtrl+Y");
    auto* view = new wxMenu;
    const int fit = wxWindow::NewControlId(), labels = wxWindow::NewControlId(), grid = wxWindow::NewControlId();
    view->Append(fit, "&Fit Map to Window\tCtrl+0");
    const int resize = wxWindow::NewControlId();
    edit_menu_->AppendSeparator();
    edit_menu_->Append(resize, "Resize &Map…");
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { on_resize(); }, resize);
    const int check = wxWindow::NewControlId();
    edit_menu_->Append(check, "&Check Project\tF7");
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { check_project(); }, check);
    const int rule_tests = wxWindow::NewControlId();
    edit_menu_->Append(rule_tests, wxString::FromUTF8("Run &Rule Tests\tF8"),
                       "The ruleset's tests (its tests/ folder and its house rules'), failures in the Issues pane");
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { run_rule_tests(); }, rule_tests);
    const int changes = wxWindow::NewControlId();
    edit_menu_->Append(
        changes, wxString::FromUTF8("What the House Rules &Change…"),
        "Before → after of every value the scenario's house rules change, with their files and lines (as saved)");
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { show_house_rule_changes(); }, changes);
    const int house_rule = wxWindow::NewControlId();
    edit_menu_->Append(house_rule, wxString::FromUTF8("Start a &House Rule…"),
                       "Ruleset edits from now on go into a new house rule, not into the ruleset's files");
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { start_house_rule(); }, house_rule);
    view->AppendCheckItem(labels, "Hex &Labels\tCtrl+L")->Check(true);
    view->AppendCheckItem(grid, "Hex &Grid\tCtrl+G")->Check(true);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent& e) {
            canvas_->show_labels = e.IsChecked();
            canvas_->map_changed();
        },
        labels);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent& e) {
            canvas_->show_grid = e.IsChecked();
            canvas_->map_changed();
        },
        grid);
    view->AppendSeparator();
    const int scan = wxWindow::NewControlId(), calibrate = wxWindow::NewControlId(), opacity = wxWindow::NewControlId(),
              show_scan = wxWindow::NewControlId(), remove_scan = wxWindow::NewControlId(),
              zones = wxWindow::NewControlId();
    view->Append(scan, wxString::FromUTF8("Background &Scan…"));
    view->AppendCheckItem(calibrate, "&Calibrate Background (drag the two handles)");
    view->Append(opacity, wxString::FromUTF8("Background &Opacity…"));
    show_background_item_ = view->AppendCheckItem(show_scan, "Show &Background");
    show_background_item_->Check(true);
    view->Append(remove_scan, "&Remove Background");
    view->AppendSeparator();
    view->AppendCheckItem(zones, "&Deployment Zones")->Check(true);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { background_->choose(); }, scan);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent& e) { background_->calibrate(e.IsChecked()); }, calibrate);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { background_->ask_opacity(); }, opacity);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent& e) { background_->set_visible(e.IsChecked()); }, show_scan);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { background_->remove(); }, remove_scan);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent& e) {
            canvas_->show_zones = e.IsChecked();
            canvas_->Refresh();
        },
        zones);
    pane_menu_ = std::make_unique<PaneMenu>(
        this, aui_, view,
        std::vector<PaneMenu::Pane>{{"palette", "&Palette"}, {"units", "&Order of Battle"}, {"issues", "&Issues"}},
        default_layout_);
    Bind(wxEVT_MENU, &MainFrame::on_recent, this, wxID_FILE1, wxID_FILE9);
    auto* help = new wxMenu;
    const int formats = wxWindow::NewControlId(), lua_api = wxWindow::NewControlId();
    help->Append(formats, "&File Formats");
    help->Append(lua_api, "&Lua API for Rule Scripts");
    help->AppendSeparator();
    help->Append(wxID_ABOUT, "&About Sandtable Studio");
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
    Bind(
        wxEVT_MENU, [open_doc](wxCommandEvent&) { open_doc("formats.md"); }, formats);
    Bind(
        wxEVT_MENU, [open_doc](wxCommandEvent&) { open_doc("lua-api.md"); }, lua_api);
    const int house_rules = wxWindow::NewControlId();
    help->Insert(2, house_rules, "&House Rules");
    Bind(
        wxEVT_MENU, [open_doc](wxCommandEvent&) { open_doc("house-rules.md"); }, house_rules);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            ask(wxString::FromUTF8(
                    "Sandtable Studio\n\nPaint maps, define unit types, fill in the tables and write the "
                    "rules of a wargame; the Sandtable runtime plays them."),
                "About Sandtable Studio", wxOK | wxICON_INFORMATION);
        },
        wxID_ABOUT);
    auto* bar = new wxMenuBar;
    bar->Append(file, "&File");
    bar->Append(edit_menu_, "&Edit");
    bar->Append(view, "&View");
    bar->Append(help, "&Help");
    SetMenuBar(bar);
    // GTK's and macOS's redo key beside the Windows one shown in the menu.
    wxAcceleratorEntry redo_gtk(wxACCEL_CTRL | wxACCEL_SHIFT, 'Z', wxID_REDO);
    SetAcceleratorTable(wxAcceleratorTable(1, &redo_gtk));
    Bind(wxEVT_MENU, &MainFrame::on_open, this, wxID_OPEN);
    Bind(wxEVT_MENU, &MainFrame::on_new, this, wxID_NEW);
    Bind(wxEVT_MENU, &MainFrame::on_save, this, wxID_SAVE);
    Bind(wxEVT_MENU, &MainFrame::on_undo, this, wxID_UNDO);
    Bind(wxEVT_MENU, &MainFrame::on_redo, this, wxID_REDO);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { Close(); }, wxID_EXIT);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { canvas_->fit(); }, fit);
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
