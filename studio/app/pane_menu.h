// The View menu's items for the docked panes (palette, order of battle,
// issues): ticked while a pane shows, and a pane closed with its × comes
// back from here, as does the whole layout (Reset Layout).
#pragma once

#include <wx/aui/aui.h>
#include <wx/menu.h>

#include <string>
#include <vector>

namespace sandtable::studio {

class PaneMenu {
public:
    struct Pane {
        std::string name;  // the wxAuiPaneInfo name
        wxString label;    // the menu item
    };
    // Appends the items to `view`; `default_layout` is the perspective Reset Layout restores.
    PaneMenu(wxFrame* frame, wxAuiManager& aui, wxMenu* view, std::vector<Pane> panes, wxString default_layout);
    // Ticks follow the panes (after a layout was loaded, a page hid them).
    void sync();

private:
    void toggle(std::size_t pane, bool shown);

    wxAuiManager& aui_;
    std::vector<Pane> panes_;
    std::vector<wxMenuItem*> items_;
    wxString default_layout_;
};

}  // namespace sandtable::studio
