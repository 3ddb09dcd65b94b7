#include "render/scenario_painter.h"

#include "render/counter_painter.h"
#include "render/table_painter.h"

#ifdef SANDTABLE_HAVE_CAIRO
#include <cairo.h>
#endif

#include "render/hex_rasterizer.h"

#include <wx/brush.h>
#include <wx/font.h>
#include <wx/pen.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <span>
#include <tuple>

namespace sandtable::studio {

using geometry::Hex;

namespace {
wxColour colour(const std::string& hex, const wxColour& fallback = wxColour(200, 200, 200)) {
    wxColour c;
    return c.Set(wxString::FromUTF8(hex)) ? c : fallback;
}

wxGraphicsPath polygon(wxGraphicsContext& gc, const std::array<Point, 6>& pts) {
    wxGraphicsPath path = gc.CreatePath();
    path.MoveToPoint(pts[0].x, pts[0].y);
    for (std::size_t i = 1; i < pts.size(); ++i) path.AddLineToPoint(pts[i].x, pts[i].y);
    path.CloseSubpath();
    return path;
}

wxColour grid_colour() { return {120, 120, 110}; }

// Pixels can be painted one to one only when user space is device space
// shifted by whole pixels: no zoom, rotation or high-DPI scale on the way.
bool pixel_aligned(const wxGraphicsContext& gc) {
    wxDouble a = 0, b = 0, c = 0, d = 0, tx = 0, ty = 0;
    gc.GetTransform().Get(&a, &b, &c, &d, &tx, &ty);
    return gc.GetContentScaleFactor() == 1 && a == 1 && b == 0 && c == 0 && d == 1 && tx == std::floor(tx) &&
           ty == std::floor(ty);
}

// The part of user space that reaches the device: what is worth drawing.
// Unknown (draw everything) when the context has no size or is transformed.
std::optional<wxRect> visible_area(wxGraphicsContext& gc) {
    wxDouble width = 0, height = 0, x = 0, y = 0, w = 0, h = 0;
    gc.GetSize(&width, &height);
    if (width <= 0 || height <= 0 || !pixel_aligned(gc)) return std::nullopt;
    wxDouble a = 0, b = 0, c = 0, d = 0, tx = 0, ty = 0;
    gc.GetTransform().Get(&a, &b, &c, &d, &tx, &ty);
    wxRect area(static_cast<int>(-tx), static_cast<int>(-ty), static_cast<int>(width), static_cast<int>(height));
    gc.GetClipBox(&x, &y, &w, &h);
    if (w > 0 && h > 0) {
        const int left = static_cast<int>(std::floor(x)), top = static_cast<int>(std::floor(y));
        area.Intersect(
            wxRect(left, top, static_cast<int>(std::ceil(x + w)) - left, static_cast<int>(std::ceil(y + h)) - top));
    }
    return area;
}

// The map's pixels, with one more all round for the grid line drawn just
// outside its left and top edges.
wxRect map_area(const MapView& view) {
    const auto b = view.map_bounds();
    const Point top_left = view.to_pixel({b.left, b.top}), bottom_right = view.to_pixel({b.right, b.bottom});
    const int left = static_cast<int>(std::floor(top_left.x)) - 1, top = static_cast<int>(std::floor(top_left.y)) - 1;
    return {left, top, static_cast<int>(std::ceil(bottom_right.x)) + 1 - left,
            static_cast<int>(std::ceil(bottom_right.y)) + 1 - top};
}

// Whether something drawn around `p`, up to `margin` pixels away, can show.
bool near_area(Point p, const std::optional<wxRect>& visible, double margin) {
    if (!visible) return true;
    const wxRect& area = *visible;
    return p.x + margin >= area.x && p.y + margin >= area.y && p.x - margin <= area.GetRight() + 1 &&
           p.y - margin <= area.GetBottom() + 1;
}

// Terrain and grid in software (see hex_rasterizer.h): a blit per piece.
// On cairo (wxGTK) the piece's pixels are cairo's own layout and go to it
// as they are; elsewhere through a wxImage.
void draw_terrain_piece(wxGraphicsContext& gc, TerrainPiece& piece) {
#ifdef SANDTABLE_HAVE_CAIRO
    if (gc.GetRenderer() == wxGraphicsRenderer::GetCairoRenderer()) {
        auto* cr = static_cast<cairo_t*>(gc.GetNativeContext());
        cairo_surface_t* surface = cairo_image_surface_create_for_data(
            reinterpret_cast<unsigned char*>(piece.pixels.data()),
            piece.opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, piece.area.width, piece.area.height,
            piece.area.width * static_cast<int>(sizeof(std::uint32_t)));
        cairo_save(cr);
        cairo_set_source_surface(cr, surface, piece.area.x, piece.area.y);
        cairo_rectangle(cr, piece.area.x, piece.area.y, piece.area.width, piece.area.height);
        cairo_fill(cr);
        cairo_restore(cr);
        cairo_surface_destroy(surface);
        return;
    }
#endif
    gc.DrawBitmap(gc.CreateBitmapFromImage(piece.to_image()), piece.area.x, piece.area.y, piece.area.width,
                  piece.area.height);
}

void draw_terrain_pixels(wxGraphicsContext& gc, const MapView& view, const rules::Ruleset& rs,
                         const rules::Scenario& sc, const DrawOptions& options, const wxRect& area) {
    TerrainPalette palette;
    for (const auto& t : rs.terrain) palette.terrain_colours.push_back(colour(t.color));
    if (options.grid) palette.grid = grid_colour();
    for (auto& piece : rasterize_terrain(view, sc.map.grid, sc.map.terrain, palette, area))
        draw_terrain_piece(gc, piece);
}

// Terrain as one cairo path per hex, for contexts that scale or rotate
// (printing, high DPI), where a bitmap would blur. (One path per terrain
// type was tried: slower in cairo, and it leaves antialiasing seams between
// neighbouring fills.)
void draw_terrain_paths(wxGraphicsContext& gc, const MapView& view, const rules::Ruleset& rs, const rules::Scenario& sc,
                        const DrawOptions& options) {
    const auto& grid = sc.map.grid;
    gc.SetPen(options.grid ? wxPen(grid_colour(), 1) : *wxTRANSPARENT_PEN);
    std::vector<wxGraphicsBrush> brushes;  // made once, not parsed and built per hex
    for (const auto& t : rs.terrain) brushes.push_back(gc.CreateBrush(wxBrush(colour(t.color))));
    // Hexes tile the plane: antialiasing their edges buys nothing but time.
    gc.SetAntialiasMode(wxANTIALIAS_NONE);
    for (int i = 0; i < static_cast<int>(grid.size()); ++i) {
        gc.SetBrush(brushes[static_cast<std::size_t>(sc.map.terrain[static_cast<std::size_t>(i)])]);
        gc.DrawPath(polygon(gc, view.corners(grid.hex_at(i))));
    }
    gc.SetAntialiasMode(wxANTIALIAS_DEFAULT);
}

void draw_terrain(wxGraphicsContext& gc, const MapView& view, const rules::Ruleset& rs, const rules::Scenario& sc,
                  const DrawOptions& options, const std::optional<wxRect>& visible) {
    if (!visible) {
        draw_terrain_paths(gc, view, rs, sc, options);
        return;
    }
    const wxRect area = visible->Intersect(map_area(view));
    if (!area.IsEmpty()) draw_terrain_pixels(gc, view, rs, sc, options, area);
}

// One path per feature, every segment its own subpath, stroked once: the
// same lines as segment by segment, without a pen made per segment.
void stroke_per_feature(wxGraphicsContext& gc, std::vector<wxGraphicsPath>& paths, const std::vector<bool>& used,
                        const std::vector<wxColour>& colours, double width) {
    for (std::size_t f = 0; f < paths.size(); ++f) {
        if (!used[f]) continue;
        gc.SetPen(wxPen(colours[f], static_cast<int>(width)));
        gc.StrokePath(paths[f]);
    }
}

// Roads: centre to centre across the hexsides they use.
void draw_paths(wxGraphicsContext& gc, const MapView& view, const rules::Ruleset& rs, const rules::Scenario& sc,
                const std::optional<wxRect>& visible) {
    const auto& map = sc.map;
    const double s = view.scale();
    std::vector<wxGraphicsPath> paths;
    std::vector<wxColour> colours;
    for (const auto& f : rs.path_features) paths.push_back(gc.CreatePath()), colours.push_back(colour(f.color));
    std::vector<bool> used(paths.size(), false);
    for (int i = 0; i < static_cast<int>(map.grid.size()); ++i)
        for (int d = 0; d < 3; ++d) {
            const int f = map.paths[static_cast<std::size_t>(i)][static_cast<std::size_t>(d)];
            if (f < 0) continue;
            const Hex h = map.grid.hex_at(i);
            const Point a = view.centre(h), b = view.centre(geometry::neighbour(h, d));
            if (!near_area(a, visible, 3 * s)) continue;
            paths[static_cast<std::size_t>(f)].MoveToPoint(a.x, a.y);
            paths[static_cast<std::size_t>(f)].AddLineToPoint(b.x, b.y);
            used[static_cast<std::size_t>(f)] = true;
        }
    stroke_per_feature(gc, paths, used, colours, std::max(2, static_cast<int>(s * 0.18)));
}

// Hexside features (rivers) along the shared edge.
void draw_hexsides(wxGraphicsContext& gc, const MapView& view, const rules::Ruleset& rs, const rules::Scenario& sc,
                   const std::optional<wxRect>& visible) {
    const auto& map = sc.map;
    const double s = view.scale();
    std::vector<wxGraphicsPath> paths;
    std::vector<wxColour> colours;
    for (const auto& f : rs.hexside_features) paths.push_back(gc.CreatePath()), colours.push_back(colour(f.color));
    std::vector<bool> used(paths.size(), false);
    for (int i = 0; i < static_cast<int>(map.grid.size()); ++i)
        for (int d = 0; d < 6; ++d) {
            const int f = map.sides[static_cast<std::size_t>(i)][static_cast<std::size_t>(d)];
            if (f < 0) continue;
            const Hex h = map.grid.hex_at(i);
            const int j = map.grid.index(geometry::neighbour(h, d));
            if (j >= 0 && j < i) continue;  // drawn from the other hex
            if (!near_area(view.centre(h), visible, 2 * s)) continue;
            const auto side = view.side(h, d);
            paths[static_cast<std::size_t>(f)].MoveToPoint(side[0].x, side[0].y);
            paths[static_cast<std::size_t>(f)].AddLineToPoint(side[1].x, side[1].y);
            used[static_cast<std::size_t>(f)] = true;
        }
    stroke_per_feature(gc, paths, used, colours, std::max(3, static_cast<int>(s * 0.28)));
}

void draw_objectives(wxGraphicsContext& gc, const MapView& view, const rules::Scenario& sc) {
    const double s = view.scale();
    gc.SetPen(wxPen(wxColour(120, 90, 0), 2));
    gc.SetBrush(wxBrush(wxColour(240, 200, 40)));
    for (const auto& o : sc.objectives) {
        const Point c = view.centre(o.hex);
        gc.DrawEllipse(c.x - s * 0.75, c.y - s * 0.75, s * 1.5, s * 1.5);
    }
}

// Elevation: the level, small, low in the hex (0 is not written).
void draw_elevations(wxGraphicsContext& gc, const MapView& view, const rules::Scenario& sc,
                     const std::optional<wxRect>& visible) {
    const auto& map = sc.map;
    const double s = view.scale();
    gc.SetFont(wxFont(wxFontInfo(std::max(6, static_cast<int>(s * 0.34))).Bold()), wxColour(110, 70, 20));
    for (int i = 0; i < static_cast<int>(map.grid.size()); ++i) {
        const int level = map.elevation[static_cast<std::size_t>(i)];
        if (level <= 0) continue;
        const Point c = view.centre(map.grid.hex_at(i));
        if (!near_area(c, visible, s)) continue;
        const wxString text = wxString::Format("^%d", level);
        double w = 0, h = 0;
        gc.GetTextExtent(text, &w, &h);
        gc.DrawText(text, c.x - w / 2, c.y + s * 0.78 - h);
    }
}

// Hex labels, only those that can show: text is the dearest thing drawn.
void draw_labels(wxGraphicsContext& gc, const MapView& view, const rules::Scenario& sc,
                 const std::optional<wxRect>& visible) {
    const auto& grid = sc.map.grid;
    const double s = view.scale();
    gc.SetFont(wxFont(wxFontInfo(std::max(6, static_cast<int>(s * 0.32)))), wxColour(70, 70, 60));
    for (int i = 0; i < static_cast<int>(grid.size()); ++i) {
        const Hex h = grid.hex_at(i);
        const Point c = view.centre(h);
        if (!near_area(c, visible, s)) continue;
        const wxString label = grid.label(h);
        double w = 0, hgt = 0;
        gc.GetTextExtent(label, &w, &hgt);
        gc.DrawText(label, c.x - w / 2, c.y - s * 0.82);
    }
}

// The fill of each side's counters, made once per drawing: wx brushes are
// cheap to keep but dear to build per counter.
struct SideStyle {
    wxGraphicsBrush fill;
};

std::vector<SideStyle> side_styles(wxGraphicsContext& gc, const rules::Scenario& sc) {
    std::vector<SideStyle> styles;
    for (const auto& side : sc.sides) styles.push_back({gc.CreateBrush(wxBrush(side_colour(side.color)))});
    return styles;
}

// A counter where it is drawn: `level` is its place in its hex's stack.
struct PlacedCounter {
    const rules::UnitPlacement* unit;
    int level;
    bool leader;
    double x, y, size;
};

// The counters that can show, stack level by stack level (each level in
// scenario order): counters of one level sit in different hexes and do not
// overlap, so a level can be filled and outlined as a few paths, and the
// next level still lands on top as when drawn one by one.
std::vector<PlacedCounter> place_counters(const MapView& view, const rules::Ruleset& rs, const rules::Scenario& sc,
                                          const std::optional<wxRect>& visible) {
    const double s = view.scale();
    std::vector<PlacedCounter> placed;
    std::map<std::pair<int, int>, int> stacked;  // how many placed per hex so far
    for (const auto& u : sc.units) {
        const int n = stacked[{u.hex.q, u.hex.r}]++;
        const Point c = view.centre(u.hex);
        if (!near_area(c, visible, 2 * s)) continue;
        const bool leader = rs.unit_types[static_cast<std::size_t>(u.type)].symbol == "leader";
        const double size = leader ? s * 0.55 : s * 1.15;
        const double shift = leader ? s * 0.45 : n * s * 0.12;
        placed.push_back({&u, n, leader, c.x - size / 2 + shift, c.y - size / 2 + shift, size});
    }
    std::stable_sort(placed.begin(), placed.end(),
                     [](const PlacedCounter& a, const PlacedCounter& b) { return a.level < b.level; });
    return placed;
}

// One stack level's counters: a fill per side, one outline for all.
void draw_counter_shapes(wxGraphicsContext& gc, const std::vector<SideStyle>& styles, const wxGraphicsPen& outline,
                         std::span<const PlacedCounter> level) {
    std::vector<wxGraphicsPath> fills;
    for (std::size_t i = 0; i < styles.size(); ++i) fills.push_back(gc.CreatePath());
    wxGraphicsPath outlines = gc.CreatePath();
    for (const auto& c : level) {
        const double corner_radius = counter_corner_radius(c.size);
        for (wxGraphicsPath* path : {&fills[static_cast<std::size_t>(c.unit->side)], &outlines}) {
            if (c.leader)
                path->AddEllipse(c.x, c.y, c.size, c.size);
            else if (corner_radius < 1)  // rounding under a pixel does not show; cairo fills plain boxes far faster
                path->AddRectangle(c.x, c.y, c.size, c.size);
            else
                path->AddRoundedRectangle(c.x, c.y, c.size, c.size, corner_radius);
        }
    }
    for (std::size_t i = 0; i < styles.size(); ++i) {
        gc.SetBrush(styles[i].fill);
        gc.FillPath(fills[i]);
    }
    gc.SetPen(outline);
    gc.StrokePath(outlines);
}
}  // namespace

void draw_map(wxGraphicsContext& gc, const MapView& view, const rules::Ruleset& rs, const rules::Scenario& sc,
              const DrawOptions& options) {
    if (rs.table.enabled) return draw_table(gc, view, rs, sc, options);  // a tabletop: no hexes
    const std::optional<wxRect> visible = visible_area(gc);
    draw_terrain(gc, view, rs, sc, options, visible);
    draw_paths(gc, view, rs, sc, visible);
    draw_hexsides(gc, view, rs, sc, visible);
    draw_objectives(gc, view, sc);
    if (view.scale() >= 9) draw_elevations(gc, view, sc, visible);
    // Labels, when there is room to read them.
    if (options.labels && view.scale() >= 14) draw_labels(gc, view, sc, visible);
}

// A unit set up with a facing (PRESTAGS 16.0): a dark wedge on the counter's
// edge, pointing at the hexside its front is centred on.
void draw_facing(wxGraphicsContext& gc, const MapView& view, const PlacedCounter& c, const rules::UnitPlacement& u) {
    const auto from = view.centre(u.hex);
    const auto to = view.centre(geometry::neighbour(u.hex, u.facing));
    const double dx = to.x - from.x, dy = to.y - from.y, length = std::hypot(dx, dy);
    if (length <= 0) return;
    const double ux = dx / length, uy = dy / length;
    const double cx = c.x + c.size / 2, cy = c.y + c.size / 2, half = c.size / 2;
    // The tip just beyond the square's edge in that direction, the base inside it.
    const double reach = half / std::max(std::abs(ux), std::abs(uy));
    const double tip_x = cx + ux * (reach + c.size * 0.12), tip_y = cy + uy * (reach + c.size * 0.12);
    const double base_x = cx + ux * (reach - c.size * 0.08), base_y = cy + uy * (reach - c.size * 0.08);
    const double w = c.size * 0.16;
    wxGraphicsPath wedge = gc.CreatePath();
    wedge.MoveToPoint(tip_x, tip_y);
    wedge.AddLineToPoint(base_x - uy * w, base_y + ux * w);
    wedge.AddLineToPoint(base_x + uy * w, base_y - ux * w);
    wedge.CloseSubpath();
    gc.SetPen(wxPen(wxColour(250, 250, 250), 1));
    gc.SetBrush(wxBrush(wxColour(30, 30, 30)));
    gc.DrawPath(wedge);
}

// One counter per fighting unit, side-coloured, with its symbol and
// strength-movement; leaders as a badge at the counter's corner; a wedge
// where a unit has a facing.
void draw_counters(wxGraphicsContext& gc, const MapView& view, const rules::Ruleset& rs, const rules::Scenario& sc) {
    if (rs.table.enabled)
        return draw_table_units(gc, view, sc, tabletop::scenario_shapes(rs, sc));  // stands, not counters
    const std::vector<PlacedCounter> placed = place_counters(view, rs, sc, visible_area(gc));
    const std::vector<SideStyle> styles = side_styles(gc, sc);
    const wxGraphicsPen outline = gc.CreatePen(wxPen(wxColour(30, 30, 30), 1));
    CounterInk ink(gc);
    const CounterValues values = counter_values(rs);
    for (auto first = placed.begin(); first != placed.end();) {
        const auto last =
            std::find_if(first, placed.end(), [&](const PlacedCounter& c) { return c.level != first->level; });
        draw_counter_shapes(gc, styles, outline, std::span<const PlacedCounter>(first, last));
        for (auto c = first; c != last; ++c) {
            if (c->size < kCounterMarksMinSize) continue;  // marks only where they can be read (leaders are smaller)
            const auto& u = *c->unit;
            CounterLook look = counter_look(values, rs.unit_types[static_cast<std::size_t>(u.type)], u.back,
                                            sc.sides[static_cast<std::size_t>(u.side)].color, u.hits);
            look.arrives = u.arrives;
            draw_counter_marks(gc, ink, c->x, c->y, c->size, look);
            if (u.facing >= 0) draw_facing(gc, view, *c, u);
        }
        first = last;
    }
}

}  // namespace sandtable::studio
