#include "app/map_canvas.h"

#include "render/scenario_painter.h"
#include "render/table_painter.h"

#include <wx/dcbuffer.h>
#include <wx/dnd.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace sandtable::studio {

using geometry::Hex;

namespace {
// Units dragged from the order of battle land on the canvas.
class UnitDropTarget : public wxTextDropTarget {
public:
    explicit UnitDropTarget(MapCanvas* canvas) : canvas_(canvas) {}
    bool OnDropText(wxCoord x, wxCoord y, const wxString& text) override { return canvas_->drop_unit(x, y, text); }

private:
    MapCanvas* canvas_;
};
}  // namespace

bool MapCanvas::drop_unit(wxCoord x, wxCoord y, const wxString& text) {
    long unit = -1;
    if (!scenario_ || !on_unit_dropped || !text.StartsWith("sandtable-unit:") || !text.AfterFirst(':').ToLong(&unit))
        return false;
    if (unit < 0 || unit >= static_cast<long>(scenario_->units.size())) return false;
    if (on_tabletop()) {
        const auto cm = free_table::to_cm(view_, {static_cast<double>(x), static_cast<double>(y)});
        if (!on_table_unit_dropped || !geometry::tabletop::on_table(scenario_->table.map, cm)) return false;
        on_table_unit_dropped(static_cast<int>(unit), cm);
        return true;
    }
    const auto hex = view_.hex_at({static_cast<double>(x), static_cast<double>(y)});
    if (!hex || *hex == scenario_->units[static_cast<std::size_t>(unit)].hex) return false;
    on_unit_dropped(static_cast<int>(unit), *hex);
    return true;
}

MapCanvas::MapCanvas(wxWindow* parent)
    : wxPanel(parent, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxTAB_TRAVERSAL | wxWANTS_CHARS) {
    SetDropTarget(new UnitDropTarget(this));
    SetBackgroundStyle(wxBG_STYLE_PAINT);
    Bind(wxEVT_PAINT, &MapCanvas::on_paint, this);
    Bind(wxEVT_SIZE, &MapCanvas::on_size, this);
    Bind(wxEVT_MOUSEWHEEL, &MapCanvas::on_wheel, this);
    Bind(wxEVT_LEFT_DOWN, &MapCanvas::on_mouse, this);
    Bind(wxEVT_LEFT_UP, &MapCanvas::on_mouse, this);
    Bind(wxEVT_RIGHT_UP, &MapCanvas::on_mouse, this);
    Bind(wxEVT_MOTION, &MapCanvas::on_mouse, this);
    Bind(wxEVT_LEFT_DCLICK, &MapCanvas::on_double_click, this);
    Bind(wxEVT_LEAVE_WINDOW, &MapCanvas::on_mouse, this);
    Bind(wxEVT_KEY_DOWN, &MapCanvas::on_key, this);
}

void MapCanvas::set_scenario(const rules::Ruleset* ruleset, const rules::Scenario* scenario) {
    ruleset_ = ruleset;
    scenario_ = scenario;
    if (ruleset_ && scenario_ && ruleset_->table.enabled)
        view_.set_table(scenario_->table.map.width, scenario_->table.map.depth);
    else
        view_.set_grid(scenario_ ? &scenario_->map.grid : nullptr);
    highlight_.reset();
    table_pressed_ = dragging_ = false;
    fit();
}

void MapCanvas::fit() {
    fit_follows_size_ = true;
    if (!scenario_) return;
    const wxSize size = GetClientSize();
    if (size.x < 10 || size.y < 10) return;
    view_.fit(size.x, size.y);
    Refresh();
}

void MapCanvas::show_hex(Hex hex) {
    if (!scenario_ || on_tabletop() || !scenario_->map.grid.contains(hex)) return;
    const wxSize size = GetClientSize();
    if (view_.scale() < 18) view_.zoom(18 / view_.scale(), view_.centre(hex));  // big enough to see what is there
    const Point c = view_.centre(hex);
    view_.pan(size.x / 2.0 - c.x, size.y / 2.0 - c.y);
    fit_follows_size_ = false;  // a view chosen: kept as the window changes
    highlight_ = hex;
    Refresh();
}

