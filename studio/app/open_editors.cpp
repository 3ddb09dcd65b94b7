#include "app/open_editors.h"

#include <wx/app.h>
#include <wx/grid.h>
#include <wx/propgrid/propgrid.h>
#include <wx/window.h>

namespace sandtable::studio {

namespace {

// The grid's own editor commits through the grid's events, as Enter would.
bool commit(wxWindow* w) {
    if (auto* grid = dynamic_cast<wxPropertyGrid*>(w)) {
        if (!grid->GetEditorControl()) return false;
        grid->CommitChangesFromEditor();
        return true;
    }
    if (auto* grid = dynamic_cast<wxGrid*>(w)) {
        if (!grid->IsCellEditControlEnabled()) return false;
        grid->SaveEditControlValue();
        grid->HideCellEditControl();
        grid->DisableCellEditControl();
        return true;
    }
    return false;
}

// Every grid under `top`, not only the focused one: a click on a menu or a
// button may have taken the focus while the editor still shows the value.
bool commit_under(wxWindow* w) {
    bool committed = commit(w);
    for (wxWindow* child : w->GetChildren()) committed = commit_under(child) || committed;
    return committed;
}

}  // namespace

bool commit_open_editor(wxWindow* top) {
    const bool committed = top && commit_under(top);
    // The grids perform their edit after their own event (CallAfter); the save must see it.
    if (committed && wxTheApp) wxTheApp->ProcessPendingEvents();
    return committed;
}

}  // namespace sandtable::studio
