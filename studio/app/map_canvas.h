// The map canvas: draws a scenario's map (terrain, hexsides, roads,
// objectives, labels) and its counters with wxGraphicsContext; zoom with the
// wheel, pan by dragging, double-click to fit the whole map.
#pragma once

#include "core/map_view.h"
#include "load/loader.h"

#include <wx/graphics.h>
#include <wx/panel.h>

#include <functional>

namespace sandtable::studio {

class MapCanvas : public wxPanel {
public:
    explicit MapCanvas(wxWindow* parent);
    void set_game(const load::LoadedGame* game);
    void fit();
    // Draws the whole scene on any graphics context (the window, or a bitmap).
    void render(wxGraphicsContext& gc, const wxSize& size) const;
    // The same, with the whole map fitted to `size` (offscreen drawing).
    void render_fitted(wxGraphicsContext& gc, const wxSize& size);
    // Told the hex under the mouse, or nothing when off the map.
    std::function<void(std::optional<geometry::Hex>)> on_hover;

private:
    void on_paint(wxPaintEvent&);
    void on_size(wxSizeEvent&);
    void on_wheel(wxMouseEvent&);
    void on_mouse(wxMouseEvent&);
    void draw_map(wxGraphicsContext& gc) const;
    void draw_counters(wxGraphicsContext& gc) const;

    const load::LoadedGame* game_ = nullptr;
    MapView view_;
    bool fitted_ = false;
    wxPoint drag_from_;
    bool dragging_ = false;
};

}  // namespace sandtable::studio
