// Lists whose entries are read whole: a list as wide as its widest entry
// (within a cap), and under the mouse the whole entry as a tooltip where the
// list is narrower than it.
#pragma once

#include <wx/listbox.h>
#include <wx/listctrl.h>

namespace sandtable::studio {

// The width that shows every entry of `list` whole, border and scroll bar included.
int width_of_entries(const wxListBox& list);

// The entry under the mouse becomes the list's tooltip where the list cuts it short.
void tip_entries_under_mouse(wxListBox* list);

// The row under the mouse, every column of it, becomes the report list's tooltip: a narrow pane's
// cut columns read whole.
void tip_rows_under_mouse(wxListCtrl* list);

}  // namespace sandtable::studio
