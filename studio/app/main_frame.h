// The studio's main window: the Map, Scenario, Unit Types, Tables and
// Rules & Scripts pages in the middle; the palette, the order of battle and
// the project's issues docked around them (AUI, layout remembered); File,
// Edit (undo and redo named after the edit), View and Help menus; a status
// bar naming the hex under the mouse. It owns the document and its one edit
// history; the pages and panes edit through it.
#pragma once

#include "app/background_scan.h"
#include "app/balance_panel.h"
#include "app/issues_panel.h"
#include "app/map_canvas.h"
#include "app/palette_pane.h"
#include "app/pane_menu.h"
#include "app/project_watcher.h"
#include "app/play_panel.h"
#include "app/scenario_panel.h"
#include "app/scripts_panel.h"
#include "app/tables_panel.h"
#include "app/unit_types_panel.h"
#include "core/edit_commands.h"
#include "core/scenario_document.h"

#include <wx/aui/aui.h>
#include <wx/aui/auibook.h>
#include <wx/filehistory.h>
#include <wx/frame.h>
#include <wx/fswatcher.h>
#include <wx/timer.h>
#include <wx/listctrl.h>

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::studio {

class MainFrame : public wxFrame {
public:
    MainFrame();
    ~MainFrame() override;
    // Loads a scenario (and its ruleset); problems go to the issues pane.
    // With `interactive`, offers to recover a newer autosave.
    bool open(const std::string& scenario_file, bool interactive = true);
    // Started without a file: the last project again when it is still there,
    // otherwise the start dialog (new from a template, open, recent).
    void start();
    MapCanvas& canvas() { return *canvas_; }
    // Opens a replay file on the Playtest page (its scenario opens first when
    // another one is open and nothing would be lost).
    bool open_replay(const std::string& replay_file);

    // The pages, for tests and scripted screenshots.
    enum class Page { Map, Scenario, UnitTypes, Tables, Scripts, Playtest, BalanceLab };
    void select_page(Page page);
    BalancePanel& balance() { return *balance_; }
    ScriptsPanel& scripts() { return *scripts_; }
    PlayPanel& play() { return *play_; }
    const ScenarioDocument* document() const { return doc_ ? &*doc_ : nullptr; }
    void autosave_now();  // what the minute's timer does
    // Edit > Start a House Rule with this name (asked for by the menu); whether it started.
    bool start_house_rule(const std::string& name);
    void run_rule_tests();  // Edit > Run Rule Tests (F8)
    void save() {
        wxCommandEvent none;
        on_save(none);
    }
    void undo() {
        wxCommandEvent none;
        on_undo(none);
    }  // Edit > Undo, as the menu does it
    void redo() {
        wxCommandEvent none;
        on_redo(none);
    }                       // Edit > Redo
    wxString undo_label();  // what Edit > Undo says now
    const IssuesPanel& issues() const { return *issues_; }
    // Asks the designer (a message box); returns wxYES, wxNO, wxCANCEL or wxOK.
    // Tests answer in its place.
    std::function<int(const wxString& message, const wxString& caption, long style)> ask;

private:
    // Putting the window together (main_frame_layout.cpp).
    void fit_to_screen();
    void build_panes();
    void wire_canvas();
    void restore_settings();
    void bind_keys();
    void build_menu();
    wxMenu* build_file_menu();
    wxMenu* build_edit_menu();
    wxMenu* build_view_menu();
    wxMenu* build_help_menu();
    void say(const wxString& text);
    void fill_units();
    void check_project();
    void open_background();  // the scan kept beside the scenario, if any  // every issue of the open project into the
                             // issues pane
    void open_issue(const IssueTarget& target, const ProjectIssue& issue);
    void refresh_state();  // title, Edit menu labels, panes after any change
    void label_undo_redo();
    void start_house_rule();
    void show_house_rule_changes();
    void show_document_changed(const DocumentChanges& changed);
    bool confirm_discard();
    wxString project_folder() const;  // where file dialogs start: the open project's, or the last one's
    void on_open(wxCommandEvent&);
    void on_open_folder();
    void on_new(wxCommandEvent&);
    void on_save(wxCommandEvent&);
    void save_scenario_as();
    wxString saved_message(const std::vector<std::string>& files) const;
    void new_scenario_file();
    bool text_control_handles(bool undo);  // the focused text editor undoes its own typing
    void on_undo(wxCommandEvent&);
    void on_redo(wxCommandEvent&);
    void on_close(wxCloseEvent&);
    void on_hover(std::optional<geometry::Hex> hex);
    void perform(std::unique_ptr<EditCommand> command, const void* made_in = nullptr);
    void check_soon();
    void forget_stale_status();
    wxString recovery_question(const std::string& scenario_file) const;
    static bool is_replay_file(const std::string& file);
    void show_file(const std::string& file, int line);
    void on_unit_dropped(int unit, geometry::Hex to);
    void hex_menu(geometry::Hex hex);
    void on_table_unit_dropped(int unit, geometry::tabletop::Point cm);
    void on_table_hover(std::optional<geometry::tabletop::Point> cm);
    void resize_table();
    void on_resize();
    void on_autosave(wxTimerEvent&);
    void on_recent(wxCommandEvent&);
    void on_file_changed(const wxString& path);

    wxAuiManager aui_;
    wxAuiNotebook* pages_ = nullptr;
    MapCanvas* canvas_ = nullptr;
    PalettePane* palette_ = nullptr;
    wxListCtrl* units_ = nullptr;
    IssuesPanel* issues_ = nullptr;
    TablesPanel* tables_ = nullptr;
    UnitTypesPanel* unit_types_ = nullptr;
    ScenarioPanel* scenario_page_ = nullptr;
    BalancePanel* balance_ = nullptr;
    PlayPanel* play_ = nullptr;
    // The editing panes' layout while a page that puts some aside shows (panes_away_from).
    wxString layout_before_play_;
    wxString default_layout_;  // as laid out when the studio was new
    std::unique_ptr<PaneMenu> pane_menu_;
    void on_page_changed();
    std::vector<const char*> panes_away_from(wxWindow* page) const;
    ScriptsPanel* scripts_ = nullptr;
    wxMenu* edit_menu_ = nullptr;
    wxFileHistory recent_;
    wxTimer check_timer_;  // the project checked again once edits pause
    wxTimer autosave_timer_;
    ProjectWatcher watcher_{this, [this](const wxString& path) { on_file_changed(path); }};
    wxLongLong last_save_ = 0;
    std::array<double, 2> shown_extent_{};  // the map's columns and rows (a table's cm) as last fitted  // when the
                                            // studio itself last wrote the files
    std::optional<ScenarioDocument> doc_;
    std::unique_ptr<BackgroundScan> background_;
    wxMenuItem* show_background_item_ = nullptr;  // ticked as the open scenario's scan is shown
    EditHistory history_;
    ChangeSubscription doc_changes_;  // the frame's own part after every edit: units list, title, Issues
};

}  // namespace sandtable::studio
