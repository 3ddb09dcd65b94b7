#include "app/main_frame.h"

#include "core/free_table_commands.h"
#include "core/scenario_commands.h"
#include "app/start_dialog.h"
#include "core/project_template.h"
#include "load/table_map_writer.h"

#include <wx/accel.h>
#include <wx/config.h>
#include <wx/stc/stc.h>
#include <wx/textctrl.h>
#include <wx/textdlg.h>
#include <wx/utils.h>
#include <wx/dnd.h>
#include <wx/choicdlg.h>
#include <wx/dialog.h>
#include <wx/dirdlg.h>
#include <wx/evtloop.h>
#include <wx/filedlg.h>
#include <wx/filename.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/numdlg.h>
#include <wx/sizer.h>
#include <wx/time.h>

#include <algorithm>
#include <cmath>
#include <cctype>

namespace sandtable::studio {

MainFrame::MainFrame() : wxFrame(nullptr, wxID_ANY, "Sandtable Studio", wxDefaultPosition, wxSize(1280, 860)) {
    aui_.SetManagedWindow(this);
    // The map and the tables share the middle as notebook pages.
    pages_ = new wxAuiNotebook(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxAUI_NB_TOP | wxAUI_NB_TAB_MOVE);
    canvas_ = new MapCanvas(pages_);
    palette_ = new PalettePane(this, canvas_);
    palette_->on_hex_clicked = [this](geometry::Hex hex) { scenario_page_->set_target_hex(hex); };
    units_ = new wxListCtrl(this, wxID_ANY, wxDefaultPosition, wxSize(330, -1), wxLC_REPORT | wxLC_SINGLE_SEL);
    for (const char* column : {"Unit", "Type", "Side", "Hex", "Arrives"}) units_->AppendColumn(column);
    // A unit dragged from the order of battle onto the map goes to the hex it is dropped on.
    units_->Bind(wxEVT_LIST_BEGIN_DRAG, [this](wxListEvent& e) {
        wxTextDataObject data(MapCanvas::unit_drag_text(static_cast<int>(e.GetIndex())));
        wxDropSource source(data, units_);
        source.DoDragDrop(wxDrag_DefaultMove);
    });
    issues_ = new IssuesPanel(this);
    issues_->on_check = [this] { check_project(); };
    issues_->on_open = [this](const IssueTarget& target, const ProjectIssue& issue) { open_issue(target, issue); };
    tables_ = new TablesPanel(pages_);
    unit_types_ = new UnitTypesPanel(pages_);
    scenario_page_ = new ScenarioPanel(pages_);
    scripts_ = new ScriptsPanel(pages_);
    balance_ = new BalancePanel(pages_);
    play_ = new PlayPanel(pages_);
    play_->on_status = [this](const wxString& text) { say(text); };
    play_->ask = [this](const wxString& message, const wxString& caption, long style) { return ask(message, caption, style); };
    play_->save_document = balance_->save_document = [this] {
        wxCommandEvent none;
        on_save(none);
        return doc_ && !doc_->modified();
    };
    balance_->ask = play_->ask;
    scripts_->on_saved = [this] { refresh_state(); };
    scripts_->on_check = [this] { check_project(); };
    scripts_->on_modified_changed = [this] { refresh_state(); };
    pages_->AddPage(canvas_, "Map", true);
    pages_->AddPage(scenario_page_, "Scenario");
    pages_->AddPage(unit_types_, "Unit Types");
    pages_->AddPage(tables_, "Tables");
    pages_->AddPage(scripts_, "Rules & Scripts");
    pages_->AddPage(play_, "Playtest");
    pages_->AddPage(balance_, "Balance Lab");
    aui_.AddPane(pages_, wxAuiPaneInfo().Name("pages").CenterPane());
    aui_.AddPane(palette_, wxAuiPaneInfo().Name("palette").Caption("Palette").Left().BestSize(230, -1));
    aui_.AddPane(units_, wxAuiPaneInfo().Name("units").Caption("Order of battle").Right().BestSize(330, -1));
    aui_.AddPane(issues_, wxAuiPaneInfo().Name("issues").Caption("Issues (double-click to open)").Bottom().BestSize(-1, 130));
    aui_.Update();
    default_layout_ = aui_.SavePerspective();
    pages_->Bind(wxEVT_AUINOTEBOOK_PAGE_CHANGED, [this](wxAuiNotebookEvent& e) {
        on_page_changed();
        e.Skip();
    });
    build_menu();
    CreateStatusBar(3);
    const int widths[] = {-3, -3, -4};
    SetStatusWidths(3, widths);
    canvas_->on_hover = [this](std::optional<geometry::Hex> hex) { on_hover(hex); };
    canvas_->on_hex_context = [this](geometry::Hex hex) { hex_menu(hex); };
    canvas_->on_unit_dropped = [this](int unit, geometry::Hex to) { on_unit_dropped(unit, to); };
    canvas_->on_table_hover = [this](std::optional<geometry::table::Point> cm) { on_table_hover(cm); };
    canvas_->on_table_unit_dropped = [this](int unit, geometry::table::Point cm) { on_table_unit_dropped(unit, cm); };
    palette_->on_status = [this](const wxString& text) { say(text); };
    // The docking layout and the recent projects outlive the session.
    wxConfigBase* config = wxConfigBase::Get();
    recent_.Load(*config);
    wxString layout;
    if (config->Read("layout", &layout)) aui_.LoadPerspective(layout);
    pane_menu_->sync();
    autosave_timer_.SetOwner(this);
    Bind(wxEVT_TIMER, &MainFrame::on_autosave, this);
    autosave_timer_.Start(60'000);
    background_ = std::make_unique<BackgroundScan>(this, canvas_, [this](const wxString& text) { say(text); });
    canvas_->on_anchor_dropped = [this](int anchor, Point map) { background_->anchor_dropped(anchor, map); };
    Bind(wxEVT_CLOSE_WINDOW, &MainFrame::on_close, this);
    ask = [this](const wxString& message, const wxString& caption, long style) { return wxMessageBox(message, caption, style, this); };
}

MainFrame::~MainFrame() {
    wxConfigBase* config = wxConfigBase::Get();
    config->Write("layout", layout_before_play_.empty() ? aui_.SavePerspective() : layout_before_play_);
    recent_.Save(*config);
    config->Flush();
    aui_.UnInit();
}

// The message line (the bar's default style shows a message it cuts short
// whole in a tooltip).
void MainFrame::say(const wxString& text) { SetStatusText(text, 1); }

void MainFrame::select_page(Page page) {
    wxWindow* const pages[] = {canvas_, scenario_page_, unit_types_, tables_, scripts_, play_, balance_};
    pages_->SetSelection(static_cast<std::size_t>(pages_->GetPageIndex(pages[static_cast<int>(page)])));
}

void MainFrame::build_menu() {
    auto* file = new wxMenu;
    file->Append(wxID_NEW, "&New Project from Template…\tCtrl+N");
    file->Append(wxID_OPEN, "&Open Scenario…\tCtrl+O");
    const int open_folder = wxWindow::NewControlId();
    file->Append(open_folder, wxString::FromUTF8("Open Project &Folder…\tCtrl+Shift+O"));
    Bind(wxEVT_MENU, [this](wxCommandEvent&) { on_open_folder(); }, open_folder);
    file->Append(wxID_SAVE, "&Save\tCtrl+S", "Every changed file: scenario, ruleset, tables, house rule, scripts");
    file->Append(wxID_SAVEAS, wxString::FromUTF8("Save Scenario &As…\tCtrl+Shift+S"), "The scenario as a new file (a fresh id), which you then edit");
    const int new_scenario = wxWindow::NewControlId();
    file->Append(new_scenario, wxString::FromUTF8("New &Scenario…"), "A blank scenario of this ruleset: the same map size and sides, nothing on it");
    Bind(wxEVT_MENU, [this](wxCommandEvent&) { save_scenario_as(); }, wxID_SAVEAS);
    Bind(wxEVT_MENU, [this](wxCommandEvent&) { new_scenario_file(); }, new_scenario);
    file->AppendSeparator();
    const int open_replay_id = wxWindow::NewControlId(), save_replay_id = wxWindow::NewControlId();
    file->Append(open_replay_id, wxString::FromUTF8("Open &Replay…"), "Watch a game saved by the studio or by `sandtable play --replay-out`, step through it, play on");
    file->Append(save_replay_id, wxString::FromUTF8("Save Replay…"), "The game on the Playtest page, as a replay `sandtable replay` re-executes");
    Bind(wxEVT_MENU, [this](wxCommandEvent&) {
        wxFileDialog dialog(this, "Open a replay", project_folder(), "", "Replays (*.yaml)|*.yaml|All files|*", wxFD_OPEN | wxFD_FILE_MUST_EXIST);
        if (play_->confirm_discard_game() && dialog.ShowModal() == wxID_OK) open_replay(dialog.GetPath().ToStdString(wxConvUTF8));
    }, open_replay_id);
    Bind(wxEVT_MENU, [this](wxCommandEvent&) {
        pages_->SetSelection(pages_->GetPageIndex(play_));
        play_->save_replay();
    }, save_replay_id);
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
    Bind(wxEVT_MENU, [this](wxCommandEvent&) { on_resize(); }, resize);
    const int check = wxWindow::NewControlId();
    edit_menu_->Append(check, "&Check Project\tF7");
    Bind(wxEVT_MENU, [this](wxCommandEvent&) { check_project(); }, check);
    const int changes = wxWindow::NewControlId();
    edit_menu_->Append(changes, wxString::FromUTF8("What the House Rules &Change…"),
                       "Before → after of every value the scenario's house rules change, with their files and lines (as saved)");
    Bind(wxEVT_MENU, [this](wxCommandEvent&) { show_house_rule_changes(); }, changes);
    const int house_rule = wxWindow::NewControlId();
    edit_menu_->Append(house_rule, wxString::FromUTF8("Start a &House Rule…"), "Ruleset edits from now on go into a new house rule, not into the ruleset's files");
    Bind(wxEVT_MENU, [this](wxCommandEvent&) { start_house_rule(); }, house_rule);
    view->AppendCheckItem(labels, "Hex &Labels\tCtrl+L")->Check(true);
    view->AppendCheckItem(grid, "Hex &Grid\tCtrl+G")->Check(true);
    Bind(wxEVT_MENU, [this](wxCommandEvent& e) { canvas_->show_labels = e.IsChecked(); canvas_->map_changed(); }, labels);
    Bind(wxEVT_MENU, [this](wxCommandEvent& e) { canvas_->show_grid = e.IsChecked(); canvas_->map_changed(); }, grid);
    view->AppendSeparator();
    const int scan = wxWindow::NewControlId(), calibrate = wxWindow::NewControlId(), opacity = wxWindow::NewControlId(),
              show_scan = wxWindow::NewControlId(), remove_scan = wxWindow::NewControlId(), zones = wxWindow::NewControlId();
    view->Append(scan, wxString::FromUTF8("Background &Scan…"));
    view->AppendCheckItem(calibrate, "&Calibrate Background (drag the two handles)");
    view->Append(opacity, wxString::FromUTF8("Background &Opacity…"));
    show_background_item_ = view->AppendCheckItem(show_scan, "Show &Background");
    show_background_item_->Check(true);
    view->Append(remove_scan, "&Remove Background");
    view->AppendSeparator();
    view->AppendCheckItem(zones, "&Deployment Zones")->Check(true);
    Bind(wxEVT_MENU, [this](wxCommandEvent&) { background_->choose(); }, scan);
    Bind(wxEVT_MENU, [this](wxCommandEvent& e) {
        canvas_->calibrating = e.IsChecked() && background_->present();
        canvas_->Refresh();
    }, calibrate);
    Bind(wxEVT_MENU, [this](wxCommandEvent&) { background_->ask_opacity(); }, opacity);
    Bind(wxEVT_MENU, [this](wxCommandEvent& e) { background_->set_visible(e.IsChecked()); }, show_scan);
    Bind(wxEVT_MENU, [this](wxCommandEvent&) { background_->remove(); }, remove_scan);
    Bind(wxEVT_MENU, [this](wxCommandEvent& e) { canvas_->show_zones = e.IsChecked(); canvas_->Refresh(); }, zones);
    pane_menu_ = std::make_unique<PaneMenu>(this, aui_, view,
                                            std::vector<PaneMenu::Pane>{{"palette", "&Palette"}, {"units", "&Order of Battle"}, {"issues", "&Issues"}},
                                            default_layout_);
    Bind(wxEVT_MENU, &MainFrame::on_recent, this, wxID_FILE1, wxID_FILE9);
    auto* help = new wxMenu;
    const int formats = wxWindow::NewControlId(), lua_api = wxWindow::NewControlId();
    help->Append(formats, "&File Formats");
    help->Append(lua_api, "&Lua API for Rule Scripts");
    help->AppendSeparator();
    help->Append(wxID_ABOUT, "&About Sandtable Studio");
    auto open_doc = [](const char* name) {
        wxLaunchDefaultBrowser(wxFileName(wxString::FromUTF8(std::string(SANDTABLE_SOURCE_DIR) + "/docs/" + name)).GetFullPath());
    };
    Bind(wxEVT_MENU, [open_doc](wxCommandEvent&) { open_doc("formats.md"); }, formats);
    Bind(wxEVT_MENU, [open_doc](wxCommandEvent&) { open_doc("lua-api.md"); }, lua_api);
    Bind(wxEVT_MENU, [this](wxCommandEvent&) {
        ask(wxString::FromUTF8("Sandtable Studio\n\nPaint maps, define unit types, fill in the tables and write the "
                                        "rules of a wargame; the Sandtable runtime plays them."),
                     "About Sandtable Studio", wxOK | wxICON_INFORMATION);
    }, wxID_ABOUT);
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
    Bind(wxEVT_MENU, [this](wxCommandEvent&) { Close(); }, wxID_EXIT);
    Bind(wxEVT_MENU, [this](wxCommandEvent&) { canvas_->fit(); }, fit);
}

// Panes that do not belong to a page step aside there and come back as they
// were on the map's pages: playing and balancing need the whole window, the
// script editor the width (the Issues pane stays: a script's errors are listed there).
std::vector<const char*> MainFrame::panes_away_from(wxWindow* page) const {
    if (page == play_ || page == balance_) return {"palette", "units", "issues"};
    if (page == scripts_) return {"palette", "units"};
    return {};
}

void MainFrame::on_page_changed() {
    say("");  // a message about the page left is stale on the next
    if (!layout_before_play_.empty()) aui_.LoadPerspective(layout_before_play_, false);
    const auto away = panes_away_from(pages_->GetCurrentPage());
    if (away.empty()) {
        layout_before_play_.clear();
    } else {
        if (layout_before_play_.empty()) layout_before_play_ = aui_.SavePerspective();
        for (const char* pane : away) aui_.GetPane(pane).Hide();
    }
    aui_.Update();
    pane_menu_->sync();
}

bool MainFrame::open_replay(const std::string& replay_file) {
    pages_->SetSelection(pages_->GetPageIndex(play_));
    return play_->open_replay(replay_file);
}

bool MainFrame::open(const std::string& scenario_file, bool interactive) {
    try {
        const bool offered = interactive && ScenarioDocument::has_newer_autosave(scenario_file);
        const bool recover = offered && ask("Sandtable found unsaved work on " + wxString::FromUTF8(scenario_file) +
                                                " from an earlier session. Recover it?",
                                            "Recover unsaved work", wxYES_NO | wxICON_QUESTION) == wxYES;
        doc_ = recover ? ScenarioDocument::recover(scenario_file, ScenarioDocument::autosave_path(scenario_file))
                       : ScenarioDocument::open(scenario_file);
        if (offered && !recover) doc_->discard_autosaves();  // declined: never offered again
        recent_.AddFileToHistory(wxString::FromUTF8(scenario_file));
        history_ = EditHistory{};
    } catch (const load::LoadError& e) {
        doc_.reset();
        issues_->show(issues_from(e));
    }
    canvas_->set_scenario(doc_ ? &doc_->ruleset() : nullptr, doc_ ? &doc_->scenario() : nullptr);
    if (doc_) watcher_.watch(ProjectWatcher::folders_of(*doc_));
    tables_->set_document(doc_ ? &*doc_ : nullptr, [this](std::unique_ptr<EditCommand> c) { perform(std::move(c)); });
    scenario_page_->set_document(doc_ ? &*doc_ : nullptr, [this](std::unique_ptr<EditCommand> c) {
        perform(std::move(c));
        fill_units();
        palette_->refill();  // side names are in the palette
    });
    unit_types_->set_document(doc_ ? &*doc_ : nullptr, [this](std::unique_ptr<EditCommand> c) {
        perform(std::move(c));
        fill_units();  // the order of battle names the types
    });
    scripts_->set_document(doc_ ? &*doc_ : nullptr, [this](std::unique_ptr<EditCommand> c) { perform(std::move(c)); });
    balance_->set_document(doc_ ? &*doc_ : nullptr);
    play_->set_document(doc_ ? &*doc_ : nullptr);
    palette_->set_document(doc_ ? &*doc_ : nullptr, [this](std::unique_ptr<EditCommand> c) {
        perform(std::move(c));
        fill_units();               // a free table's units are placed, moved and removed here
        scenario_page_->refresh();  // objectives and zones are listed there
    });
    fill_units();
    refresh_state();
    if (doc_) check_project();
    open_background();  // after the check: a malformed background file is shown in the issues pane
    return doc_.has_value();
}

void MainFrame::open_background() {
    try {
        background_->open(doc_ ? &*doc_ : nullptr);
    } catch (const load::LoadError& e) {
        issues_->show(issues_from(e));
    }
    show_background_item_->Check(background_->visible());
}

void MainFrame::fill_units() {
    units_->DeleteAllItems();
    if (!doc_) return;
    const auto& sc = doc_->scenario();
    const bool table = doc_->ruleset().table.enabled;
    wxListItem heading;
    heading.SetMask(wxLIST_MASK_TEXT);
    heading.SetText(table ? wxString::FromUTF8("At (cm), facing") : wxString("Hex"));
    units_->SetColumn(3, heading);
    for (const auto& u : sc.units) {
        const long row = units_->InsertItem(units_->GetItemCount(), wxString::FromUTF8(u.name));
        units_->SetItem(row, 1, wxString::FromUTF8(doc_->ruleset().unit_types[static_cast<std::size_t>(u.type)].name));
        units_->SetItem(row, 2, wxString::FromUTF8(sc.sides[static_cast<std::size_t>(u.side)].name));
        units_->SetItem(row, 3, table ? wxString::FromUTF8(load::format_cm(u.table.front_centre.x) + ", " + load::format_cm(u.table.front_centre.y) + " → " +
                                                           std::to_string(u.table.facing) + "°")
                                      : wxString(sc.map.grid.label(u.hex)));
        units_->SetItem(row, 4, u.arrives > 1 ? wxString::Format("turn %d", u.arrives) : wxString("start"));
    }
    for (int c = 0; c < 5; ++c) units_->SetColumnWidth(c, wxLIST_AUTOSIZE_USEHEADER);  // never narrower than the heading
}

void MainFrame::check_project() {
    if (!doc_) return;
    wxBusyCursor busy;
    auto issues = studio::check_project(*doc_);
    if (issues.empty())
        issues_->show_clean("No problems found in " + doc_->file() + " and its ruleset" + (doc_->modified() ? " (as edited)." : "."));
    else
        issues_->show(std::move(issues));
}

// Opens the place an issue names: the page it lives on, at the hex, table
// cell or script line.
void MainFrame::open_issue(const IssueTarget& target, const ProjectIssue& issue) {
    auto show_page = [this](wxWindow* page) { pages_->SetSelection(static_cast<std::size_t>(pages_->GetPageIndex(page))); };
    switch (target.kind) {
        case IssueTarget::Kind::Hex:
            show_page(canvas_);
            canvas_->show_hex(target.hex);
            break;
        case IssueTarget::Kind::TableCell:
            show_page(tables_);
            tables_->show_cell(target.table, target.row, target.column);
            break;
        case IssueTarget::Kind::ScriptLine:
            show_page(scripts_);
            scripts_->show_line(target.file, target.line, issue.message);
            break;
        case IssueTarget::Kind::UnitType:
            show_page(unit_types_);
            unit_types_->show_type(target.unit_type);
            break;
        case IssueTarget::Kind::File:
            break;
    }
    say(wxString::FromUTF8(issue.to_string()));
}

void MainFrame::refresh_state() {
    wxString title = "Sandtable Studio";
    if (doc_) title = (doc_->modified() ? "*" : "") + wxString::FromUTF8(doc_->scenario().name + " (" + doc_->file() + ")") + " — " + title;
    SetTitle(title);
    edit_menu_->SetLabel(wxID_UNDO, history_.can_undo() ? "&Undo " + wxString::FromUTF8(history_.undo_name()) + "\tCtrl+Z" : wxString("&Undo\tCtrl+Z"));
    edit_menu_->SetLabel(wxID_REDO, history_.can_redo() ? "&Redo " + wxString::FromUTF8(history_.redo_name()) + "\tCtrl+Y" : wxString("&Redo\tCtrl+Y"));
    edit_menu_->Enable(wxID_UNDO, history_.can_undo());
    edit_menu_->Enable(wxID_REDO, history_.can_redo());
    canvas_->map_changed();
    SetStatusText(doc_ ? wxString::FromUTF8("Ruleset edits go into " + doc_->edit_target()) : wxString(), 2);
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
    if (doc_->modified()) text = "(As saved: edits not saved yet are not in it.)\n\n" + text;
    wxDialog dialog(this, wxID_ANY, "What the house rules change", wxDefaultPosition, wxSize(900, 600), wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER);
    auto* view = new wxTextCtrl(&dialog, wxID_ANY, wxString::FromUTF8(text), wxDefaultPosition, wxDefaultSize, wxTE_MULTILINE | wxTE_READONLY);
    view->SetFont(wxFont(wxFontInfo(9).Family(wxFONTFAMILY_TELETYPE)));
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(view, 1, wxEXPAND | wxALL, 8);
    sizer->Add(dialog.CreateButtonSizer(wxOK), 0, wxEXPAND | wxALL, 8);
    dialog.SetSizer(sizer);
    dialog.ShowModal();
}

// A name asked for, an id made from it; the panels then show the new layer.
void MainFrame::start_house_rule() {
    if (!doc_) return;
    const wxString name = wxGetTextFromUser("Name of the house rule (e.g. Heavier knights). Ruleset edits from now on, and those not saved yet, "
                                            "go into it; the ruleset's own files stay as they are.",
                                            "Start a House Rule", "", this);
    if (name.empty()) return;
    std::string id;
    for (unsigned char c : name.ToStdString(wxConvUTF8)) id += std::isalnum(c) ? static_cast<char>(std::tolower(c)) : '-';
    try {
        doc_->start_house_rule(id, name.ToStdString(wxConvUTF8));
    } catch (const std::exception& e) {
        ask(wxString::FromUTF8(e.what()), "The house rule was not started", wxOK | wxICON_INFORMATION);
        return;
    }
    unit_types_->refresh();
    tables_->refresh();
    scripts_->refresh();
    say(wxString::FromUTF8("Started house rule '" + id + "': save to write it and the scenario's house_rules"));
    refresh_state();
}

// Names every file a save would write; "No" throws the work away, autosaves too.
bool MainFrame::confirm_discard() {
    if (!doc_ || !doc_->modified()) return true;
    std::string files;
    for (const auto& f : doc_->pending_files()) files += "\n    " + f;
    const int answer = ask(wxString::FromUTF8("Save the changes to these files?" + files), "Unsaved changes", wxYES_NO | wxCANCEL | wxICON_QUESTION);
    if (answer == wxCANCEL) return false;
    if (answer == wxYES) {
        wxCommandEvent none;
        on_save(none);
        return !doc_->modified();
    }
    doc_->discard_autosaves();
    return true;
}

void MainFrame::start() {
    std::vector<std::string> recent;
    for (std::size_t i = 0; i < recent_.GetCount(); ++i)
        if (wxFileName::FileExists(recent_.GetHistoryFile(i))) recent.push_back(recent_.GetHistoryFile(i).ToStdString(wxConvUTF8));
    if (!recent.empty() && recent.front() == recent_.GetHistoryFile(0).ToStdString(wxConvUTF8)) {
        open(recent.front());
        return;
    }
    StartDialog dialog(this, recent);
    if (dialog.ShowModal() != wxID_OK) return;
    wxCommandEvent none;
    switch (dialog.choice()) {
    case StartDialog::Choice::NewProject: return on_new(none);
    case StartDialog::Choice::OpenScenario: return on_open(none);
    case StartDialog::Choice::OpenFolder: return on_open_folder();
    case StartDialog::Choice::Recent: open(dialog.recent_file()); return;
    case StartDialog::Choice::Nothing: return;
    }
}

wxString MainFrame::project_folder() const {
    if (doc_) return wxFileName(wxString::FromUTF8(doc_->file())).GetPath();
    if (recent_.GetCount() > 0) return wxFileName(recent_.GetHistoryFile(0)).GetPath();
    return wxGetHomeDir();
}

void MainFrame::on_open(wxCommandEvent&) {
    if (!confirm_discard()) return;
    wxFileDialog dialog(this, "Open a scenario", project_folder(), "", "Scenarios (*.yaml)|*.yaml", wxFD_OPEN | wxFD_FILE_MUST_EXIST);
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
    wxSingleChoiceDialog pick(this, "Start from which ruleset? Its rules, Lua library and scenarios are copied into a folder of your own.",
                              "New project from template", choices);
    pick.SetSize(wxSize(960, 360));  // every template and its description in view
    if (pick.ShowModal() != wxID_OK) return;
    wxDirDialog where(this, "A new or empty folder for the project", wxGetHomeDir());
    if (where.ShowModal() != wxID_OK) return;
    try {
        open(create_project_from_template(SANDTABLE_SOURCE_DIR, templates[static_cast<std::size_t>(pick.GetSelection())], where.GetPath().ToStdString()));
    } catch (const std::exception& e) {
        ask(wxString::FromUTF8(e.what()), "The project was not created", wxOK | wxICON_ERROR);
    }
}

void MainFrame::on_save(wxCommandEvent&) {
    if (!doc_) return;
    try {
        doc_->save();
        last_save_ = wxGetLocalTimeMillis();
        say("Saved " + wxString::FromUTF8(doc_->file()));
        unit_types_->refresh();  // saved edits now show the layer they went into
        tables_->refresh();
        scripts_->refresh();
        check_project();  // the saved files are what the runtime will play
    } catch (const std::exception& e) {
        ask(wxString::FromUTF8(e.what()), "The scenario was not saved", wxOK | wxICON_ERROR);
    }
    refresh_state();
}

// The file asked for in the project's folder; the document is that file from then on.
void MainFrame::save_scenario_as() {
    if (!doc_) return;
    wxFileDialog dialog(this, "Save the scenario as", project_folder(), "", "Scenarios (*.yaml)|*.yaml", wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dialog.ShowModal() != wxID_OK) return;
    std::string file = dialog.GetPath().ToStdString(wxConvUTF8);
    if (!wxString::FromUTF8(file).Lower().EndsWith(".yaml")) file += ".yaml";
    try {
        doc_->save_as(file);
        last_save_ = wxGetLocalTimeMillis();
        recent_.AddFileToHistory(wxString::FromUTF8(file));
        watcher_.watch(ProjectWatcher::folders_of(*doc_));
        say("Saved as " + wxString::FromUTF8(file));
        show_document_changed();
    } catch (const std::exception& e) {
        ask(wxString::FromUTF8(e.what()), "The scenario was not saved", wxOK | wxICON_ERROR);
    }
}

// A blank scenario of the open one's ruleset, written where asked, then opened.
void MainFrame::new_scenario_file() {
    if (!doc_ || !confirm_discard()) return;
    wxFileDialog dialog(this, "A new scenario of " + wxString::FromUTF8(doc_->ruleset().name), project_folder(), "", "Scenarios (*.yaml)|*.yaml",
                        wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
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

// Ctrl+Z in a text editor (a script, a grid cell being typed) undoes the
// typing there, as in any editor; elsewhere it undoes the last edit of the
// document.
bool MainFrame::text_control_handles(bool undo) {
    wxWindow* focus = FindFocus();
    if (auto* script = dynamic_cast<wxStyledTextCtrl*>(focus)) {
        undo ? script->Undo() : script->Redo();
        return true;
    }
    if (auto* text = dynamic_cast<wxTextCtrl*>(focus); text && text->IsEditable()) {
        undo ? text->Undo() : text->Redo();
        return true;
    }
    return false;
}

void MainFrame::on_undo(wxCommandEvent&) {
    if (text_control_handles(true) || !doc_) return;
    history_.undo(*doc_);
    show_document_changed();
}

void MainFrame::on_redo(wxCommandEvent&) {
    if (text_control_handles(false) || !doc_) return;
    history_.redo(*doc_);
    show_document_changed();
}

// Undo and redo may touch anything: every view of the document catches up.
void MainFrame::show_document_changed() {
    fill_units();
    tables_->refresh();
    scripts_->refresh();
    unit_types_->refresh();
    scenario_page_->refresh();
    palette_->refill();
    refresh_state();
}

void MainFrame::on_close(wxCloseEvent& e) {
    if (e.CanVeto() && (!play_->confirm_discard_game() || !confirm_discard())) {
        e.Veto();
        return;
    }
    e.Skip();
}

void MainFrame::perform(std::unique_ptr<EditCommand> command) {
    if (!doc_) return;
    history_.perform(*doc_, std::move(command));
    refresh_state();
}

void MainFrame::on_resize() {
    if (!doc_) return;
    if (doc_->ruleset().table.enabled) return resize_table();
    const auto& grid = doc_->scenario().map.grid;
    const long columns = wxGetNumberFromUser("Columns of the map", "Columns:", "Resize Map", grid.columns(), 1, 999, this);
    if (columns < 0) return;
    const long rows = wxGetNumberFromUser("Rows of the map", "Rows:", "Resize Map", grid.rows(), 1, 999, this);
    if (rows < 0) return;
    try {
        perform(std::make_unique<ResizeMap>(*doc_, static_cast<int>(columns), static_cast<int>(rows)));
        canvas_->set_scenario(&doc_->ruleset(), &doc_->scenario());  // the grid changed: fit again
    } catch (const std::exception& e) {
        ask(wxString::FromUTF8(e.what()), "The map was not resized", wxOK | wxICON_INFORMATION);
    }
}

// A free table is measured in centimetres: its width and depth are asked for.
void MainFrame::resize_table() {
    const auto& map = doc_->scenario().table.map;
    const long width = wxGetNumberFromUser("Width of the table, west to east", "Width (cm):", "Resize Table", std::lround(map.width), 10, 10000, this);
    if (width < 0) return;
    const long depth = wxGetNumberFromUser("Depth of the table, north to south", "Depth (cm):", "Resize Table", std::lround(map.depth), 10, 10000, this);
    if (depth < 0) return;
    try {
        perform(free_table::resize_table(*doc_, static_cast<double>(width), static_cast<double>(depth)));
        canvas_->set_scenario(&doc_->ruleset(), &doc_->scenario());  // the table changed: fit again
    } catch (const std::exception& e) {
        ask(wxString::FromUTF8(e.what()), "The table was not resized", wxOK | wxICON_INFORMATION);
    }
}

void MainFrame::on_table_unit_dropped(int unit, geometry::table::Point cm) {
    if (!doc_) return;
    try {
        const auto from = doc_->scenario().units.at(static_cast<std::size_t>(unit)).table.front_centre;
        history_.perform(*doc_, free_table::move_item(*doc_, {free_table::Hit::Unit, unit}, cm - from));
    } catch (const std::exception& e) {
        say(wxString::FromUTF8(std::string("Not moved: ") + e.what()));
        return;
    }
    fill_units();
    scenario_page_->refresh();
    palette_->refill();
    refresh_state();
}

// The point under the mouse in cm, what terrain is there, whose bases.
void MainFrame::on_table_hover(std::optional<geometry::table::Point> cm) {
    if (!doc_ || !cm) {
        SetStatusText("", 0);
        return;
    }
    const auto& rs = doc_->ruleset();
    const auto& sc = doc_->scenario();
    std::string text = "x " + load::format_cm(std::round(cm->x * 10) / 10) + ", y " + load::format_cm(std::round(cm->y * 10) / 10) + " cm";
    for (std::size_t a = 0; a < sc.table.map.areas.size(); ++a)
        if (geometry::table::contains(sc.table.map.areas[a].outline, *cm)) text += "  · " + free_table::hit_name(rs, sc, {free_table::Hit::Area, static_cast<int>(a)});
    for (std::size_t l = 0; l < sc.table.map.lines.size(); ++l)
        if (geometry::table::distance_to_polyline(sc.table.map.lines[l].line, *cm) <= sc.table.map.lines[l].line.width / 2)
            text += "  · " + free_table::hit_name(rs, sc, {free_table::Hit::Line, static_cast<int>(l)});
    const auto shapes = canvas_->table_units ? *canvas_->table_units : free_table::scenario_shapes(rs, sc);
    for (const auto& u : shapes)
        if (std::any_of(u.stands.begin(), u.stands.end(), [&](const auto& s) { return geometry::table::on_base(s, *cm); })) text += "  · " + u.label;
    SetStatusText(wxString::FromUTF8(text), 0);
}

// Right-click on a hex: add a unit of any side and type there, or remove one standing there.
void MainFrame::hex_menu(geometry::Hex hex) {
    if (!doc_) return;
    const auto& rs = doc_->ruleset();
    const auto& sc = doc_->scenario();
    wxMenu menu;
    std::vector<std::function<std::unique_ptr<EditCommand>()>> edits;
    for (std::size_t side = 0; side < sc.sides.size(); ++side) {
        auto* types = new wxMenu;
        for (std::size_t type = 0; type < rs.unit_types.size(); ++type) {
            edits.push_back([this, hex, side, type] { return add_unit(*doc_, static_cast<int>(type), static_cast<int>(side), hex); });
            types->Append(static_cast<int>(edits.size()), wxString::FromUTF8(rs.unit_types[type].name));
        }
        menu.AppendSubMenu(types, wxString::FromUTF8("Add a unit of " + sc.sides[side].name));
    }
    for (std::size_t u = 0; u < sc.units.size(); ++u) {
        if (sc.units[u].hex != hex) continue;
        edits.push_back([this, u] { return remove_unit(*doc_, static_cast<int>(u)); });
        menu.Append(static_cast<int>(edits.size()), wxString::FromUTF8("Remove " + sc.units[u].name));
    }
    const int chosen = canvas_->GetPopupMenuSelectionFromUser(menu);
    if (chosen < 1 || chosen > static_cast<int>(edits.size())) return;
    try {
        perform(edits[static_cast<std::size_t>(chosen - 1)]());
    } catch (const std::exception& e) {
        say(wxString::FromUTF8(std::string("Not done: ") + e.what()));
    }
    fill_units();
    scenario_page_->refresh();
}

void MainFrame::on_unit_dropped(int unit, geometry::Hex to) {
    if (!doc_) return;
    history_.perform(*doc_, std::make_unique<MoveUnit>(*doc_, unit, to));
    fill_units();
    scenario_page_->refresh();
    refresh_state();
}

// Every minute, unsaved work goes to a file beside the scenario; it is
// offered back when the scenario is next opened, and removed on save.
void MainFrame::on_autosave(wxTimerEvent&) { autosave_now(); }

void MainFrame::autosave_now() {
    if (!doc_ || !doc_->modified()) return;
    try {
        doc_->autosave();
    } catch (const std::exception& e) {
        say("Autosave failed: " + wxString::FromUTF8(e.what()));
    }
}

void MainFrame::on_recent(wxCommandEvent& e) {
    if (!confirm_discard()) return;
    open(recent_.GetHistoryFile(static_cast<std::size_t>(e.GetId() - wxID_FILE1)).ToStdString());
}

// A file changed by another program (a text editor, git) is read again
// unless the studio holds unsaved edits, which are never thrown away.
void MainFrame::on_file_changed(const wxString& path) {
    if (!doc_) return;
    if (wxGetLocalTimeMillis() - last_save_ < 3000) return;  // our own save
    if (doc_->modified()) {
        say(path + " changed on disk; your unsaved edits are kept (save, or reopen to load it)");
        return;
    }
    const std::string file = doc_->file();
    open(file, false);
    say("Reloaded: " + path + " changed on disk");
}

void MainFrame::on_hover(std::optional<geometry::Hex> hex) {
    if (!doc_ || !hex) {
        SetStatusText("", 0);
        return;
    }
    const auto& sc = doc_->scenario();
    const int i = sc.map.grid.index(*hex);
    wxString text = sc.map.grid.label(*hex) + "  " + wxString::FromUTF8(doc_->ruleset().terrain[static_cast<std::size_t>(sc.map.terrain[static_cast<std::size_t>(i)])].name);
    if (!sc.map.hex_names[static_cast<std::size_t>(i)].empty()) text += "  (" + wxString::FromUTF8(sc.map.hex_names[static_cast<std::size_t>(i)]) + ")";
    for (const auto& u : sc.units)
        if (u.hex == *hex) text += wxString::FromUTF8("  · " + u.name);
    SetStatusText(text, 0);
}

}  // namespace sandtable::studio
