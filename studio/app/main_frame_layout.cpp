// The main window put together: its panes and pages, the canvas's callbacks,
// the settings it keeps between sessions, and its keys.
#include "app/main_frame.h"

#include "app/list_fit.h"
#include "app/menu_shortcuts.h"
#include "app/pane_width.h"

#include <wx/config.h>
#include <wx/display.h>
#include <wx/dnd.h>
#include <wx/msgdlg.h>

#include <algorithm>
#include <cctype>

namespace sandtable::studio {

MainFrame::MainFrame() : wxFrame(nullptr, wxID_ANY, "Sandtable Studio", wxDefaultPosition, wxSize(1280, 860)) {
    fit_to_screen();
    build_panes();
    build_menu();
    CreateStatusBar(3);
    const int widths[] = {-3, -5, -2};  // what the mouse is over, the message, where edits go
    SetStatusWidths(3, widths);
    wire_canvas();
    restore_settings();
    bind_keys();
    ask = [this](const wxString& message, const wxString& caption, long style) {
        return wxMessageBox(message, caption, style, this);
    };
}

// The whole screen's working area, less a margin, when it is larger: the map, the palette and the
// order of battle side by side with nothing cut short.
void MainFrame::fit_to_screen() {
    const wxRect screen =
        wxDisplay(wxDisplay::GetFromWindow(this) == wxNOT_FOUND ? 0u
                                                                : static_cast<unsigned>(wxDisplay::GetFromWindow(this)))
            .GetClientArea();
    if (screen.width > 1280 || screen.height > 860)
        SetSize(screen.GetLeft(), screen.GetTop(), std::max(1280, screen.width - 20),
                std::max(860, screen.height - 20));
}

void MainFrame::build_panes() {
    aui_.SetManagedWindow(this);
    // The map and the tables share the middle as notebook pages.
    pages_ = new wxAuiNotebook(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxAUI_NB_TOP | wxAUI_NB_TAB_MOVE);
    canvas_ = new MapCanvas(pages_);
    palette_ = new PalettePane(this, canvas_);
    palette_->on_hex_clicked = [this](geometry::Hex hex) { scenario_page_->set_target_hex(hex); };
    units_ = new wxListCtrl(this, wxID_ANY, wxDefaultPosition, wxSize(330, -1), wxLC_REPORT | wxLC_SINGLE_SEL);
    // Where and when first: the pane is narrow, and a unit's place is what a designer looks for.
    for (const char* column : {"Unit", "Hex", "Arrives", "Type", "Side"}) units_->AppendColumn(column);
    // A unit dragged from the order of battle onto the map goes to the hex it is dropped on.
    tip_rows_under_mouse(units_);  // the pane is narrow: a unit's whole row under the mouse
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
    play_->ask = [this](const wxString& message, const wxString& caption, long style) {
        return ask(message, caption, style);
    };
    play_->save_document = balance_->save_document = [this] {
        wxCommandEvent none;
        on_save(none);
        return doc_ && !doc_->modified();
    };
    balance_->ask = play_->ask;
    scripts_->on_saved = [this] { refresh_state(); };
    scripts_->on_check = [this] { check_project(); };
    scripts_->on_modified_changed = [this] {
        if (doc_ && doc_->modified()) say("");  // "Saved …" no longer holds once new typing is unsaved
        refresh_state();
    };
    scripts_->on_typed = [this] { check_soon(); };  // the error marks follow typing, as Issues follows map edits
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
    aui_.AddPane(issues_,
                 wxAuiPaneInfo().Name("issues").Caption("Issues (double-click to open)").Bottom().BestSize(-1, 130));
    aui_.Update();
    default_layout_ = aui_.SavePerspective();
    pages_->Bind(wxEVT_AUINOTEBOOK_PAGE_CHANGED, [this](wxAuiNotebookEvent& e) {
        on_page_changed();
        e.Skip();
    });
}

void MainFrame::wire_canvas() {
    // Where the mouse is and what is dropped: a hex on a hex map, a point in cm on a tabletop.
    canvas_->on_hover = [this](const CanvasMouse* m) {
        if (m && m->hex)
            on_hover(m->hex);
        else if (m && m->on_board)
            on_table_hover(m->cm);
        else
            on_hover(std::nullopt);
    };
    canvas_->on_context = [this](const CanvasMouse& m) {
        if (m.hex) hex_menu(*m.hex);
    };
    canvas_->on_unit_dropped = [this](int unit, const CanvasMouse& m) {
        if (!doc_) return false;
        if (!m.hex) {
            on_table_unit_dropped(unit, m.cm);
            return true;
        }
        if (*m.hex == doc_->scenario().units[static_cast<std::size_t>(unit)].hex) return false;
        on_unit_dropped(unit, *m.hex);
        return true;
    };
    palette_->on_unit_moved = [this](int unit, geometry::Hex to) { on_unit_dropped(unit, to); };
    // The palette's hints are about the map: not shown over another page (a project opened there).
    palette_->on_status = [this](const wxString& text) {
        if (pages_->GetCurrentPage() == canvas_) say(text);
    };
    palette_->on_width_wanted = [this](int pixels) { widen_pane(aui_, "palette", pixels); };
}

// The docking layout and the recent projects outlive the session; edits are autosaved and re-checked.
void MainFrame::restore_settings() {
    wxConfigBase* config = wxConfigBase::Get();
    recent_.SetMenuPathStyle(wxFH_PATH_SHOW_ALWAYS);  // projects are told apart by their folders
    recent_.Load(*config);
    wxString layout;
    if (config->Read("layout", &layout)) aui_.LoadPerspective(layout);
    pane_menu_->sync();
    autosave_timer_.SetOwner(this);
    Bind(wxEVT_TIMER, &MainFrame::on_autosave, this);
    autosave_timer_.Start(60'000);
    background_ = std::make_unique<BackgroundScan>(this, canvas_, [this](const wxString& text) { say(text); });
    Bind(wxEVT_CLOSE_WINDOW, &MainFrame::on_close, this);
    check_timer_.Bind(wxEVT_TIMER, [this](wxTimerEvent&) { check_project(); });
}

void MainFrame::bind_keys() {
    Bind(wxEVT_CHAR_HOOK, [this](wxKeyEvent& e) {
        // Ctrl+Z and Ctrl+Y take back typing where there is some, else the last edit,
        // whatever has the focus: a control that keeps them (a property grid) would swallow them.
        const int key = std::toupper(e.GetKeyCode());
        if (e.GetModifiers() == wxMOD_CONTROL && (key == 'Z' || key == 'Y')) {
            if (!text_control_handles(key == 'Z')) run_menu_command(*this, key == 'Z' ? wxID_UNDO : wxID_REDO);
            return;
        }
        const int id = menu_command_for_key(*this, e);
        if (id == wxID_NONE) return e.Skip();
        run_menu_command(*this, id);
    });
}

MainFrame::~MainFrame() {
    wxConfigBase* config = wxConfigBase::Get();
    config->Write("layout", layout_before_play_.empty() ? aui_.SavePerspective() : layout_before_play_);
    recent_.Save(*config);
    config->Flush();
    aui_.UnInit();
}

}  // namespace sandtable::studio
