// Resize Map in one dialog: columns and rows, where the old map sits in the
// new one (a 3x3 anchor, as image editors have), and a preview of both
// outlines that follows each change.
#pragma once

#include "core/map_resize.h"

#include <wx/dialog.h>
#include <wx/radiobox.h>
#include <wx/spinctrl.h>

namespace sandtable::studio {

class ResizeDialog : public wxDialog {
public:
    ResizeDialog(wxWindow* parent, const geometry::HexGrid& grid);
    MapSize size() const;

private:
    void paint_preview(wxDC& dc);

    const geometry::HexGrid& grid_;
    wxSpinCtrl* columns_ = nullptr;
    wxSpinCtrl* rows_ = nullptr;
    wxRadioBox* anchor_ = nullptr;
    wxWindow* preview_ = nullptr;
};

}  // namespace sandtable::studio
