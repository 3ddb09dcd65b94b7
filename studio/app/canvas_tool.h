// A tool of the map canvas (as Tiled's AbstractTool): every brush, the
// hexside pen, the scan's calibration handles, the tabletop's tools and the
// playtest's clicks take the canvas's mouse and keys through this one
// interface. The canvas asks its board view where an event is (a hex and the
// hexside near it, or a point on the tabletop in cm), hands it to the tool in
// use, and pans, zooms or fits with what the tool does not take.
#pragma once

#include "core/map_view.h"
#include "geometry/hex.h"
#include "geometry/tabletop/point.h"

#include <wx/graphics.h>

#include <optional>

namespace sandtable::studio {

struct CanvasMouse {
    // Down, Move, Up: the left button; Click: a press no tool took, released
    // where it went down; Context: the right button released.
    enum Kind { Down, Move, Up, Click, DoubleClick, Wheel, Leave, Context } kind = Move;
    Point pixel;
    // Where it is on the board: on a hex map the hex (when on the map) and the
    // hexside near the pointer; on a tabletop the point in cm, and how near a
    // thing a press still picks it (a few pixels at the zoom).
    std::optional<geometry::Hex> hex;
    std::optional<MapView::SideHit> side;
    geometry::tabletop::Point cm;
    bool on_board = false;
    double tolerance = 0.5;
    bool shift = false;
    bool control = false;  // a Wheel with Ctrl always zooms
    int steps = 0;         // Wheel: notches, positive away from the user
    bool pressed = false;  // Move: the tool took the press and the button is still down
};

class CanvasTool {
public:
    virtual ~CanvasTool() = default;
    // True when taken. A Down taken gets the drag (Move with `pressed`) and the
    // Up; a Down not taken pans, a Wheel not taken zooms, a DoubleClick not
    // taken fits the map to the window.
    virtual bool mouse(const CanvasMouse& m, const MapView& view) = 0;
    // A key pressed on the canvas (wx key codes); true when taken.
    virtual bool key(int) { return false; }
    // Drawn over the units: what the tool shows as it works.
    virtual void draw(wxGraphicsContext&, const MapView&) const {}
};

}  // namespace sandtable::studio
