#include "app/editor_find.h"

#include <wx/msgdlg.h>
#include <wx/utils.h>

namespace sandtable::studio {

EditorFind::EditorFind(wxWindow* parent, wxStyledTextCtrl* editor) : parent_(parent), editor_(editor) {}

void EditorFind::show(bool with_replace) {
    if (dialog_) dialog_->Destroy();
    // What is selected is what the designer most likely looks for.
    if (!editor_->GetSelectedText().empty() && !editor_->GetSelectedText().Contains("\n"))
        data_.SetFindString(editor_->GetSelectedText());
    dialog_ = new wxFindReplaceDialog(parent_, &data_, with_replace ? "Replace in Script" : "Find in Script",
                                      with_replace ? wxFR_REPLACEDIALOG : 0);
    // Handled on the dialog itself: a top-level window's events do not travel up to its owner.
    for (auto type : {wxEVT_FIND, wxEVT_FIND_NEXT, wxEVT_FIND_REPLACE, wxEVT_FIND_REPLACE_ALL, wxEVT_FIND_CLOSE})
        dialog_->Bind(type, &EditorFind::on_find, this);
    dialog_->Show();
}

int EditorFind::search_flags(int flags) const {
    return ((flags & wxFR_MATCHCASE) ? wxSTC_FIND_MATCHCASE : 0) |
           ((flags & wxFR_WHOLEWORD) ? wxSTC_FIND_WHOLEWORD : 0);
}

bool EditorFind::find_next(const wxString& text, int flags) {
    if (text.empty()) return false;
    editor_->SetSearchFlags(search_flags(flags));
    const bool down = (flags & wxFR_DOWN) != 0;
    const int length = editor_->GetLength();
    // From the selection to the end (or the start, searching up), then round.
    const int from = down ? editor_->GetSelectionEnd() : editor_->GetSelectionStart();
    const int ranges[2][2] = {{from, down ? length : 0}, {down ? 0 : length, from}};
    for (const auto& range : ranges) {
        editor_->SetTargetStart(range[0]);
        editor_->SetTargetEnd(range[1]);
        if (editor_->SearchInTarget(text) >= 0) {
            editor_->SetSelection(editor_->GetTargetStart(), editor_->GetTargetEnd());
            editor_->EnsureCaretVisible();
            return true;
        }
    }
    return false;
}

int EditorFind::replace_all(const wxString& text, const wxString& with, int flags) {
    if (text.empty()) return 0;
    editor_->SetSearchFlags(search_flags(flags));
    editor_->BeginUndoAction();
    int count = 0;
    for (int at = 0;; ++count) {
        editor_->SetTargetStart(at);
        editor_->SetTargetEnd(editor_->GetLength());
        if (editor_->SearchInTarget(text) < 0) break;
        editor_->ReplaceTarget(with);
        at = editor_->GetTargetEnd();  // after the replacement: it is never searched again
    }
    editor_->EndUndoAction();
    return count;
}

void EditorFind::on_find(wxFindDialogEvent& e) {
    const wxEventType type = e.GetEventType();
    if (type == wxEVT_FIND_CLOSE) {
        dialog_->Destroy();
        dialog_ = nullptr;
        return;
    }
    const wxString text = e.GetFindString();
    if (type == wxEVT_FIND_REPLACE_ALL) {
        const int count = replace_all(text, e.GetReplaceString(), e.GetFlags());
        wxMessageBox(wxString::Format("Replaced %d.", count), "Replace in Script", wxOK | wxICON_INFORMATION, parent_);
        return;
    }
    if (type == wxEVT_FIND_REPLACE) {
        const bool case_matters = (e.GetFlags() & wxFR_MATCHCASE) != 0;
        const wxString selected = editor_->GetSelectedText();
        if (case_matters ? selected == text : selected.IsSameAs(text, false))
            editor_->ReplaceSelection(e.GetReplaceString());
    }
    if (!find_next(text, e.GetFlags())) wxBell();
}

}  // namespace sandtable::studio
