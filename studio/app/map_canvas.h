// The map canvas: draws a scenario's map (terrain, hexsides, roads,
// objectives, labels) and its counters with wxGraphicsContext; zoom with the
// wheel, pan by dragging, double-click to fit the whole map. On a tabletop
// (a ruleset with geometry kind table) it draws the table and the units'
// stands instead, and hands mouse and key events, in cm, to a table tool
// (on_table_mouse, on_table_key) before panning and zooming with them.
#pragma once

#include "core/side_stroke.h"

#include "core/background.h"
#include "core/free_table_view.h"
#include "core/map_view.h"
#include "render/map_layer_cache.h"
#include "load/loader.h"

#include <wx/bitmap.h>
#include <wx/graphics.h>
#include <wx/image.h>
#include <wx/panel.h>

#include <functional>
#include <optional>
#include <vector>

namespace sandtable::studio {

class MapCanvas : public wxPanel {
public:
    explicit MapCanvas(wxWindow* parent);
    // What to draw; both null for an empty canvas. Not owned.
    void set_scenario(const rules::Ruleset* ruleset, const rules::Scenario* scenario);
    void fit();
    // Centres the view on a hex and rings it until another is shown (the
    // issues pane's "open this hex").
    void show_hex(geometry::Hex hex);
    // The map changed (an edit, undo, redo, a stroke's preview): redraw its layer.
    void map_changed() {
        ++revision_;
        Refresh();
    }
    // Draws the whole scene on any graphics context (the window, or a bitmap).
    void render(wxGraphicsContext& gc, const wxSize& size) const;
    // The same, with the whole map fitted to `size` (offscreen drawing).
    void render_fitted(wxGraphicsContext& gc, const wxSize& size);
    // Told the hex right-clicked (a context menu: add a unit there, …).
    std::function<void(geometry::Hex)> on_hex_context;
    // Told the hex under the mouse, or nothing when off the map.
    std::function<void(std::optional<geometry::Hex>)> on_hover;
    // When set, a left-button drag paints: told each hex the stroke enters,
    // then that the stroke ended. Otherwise a left drag pans.
    std::function<void(geometry::Hex)> on_stroke_hex;
    std::function<void()> on_stroke_end;
    bool painting = false;
    // When set, a left-button drag draws on hexsides instead (rivers, roads):
    // told where it began, each move (the hex under the pointer and the side
    // near it, either may be absent), and that it ended.
    std::function<void(std::optional<geometry::Hex>, std::optional<SideRef>)> on_side_press, on_side_move;
    std::function<void()> on_side_release;
    bool drawing_sides = false;
    bool show_labels = true;
    bool show_grid = true;
    // A scan under the grid (null: none), and whether its two calibration
    // handles show and can be dragged; told where a handle was dropped.
    void set_background(const Background* background, const wxImage* image);
    void background_changed();  // opacity, visibility or calibration changed
    bool calibrating = false;
    std::function<void(int anchor, Point map)> on_anchor_dropped;
    // The text a unit carries when dragged from a list onto the canvas.
    static wxString unit_drag_text(int unit) { return wxString::Format("sandtable-unit:%d", unit); }
    // Told the hex clicked when neither painting nor drawing hexsides.
    std::function<void(geometry::Hex)> on_hex_clicked;
    // Tell the click when the button is released without a drag (a drag
    // pans): what the playtest wants, whose clicks may open menus.
    bool click_on_release = false;
    // Deployment zones tinted in their side's colour, and a stroke being
    // painted into one (or erased from all: no colour).
    bool show_zones = true;
    std::vector<geometry::Hex> zone_preview;
    std::optional<wxColour> zone_preview_colour;
    // When set, dragging a counter (not painting) moves it: told the unit and the hex it was dropped on.
    std::function<void(int unit, geometry::Hex to)> on_unit_dropped;

    // Drawn over the counters (the playtest's marks), with the view in use.
    std::function<void(wxGraphicsContext&, const MapView&)> draw_overlay;

    // A unit dropped from a list at this pixel: moved there when it is a hex.
    bool drop_unit(wxCoord x, wxCoord y, const wxString& text);

    // A tabletop: the scenario's ruleset plays on one.
    bool on_tabletop() const { return view_.on_tabletop(); }
    const MapView& view() const { return view_; }
    // A mouse event on a tabletop, at a point in cm; `tolerance` (cm) is a
    // few pixels at the zoom, how near a thing a press still picks it. Click:
    // the button came up where it went down after a press no tool took.
    struct TableMouse {
        enum Kind { Down, Move, Up, Click, DoubleClick, Wheel, Leave } kind = Move;
        free_table::gt::Point cm;
        double tolerance = 0.5;
        bool shift = false;
        bool control = false;  // a Wheel with Ctrl always zooms
        int steps = 0;         // Wheel: notches, positive away from the user
    };
    // Told each table mouse event first; true when taken (a Down not taken
    // starts a pan, a Wheel not taken zooms, a DoubleClick not taken fits).
    std::function<bool(const TableMouse&)> on_table_mouse;
    // Told each key pressed on a tabletop (wx key codes); true when taken.
    std::function<bool(int key)> on_table_key;
    // Told the point under the mouse on a tabletop, nothing when off it.
    std::function<void(std::optional<free_table::gt::Point>)> on_table_hover;
    // The units drawn on a tabletop: the playtest's, where the kernel has
    // them. Null: the scenario's placements. Not owned.
    const std::vector<free_table::UnitShape>* table_units = nullptr;
    // A unit dragged from a list onto a tabletop: told where its front centre goes.
    std::function<void(int unit, free_table::gt::Point cm)> on_table_unit_dropped;

private:
    void on_paint(wxPaintEvent&);
    void on_size(wxSizeEvent&);
    void on_wheel(wxMouseEvent&);
    void on_mouse(wxMouseEvent&);
    void on_table_mouse_event(wxMouseEvent& e);
    void on_double_click(wxMouseEvent& e);
    void on_key(wxKeyEvent& e);
    TableMouse table_mouse(TableMouse::Kind kind, const wxMouseEvent& e) const;
    void draw_units(wxGraphicsContext& gc) const;
    void draw_zones(wxGraphicsContext& gc) const;
    void draw_background(wxGraphicsContext& gc);
    void draw_handles(wxGraphicsContext& gc) const;
    std::optional<int> handle_at(Point pixel) const;
    bool on_calibration_mouse(wxMouseEvent& e);

    const rules::Ruleset* ruleset_ = nullptr;
    const rules::Scenario* scenario_ = nullptr;
    bool stroking_ = false;
    MapLayerCache layer_;
    unsigned long revision_ = 0;
    int dragged_unit_ = -1;
    Point stroke_last_;
    bool drawing_stroke_ = false;  // a drag over hexsides is under way
    void on_side_mouse(wxMouseEvent& e, std::optional<geometry::Hex> hex);
    MapView view_;
    bool fit_follows_size_ = true;  // fitted, and not zoomed or panned since: a new size fits again
    wxPoint drag_from_;
    wxPoint pressed_at_;
    bool dragging_ = false;
    bool table_pressed_ = false;  // a table tool took the press: it gets the drag
    std::optional<geometry::Hex> highlight_;
    const Background* background_ = nullptr;
    const wxImage* background_image_ = nullptr;
    wxBitmap background_bitmap_;  // the scan with its opacity applied, made when either changes
    double background_bitmap_opacity_ = -1;
    int dragged_handle_ = -1;
    Point handle_drag_at_;  // pixel where the dragged handle is now
};

}  // namespace sandtable::studio