// Fitted to the window until the designer zooms or pans: a pane closed or the window resized fits it again.
void MapCanvas::on_size(wxSizeEvent& e) {
    if (fit_follows_size_) fit();
    Refresh();
    e.Skip();
}

void MapCanvas::on_wheel(wxMouseEvent& e) {
    if (on_tabletop() && scenario_ && on_table_mouse) {
        TableMouse m = table_mouse(TableMouse::Wheel, e);
        m.steps = e.GetWheelRotation() > 0 ? 1 : e.GetWheelRotation() < 0 ? -1 : 0;
        if (on_table_mouse(m)) {
            Refresh();
            return;
        }
    }
    const double factor = e.GetWheelRotation() > 0 ? 1.2 : 1 / 1.2;
    view_.zoom(factor, {static_cast<double>(e.GetX()), static_cast<double>(e.GetY())});
    fit_follows_size_ = false;
    Refresh();
}

void MapCanvas::on_double_click(wxMouseEvent& e) {
    if (on_tabletop() && scenario_ && on_table_mouse && on_table_mouse(table_mouse(TableMouse::DoubleClick, e))) {
        Refresh();
        return;
    }
    fit();
}

void MapCanvas::on_key(wxKeyEvent& e) {
    if (on_tabletop() && scenario_ && on_table_key && on_table_key(e.GetKeyCode())) {
        Refresh();
        return;
    }
    e.Skip();
}

MapCanvas::TableMouse MapCanvas::table_mouse(TableMouse::Kind kind, const wxMouseEvent& e) const {
    TableMouse m;
    m.kind = kind;
    m.cm = free_table::to_cm(view_, {static_cast<double>(e.GetX()), static_cast<double>(e.GetY())});
    m.tolerance = 6 / std::max(view_.scale(), 0.01);  // six pixels
    m.shift = e.ShiftDown();
    m.control = e.ControlDown();
    return m;
}

// On a tabletop the tool has the mouse first; what it does not take pans.
void MapCanvas::on_table_mouse_event(wxMouseEvent& e) {
    auto tell = [&](TableMouse::Kind kind) { return on_table_mouse ? on_table_mouse(table_mouse(kind, e)) : false; };
    if (e.Leaving()) {
        if (!table_pressed_ && !dragging_) tell(TableMouse::Leave);
        if (on_table_hover) on_table_hover(std::nullopt);
        Refresh();
        return;
    }
    const auto cm = free_table::to_cm(view_, {static_cast<double>(e.GetX()), static_cast<double>(e.GetY())});
    if (on_table_hover)
        on_table_hover(geometry::tabletop::on_table(scenario_->table.map, cm) ? std::optional(cm) : std::nullopt);
    if (e.LeftDown()) {
        SetFocus();  // Enter, Esc, Delete and Backspace go to the tool
        pressed_at_ = drag_from_ = e.GetPosition();
        table_pressed_ = tell(TableMouse::Down);
        dragging_ = !table_pressed_;
        if (!HasCapture()) CaptureMouse();
    } else if (e.LeftUp() && (table_pressed_ || dragging_)) {
        if (table_pressed_) tell(TableMouse::Up);
        const wxPoint moved = e.GetPosition() - pressed_at_;
        if (dragging_ && std::abs(moved.x) + std::abs(moved.y) < 5) tell(TableMouse::Click);
        table_pressed_ = dragging_ = false;
        if (HasCapture()) ReleaseMouse();
    } else if (e.Dragging() && dragging_) {
        view_.pan(e.GetX() - drag_from_.x, e.GetY() - drag_from_.y);
        fit_follows_size_ = false;
        drag_from_ = e.GetPosition();
    } else if (e.Dragging() || e.Moving()) {
        tell(TableMouse::Move);
    }
    Refresh();
}

// A drag over hexsides: pressed, moved (each move reported), released.
void MapCanvas::on_side_mouse(wxMouseEvent& e, std::optional<geometry::Hex> hex) {
    std::optional<SideRef> side;
    if (auto hit = view_.side_at({static_cast<double>(e.GetX()), static_cast<double>(e.GetY())}))
        side = SideRef{hit->hex, hit->direction};
    if (e.LeftDown()) {
        drawing_stroke_ = true;
        CaptureMouse();
        if (on_side_press) on_side_press(hex, side);
    } else if (drawing_stroke_ && e.Dragging()) {
        if (on_side_move) on_side_move(hex, side);
    } else if (drawing_stroke_ && e.LeftUp()) {
        drawing_stroke_ = false;
        if (HasCapture()) ReleaseMouse();
        if (on_side_release) on_side_release();
    }
}

