#include "app/list_fit.h"

#include <wx/settings.h>

#include <algorithm>

namespace sandtable::studio {

int width_of_entries(const wxListBox& list) {
    int widest = 0;
    for (unsigned i = 0; i < list.GetCount(); ++i) widest = std::max(widest, list.GetTextExtent(list.GetString(i)).x);
    // A check list's boxes, the border and the scroll bar.
    return widest + wxSystemSettings::GetMetric(wxSYS_VSCROLL_X, &list) + 40;
}

void tip_entries_under_mouse(wxListBox* list) {
    list->Bind(wxEVT_MOTION, [list](wxMouseEvent& e) {
        const int i = list->HitTest(e.GetPosition());
        // Only an entry the list cuts short: a tooltip over a whole one would hide the entries below it.
        const wxString entry = i < 0 ? wxString() : list->GetString(static_cast<unsigned>(i));
        const bool cut = !entry.empty() && list->GetTextExtent(entry).x + 30 > list->GetClientSize().x;
        const wxString tip = cut ? entry : wxString();
        if (list->GetToolTipText() != tip) list->SetToolTip(tip);
        e.Skip();
    });
}

void tip_rows_under_mouse(wxListCtrl* list) {
    list->Bind(wxEVT_MOTION, [list](wxMouseEvent& e) {
        int flags = 0;
        const long row = list->HitTest(e.GetPosition(), flags);
        wxString tip;
        for (int c = 0; row >= 0 && c < list->GetColumnCount(); ++c) {
            const wxString cell = list->GetItemText(row, c);
            if (!cell.empty()) tip += (tip.empty() ? "" : " — ") + cell;
        }
        if (list->GetToolTipText() != tip) list->SetToolTip(tip);
        e.Skip();
    });
}

}  // namespace sandtable::studio
