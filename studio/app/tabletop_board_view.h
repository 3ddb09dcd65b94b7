// The tabletop's board view: units as their stands (the scenario's, or the
// playtest's where the kernel has them) and the scale in cm.
#pragma once

#include "app/board_view.h"

namespace sandtable::studio {

class TabletopBoardView final : public BoardView {
public:
    void set_up(MapView& view, const rules::Scenario& scenario) const override;
    void locate(const MapView& view, const rules::Scenario& scenario, CanvasMouse& m) const override;
    void draw_under_units(wxGraphicsContext&, const MapView&, const BoardScene&) override {}
    void draw_units(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene) const override;
    void draw_over_units(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene,
                         const wxSize& size) const override;
    bool show_hex(MapView&, const rules::Scenario&, geometry::Hex, const wxSize&) const override { return false; }
};

}  // namespace sandtable::studio
