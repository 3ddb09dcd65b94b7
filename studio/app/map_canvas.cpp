#include "app/map_canvas.h"

#include "render/scenario_painter.h"

#include <wx/dcbuffer.h>
#include <wx/dnd.h>

#include <cmath>

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

// Moved no further than this (pixels, across and down) between press and release, a press is a click.
constexpr int kClickSlack = 5;
}  // namespace

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
    board_ = ruleset_ && scenario_ ? make_board_view(*ruleset_) : nullptr;
    if (board_)
        board_->set_up(view_, *scenario_);
    else
        view_.set_grid(nullptr);
    highlight_.reset();
    pressed_tool_ = nullptr;
    panning_ = false;
    fit();
}

void MapCanvas::set_tool(CanvasTool* tool) {
    if (pressed_tool_ == tool_) pressed_tool_ = nullptr;
    tool_ = tool;
    Refresh();
}

void MapCanvas::set_front_tool(CanvasTool* tool) {
    if (pressed_tool_ == front_tool_) pressed_tool_ = nullptr;
    front_tool_ = tool;
    Refresh();
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
    if (!board_ || !board_->show_hex(view_, *scenario_, hex, GetClientSize())) return;
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

CanvasMouse MapCanvas::locate(CanvasMouse::Kind kind, const wxMouseEvent& e) const {
    CanvasMouse m;
    m.kind = kind;
    m.pixel = {static_cast<double>(e.GetX()), static_cast<double>(e.GetY())};
    m.shift = e.ShiftDown();
    m.control = e.ControlDown();
    m.pressed = pressed_tool_ != nullptr;
    if (board_) board_->locate(view_, *scenario_, m);
    return m;
}

bool MapCanvas::tell_tools(const CanvasMouse& m) {
    if (front_tool_ && front_tool_->mouse(m, view_)) return true;
    return tool_ && tool_->mouse(m, view_);
}

bool MapCanvas::drop_unit(wxCoord x, wxCoord y, const wxString& text) {
    long unit = -1;
    if (!board_ || !on_unit_dropped || !text.StartsWith("sandtable-unit:") || !text.AfterFirst(':').ToLong(&unit))
        return false;
    if (unit < 0 || unit >= static_cast<long>(scenario_->units.size())) return false;
    CanvasMouse m;
    m.pixel = {static_cast<double>(x), static_cast<double>(y)};
    board_->locate(view_, *scenario_, m);
    return m.on_board && on_unit_dropped(static_cast<int>(unit), m);
}

void MapCanvas::on_wheel(wxMouseEvent& e) {
    if (!board_) return;
    CanvasMouse m = locate(CanvasMouse::Wheel, e);
    m.steps = e.GetWheelRotation() > 0 ? 1 : e.GetWheelRotation() < 0 ? -1 : 0;
    if (!tell_tools(m)) {
        view_.zoom(e.GetWheelRotation() > 0 ? 1.2 : 1 / 1.2, m.pixel);
        fit_follows_size_ = false;
    }
    Refresh();
}

void MapCanvas::on_double_click(wxMouseEvent& e) {
    if (board_ && tell_tools(locate(CanvasMouse::DoubleClick, e))) {
        Refresh();
        return;
    }
    fit();
}

void MapCanvas::on_key(wxKeyEvent& e) {
    const bool taken = (front_tool_ && front_tool_->key(e.GetKeyCode())) || (tool_ && tool_->key(e.GetKeyCode()));
    if (!taken) return e.Skip();
    Refresh();
}

// The tool has the mouse first; a press it does not take pans, and comes
// back to it as a Click when released on the spot.
void MapCanvas::on_mouse(wxMouseEvent& e) {
    if (!board_) return;
    if (e.Leaving()) {
        if (!pressed_tool_ && !panning_) tell_tools(locate(CanvasMouse::Leave, e));
        if (on_hover) on_hover(nullptr);
        Refresh();
        return;
    }
    const CanvasMouse here = locate(CanvasMouse::Move, e);
    if (on_hover) on_hover(&here);
    if (e.LeftDown()) {
        on_press(e);
    } else if (e.LeftUp()) {
        on_release(e);
    } else if (e.RightUp()) {
        CanvasMouse context = here;
        context.kind = CanvasMouse::Context;
        if (!tell_tools(context) && on_context) on_context(context);
    } else if (e.Dragging() && panning_) {
        view_.pan(e.GetX() - drag_from_.x, e.GetY() - drag_from_.y);
        fit_follows_size_ = false;
        drag_from_ = e.GetPosition();
    } else if (pressed_tool_) {
        pressed_tool_->mouse(here, view_);
    } else if (e.Dragging() || e.Moving()) {
        tell_tools(here);
    }
    Refresh();
}

void MapCanvas::on_press(const wxMouseEvent& e) {
    SetFocus();  // Enter, Esc, Delete and Backspace go to the tool
    pressed_at_ = drag_from_ = e.GetPosition();
    const CanvasMouse down = locate(CanvasMouse::Down, e);
    if (front_tool_ && front_tool_->mouse(down, view_))
        pressed_tool_ = front_tool_;
    else if (tool_ && tool_->mouse(down, view_))
        pressed_tool_ = tool_;
    panning_ = !pressed_tool_;
    if (!HasCapture()) CaptureMouse();
}

void MapCanvas::on_release(const wxMouseEvent& e) {
    if (!pressed_tool_ && !panning_) return;
    if (pressed_tool_) {
        CanvasTool* tool = pressed_tool_;
        pressed_tool_ = nullptr;
        tool->mouse(locate(CanvasMouse::Up, e), view_);
    }
    const wxPoint moved = e.GetPosition() - pressed_at_;
    if (panning_ && std::abs(moved.x) + std::abs(moved.y) < kClickSlack) tell_tools(locate(CanvasMouse::Click, e));
    panning_ = false;
    if (HasCapture()) ReleaseMouse();
}

BoardScene MapCanvas::scene() const {
    BoardScene s;
    s.ruleset = ruleset_;
    s.scenario = scenario_;
    s.show_labels = show_labels;
    s.show_grid = show_grid;
    s.show_zones = show_zones;
    s.zone_preview = zone_preview;
    s.zone_preview_colour = zone_preview_colour;
    s.background = background_;
    s.background_image = background_image_;
    s.highlight = highlight_;
    s.table_units = table_units;
    return s;
}

void MapCanvas::on_paint(wxPaintEvent&) {
    wxAutoBufferedPaintDC dc(this);
    dc.SetBackground(wxBrush(wxColour(236, 232, 222)));
    dc.Clear();
    if (!board_) return;
    board_->set_up(view_, *scenario_);  // a table resized (or the resize undone) keeps the zoom and the pan
    // The map from its cached layer (panning only copies it), counters on top.
    layer_.draw(dc, view_, *ruleset_, *scenario_, DrawOptions{show_labels, show_grid}, revision_);
    std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::CreateFromUnknownDC(dc));
    if (!gc) return;
    const BoardScene s = scene();
    board_->draw_under_units(*gc, view_, s);
    board_->draw_units(*gc, view_, s);
    board_->draw_over_units(*gc, view_, s, GetClientSize());
    if (front_tool_) front_tool_->draw(*gc, view_);
    if (tool_) tool_->draw(*gc, view_);
    if (draw_overlay) draw_overlay(*gc, view_);
}

void MapCanvas::set_background(const Background* background, const wxImage* image) {
    background_ = background;
    background_image_ = image;
    background_changed();
}

void MapCanvas::background_changed() {
    if (board_) board_->background_changed();  // the scan's bitmap is made again at the next paint
    Refresh();
}

// Offscreen: the map, the units and what is drawn over them, without a scan or the tools' marks.
void MapCanvas::render(wxGraphicsContext& gc, const wxSize& size) const {
    if (!board_) return;
    draw_map(gc, view_, *ruleset_, *scenario_, DrawOptions{show_labels, show_grid});
    BoardScene s = scene();
    s.highlight.reset();
    board_->draw_units(gc, view_, s);
    board_->draw_over_units(gc, view_, s, size);
    if (draw_overlay) draw_overlay(gc, view_);
}

void MapCanvas::render_fitted(wxGraphicsContext& gc, const wxSize& size) {
    const MapView saved = view_;
    view_.fit(size.x, size.y);
    render(gc, size);
    view_ = saved;
}

}  // namespace sandtable::studio
