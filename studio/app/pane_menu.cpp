#include "app/pane_menu.h"

#include <wx/frame.h>

namespace sandtable::studio {

PaneMenu::PaneMenu(wxFrame* frame, wxAuiManager& aui, wxMenu* view, std::vector<Pane> panes, wxString default_layout)
    : aui_(aui), panes_(std::move(panes)), default_layout_(std::move(default_layout)) {
    view->AppendSeparator();
    for (std::size_t i = 0; i < panes_.size(); ++i) {
        const int id = wxWindow::NewControlId();
        items_.push_back(view->AppendCheckItem(id, panes_[i].label));
        frame->Bind(
            wxEVT_MENU, [this, i](wxCommandEvent& e) { toggle(i, e.IsChecked()); }, id);
    }
    const int reset = wxWindow::NewControlId();
    view->Append(reset, "Reset &Layout", "The panes where they were when the studio was new");
    frame->Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            aui_.LoadPerspective(default_layout_);
            sync();
        },
        reset);
    // A pane closed by its ×: the tick goes once the pane is gone.
    frame->Bind(wxEVT_AUI_PANE_CLOSE, [this, frame](wxAuiManagerEvent& e) {
        e.Skip();
        frame->CallAfter([this] { sync(); });
    });
    sync();
}

void PaneMenu::toggle(std::size_t pane, bool shown) {
    aui_.GetPane(wxString::FromUTF8(panes_[pane].name)).Show(shown);
    aui_.Update();
    sync();
}

void PaneMenu::sync() {
    for (std::size_t i = 0; i < panes_.size(); ++i)
        items_[i]->Check(aui_.GetPane(wxString::FromUTF8(panes_[i].name)).IsShown());
}

}  // namespace sandtable::studio
