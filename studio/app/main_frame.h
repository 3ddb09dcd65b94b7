// The studio's main window: the map canvas in the middle, the order of battle
// and the issues of the project docked around it (AUI), a menu and a status
// bar that names the hex under the mouse.
#pragma once

#include "app/map_canvas.h"
#include "load/loader.h"

#include <wx/aui/aui.h>
#include <wx/frame.h>
#include <wx/listbox.h>
#include <wx/listctrl.h>

#include <optional>
#include <string>

namespace sandtable::studio {

class MainFrame : public wxFrame {
public:
    MainFrame();
    ~MainFrame() override;
    // Loads a scenario (and its ruleset); problems go to the issues pane.
    bool open(const std::string& scenario_file);
    MapCanvas& canvas() { return *canvas_; }

private:
    void build_menu();
    void fill_units();
    void show_issues(const std::vector<std::string>& lines);
    void on_open(wxCommandEvent&);
    void on_hover(std::optional<geometry::Hex> hex);

    wxAuiManager aui_;
    MapCanvas* canvas_ = nullptr;
    wxListCtrl* units_ = nullptr;
    wxListBox* issues_ = nullptr;
    std::optional<load::LoadedGame> game_;
    std::string file_;
};

}  // namespace sandtable::studio
