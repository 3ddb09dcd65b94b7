#include "app/open_editors.h"

#include <wx/grid.h>
#include <wx/propgrid/propgrid.h>
#include <wx/window.h>

namespace sandtable::studio {

namespace {

// The grid's own editor commits through the grid's events, as Enter would. A property grid performs its
// edit after its own event (CallAfter on the grid): that one grid's queue is run, so the save sees it.
// Only its queue: the application's would run every window's pending work, which may never drain.
bool commit(wxWindow* w) {
    if (auto* grid = dynamic_cast<wxPropertyGrid*>(w)) {
        if (!grid->GetEditorControl()) return false;
        grid->CommitChangesFromEditor();
        static_cast<wxEvtHandler*>(grid)->ProcessPendingEvents();  // public there, hidden by wxWindow
        return true;
    }
    if (auto* grid = dynamic_cast<wxGrid*>(w)) {
        if (!grid->IsCellEditControlEnabled()) return false;
        grid->SaveEditControlValue();  // the table's edit is performed in its own event, at once
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

bool commit_open_editor(wxWindow* top) { return top && commit_under(top); }

}  // namespace sandtable::studio
