// The hex map's board view: a scan traced under the grid, deployment zones
// as a translucent wash, counters on hexes, and a ring round a hex shown.
#pragma once

#include "app/board_view.h"

#include <wx/bitmap.h>

namespace sandtable::studio {

class HexBoardView final : public BoardView {
public:
    void set_up(MapView& view, const rules::Scenario& scenario) const override;
    void locate(const MapView& view, const rules::Scenario& scenario, CanvasMouse& m) const override;
    void draw_under_units(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene) override;
    void draw_units(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene) const override;
    void draw_over_units(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene,
                         const wxSize& size) const override;
    bool show_hex(MapView& view, const rules::Scenario& scenario, geometry::Hex hex, const wxSize& size) const override;
    void background_changed() override { bitmap_opacity_ = -1; }

private:
    void draw_background(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene);
    void draw_zones(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene) const;
    wxBitmap bitmap_;  // the scan with its opacity applied, made when either changes
    double bitmap_opacity_ = -1;
};

}  // namespace sandtable::studio
