#include "render/map_layer_cache.h"

#include <wx/dcmemory.h>

#include <cmath>
#include <memory>

namespace sandtable::studio {

namespace {
constexpr double kMaxSide = 4096;  // larger layers are drawn directly, not kept
}

bool MapLayerCache::valid_for(const MapView& view, const DrawOptions& options, unsigned long revision) const {
    return bitmap_.IsOk() && has_revision_ && revision == revision_ && view.scale() == scale_ &&
           options.labels == options_.labels && options.grid == options_.grid;
}

void MapLayerCache::draw(wxDC& dc, const MapView& view, const rules::Ruleset& ruleset, const rules::Scenario& scenario,
                         const DrawOptions& options, unsigned long revision) {
    const auto bounds = view.map_bounds();
    const double width = std::ceil((bounds.right - bounds.left) * view.scale()),
                 height = std::ceil((bounds.bottom - bounds.top) * view.scale());
    if (width > kMaxSide || height > kMaxSide) {
        std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::CreateFromUnknownDC(dc));
        if (gc) draw_map(*gc, view, ruleset, scenario, options);
        return;
    }
    if (!valid_for(view, options, revision)) {
        bitmap_ = wxBitmap(static_cast<int>(width), static_cast<int>(height), 32);
        bitmap_.UseAlpha();
        wxMemoryDC memory(bitmap_);
        memory.SetBackground(wxBrush(wxColour(236, 232, 222)));
        memory.Clear();
        MapView at_origin = view;  // the same zoom, the map's corner at (0, 0)
        at_origin.pan(-view.to_pixel({bounds.left, bounds.top}).x, -view.to_pixel({bounds.left, bounds.top}).y);
        {
            std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(memory));
            if (gc) draw_map(*gc, at_origin, ruleset, scenario, options);
        }
        memory.SelectObject(wxNullBitmap);
        scale_ = view.scale();
        options_ = options;
        revision_ = revision;
        has_revision_ = true;
        origin_ = {bounds.left, bounds.top};
    }
    const Point at = view.to_pixel(origin_);
    dc.DrawBitmap(bitmap_, static_cast<int>(std::lround(at.x)), static_cast<int>(std::lround(at.y)));
}

}  // namespace sandtable::studio