void MapCanvas::on_mouse(wxMouseEvent& e) {
    if (on_tabletop()) {
        if (scenario_) on_table_mouse_event(e);
        return;
    }
    if (e.Leaving()) return;
    if (calibrating && on_calibration_mouse(e)) return;
    const auto hex =
        scenario_ ? view_.hex_at({static_cast<double>(e.GetX()), static_cast<double>(e.GetY())}) : std::nullopt;
    if (e.RightUp() && hex && on_hex_context) {
        on_hex_context(*hex);
        return;
    }
    if (drawing_sides && scenario_) {
        on_side_mouse(e, hex);
        if (on_hover) on_hover(hex);
        return;
    }
    if (painting && scenario_) {
        const Point here{static_cast<double>(e.GetX()), static_cast<double>(e.GetY())};
        if (e.LeftDown()) {
            stroking_ = true;
            stroke_last_ = here;
            CaptureMouse();
        }
        if (stroking_ && (e.LeftDown() || e.Moving() || e.Dragging()) && on_stroke_hex) {
            // A fast drag jumps: visit the hexes between the last point and this one.
            const double dx = here.x - stroke_last_.x, dy = here.y - stroke_last_.y;
            const int steps = std::max(1, static_cast<int>(std::hypot(dx, dy) / std::max(2.0, view_.scale() / 3)));
            for (int k = 1; k <= steps; ++k)
                if (auto h = view_.hex_at({stroke_last_.x + dx * k / steps, stroke_last_.y + dy * k / steps}))
                    on_stroke_hex(*h);
            if (hex) on_stroke_hex(*hex);
            stroke_last_ = here;
            Refresh();
        }
        if (e.LeftUp() && stroking_) {
            stroking_ = false;
            if (HasCapture()) ReleaseMouse();
            if (on_stroke_end) on_stroke_end();
            Refresh();
        }
        if (on_hover) on_hover(hex);
        return;
    }
    if (e.LeftDown() && hex && on_hex_clicked && !click_on_release) on_hex_clicked(*hex);
    if (e.LeftDown()) {
        dragging_ = true;
        pressed_at_ = e.GetPosition();
        drag_from_ = e.GetPosition();
        dragged_unit_ = -1;
        if (hex && on_unit_dropped)  // the last-listed unit in the hex is the one on top
            for (std::size_t i = 0; i < scenario_->units.size(); ++i)
                if (scenario_->units[i].hex == *hex) dragged_unit_ = static_cast<int>(i);
        CaptureMouse();
    } else if (e.LeftUp() && dragging_) {
        dragging_ = false;
        if (HasCapture()) ReleaseMouse();
        if (dragged_unit_ >= 0 && hex && *hex != scenario_->units[static_cast<std::size_t>(dragged_unit_)].hex)
            on_unit_dropped(dragged_unit_, *hex);
        dragged_unit_ = -1;
        SetCursor(wxNullCursor);
        Refresh();
        const wxPoint moved = e.GetPosition() - pressed_at_;
        if (click_on_release && hex && on_hex_clicked && std::abs(moved.x) + std::abs(moved.y) < 5)
            on_hex_clicked(*hex);
    } else if (e.Dragging() && dragging_ && dragged_unit_ >= 0) {
        SetCursor(wxCursor(wxCURSOR_HAND));
        return;
    } else if (e.Dragging() && dragging_) {
        view_.pan(e.GetX() - drag_from_.x, e.GetY() - drag_from_.y);
        fit_follows_size_ = false;
        drag_from_ = e.GetPosition();
        Refresh();
    }
    if (on_hover && scenario_) on_hover(hex);
}

