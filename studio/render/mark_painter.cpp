#include "render/mark_painter.h"

#include <wx/brush.h>
#include <wx/pen.h>

#include <algorithm>

namespace sandtable::studio {

namespace {
struct MarkStyle {
    wxColour fill;  // alpha 0: none
    wxColour ring;  // alpha 0: none
    double ring_width;
    wxColour label_back;
};

MarkStyle style_of(MarkKind kind) {
    switch (kind) {
        case MarkKind::Selected:
            return {wxColour(0, 0, 0, 0), wxColour(255, 214, 0), 4, wxColour(0, 0, 0, 0)};
        case MarkKind::Movable:
            return {wxColour(0, 0, 0, 0), wxColour(225, 150, 0), 2, wxColour(60, 60, 60, 220)};
        case MarkKind::Reach:
            return {wxColour(60, 200, 90, 70), wxColour(0, 0, 0, 0), 0, wxColour(20, 110, 40, 230)};
        case MarkKind::Target:
            return {wxColour(0, 0, 0, 0), wxColour(220, 30, 30), 3, wxColour(180, 20, 20, 235)};
        case MarkKind::Attacker:
            return {wxColour(255, 150, 0, 60), wxColour(255, 150, 0), 3, wxColour(0, 0, 0, 0)};
        case MarkKind::Defender:
            return {wxColour(220, 30, 30, 60), wxColour(220, 30, 30), 3, wxColour(180, 20, 20, 235)};
        case MarkKind::Destination:
            return {wxColour(40, 110, 230, 80), wxColour(40, 110, 230), 2, wxColour(0, 0, 0, 0)};
        case MarkKind::Order:
            return {wxColour(0, 0, 0, 0), wxColour(140, 60, 200), 3, wxColour(110, 40, 170, 235)};
    }
    return {};
}

wxGraphicsPath hex_path(wxGraphicsContext& gc, const MapView& view, geometry::Hex h, double inset) {
    const auto corners = view.corners(h);
    const Point c = view.centre(h);
    wxGraphicsPath path = gc.CreatePath();
    for (std::size_t i = 0; i < 6; ++i) {
        const double x = c.x + (corners[i].x - c.x) * inset, y = c.y + (corners[i].y - c.y) * inset;
        if (i == 0)
            path.MoveToPoint(x, y);
        else
            path.AddLineToPoint(x, y);
    }
    path.CloseSubpath();
    return path;
}

// A label in a rounded box at the bottom of the hex, readable over counters.
void draw_label(wxGraphicsContext& gc, const MapView& view, const HexMark& mark, const wxColour& back) {
    if (mark.label.empty() || back.Alpha() == 0) return;
    const double size = std::clamp(view.scale() * 0.42, 8.0, 15.0);
    gc.SetFont(wxFont(wxFontInfo(size).Bold()), *wxWHITE);
    double w = 0, h = 0;
    gc.GetTextExtent(wxString::FromUTF8(mark.label), &w, &h);
    const Point c = view.centre(mark.hex);
    const double x = c.x - w / 2 - 3, y = c.y + view.scale() * 0.45 - h / 2;
    gc.SetPen(*wxTRANSPARENT_PEN);
    gc.SetBrush(wxBrush(back));
    gc.DrawRoundedRectangle(x, y, w + 6, h + 2, 3);
    gc.DrawText(wxString::FromUTF8(mark.label), x + 3, y + 1);
}
}  // namespace

void draw_marks(wxGraphicsContext& gc, const MapView& view, const std::vector<HexMark>& marks) {
    // Fills first, then rings, then labels, so a label is never covered.
    for (const auto& m : marks) {
        const MarkStyle s = style_of(m.kind);
        if (s.fill.Alpha() == 0) continue;
        gc.SetPen(*wxTRANSPARENT_PEN);
        gc.SetBrush(wxBrush(s.fill));
        gc.FillPath(hex_path(gc, view, m.hex, 0.96));
    }
    for (const auto& m : marks) {
        const MarkStyle s = style_of(m.kind);
        if (s.ring.Alpha() == 0) continue;
        gc.SetPen(wxPen(s.ring, static_cast<int>(s.ring_width)));
        gc.SetBrush(*wxTRANSPARENT_BRUSH);
        gc.StrokePath(hex_path(gc, view, m.hex, m.kind == MarkKind::Movable ? 0.82 : 0.9));
    }
    for (const auto& m : marks) draw_label(gc, view, m, style_of(m.kind).label_back);
}

}  // namespace sandtable::studio
