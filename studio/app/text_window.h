// A window of plain text to read beside the work: the docs (Help), what the
// house rules change. Markdown is shown as plain text, with no browser needed.
#pragma once

#include <wx/string.h>

class wxWindow;

namespace sandtable::studio {

// Shows `text` in its own resizable window; `modal`: the caller waits for it
// to close, else it stays open beside the main window until closed.
// `line` (1-based, 0: the top) is shown and its text selected.
void show_text_window(wxWindow* parent, const wxString& title, const wxString& text, bool modal, int line = 0);

}  // namespace sandtable::studio
