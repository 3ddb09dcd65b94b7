// What the map canvas draws and how it reads the mouse, for one kind of
// board (as Tiled's MapRenderer and its orthogonal and hexagonal kinds): a
// hex map or a tabletop. The canvas itself does not know which it shows; it
// draws the scene in layers and asks where an event is, and the board view
// answers for its geometry.
#pragma once

#include "app/canvas_tool.h"
#include "core/background.h"
#include "core/tabletop_view.h"
#include "core/map_view.h"
#include "rules/ruleset.h"
#include "rules/scenario.h"

#include <wx/graphics.h>
#include <wx/image.h>

#include <memory>
#include <optional>
#include <vector>

namespace sandtable::studio {

// Everything the canvas shows besides the map itself, set by the panes that own it.
struct BoardScene {
    const rules::Ruleset* ruleset = nullptr;
    const rules::Scenario* scenario = nullptr;
    bool show_labels = true;
    bool show_grid = true;
    // Deployment zones tinted in their side's colour, and a stroke being
    // painted into one (or erased from all: no colour).
    bool show_zones = true;
    std::vector<geometry::Hex> zone_preview;
    std::optional<wxColour> zone_preview_colour;
    // A scan under the grid (null: none), and its image.
    const Background* background = nullptr;
    const wxImage* background_image = nullptr;
    // A hex ringed in red (the issues pane's "open this hex").
    std::optional<geometry::Hex> highlight;
    // The units drawn on a tabletop: the playtest's, where the kernel has them. Null: the scenario's placements.
    const std::vector<tabletop::UnitShape>* table_units = nullptr;
};

class BoardView {
public:
    virtual ~BoardView() = default;
    // The map's extent for zoom, pan and fit: the grid, or the table in cm.
    virtual void set_up(MapView& view, const rules::Scenario& scenario) const = 0;
    // Where a mouse event at `m.pixel` is on the board (fills the hex and side, or the point in cm).
    virtual void locate(const MapView& view, const rules::Scenario& scenario, CanvasMouse& m) const = 0;
    // The layers over the cached map: under the units (a scan, zones), the units, and over them (a scale, a ring).
    virtual void draw_under_units(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene) = 0;
    virtual void draw_units(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene) const = 0;
    virtual void draw_over_units(wxGraphicsContext& gc, const MapView& view, const BoardScene& scene,
                                 const wxSize& size) const = 0;
    // Something to look at in the middle of the window: a hex is zoomed to and centred; false when the board has none.
    virtual bool show_hex(MapView& view, const rules::Scenario& scenario, geometry::Hex hex,
                          const wxSize& size) const = 0;
    // The scan's bitmap is made again at the next paint (its opacity or image changed).
    virtual void background_changed() {}
};

// The board view for a ruleset: a tabletop's when it plays on one, else a hex map's.
std::unique_ptr<BoardView> make_board_view(const rules::Ruleset& ruleset);

}  // namespace sandtable::studio
