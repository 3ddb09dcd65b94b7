// The hex map's canvas tools: the brush that paints a stroke of hexes, the
// pen that draws on hexsides, the hand that clicks hexes and drags counters,
// the playtest's click, and the scan's calibration handles.
#pragma once

#include "app/canvas_tool.h"
#include "core/background.h"
#include "core/side_stroke.h"
#include "rules/scenario.h"

#include <wx/window.h>

#include <functional>
#include <optional>

namespace sandtable::studio {

// Paints: told each hex a left-button drag enters (the hexes between two
// samples of a fast drag too), then that the stroke ended, or, when Esc is
// pressed during it, that it was called off (nothing is painted).
class HexStrokeTool final : public CanvasTool {
public:
    std::function<void(geometry::Hex)> on_hex;
    std::function<void()> on_end;
    std::function<void()> on_cancel;
    bool mouse(const CanvasMouse& m, const MapView& view) override;
    bool key(int code) override;

private:
    Point last_;
    bool stroking_ = false;
};

// Draws on hexsides (rivers, roads): told where a drag began, each move (the
// hex under the pointer and the side near it, either may be absent), and that it ended.
class HexSideTool final : public CanvasTool {
public:
    std::function<void(std::optional<geometry::Hex>, std::optional<SideRef>)> on_press, on_move;
    std::function<void()> on_release;
    bool mouse(const CanvasMouse& m, const MapView& view) override;
};

// Looks and places: a press on a hex is a click (an objective, a unit
// placed); a drag from a counter moves it (the hex it would land on is
// ringed as it goes), a drag from anywhere else pans.
class HexSelectTool final : public CanvasTool {
public:
    explicit HexSelectTool(wxWindow* canvas) : canvas_(canvas) {}
    const rules::Scenario* scenario = nullptr;
    std::function<void(geometry::Hex)> on_click;
    // Told the unit dragged and where it was dropped (a hex other than its own).
    std::function<void(int unit, geometry::Hex to)> on_unit_moved;
    bool mouse(const CanvasMouse& m, const MapView& view) override;
    void draw(wxGraphicsContext& gc, const MapView& view) const override;

private:
    wxWindow* canvas_;
    int dragged_ = -1;
    std::optional<geometry::Hex> over_;  // where the dragged counter would land
};

// The playtest's hand: a click (released where pressed; a drag pans) on a hex.
class HexClickTool final : public CanvasTool {
public:
    std::function<void(geometry::Hex)> on_click;
    bool mouse(const CanvasMouse& m, const MapView&) override;
};

// The scan's two calibration handles: a ring with cross-hairs on the spot of
// the scan meant to be its anchor hex's centre. Dragging one moves the
// handle; on release the anchor is told where it was dropped.
class CalibrationTool final : public CanvasTool {
public:
    const Background* background = nullptr;
    const geometry::HexGrid* grid = nullptr;
    std::function<void(int anchor, Point map)> on_dropped;
    bool mouse(const CanvasMouse& m, const MapView& view) override;
    void draw(wxGraphicsContext& gc, const MapView& view) const override;

private:
    std::optional<int> handle_at(const MapView& view, Point pixel) const;
    int dragged_ = -1;
    Point drag_at_;  // pixel where the dragged handle is now
};

}  // namespace sandtable::studio
