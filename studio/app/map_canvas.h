// The map canvas: draws a scenario's board (the map's cached layer, then a
// board view's layers: a hex map's scan, zones and counters, or a tabletop's
// stands and scale) with wxGraphicsContext; hands the mouse and keys, located
// on the board, to the tool in use; zooms with the wheel, pans by dragging,
// and fits the whole map on a double-click, with what the tool does not take.
#pragma once

#include "app/board_view.h"
#include "app/canvas_tool.h"
#include "core/background.h"
#include "core/tabletop_view.h"
#include "core/map_view.h"
#include "render/map_layer_cache.h"
#include "load/loader.h"

#include <wx/bitmap.h>
#include <wx/graphics.h>
#include <wx/image.h>
#include <wx/panel.h>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace sandtable::studio {

class MapCanvas : public wxPanel {
public:
    explicit MapCanvas(wxWindow* parent);
    // What to draw; both null for an empty canvas. Not owned.
    void set_scenario(const rules::Ruleset* ruleset, const rules::Scenario* scenario);
    const rules::Scenario* scenario() const { return scenario_; }
    void fit();
    // Centres the view on a hex and rings it until another is shown (the
    // issues pane's "open this hex"); nothing on a board without hexes.
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

    // The tool that takes the mouse and keys (not owned; null: pan and zoom
    // only), and one consulted before it while it is set (the scan's
    // calibration handles).
    void set_tool(CanvasTool* tool);
    void set_front_tool(CanvasTool* tool);
    // Told where the mouse is (null: it left the canvas).
    std::function<void(const CanvasMouse*)> on_hover;
    // Told a right-click no tool took.
    std::function<void(const CanvasMouse&)> on_context;
    // A unit dragged from a list and dropped on the board: true when it was placed there.
    std::function<bool(int unit, const CanvasMouse& where)> on_unit_dropped;
    // Drawn over the counters (the playtest's marks), with the view in use.
    std::function<void(wxGraphicsContext&, const MapView&)> draw_overlay;

    bool show_labels = true;
    bool show_grid = true;
    // Deployment zones tinted in their side's colour, and a stroke being
    // painted into one (or erased from all: no colour).
    bool show_zones = true;
    std::vector<geometry::Hex> zone_preview;
    std::optional<wxColour> zone_preview_colour;
    // The units drawn on a tabletop: the playtest's, where the kernel has
    // them. Null: the scenario's placements. Not owned.
    const std::vector<tabletop::UnitShape>* table_units = nullptr;
    // A scan under the grid (null: none).
    void set_background(const Background* background, const wxImage* image);
    void background_changed();  // opacity, visibility or calibration changed

    // The text a unit carries when dragged from a list onto the canvas.
    static wxString unit_drag_text(int unit) { return wxString::Format("sandtable-unit:%d", unit); }
    // A unit dropped from a list at this pixel.
    bool drop_unit(wxCoord x, wxCoord y, const wxString& text);
    const MapView& view() const { return view_; }

private:
    void on_paint(wxPaintEvent&);
    void on_size(wxSizeEvent&);
    void on_wheel(wxMouseEvent&);
    void on_mouse(wxMouseEvent&);
    void on_double_click(wxMouseEvent& e);
    void on_key(wxKeyEvent& e);
    CanvasMouse locate(CanvasMouse::Kind kind, const wxMouseEvent& e) const;
    // The front tool, then the tool: true when one takes the event.
    bool tell_tools(const CanvasMouse& m);
    void on_press(const wxMouseEvent& e);
    void on_release(const wxMouseEvent& e);
    BoardScene scene() const;

    const rules::Ruleset* ruleset_ = nullptr;
    const rules::Scenario* scenario_ = nullptr;
    std::unique_ptr<BoardView> board_;
    CanvasTool* tool_ = nullptr;
    CanvasTool* front_tool_ = nullptr;
    CanvasTool* pressed_tool_ = nullptr;  // the tool that took the press: it gets the drag and the release
    MapLayerCache layer_;
    unsigned long revision_ = 0;
    MapView view_;
    bool fit_follows_size_ = true;  // fitted, and not zoomed or panned since: a new size fits again
    wxPoint drag_from_;
    wxPoint pressed_at_;
    bool panning_ = false;
    std::optional<geometry::Hex> highlight_;
    const Background* background_ = nullptr;
    const wxImage* background_image_ = nullptr;
};

}  // namespace sandtable::studio
