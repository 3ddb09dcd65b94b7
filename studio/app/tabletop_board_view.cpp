#include "app/tabletop_board_view.h"

#include "render/table_painter.h"

#include <algorithm>

namespace sandtable::studio {

// A table resized (or the resize undone) keeps the zoom and the pan.
void TabletopBoardView::set_up(MapView& view, const rules::Scenario& scenario) const {
    view.set_table(scenario.table.map.width, scenario.table.map.depth);
}

void TabletopBoardView::locate(const MapView& view, const rules::Scenario& scenario, CanvasMouse& m) const {
    m.cm = tabletop::to_cm(view, m.pixel);
    m.on_board = geometry::tabletop::on_table(scenario.table.map, m.cm);
    m.tolerance = 6 / std::max(view.scale(), 0.01);  // six pixels
}

// The scenario's placements, or the game's stands when the playtest gives them.
void TabletopBoardView::draw_units(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene) const {
    if (scene.table_units)
        draw_table_units(gc, view, *scene.scenario, *scene.table_units);
    else
        draw_counters(gc, view, *scene.ruleset, *scene.scenario);
}

void TabletopBoardView::draw_over_units(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene,
                                        const wxSize& size) const {
    if (scene.show_labels) draw_table_scale(gc, view, scene.scenario->table.map, size.x, size.y);
}

}  // namespace sandtable::studio
