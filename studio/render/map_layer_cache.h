// The map layer (terrain, hexsides, roads, labels) kept as a bitmap at the
// current zoom, so panning only copies it and draws the counters on top.
// Redrawn when the zoom, the options or the map's revision change.
#pragma once

#include "render/scenario_painter.h"

#include <wx/bitmap.h>
#include <wx/dc.h>

namespace sandtable::studio {

class MapLayerCache {
public:
    // Draws the map layer on `dc` for `view`; `revision` changes whenever the
    // map does. Maps too large to keep at this zoom are drawn directly.
    void draw(wxDC& dc, const MapView& view, const rules::Ruleset& ruleset, const rules::Scenario& scenario,
              const DrawOptions& options, unsigned long revision);

private:
    bool valid_for(const MapView& view, const DrawOptions& options, unsigned long revision) const;

    wxBitmap bitmap_;
    double scale_ = -1;
    DrawOptions options_;
    unsigned long revision_ = 0;
    bool has_revision_ = false;
    Point origin_;  // map units of the bitmap's top-left corner
};

}  // namespace sandtable::studio
