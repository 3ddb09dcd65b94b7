#include "app/pane_width.h"

#include <algorithm>

namespace sandtable::studio {

void widen_pane(wxAuiManager& aui, const wxString& name, int wanted) {
    wxAuiPaneInfo& pane = aui.GetPane(name);
    if (!pane.IsOk() || !pane.IsShown() || !pane.IsDocked() || !aui.GetManagedWindow()) return;
    const int width = std::min(wanted, aui.GetManagedWindow()->GetClientSize().x / 4);
    if (pane.window->GetSize().x >= width) return;
    // A docked pane takes a new width only through its minimum; the minimum is let go afterwards
    // so the designer can still drag the sash narrower.
    pane.MinSize(width, -1).BestSize(width, -1);
    aui.Update();
    aui.GetPane(name).MinSize(-1, -1);
}

}  // namespace sandtable::studio