void MapCanvas::on_paint(wxPaintEvent&) {
    wxAutoBufferedPaintDC dc(this);
    dc.SetBackground(wxBrush(wxColour(236, 232, 222)));
    dc.Clear();
    if (!ruleset_ || !scenario_) return;
    // A table resized (or the resize undone) keeps the zoom and the pan.
    if (on_tabletop()) view_.set_table(scenario_->table.map.width, scenario_->table.map.depth);
    // The map from its cached layer (panning only copies it), counters on top.
    layer_.draw(dc, view_, *ruleset_, *scenario_, DrawOptions{show_labels, show_grid}, revision_);
    std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::CreateFromUnknownDC(dc));
    if (!gc) return;
    if (!on_tabletop()) {  // scans, zones and calibration are made of hexes
        draw_background(*gc);
        draw_zones(*gc);
    }
    draw_units(*gc);
    if (on_tabletop() && show_labels)
        draw_table_scale(*gc, view_, scenario_->table.map, GetClientSize().x, GetClientSize().y);
    if (!on_tabletop()) draw_handles(*gc);
    if (draw_overlay) draw_overlay(*gc, view_);
    if (highlight_ && !on_tabletop()) {
        const auto c = view_.corners(*highlight_);
        wxGraphicsPath ring = gc->CreatePath();
        ring.MoveToPoint(c[0].x, c[0].y);
        for (int i = 1; i < 6; ++i)
            ring.AddLineToPoint(c[static_cast<std::size_t>(i)].x, c[static_cast<std::size_t>(i)].y);
        ring.CloseSubpath();
        gc->SetPen(wxPen(wxColour(230, 30, 30), 3));
        gc->SetBrush(*wxTRANSPARENT_BRUSH);
        gc->DrawPath(ring);
    }
}

namespace {
void fill_hex(wxGraphicsContext& gc, const MapView& view, Hex h) {
    const auto c = view.corners(h);
    wxGraphicsPath path = gc.CreatePath();
    path.MoveToPoint(c[0].x, c[0].y);
    for (std::size_t i = 1; i < c.size(); ++i) path.AddLineToPoint(c[i].x, c[i].y);
    path.CloseSubpath();
    gc.FillPath(path);
}
}  // namespace

// Zones are a translucent wash over the terrain, so the map stays readable.
void MapCanvas::draw_zones(wxGraphicsContext& gc) const {
    if (!show_zones) return;
    const auto& zones = scenario_->deployment_zones;
    for (std::size_t s = 0; s < zones.size() && s < scenario_->sides.size(); ++s) {
        wxColour c;
        if (!c.Set(wxString::FromUTF8(scenario_->sides[s].color))) c = wxColour(128, 128, 128);
        gc.SetBrush(wxBrush(wxColour(c.Red(), c.Green(), c.Blue(), 90)));
        for (Hex h : zones[s])
            if (std::find(zone_preview.begin(), zone_preview.end(), h) == zone_preview.end()) fill_hex(gc, view_, h);
    }
    const wxColour preview = zone_preview_colour.value_or(wxColour(255, 255, 255));
    gc.SetBrush(wxBrush(wxColour(preview.Red(), preview.Green(), preview.Blue(), zone_preview_colour ? 130 : 170)));
    for (Hex h : zone_preview) fill_hex(gc, view_, h);
}

void MapCanvas::set_background(const Background* background, const wxImage* image) {
    background_ = background;
    background_image_ = image;
    background_changed();
}

void MapCanvas::background_changed() {
    background_bitmap_opacity_ = -1;  // made again at the next paint
    Refresh();
}

// The scan over the terrain, translucent, so the grid and what is painted
// show through it as the designer traces.
void MapCanvas::draw_background(wxGraphicsContext& gc) {
    if (!background_ || !background_image_ || !background_image_->IsOk() || !background_->visible) return;
    if (background_bitmap_opacity_ != background_->opacity) {
        wxImage faded = background_image_->Copy();
        if (!faded.HasAlpha()) faded.InitAlpha();
        unsigned char* alpha = faded.GetAlpha();
        const auto level = static_cast<unsigned char>(std::lround(background_->opacity * 255));
        for (long i = 0, n = static_cast<long>(faded.GetWidth()) * faded.GetHeight(); i < n; ++i)
            alpha[i] = static_cast<unsigned char>(alpha[i] * level / 255);
        background_bitmap_ = wxBitmap(faded);
        background_bitmap_opacity_ = background_->opacity;
    }
    const auto place = background_->placement(scenario_->map.grid);
    const Point top_left = view_.to_pixel(place.origin);
    const Point bottom_right = view_.to_pixel(place.to_map(
        {static_cast<double>(background_image_->GetWidth()), static_cast<double>(background_image_->GetHeight())}));
    gc.DrawBitmap(background_bitmap_, top_left.x, top_left.y, bottom_right.x - top_left.x, bottom_right.y - top_left.y);
}

