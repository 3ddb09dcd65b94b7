#include "app/hex_board_view.h"

#include "render/scenario_painter.h"

#include <wx/brush.h>
#include <wx/pen.h>

#include <algorithm>
#include <cmath>

namespace sandtable::studio {

using geometry::Hex;

void HexBoardView::set_up(MapView& view, const rules::Scenario& scenario) const { view.set_grid(&scenario.map.grid); }

void HexBoardView::locate(const MapView& view, const rules::Scenario&, CanvasMouse& m) const {
    m.hex = view.hex_at(m.pixel);
    m.side = view.side_at(m.pixel);
    m.on_board = m.hex.has_value();
}

namespace {
void hex_path(wxGraphicsPath& path, const MapView& view, Hex h) {
    const auto c = view.corners(h);
    path.MoveToPoint(c[0].x, c[0].y);
    for (std::size_t i = 1; i < c.size(); ++i) path.AddLineToPoint(c[i].x, c[i].y);
    path.CloseSubpath();
}

void fill_hex(wxGraphicsContext& gc, const MapView& view, Hex h) {
    wxGraphicsPath path = gc.CreatePath();
    hex_path(path, view, h);
    gc.FillPath(path);
}
}  // namespace

// A scan and the zones are made of hexes; the units go over them.
void HexBoardView::draw_under_units(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene) {
    draw_background(gc, view, scene);
    draw_zones(gc, view, scene);
}

void HexBoardView::draw_units(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene) const {
    draw_counters(gc, view, *scene.ruleset, *scene.scenario);
}

void HexBoardView::draw_over_units(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene,
                                   const wxSize&) const {
    if (!scene.highlight) return;
    wxGraphicsPath ring = gc.CreatePath();
    hex_path(ring, view, *scene.highlight);
    gc.SetPen(wxPen(wxColour(230, 30, 30), 3));
    gc.SetBrush(*wxTRANSPARENT_BRUSH);
    gc.DrawPath(ring);
}

bool HexBoardView::show_hex(MapView& view, const rules::Scenario& scenario, Hex hex, const wxSize& size) const {
    if (!scenario.map.grid.contains(hex)) return false;
    if (view.scale() < 18) view.zoom(18 / view.scale(), view.centre(hex));  // big enough to see what is there
    const Point c = view.centre(hex);
    view.pan(size.x / 2.0 - c.x, size.y / 2.0 - c.y);
    return true;
}

// Zones are a translucent wash over the terrain, so the map stays readable.
void HexBoardView::draw_zones(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene) const {
    if (!scene.show_zones) return;
    const auto& zones = scene.scenario->deployment_zones;
    const auto& preview = scene.zone_preview;
    for (std::size_t s = 0; s < zones.size() && s < scene.scenario->sides.size(); ++s) {
        wxColour c;
        if (!c.Set(wxString::FromUTF8(scene.scenario->sides[s].color))) c = wxColour(128, 128, 128);
        gc.SetBrush(wxBrush(wxColour(c.Red(), c.Green(), c.Blue(), 90)));
        for (Hex h : zones[s])
            if (std::find(preview.begin(), preview.end(), h) == preview.end()) fill_hex(gc, view, h);
    }
    const wxColour colour = scene.zone_preview_colour.value_or(wxColour(255, 255, 255));
    gc.SetBrush(wxBrush(wxColour(colour.Red(), colour.Green(), colour.Blue(), scene.zone_preview_colour ? 130 : 170)));
    for (Hex h : preview) fill_hex(gc, view, h);
}

// The scan over the terrain, translucent, so the grid and what is painted
// show through it as the designer traces.
void HexBoardView::draw_background(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene) {
    const Background* background = scene.background;
    const wxImage* image = scene.background_image;
    if (!background || !image || !image->IsOk() || !background->visible) return;
    if (bitmap_opacity_ != background->opacity) {
        wxImage faded = image->Copy();
        if (!faded.HasAlpha()) faded.InitAlpha();
        unsigned char* alpha = faded.GetAlpha();
        const auto level = static_cast<unsigned char>(std::lround(background->opacity * 255));
        for (long i = 0, n = static_cast<long>(faded.GetWidth()) * faded.GetHeight(); i < n; ++i)
            alpha[i] = static_cast<unsigned char>(alpha[i] * level / 255);
        bitmap_ = wxBitmap(faded);
        bitmap_opacity_ = background->opacity;
    }
    const auto place = background->placement(scene.scenario->map.grid);
    const Point top_left = view.to_pixel(place.origin);
    const Point bottom_right =
        view.to_pixel(place.to_map({static_cast<double>(image->GetWidth()), static_cast<double>(image->GetHeight())}));
    gc.DrawBitmap(bitmap_, top_left.x, top_left.y, bottom_right.x - top_left.x, bottom_right.y - top_left.y);
}

}  // namespace sandtable::studio
