#include "app/main_frame.h"

#include "app/list_fit.h"
#include "app/menu_shortcuts.h"
#include "app/text_window.h"
#include "core/rule_test_issues.h"
#include "app/pane_width.h"
#include "app/resize_dialog.h"
#include "core/tabletop_commands.h"
#include "core/scenario_commands.h"
#include "load/file_transaction.h"
#include "load/table_map_writer.h"

#include <filesystem>
#include <fstream>
#include <wx/accel.h>
#include <wx/display.h>
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

// The message line (the bar's default style shows a message it cuts short
// whole in a tooltip).
// The message field (a message longer than the field ends in "…" and shows whole under the mouse: wxSTB_SHOW_TIPS).
void MainFrame::say(const wxString& text) { SetStatusText(text, 1); }

void MainFrame::select_page(Page page) {
    wxWindow* const pages[] = {canvas_, scenario_page_, unit_types_, tables_, scripts_, play_, balance_};
    pages_->SetSelection(static_cast<std::size_t>(pages_->GetPageIndex(pages[static_cast<int>(page)])));
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
    say("");               // a message about the page left is stale on the next
    SetStatusText("", 0);  // so is what the mouse was over there
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

// A replay file, by its header (the studio's and the CLI's: format: sandtable-replay/N).
bool MainFrame::is_replay_file(const std::string& file) {
    std::ifstream in(file);
    std::string head(512, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    return head.find("format: sandtable-replay/") != std::string::npos;
}

bool MainFrame::open_replay(const std::string& replay_file) {
    pages_->SetSelection(pages_->GetPageIndex(play_));
    return play_->open_replay(replay_file);
}

// Names every file whose autosave recovering would bring back, as the quit prompt names what a save writes.
wxString MainFrame::recovery_question(const std::string& scenario_file) const {
    std::string files;
    for (const auto& f : ScenarioDocument::open(scenario_file).autosaved_files()) files += "\n    " + f;
    return wxString::FromUTF8("Sandtable found unsaved work from an earlier session in these files:" + files +
                              "\nRecover it?");
}

bool MainFrame::open(const std::string& given_file, bool interactive) {
    say("");  // a message about the project before is stale
    // Whole paths from here on: every file of the project is named as the designer finds it on disk,
    // not relative to the folder the studio happened to be started in.
    const std::string scenario_file = std::filesystem::absolute(given_file).lexically_normal().string();
    if (is_replay_file(scenario_file))
        return open_replay(scenario_file);  // a replay picked in the scenario dialog: watched
    try {
        // A save the studio was killed in is finished first (all its files new), and the
        // temporary files of saves killed before deciding are removed (all old).
        const auto finished = load::finish_interrupted_saves(scenario_file);
        const bool offered = interactive && ScenarioDocument::has_newer_autosave(scenario_file);
        const bool recover = offered && ask(recovery_question(scenario_file), "Recover unsaved work",
                                            wxYES_NO | wxICON_QUESTION) == wxYES;
        doc_ = recover ? ScenarioDocument::recover(scenario_file, ScenarioDocument::autosave_path(scenario_file))
                       : ScenarioDocument::open(scenario_file);
        if (offered && !recover) doc_->discard_autosaves();  // declined: never offered again
        load::clear_abandoned_temporaries(doc_->project_root());
        if (!finished.empty())
            say(wxString::Format("Finished a save that was interrupted: %zu files written", finished.size()));
        recent_.AddFileToHistory(wxString::FromUTF8(scenario_file));
        history_ = EditHistory{};
    } catch (const load::LoadError& e) {
        issues_->show(issues_from(e));
        if (doc_ && doc_->file() != scenario_file) {  // another file that does not load: the project open stays open
            say(wxString::FromUTF8(scenario_file + " was not opened (its problems are in the Issues pane); " +
                                   doc_->file() + " stays open"));
            return false;
        }
        doc_.reset();
    }
    canvas_->set_scenario(doc_ ? &doc_->ruleset() : nullptr, doc_ ? &doc_->scenario() : nullptr);
    shown_extent_ = {};
    if (doc_) watcher_.watch(ProjectWatcher::folders_of(*doc_));
    // Each pane refreshes itself after an edit made elsewhere (document_changes.h); the
    // pane an edit is made in is named, as it shows the edit already.
    ScenarioDocument* doc = doc_ ? &*doc_ : nullptr;
    const auto made_in = [this](const void* pane) {
        return [this, pane](std::unique_ptr<EditCommand> c) { perform(std::move(c), pane); };
    };
    tables_->set_document(doc, made_in(tables_));
    scenario_page_->set_document(doc, made_in(scenario_page_));
    unit_types_->set_document(doc, made_in(unit_types_));
    scripts_->set_document(doc, made_in(scripts_));
    balance_->set_document(doc);
    play_->set_document(doc);
    palette_->set_document(doc, made_in(palette_));
    doc_changes_ = doc ? doc->on_change([this](const DocumentChanges& changed) { show_document_changed(changed); })
                       : ChangeSubscription{};
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
    units_->UnsetToolTip();  // the row it named is gone
    if (!doc_) return;
    const auto& sc = doc_->scenario();
    const bool table = doc_->ruleset().table.enabled;
    wxListItem heading;
    heading.SetMask(wxLIST_MASK_TEXT);
    heading.SetText(table ? wxString::FromUTF8("At (cm), facing") : wxString("Hex"));
    units_->SetColumn(1, heading);
    for (const auto& u : sc.units) {
        const long row = units_->InsertItem(units_->GetItemCount(), wxString::FromUTF8(u.name));
        units_->SetItem(row, 3, wxString::FromUTF8(doc_->ruleset().unit_types[static_cast<std::size_t>(u.type)].name));
        units_->SetItem(row, 4, wxString::FromUTF8(sc.sides[static_cast<std::size_t>(u.side)].name));
        units_->SetItem(row, 1,
                        table ? wxString::FromUTF8(load::format_cm(u.table.front_centre.x) + ", " +
                                                   load::format_cm(u.table.front_centre.y) + " → " +
                                                   std::to_string(u.table.facing) + "°")
                              : wxString(sc.map.grid.label(u.hex)));
        units_->SetItem(row, 2, u.arrives > 1 ? wxString::Format("turn %d", u.arrives) : wxString("start"));
    }
    for (int c = 0; c < 5; ++c)
        units_->SetColumnWidth(c, wxLIST_AUTOSIZE_USEHEADER);  // never narrower than the heading
}

void MainFrame::check_project() {
    if (!doc_) return;
    wxBusyCursor busy;
    auto issues = studio::check_project(*doc_);
    scripts_->follow_issues(issues);
    if (issues.empty())
        issues_->show_clean("No problems found in " + doc_->file() + " and its ruleset" +
                            (doc_->modified() ? " (as edited)." : "."));
    else
        issues_->show(std::move(issues));
}

// Opens the place an issue names: the page it lives on, at the hex, table
// cell or script line.
void MainFrame::open_issue(const IssueTarget& target, const ProjectIssue& issue) {
    auto show_page = [this](wxWindow* page) {
        pages_->SetSelection(static_cast<std::size_t>(pages_->GetPageIndex(page)));
    };
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
            show_file(target.file, target.line);
            break;
    }
    say(wxString::FromUTF8(issue.to_string()));
}

// A file an issue names that no page edits (a rule test's), read beside the work at its line.
void MainFrame::show_file(const std::string& file, int line) {
    if (file.empty() || line <= 0) return;
    try {
        show_text_window(this, wxString::FromUTF8(file + ":" + std::to_string(line)),
                         wxString::FromUTF8(load::read_file(file)), false, line);
    } catch (const std::exception& e) {
        say(wxString::FromUTF8(e.what()));
    }
}

// F8: the rule tests on the files as saved; each thing that did not hold an issue at its place in the test file.
void MainFrame::run_rule_tests() {
    if (!doc_) return;
    wxBusyCursor busy;
    const RuleTestRun run = studio::run_rule_tests(*doc_);
    // The tests play the ruleset as the scenario does: with its house rules, which may change what a test expects.
    std::string with;
    for (const auto& h : doc_->scenario().house_rules)
        with += (with.empty() ? "" : ", ") + std::filesystem::path(h).filename().string();
    const std::string counts = std::to_string(run.passed) + " passed, " + std::to_string(run.failed) + " failed (" +
                               std::to_string(run.files) + " test file" + (run.files == 1 ? "" : "s") +
                               (with.empty() ? "" : "; played with the scenario's house rules: " + with) + ")";
    if (run.files == 0)
        issues_->show_clean("No rule tests: " + doc_->scenario().ruleset_dir +
                            "/tests holds none (docs/formats.md, Rule tests).");
    else if (run.issues.empty())
        issues_->show_clean("Rule tests: " + counts + (doc_->modified() ? ", on the files as saved." : "."));
    else
        issues_->show(run.issues);
    say(wxString::FromUTF8("Rule tests: " + counts + (doc_->modified() ? " — on the files as saved" : "")));
}

void MainFrame::refresh_state() {
    // Back as saved (an undo, typing deleted): an autosave left would offer undone work after a crash.
    if (doc_ && !doc_->modified()) doc_->discard_autosaves();
    wxString title = "Sandtable Studio";
    if (doc_)
        title = (doc_->modified() ? "*" : "") + wxString::FromUTF8(doc_->scenario().name + " (" + doc_->file() + ")") +
                " — " + title;
    SetTitle(title);
    label_undo_redo();
    canvas_->map_changed();
    // Short, so it fits; the file it goes to is in the whole text, shown under the mouse when cut.
    SetStatusText(doc_ ? wxString::FromUTF8("Edits go into " + doc_->edit_target()) : wxString(), 2);
}

// A name asked for, an id made from it; the panels then show the new layer.
void MainFrame::start_house_rule() {
    if (!doc_) return;
    const wxString name = wxGetTextFromUser(
        "Name of the house rule (e.g. Heavier knights). Ruleset edits from now on, and those not saved yet, "
        "go into it; the ruleset's own files stay as they are.",
        "Start a House Rule", "", this);
    if (!name.empty()) start_house_rule(name.ToStdString(wxConvUTF8));
}

bool MainFrame::start_house_rule(const std::string& name) {
    if (!doc_) return false;
    std::string id;
    for (unsigned char c : name) id += std::isalnum(c) ? static_cast<char>(std::tolower(c)) : '-';
    try {
        doc_->start_house_rule(id, name);
    } catch (const std::exception& e) {
        ask(wxString::FromUTF8(e.what()), "The house rule was not started", wxOK | wxICON_INFORMATION);
        return false;
    }
    say(wxString::FromUTF8("Started house rule '" + id + "': save to write it and the scenario's house_rules"));
    return true;
}

// Ctrl+Z in a text editor (a script, a grid cell being typed) undoes the
// typing there, as in any editor; elsewhere it undoes the last edit of the
// document.
// The Edit menu says what Undo and Redo will do: with a text editor focused
// they undo its typing (as Ctrl+Z there does), else the document's edits.
void MainFrame::label_undo_redo() {
    wxWindow* focus = FindFocus();
    auto* script = dynamic_cast<wxStyledTextCtrl*>(focus);
    auto* text = dynamic_cast<wxTextCtrl*>(focus);
    if (script || (text && text->IsEditable())) {
        edit_menu_->SetLabel(wxID_UNDO, "&Undo Typing in the Editor\tCtrl+Z");
        edit_menu_->SetLabel(wxID_REDO, "&Redo Typing in the Editor\tCtrl+Y");
        edit_menu_->Enable(wxID_UNDO, script ? script->CanUndo() : text->CanUndo());
        edit_menu_->Enable(wxID_REDO, script ? script->CanRedo() : text->CanRedo());
        return;
    }
    edit_menu_->SetLabel(wxID_UNDO, history_.can_undo()
                                        ? "&Undo " + wxString::FromUTF8(history_.undo_name()) + "\tCtrl+Z"
                                        : wxString("&Undo\tCtrl+Z"));
    edit_menu_->SetLabel(wxID_REDO, history_.can_redo()
                                        ? "&Redo " + wxString::FromUTF8(history_.redo_name()) + "\tCtrl+Y"
                                        : wxString("&Redo\tCtrl+Y"));
    edit_menu_->Enable(wxID_UNDO, history_.can_undo());
    edit_menu_->Enable(wxID_REDO, history_.can_redo());
}

wxString MainFrame::undo_label() {
    label_undo_redo();
    return edit_menu_->GetLabel(wxID_UNDO);
}

// Only typing there is to take back: a field just focused (a grid's or a
// property's editor opened by a click) leaves Ctrl+Z to the document's edits.
bool MainFrame::text_control_handles(bool undo) {
    wxWindow* focus = FindFocus();
    if (auto* script = dynamic_cast<wxStyledTextCtrl*>(focus);
        script && (undo ? script->CanUndo() : script->CanRedo())) {
        undo ? script->Undo() : script->Redo();
        return true;
    }
    if (auto* text = dynamic_cast<wxTextCtrl*>(focus);
        text && text->IsEditable() && (undo ? text->CanUndo() : text->CanRedo())) {
        undo ? text->Undo() : text->Redo();
        return true;
    }
    return false;
}

// The status bar says what an undo or redo did, as an IDE does.
void MainFrame::on_undo(wxCommandEvent&) {
    if (text_control_handles(true) || !doc_ || !history_.can_undo()) return;
    const std::string name = history_.undo_name();
    history_.undo(*doc_);
    say("Undone: " + wxString::FromUTF8(name));
}

void MainFrame::on_redo(wxCommandEvent&) {
    if (text_control_handles(false) || !doc_ || !history_.can_redo()) return;
    const std::string name = history_.redo_name();
    history_.redo(*doc_);
    say("Redone: " + wxString::FromUTF8(name));
}

// What every edit, undo and redo is followed by, whatever pane it was made in:
// the map fitted again when its size changed, the units list, the title and
// Edit menu, and the Issues pane. The other panes watch the document themselves.
void MainFrame::show_document_changed(const DocumentChanges& changed) {
    if (doc_ && changed.touch({DocumentPart::Map, DocumentPart::Scenario})) {
        const auto& map = doc_->scenario().map.grid;
        const auto& table = doc_->scenario().table.map;
        const std::array<double, 2> extent = doc_->ruleset().table.enabled
                                                 ? std::array<double, 2>{table.width, table.depth}
                                                 : std::array<double, 2>{double(map.columns()), double(map.rows())};
        if (extent != shown_extent_) canvas_->set_scenario(&doc_->ruleset(), &doc_->scenario());
        shown_extent_ = extent;
    }
    if (changed.touch({DocumentPart::Scenario, DocumentPart::UnitTypes})) fill_units();
    forget_stale_status();
    refresh_state();
    check_soon();
}

void MainFrame::on_close(wxCloseEvent& e) {
    if (e.CanVeto() && !confirm_discard()) {
        e.Veto();
        return;
    }
    e.Skip();
}

void MainFrame::perform(std::unique_ptr<EditCommand> command, const void* made_in) {
    if (!doc_) return;
    history_.perform(*doc_, std::move(command), made_in);
}

// After an edit, an undo or a redo, what the status bar said of the hex under
// the mouse or of the last save no longer holds.
void MainFrame::forget_stale_status() {
    SetStatusText("", 0);
    say("");
}

// The Issues pane follows the edits (a side given its first unit loses its warning) once they pause.
void MainFrame::check_soon() { check_timer_.StartOnce(700); }

void MainFrame::on_resize() {
    if (!doc_) return;
    if (doc_->ruleset().table.enabled) return resize_table();
    ResizeDialog dialog(this, doc_->scenario().map.grid);
    if (dialog.ShowModal() != wxID_OK) return;
    try {
        perform(resize_map(*doc_, dialog.size()));
    } catch (const std::exception& e) {
        ask(wxString::FromUTF8(e.what()), "The map was not resized", wxOK | wxICON_INFORMATION);
    }
}

// A tabletop is measured in centimetres: its width and depth are asked for.
void MainFrame::resize_table() {
    const auto& map = doc_->scenario().table.map;
    const long width = wxGetNumberFromUser("Width of the table, west to east", "Width (cm):", "Resize Table",
                                           std::lround(map.width), 10, 10000, this);
    if (width < 0) return;
    const long depth = wxGetNumberFromUser("Depth of the table, north to south", "Depth (cm):", "Resize Table",
                                           std::lround(map.depth), 10, 10000, this);
    if (depth < 0) return;
    try {
        perform(tabletop::resize_table(*doc_, static_cast<double>(width), static_cast<double>(depth)));
        canvas_->set_scenario(&doc_->ruleset(), &doc_->scenario());  // the table changed: fit again
    } catch (const std::exception& e) {
        ask(wxString::FromUTF8(e.what()), "The table was not resized", wxOK | wxICON_INFORMATION);
    }
}

void MainFrame::on_table_unit_dropped(int unit, geometry::tabletop::Point cm) {
    if (!doc_) return;
    try {
        const auto from = doc_->scenario().units.at(static_cast<std::size_t>(unit)).table.front_centre;
        perform(tabletop::move_item(*doc_, {tabletop::Hit::Unit, unit}, cm - from));
    } catch (const std::exception& e) {
        say(wxString::FromUTF8(std::string("Not moved: ") + e.what()));
    }
}

// The point under the mouse in cm, what terrain is there, whose bases.
void MainFrame::on_table_hover(std::optional<geometry::tabletop::Point> cm) {
    if (!doc_ || !cm) {
        SetStatusText("", 0);
        return;
    }
    const auto& rs = doc_->ruleset();
    const auto& sc = doc_->scenario();
    std::string text = "x " + load::format_cm(std::round(cm->x * 10) / 10) + ", y " +
                       load::format_cm(std::round(cm->y * 10) / 10) + " cm";
    for (std::size_t a = 0; a < sc.table.map.areas.size(); ++a)
        if (geometry::tabletop::contains(sc.table.map.areas[a].outline, *cm))
            text += "  · " + tabletop::hit_name(rs, sc, {tabletop::Hit::Area, static_cast<int>(a)});
    for (std::size_t l = 0; l < sc.table.map.lines.size(); ++l)
        if (geometry::tabletop::distance_to_polyline(sc.table.map.lines[l].line, *cm) <=
            sc.table.map.lines[l].line.width / 2)
            text += "  · " + tabletop::hit_name(rs, sc, {tabletop::Hit::Line, static_cast<int>(l)});
    const auto shapes = canvas_->table_units ? *canvas_->table_units : tabletop::scenario_shapes(rs, sc);
    for (const auto& u : shapes)
        if (std::any_of(u.stands.begin(), u.stands.end(),
                        [&](const auto& s) { return geometry::tabletop::on_base(s, *cm); }))
            text += "  · " + u.label;
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
            edits.push_back([this, hex, side, type] {
                return add_unit(*doc_, static_cast<int>(type), static_cast<int>(side), hex);
            });
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
}

void MainFrame::on_unit_dropped(int unit, geometry::Hex to) {
    if (!doc_) return;
    perform(std::make_unique<MoveUnit>(*doc_, unit, to));
}

void MainFrame::on_hover(std::optional<geometry::Hex> hex) {
    if (!doc_ || !hex) {
        SetStatusText("", 0);
        return;
    }
    const auto& sc = doc_->scenario();
    const int i = sc.map.grid.index(*hex);
    wxString text =
        sc.map.grid.label(*hex) + "  " +
        wxString::FromUTF8(
            doc_->ruleset().terrain[static_cast<std::size_t>(sc.map.terrain[static_cast<std::size_t>(i)])].name);
    if (!sc.map.hex_names[static_cast<std::size_t>(i)].empty())
        text += "  (" + wxString::FromUTF8(sc.map.hex_names[static_cast<std::size_t>(i)]) + ")";
    for (const auto& u : sc.units)
        if (u.hex == *hex) text += wxString::FromUTF8("  · " + u.name);
    SetStatusText(text, 0);
}

}  // namespace sandtable::studio
