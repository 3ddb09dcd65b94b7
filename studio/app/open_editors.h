// A value typed into a grid's cell editor or a property grid's editor is the
// designer's edit even before Enter: saving or quitting commits it first, so
// Ctrl+S with the cursor still in a field saves what the field shows.
#pragma once

class wxWindow;

namespace sandtable::studio {

// Commits every editor open in a grid or property grid under `top`, and
// runs the edits they make; whether one was open.
bool commit_open_editor(wxWindow* top);

}  // namespace sandtable::studio
