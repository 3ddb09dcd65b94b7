#include "app/resize_dialog.h"

#include <wx/dcbuffer.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

#include <algorithm>

namespace sandtable::studio {

ResizeDialog::ResizeDialog(wxWindow* parent, const geometry::HexGrid& grid)
    : wxDialog(parent, wxID_ANY, "Resize Map", wxDefaultPosition, wxDefaultSize, wxDEFAULT_DIALOG_STYLE), grid_(grid) {
    columns_ =
        new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(110, -1), wxSP_ARROW_KEYS, 1, 999, grid.columns());
    rows_ =
        new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(110, -1), wxSP_ARROW_KEYS, 1, 999, grid.rows());
    const wxString cells[] = {"", "", "", "", "", "", "", "", ""};
    anchor_ = new wxRadioBox(this, wxID_ANY, "The old map sits", wxDefaultPosition, wxDefaultSize, 9, cells, 3,
                             wxRA_SPECIFY_COLS);
    anchor_->SetSelection(0);
    anchor_->SetToolTip("Where the old map sits in the new one: top left keeps every hex's label");
    preview_ = new wxWindow(this, wxID_ANY, wxDefaultPosition, wxSize(260, 170));
    preview_->SetBackgroundStyle(wxBG_STYLE_PAINT);
    preview_->Bind(wxEVT_PAINT, [this](wxPaintEvent&) {
        wxAutoBufferedPaintDC dc(preview_);
        paint_preview(dc);
    });
    auto* numbers = new wxFlexGridSizer(2, 6, 6);
    numbers->Add(new wxStaticText(this, wxID_ANY, "Columns"), 0, wxALIGN_CENTER_VERTICAL);
    numbers->Add(columns_);
    numbers->Add(new wxStaticText(this, wxID_ANY, "Rows"), 0, wxALIGN_CENTER_VERTICAL);
    numbers->Add(rows_);
    auto* left = new wxBoxSizer(wxVERTICAL);
    left->Add(numbers, 0, wxBOTTOM, 8);
    left->Add(anchor_);
    auto* row = new wxBoxSizer(wxHORIZONTAL);
    row->Add(left, 0, wxALL, 8);
    row->Add(preview_, 1, wxEXPAND | wxALL, 8);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(row, 1, wxEXPAND);
    sizer->Add(CreateButtonSizer(wxOK | wxCANCEL), 0, wxEXPAND | wxALL, 8);
    SetSizerAndFit(sizer);
    auto redraw = [this](wxCommandEvent&) { preview_->Refresh(); };
    columns_->Bind(wxEVT_SPINCTRL, redraw);
    rows_->Bind(wxEVT_SPINCTRL, redraw);
    columns_->Bind(wxEVT_TEXT, redraw);
    rows_->Bind(wxEVT_TEXT, redraw);
    anchor_->Bind(wxEVT_RADIOBOX, redraw);
}

MapSize ResizeDialog::size() const {
    const int cell = std::max(0, anchor_->GetSelection());
    return anchored(grid_, columns_->GetValue(), rows_->GetValue(), cell % 3, cell / 3);
}

// The new map's outline, and the old map's inside it where the anchor puts it (shaded).
void ResizeDialog::paint_preview(wxDC& dc) {
    dc.SetBackground(wxBrush(GetBackgroundColour()));
    dc.Clear();
    const MapSize s = size();
    const int left = std::min(0, s.shift_columns), top = std::min(0, s.shift_rows);
    const int right = std::max(s.columns, s.shift_columns + grid_.columns()),
              bottom = std::max(s.rows, s.shift_rows + grid_.rows());
    const wxSize area = preview_->GetClientSize();
    const double scale = std::min((area.x - 10.0) / (right - left), (area.y - 24.0) / (bottom - top));
    auto rect = [&](int x, int y, int w, int h) {
        return wxRect(5 + static_cast<int>((x - left) * scale), 5 + static_cast<int>((y - top) * scale),
                      std::max(1, static_cast<int>(w * scale)), std::max(1, static_cast<int>(h * scale)));
    };
    dc.SetPen(wxPen(wxColour(120, 120, 120), 1, wxPENSTYLE_SHORT_DASH));
    dc.SetBrush(wxBrush(wxColour(205, 220, 180)));
    dc.DrawRectangle(rect(s.shift_columns, s.shift_rows, grid_.columns(), grid_.rows()));
    dc.SetPen(wxPen(wxColour(40, 40, 40), 2));
    dc.SetBrush(*wxTRANSPARENT_BRUSH);
    dc.DrawRectangle(rect(0, 0, s.columns, s.rows));
    dc.SetTextForeground(wxColour(60, 60, 60));
    dc.DrawText(wxString::Format("%dx%d, the old %dx%d shaded", s.columns, s.rows, grid_.columns(), grid_.rows()), 5,
                area.y - 18);
}

}  // namespace sandtable::studio
