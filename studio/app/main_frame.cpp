#include "app/main_frame.h"

#include <wx/filedlg.h>
#include <wx/listbox.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>

namespace sandtable::studio {

MainFrame::MainFrame() : wxFrame(nullptr, wxID_ANY, "Sandtable Studio", wxDefaultPosition, wxSize(1280, 860)) {
    aui_.SetManagedWindow(this);
    canvas_ = new MapCanvas(this);
    units_ = new wxListCtrl(this, wxID_ANY, wxDefaultPosition, wxSize(330, -1), wxLC_REPORT | wxLC_SINGLE_SEL);
    for (const char* column : {"Unit", "Type", "Side", "Hex"}) units_->AppendColumn(column);
    issues_ = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(-1, 110));
    aui_.AddPane(canvas_, wxAuiPaneInfo().Name("map").CenterPane());
    aui_.AddPane(units_, wxAuiPaneInfo().Name("units").Caption("Order of battle").Right().BestSize(330, -1));
    aui_.AddPane(issues_, wxAuiPaneInfo().Name("issues").Caption("Issues").Bottom().BestSize(-1, 110));
    aui_.Update();
    build_menu();
    CreateStatusBar(2);
    canvas_->on_hover = [this](std::optional<geometry::Hex> hex) { on_hover(hex); };
}

MainFrame::~MainFrame() { aui_.UnInit(); }

void MainFrame::build_menu() {
    auto* file = new wxMenu;
    file->Append(wxID_OPEN, "&Open Scenario…\tCtrl+O");
    file->AppendSeparator();
    file->Append(wxID_EXIT, "&Quit\tCtrl+Q");
    auto* view = new wxMenu;
    const int fit = wxWindow::NewControlId();
    view->Append(fit, "&Fit Map to Window\tCtrl+0");
    auto* bar = new wxMenuBar;
    bar->Append(file, "&File");
    bar->Append(view, "&View");
    SetMenuBar(bar);
    Bind(wxEVT_MENU, &MainFrame::on_open, this, wxID_OPEN);
    Bind(wxEVT_MENU, [this](wxCommandEvent&) { Close(); }, wxID_EXIT);
    Bind(wxEVT_MENU, [this](wxCommandEvent&) { canvas_->fit(); }, fit);
}

bool MainFrame::open(const std::string& scenario_file) {
    try {
        game_ = load::load_scenario(scenario_file);
        file_ = scenario_file;
        SetTitle("Sandtable Studio — " + wxString::FromUTF8(game_->scenario->name) + " (" + wxString::FromUTF8(game_->ruleset->name) + ")");
        show_issues({"No problems found in " + scenario_file + " and its ruleset."});
    } catch (const load::LoadError& e) {
        game_.reset();
        std::vector<std::string> lines;
        for (const auto& d : e.diagnostics()) lines.push_back(d.to_string());
        show_issues(lines);
    }
    canvas_->set_game(game_ ? &*game_ : nullptr);
    fill_units();
    return game_.has_value();
}

void MainFrame::fill_units() {
    units_->DeleteAllItems();
    if (!game_) return;
    const auto& sc = *game_->scenario;
    for (const auto& u : sc.units) {
        const long row = units_->InsertItem(units_->GetItemCount(), wxString::FromUTF8(u.name));
        units_->SetItem(row, 1, wxString::FromUTF8(game_->ruleset->unit_types[static_cast<std::size_t>(u.type)].name));
        units_->SetItem(row, 2, wxString::FromUTF8(sc.sides[static_cast<std::size_t>(u.side)].name));
        units_->SetItem(row, 3, sc.map.grid.label(u.hex));
    }
    for (int c = 0; c < 4; ++c) units_->SetColumnWidth(c, wxLIST_AUTOSIZE);
}

void MainFrame::show_issues(const std::vector<std::string>& lines) {
    issues_->Clear();
    for (const auto& l : lines) issues_->Append(wxString::FromUTF8(l));
}

void MainFrame::on_open(wxCommandEvent&) {
    wxFileDialog dialog(this, "Open a scenario", "", "", "Scenarios (*.yaml)|*.yaml", wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    if (dialog.ShowModal() == wxID_OK) open(dialog.GetPath().ToStdString());
}

void MainFrame::on_hover(std::optional<geometry::Hex> hex) {
    if (!game_ || !hex) {
        SetStatusText("", 0);
        return;
    }
    const auto& sc = *game_->scenario;
    const int i = sc.map.grid.index(*hex);
    wxString text = sc.map.grid.label(*hex) + "  " + wxString::FromUTF8(game_->ruleset->terrain[static_cast<std::size_t>(sc.map.terrain[static_cast<std::size_t>(i)])].name);
    if (!sc.map.hex_names[static_cast<std::size_t>(i)].empty()) text += "  (" + wxString::FromUTF8(sc.map.hex_names[static_cast<std::size_t>(i)]) + ")";
    for (const auto& u : sc.units)
        if (u.hex == *hex) text += "  · " + wxString::FromUTF8(u.name);
    SetStatusText(text, 0);
}

}  // namespace sandtable::studio
