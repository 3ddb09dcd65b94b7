#include "app/hex_tools.h"

#include <wx/brush.h>
#include <wx/cursor.h>
#include <wx/defs.h>
#include <wx/pen.h>

#include <algorithm>
#include <cmath>

namespace sandtable::studio {

using geometry::Hex;

// A fast drag jumps: the hexes between the last sample and this one are visited too.
bool HexStrokeTool::mouse(const CanvasMouse& m, const MapView& view) {
    if (m.kind == CanvasMouse::Down) {
        last_ = m.pixel;
        stroking_ = true;
    }
    if (m.kind == CanvasMouse::Down || (m.kind == CanvasMouse::Move && m.pressed)) {
        if (!stroking_) return true;  // called off: the rest of the drag paints nothing
        const double dx = m.pixel.x - last_.x, dy = m.pixel.y - last_.y;
        const int steps = std::max(1, static_cast<int>(std::hypot(dx, dy) / std::max(2.0, view.scale() / 3)));
        for (int k = 1; k <= steps && on_hex; ++k)
            if (auto h = view.hex_at({last_.x + dx * k / steps, last_.y + dy * k / steps})) on_hex(*h);
        if (m.hex && on_hex) on_hex(*m.hex);
        last_ = m.pixel;
        return true;
    }
    if (m.kind == CanvasMouse::Up) {
        if (stroking_ && on_end) on_end();
        stroking_ = false;
        return true;
    }
    return false;
}

bool HexStrokeTool::key(int code) {
    if (code != WXK_ESCAPE || !stroking_) return false;
    stroking_ = false;
    if (on_cancel) on_cancel();
    return true;
}

bool HexSideTool::mouse(const CanvasMouse& m, const MapView&) {
    std::optional<SideRef> side;
    if (m.side) side = SideRef{m.side->hex, m.side->direction};
    if (m.kind == CanvasMouse::Down) {
        if (on_press) on_press(m.hex, side);
        return true;
    }
    if (m.kind == CanvasMouse::Move && m.pressed) {
        if (on_move) on_move(m.hex, side);
        return true;
    }
    if (m.kind == CanvasMouse::Up) {
        if (on_release) on_release();
        return true;
    }
    return false;
}

bool HexSelectTool::mouse(const CanvasMouse& m, const MapView&) {
    if (m.kind == CanvasMouse::Down) {
        if (m.hex && on_click) on_click(*m.hex);
        dragged_ = -1;
        over_.reset();
        if (m.hex && on_unit_moved && scenario)  // the last-listed unit in the hex is the one on top
            for (std::size_t i = 0; i < scenario->units.size(); ++i)
                if (scenario->units[i].hex == *m.hex) dragged_ = static_cast<int>(i);
        return dragged_ >= 0;  // a press elsewhere pans
    }
    if (m.kind == CanvasMouse::Move && m.pressed) {
        canvas_->SetCursor(wxCursor(wxCURSOR_HAND));
        over_ = m.hex;
        return true;
    }
    if (m.kind == CanvasMouse::Up) {
        canvas_->SetCursor(wxNullCursor);
        const int unit = dragged_;
        dragged_ = -1;
        over_.reset();
        if (unit >= 0 && m.hex && *m.hex != scenario->units[static_cast<std::size_t>(unit)].hex)
            on_unit_moved(unit, *m.hex);
        return true;
    }
    return false;
}

// The hex the dragged counter would land on, ringed, with a line from where it stands.
void HexSelectTool::draw(wxGraphicsContext& gc, const MapView& view) const {
    if (dragged_ < 0 || !over_ || !scenario) return;
    const geometry::Hex from = scenario->units[static_cast<std::size_t>(dragged_)].hex;
    if (*over_ == from) return;
    const auto corners = view.corners(*over_);
    wxGraphicsPath ring = gc.CreatePath();
    ring.MoveToPoint(corners[0].x, corners[0].y);
    for (std::size_t i = 1; i < corners.size(); ++i) ring.AddLineToPoint(corners[i].x, corners[i].y);
    ring.CloseSubpath();
    gc.SetPen(wxPen(wxColour(20, 60, 160), 3));
    gc.SetBrush(wxBrush(wxColour(20, 60, 160, 50)));
    gc.DrawPath(ring);
    const Point a = view.centre(from), b = view.centre(*over_);
    gc.SetPen(wxPen(wxColour(20, 60, 160), 2, wxPENSTYLE_SHORT_DASH));
    gc.StrokeLine(a.x, a.y, b.x, b.y);
}

bool HexClickTool::mouse(const CanvasMouse& m, const MapView&) {
    if (m.kind != CanvasMouse::Click || !m.hex || !on_click) return false;
    on_click(*m.hex);
    return true;
}

std::optional<int> CalibrationTool::handle_at(const MapView& view, Point pixel) const {
    const auto place = background->placement(*grid);
    for (int k = 0; k < 2; ++k) {
        const Point p = view.to_pixel(place.to_map(background->image_points[static_cast<std::size_t>(k)]));
        if (std::hypot(p.x - pixel.x, p.y - pixel.y) <= 14) return k;
    }
    return std::nullopt;
}

// The scan stays put while a handle moves; on release the anchor is told
// where it was dropped and the scan moves under the grid.
bool CalibrationTool::mouse(const CanvasMouse& m, const MapView& view) {
    if (!background || !grid) return false;
    if (m.kind == CanvasMouse::Down) {
        const auto handle = handle_at(view, m.pixel);
        if (!handle) return false;
        dragged_ = *handle;
        drag_at_ = m.pixel;
        return true;
    }
    if (dragged_ < 0) return false;
    drag_at_ = m.pixel;
    if (m.kind == CanvasMouse::Up) {
        const int handle = dragged_;
        dragged_ = -1;
        if (on_dropped) on_dropped(handle, view.to_map(m.pixel));
    }
    return true;
}

// A ring with cross-hairs and the anchor hex's label.
void CalibrationTool::draw(wxGraphicsContext& gc, const MapView& view) const {
    if (!background || !grid) return;
    const auto place = background->placement(*grid);
    for (int k = 0; k < 2; ++k) {
        const Point p = k == dragged_
                            ? drag_at_
                            : view.to_pixel(place.to_map(background->image_points[static_cast<std::size_t>(k)]));
        gc.SetPen(wxPen(wxColour(220, 0, 140), 2));
        gc.SetBrush(wxBrush(wxColour(255, 255, 255, 90)));
        gc.DrawEllipse(p.x - 11, p.y - 11, 22, 22);
        gc.StrokeLine(p.x - 16, p.y, p.x + 16, p.y);
        gc.StrokeLine(p.x, p.y - 16, p.x, p.y + 16);
        gc.SetFont(wxFont(wxFontInfo(9).Bold()), wxColour(220, 0, 140));
        gc.DrawText(grid->label(background->anchors[static_cast<std::size_t>(k)]), p.x + 14, p.y + 8);
    }
}

}  // namespace sandtable::studio
