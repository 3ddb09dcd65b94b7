// A docked pane as wide as what it lists, so no entry is cut short, within
// a share of the window so the map keeps the middle.
#pragma once

#include <wx/aui/aui.h>

namespace sandtable::studio {

// Widens (never narrows) the docked pane `name` to `wanted` pixels, at most a
// quarter of the managed window; a pane the designer made wider stays so.
void widen_pane(wxAuiManager& aui, const wxString& name, int wanted);

}  // namespace sandtable::studio
