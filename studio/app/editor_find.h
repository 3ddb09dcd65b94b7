// Find and replace in a script editor: the platform's find dialog (Ctrl+F,
// Ctrl+H), searching down or up with whole word and match case, wrapping
// round the end of the text; Replace All is one undo step in the editor.
#pragma once

#include <wx/fdrepdlg.h>
#include <wx/stc/stc.h>

namespace sandtable::studio {

class EditorFind {
public:
    // The dialog belongs to `parent`, which the editor lives in.
    EditorFind(wxWindow* parent, wxStyledTextCtrl* editor);
    void show(bool with_replace);
    // Selects the next match after the selection (before it, searching up);
    // false when the text has none.
    bool find_next(const wxString& text, int flags);
    // How many were replaced.
    int replace_all(const wxString& text, const wxString& with, int flags);

private:
    void on_find(wxFindDialogEvent& e);
    int search_flags(int flags) const;

    wxWindow* parent_;
    wxStyledTextCtrl* editor_;
    wxFindReplaceData data_{wxFR_DOWN};
    wxFindReplaceDialog* dialog_ = nullptr;
};

}  // namespace sandtable::studio
