#include "app/text_window.h"

#include <wx/button.h>
#include <wx/dialog.h>
#include <wx/sizer.h>
#include <wx/textctrl.h>

namespace sandtable::studio {

void show_text_window(wxWindow* parent, const wxString& title, const wxString& text, bool modal, int line) {
    auto* dialog = new wxDialog(parent, wxID_ANY, title, wxDefaultPosition, wxSize(900, 650),
                                wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER);
    auto* view = new wxTextCtrl(dialog, wxID_ANY, text, wxDefaultPosition, wxDefaultSize,
                                wxTE_MULTILINE | wxTE_READONLY | wxTE_BESTWRAP);
    view->SetFont(wxFont(wxFontInfo(9).Family(wxFONTFAMILY_TELETYPE)));
    view->SetInsertionPoint(0);  // read from the top, or from the line asked for
    view->ShowPosition(0);
    if (line > 0) {
        const long start = view->XYToPosition(0, line - 1);
        if (start >= 0) {
            view->SetSelection(start, start + view->GetLineLength(line - 1));
            view->ShowPosition(start);
        }
    }
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(view, 1, wxEXPAND | wxALL, 8);
    sizer->Add(dialog->CreateButtonSizer(wxOK), 0, wxEXPAND | wxALL, 8);
    dialog->SetSizer(sizer);
    if (modal) {
        dialog->ShowModal();
        dialog->Destroy();
        return;
    }
    // Closed by OK or its title bar's close: gone then, not hidden.
    dialog->Bind(
        wxEVT_BUTTON, [dialog](wxCommandEvent&) { dialog->Destroy(); }, wxID_OK);
    dialog->Bind(wxEVT_CLOSE_WINDOW, [dialog](wxCloseEvent&) { dialog->Destroy(); });
    dialog->Show();
}

}  // namespace sandtable::studio
