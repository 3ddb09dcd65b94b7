// The File menu's shortcuts (Ctrl+S, Ctrl+Q, Ctrl+O, Ctrl+N, …) wherever the
// keyboard focus is. GTK lets a focused list, property grid or drop-down take
// some of them first (a list's Ctrl+N moves its cursor), so the frame looks
// at each key before its controls do and runs the menu command itself.
#pragma once

#include <wx/event.h>

class wxFrame;

namespace sandtable::studio {

// The menu command whose shortcut `key` is, among those no control edits text
// with (Ctrl+letters other than the editing ones, function keys); wxID_NONE if none.
int menu_command_for_key(const wxFrame& frame, const wxKeyEvent& key);

// Runs menu command `id` as choosing it does: a check item's tick flips first,
// and the command sees the new state (View > Hex Grid on, then off, then on).
void run_menu_command(wxFrame& frame, int id);

}  // namespace sandtable::studio