// A handle: a ring with cross-hairs on the spot of the scan that is meant to
// be its anchor hex's centre, with the hex's label.
void MapCanvas::draw_handles(wxGraphicsContext& gc) const {
    if (!calibrating || !background_) return;
    const auto place = background_->placement(scenario_->map.grid);
    for (int k = 0; k < 2; ++k) {
        const Point p = k == dragged_handle_
                            ? handle_drag_at_
                            : view_.to_pixel(place.to_map(background_->image_points[static_cast<std::size_t>(k)]));
        gc.SetPen(wxPen(wxColour(220, 0, 140), 2));
        gc.SetBrush(wxBrush(wxColour(255, 255, 255, 90)));
        gc.DrawEllipse(p.x - 11, p.y - 11, 22, 22);
        gc.StrokeLine(p.x - 16, p.y, p.x + 16, p.y);
        gc.StrokeLine(p.x, p.y - 16, p.x, p.y + 16);
        gc.SetFont(wxFont(wxFontInfo(9).Bold()), wxColour(220, 0, 140));
        gc.DrawText(scenario_->map.grid.label(background_->anchors[static_cast<std::size_t>(k)]), p.x + 14, p.y + 8);
    }
}

std::optional<int> MapCanvas::handle_at(Point pixel) const {
    const auto place = background_->placement(scenario_->map.grid);
    for (int k = 0; k < 2; ++k) {
        const Point p = view_.to_pixel(place.to_map(background_->image_points[static_cast<std::size_t>(k)]));
        if (std::hypot(p.x - pixel.x, p.y - pixel.y) <= 14) return k;
    }
    return std::nullopt;
}

// Dragging a handle: the scan stays put while it moves; on release the
// anchor is told where it was dropped and the scan moves under the grid.
bool MapCanvas::on_calibration_mouse(wxMouseEvent& e) {
    if (!background_ || !scenario_) return false;
    const Point here{static_cast<double>(e.GetX()), static_cast<double>(e.GetY())};
    if (e.LeftDown()) {
        const auto handle = handle_at(here);
        if (!handle) return false;
        dragged_handle_ = *handle;
        handle_drag_at_ = here;
        CaptureMouse();
        return true;
    }
    if (dragged_handle_ < 0) return false;
    handle_drag_at_ = here;
    if (e.LeftUp()) {
        const int handle = dragged_handle_;
        dragged_handle_ = -1;
        if (HasCapture()) ReleaseMouse();
        if (on_anchor_dropped) on_anchor_dropped(handle, view_.to_map(here));
    }
    Refresh();
    return true;
}

// Counters on hexes; on a tabletop the units' stands, the game's when the
// playtest gives them.
void MapCanvas::draw_units(wxGraphicsContext& gc) const {
    if (on_tabletop() && table_units)
        draw_table_units(gc, view_, *scenario_, *table_units);
    else
        draw_counters(gc, view_, *ruleset_, *scenario_);
}

void MapCanvas::render(wxGraphicsContext& gc, const wxSize& size) const {
    if (!ruleset_ || !scenario_) return;
    draw_map(gc, view_, *ruleset_, *scenario_, DrawOptions{show_labels, show_grid});
    draw_units(gc);
    if (on_tabletop() && show_labels) draw_table_scale(gc, view_, scenario_->table.map, size.x, size.y);
    if (draw_overlay) draw_overlay(gc, view_);
}

void MapCanvas::render_fitted(wxGraphicsContext& gc, const wxSize& size) {
    const MapView saved = view_;
    view_.fit(size.x, size.y);
    render(gc, size);
    view_ = saved;
}

}  // namespace sandtable::studio
