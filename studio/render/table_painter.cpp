#include "render/table_painter.h"

#include "load/table_map_writer.h"

#include <wx/brush.h>
#include <wx/font.h>
#include <wx/geometry.h>
#include <wx/pen.h>

#include <algorithm>
#include <cmath>

namespace sandtable::studio {

namespace gt = geometry::tabletop;
using tabletop::to_pixel;

namespace {
std::size_t at(int i) { return static_cast<std::size_t>(i); }

wxColour colour_of(const std::string& text, const wxColour& fallback = wxColour(200, 200, 200)) {
    wxColour c;
    return c.Set(wxString::FromUTF8(text)) ? c : fallback;
}

wxColour with_alpha(const wxColour& c, int alpha) {
    return {c.Red(), c.Green(), c.Blue(), static_cast<unsigned char>(alpha)};
}

const wxColour kSurface(183, 200, 150);  // the table's cloth
const wxColour kTableEdge(90, 80, 60);
const wxColour kSelection(255, 140, 0);

wxGraphicsPath polygon_path(wxGraphicsContext& gc, const MapView& view, const std::vector<gt::Point>& points,
                            bool closed = true) {
    wxGraphicsPath path = gc.CreatePath();
    for (std::size_t i = 0; i < points.size(); ++i) {
        const Point p = to_pixel(view, points[i]);
        if (i == 0)
            path.MoveToPoint(p.x, p.y);
        else
            path.AddLineToPoint(p.x, p.y);
    }
    if (closed && points.size() > 2) path.CloseSubpath();
    return path;
}

wxGraphicsPen pen(wxGraphicsContext& gc, const wxColour& c, double width, wxPenStyle style = wxPENSTYLE_SOLID) {
    return gc.CreatePen(wxGraphicsPenInfo(c, width, style).Join(wxJOIN_ROUND).Cap(wxCAP_ROUND));
}

// Text on a pale plate, so it reads over terrain and stands alike.
void plate_text(wxGraphicsContext& gc, const wxString& text, double x, double y, bool centred = true) {
    double w = 0, h = 0;
    gc.GetTextExtent(text, &w, &h);
    const double left = centred ? x - w / 2 : x;
    gc.SetPen(*wxTRANSPARENT_PEN);
    gc.SetBrush(wxBrush(wxColour(255, 255, 250, 190)));
    gc.DrawRoundedRectangle(left - 2, y - 1, w + 4, h + 2, 2);
    gc.DrawText(text, left, y);
}

// Crowns scattered over a wood's outline (rows 5 cm apart, every other row
// shifted) so a wood reads as a wood; the trees a file places are drawn too.
std::vector<gt::Point> tree_points(const gt::TerrainArea& area) {
    std::vector<gt::Point> trees;
    const gt::Box box = gt::bounds(area.outline);
    constexpr double step = 5;
    int row = 0;
    for (double y = box.min.y + step / 2; y < box.max.y; y += step * 0.87, ++row)
        for (double x = box.min.x + (row % 2 ? step : step / 2); x < box.max.x; x += step)
            if (gt::locate(area.outline, {x, y}) == gt::Where::Inside) trees.push_back({x, y});
    return trees;
}

// The shortest distance from a point inside to the outline: trees keep off the edge.
double inside_margin(const gt::Polygon& outline, gt::Point p) {
    double best = 1e18;
    for (std::size_t i = 0; i < outline.size(); ++i)
        best = std::min(best, gt::distance_to_segment(p, outline[i], outline[(i + 1) % outline.size()]));
    return best;
}

void draw_area(wxGraphicsContext& gc, const MapView& view, const rules::Ruleset& rs, const gt::TerrainArea& area,
               const rules::TableAreaSource& source) {
    if (area.outline.size() < 3) return;
    const double s = view.scale();
    wxColour fill = colour_of(rs.terrain.at(at(source.terrain)).color);
    const wxGraphicsPath path = polygon_path(gc, view, area.outline);
    switch (area.sight) {
        case gt::AreaSight::Hill: {
            // Each level a shade darker: a section on a section reads as higher ground.
            fill = fill.ChangeLightness(std::max(45, 104 - 16 * std::max(0, area.level - 1)));
            gc.SetBrush(wxBrush(fill));
            gc.SetPen(pen(gc, fill.ChangeLightness(70), std::max(1.0, s * 0.25)));
            gc.DrawPath(path);
            break;
        }
        case gt::AreaSight::Screen: {
            gc.SetBrush(wxBrush(with_alpha(fill, 215)));
            gc.SetPen(pen(gc, fill.ChangeLightness(70), std::max(1.0, s * 0.15)));
            gc.DrawPath(path);
            if (s < 1.5) break;
            if (area.seen_over_from_above) {
                // Marsh: tufts of reeds.
                const gt::Box box = gt::bounds(area.outline);
                wxGraphicsPath tufts = gc.CreatePath();
                int row = 0;
                for (double y = box.min.y + 2; y < box.max.y; y += 4, ++row)
                    for (double x = box.min.x + (row % 2 ? 4 : 2); x < box.max.x; x += 5) {
                        if (gt::locate(area.outline, {x, y}) != gt::Where::Inside ||
                            inside_margin(area.outline, {x, y}) < 1.2)
                            continue;
                        const Point p = to_pixel(view, {x, y});
                        tufts.MoveToPoint(p.x - s * 0.9, p.y);
                        tufts.AddLineToPoint(p.x + s * 0.9, p.y);
                        tufts.MoveToPoint(p.x, p.y);
                        tufts.AddLineToPoint(p.x - s * 0.4, p.y - s * 0.9);
                        tufts.MoveToPoint(p.x, p.y);
                        tufts.AddLineToPoint(p.x + s * 0.4, p.y - s * 0.9);
                    }
                gc.SetPen(pen(gc, fill.ChangeLightness(60), std::max(1.0, s * 0.12)));
                gc.StrokePath(tufts);
            } else {
                // A wood: its trees, drawn as crowns.
                wxGraphicsPath crowns = gc.CreatePath();
                const double r = std::max(1.5, s * 1.4);
                for (gt::Point t : tree_points(area)) {
                    if (inside_margin(area.outline, t) < 1.6) continue;
                    const Point p = to_pixel(view, t);
                    crowns.AddCircle(p.x, p.y, r);
                }
                gc.SetBrush(wxBrush(fill.ChangeLightness(80)));
                gc.SetPen(pen(gc, fill.ChangeLightness(55), 1));
                gc.DrawPath(crowns);
                // The trees the file places (the hull's corners), larger and darker.
                wxGraphicsPath placed = gc.CreatePath();
                for (gt::Point t : source.trees) {
                    const Point p = to_pixel(view, t);
                    placed.AddCircle(p.x, p.y, r * 1.3);
                }
                gc.SetBrush(wxBrush(fill.ChangeLightness(62)));
                gc.SetPen(pen(gc, fill.ChangeLightness(40), 1));
                gc.DrawPath(placed);
            }
            break;
        }
        case gt::AreaSight::Building: {
            gc.SetBrush(wxBrush(fill));
            gc.SetPen(pen(gc, fill.ChangeLightness(45), std::max(1.5, s * 0.3)));
            gc.DrawPath(path);
            if (area.level > 1 && s >= 3) {
                const gt::Point c = gt::centroid(area.outline);
                const Point p = to_pixel(view, c);
                gc.SetFont(wxFont(wxFontInfo(std::clamp(static_cast<int>(s * 1.6), 7, 14)).Bold()),
                           wxColour(40, 30, 20));
                const wxString text = wxString::Format("%d", area.level);
                double w = 0, h = 0;
                gc.GetTextExtent(text, &w, &h);
                gc.DrawText(text, p.x - w / 2, p.y - h / 2);
            }
            break;
        }
        case gt::AreaSight::Clear: {
            gc.SetBrush(wxBrush(with_alpha(fill, 200)));
            gc.SetPen(pen(gc, fill.ChangeLightness(75), std::max(1.0, s * 0.12), wxPENSTYLE_SHORT_DASH));
            gc.DrawPath(path);
            break;
        }
    }
}

void draw_line_feature(wxGraphicsContext& gc, const MapView& view, const rules::TerrainType& type,
                       const gt::TerrainLine& feature) {
    if (feature.line.points.size() < 2) return;
    const double s = view.scale();
    const wxColour c = colour_of(type.color);
    const double width = std::max(1.5, feature.line.width * s);
    const wxGraphicsPath path = polygon_path(gc, view, feature.line.points, false);
    const std::string& id = type.id;
    if (id.find("fence") != std::string::npos) {
        gc.SetPen(pen(gc, c, std::max(1.5, width), wxPENSTYLE_SHORT_DASH));
        gc.StrokePath(path);
        return;
    }
    // Rivers and roads have banks and verges a shade darker; walls are solid.
    if (width >= 3 && id.find("wall") == std::string::npos) {
        gc.SetPen(pen(gc, c.ChangeLightness(70), width + std::max(1.5, s * 0.4)));
        gc.StrokePath(path);
    }
    gc.SetPen(pen(gc, c, width));
    gc.StrokePath(path);
}

void draw_grid(wxGraphicsContext& gc, const MapView& view, const gt::TableMap& map, const DrawOptions& options) {
    const double s = view.scale();
    const auto xs = tabletop::grid_lines(map.width, s), ys = tabletop::grid_lines(map.depth, s);
    const Point top_left = to_pixel(view, {0, 0}), bottom_right = to_pixel(view, {map.width, map.depth});
    if (options.grid) {
        wxGraphicsPath minor = gc.CreatePath(), major = gc.CreatePath();
        for (const auto& line : xs) {
            const double x = to_pixel(view, {line.at, 0}).x;
            wxGraphicsPath& path = line.major ? major : minor;
            path.MoveToPoint(x, top_left.y);
            path.AddLineToPoint(x, bottom_right.y);
        }
        for (const auto& line : ys) {
            const double y = to_pixel(view, {0, line.at}).y;
            wxGraphicsPath& path = line.major ? major : minor;
            path.MoveToPoint(top_left.x, y);
            path.AddLineToPoint(bottom_right.x, y);
        }
        gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(40, 40, 30, 45), 1)));
        gc.StrokePath(minor);
        gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(40, 40, 30, 110), 1.5)));
        gc.StrokePath(major);
    }
}

void draw_objectives(wxGraphicsContext& gc, const MapView& view, const rules::Scenario& sc) {
    const double s = view.scale();
    for (const auto& o : sc.objectives) {
        const Point c = to_pixel(view, o.table_at);
        const double r = o.radius * s;
        const wxColour ring = o.holder >= 0 ? table_side_colour(sc, o.holder) : wxColour(170, 120, 0);
        gc.SetBrush(wxBrush(wxColour(250, 210, 60, 45)));
        gc.SetPen(pen(gc, ring, 2, wxPENSTYLE_LONG_DASH));
        gc.DrawEllipse(c.x - r, c.y - r, 2 * r, 2 * r);
        const double m = std::max(4.0, s * 0.8);
        gc.SetBrush(wxBrush(wxColour(240, 200, 40)));
        gc.SetPen(pen(gc, wxColour(110, 80, 0), 1.5));
        gc.DrawEllipse(c.x - m, c.y - m, 2 * m, 2 * m);
        if (s >= 1.5) {
            gc.SetFont(wxFont(wxFontInfo(8).Bold()), wxColour(90, 60, 0));
            const std::string name = o.name.empty() ? "Objective" : o.name;
            plate_text(gc, wxString::FromUTF8(name + " (" + std::to_string(o.points) + ")"), c.x, c.y + m + 2);
        }
    }
}

// The stands' fill, outline and front edges, the figures, the name: one unit.
void draw_unit(wxGraphicsContext& gc, const MapView& view, const tabletop::UnitShape& u, const wxColour& side,
               int alpha = 255) {
    const double s = view.scale();
    wxGraphicsPath bases = gc.CreatePath(), fronts = gc.CreatePath();
    for (const auto& stand : u.stands) {
        const auto corners = stand.corners();  // front left, front right, back right, back left
        bases.AddPath(polygon_path(gc, view, corners));
        const Point a = to_pixel(view, corners[0]), b = to_pixel(view, corners[1]);
        fronts.MoveToPoint(a.x, a.y);
        fronts.AddLineToPoint(b.x, b.y);
    }
    gc.SetBrush(wxBrush(with_alpha(side, alpha)));
    gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(25, 25, 25, static_cast<unsigned char>(alpha)), 1)));
    gc.DrawPath(bases);
    // The front edge, dark and thick: which way the unit faces.
    gc.SetPen(pen(gc, wxColour(15, 15, 15, static_cast<unsigned char>(alpha)), std::clamp(s * 0.35, 1.5, 5.0)));
    gc.StrokePath(fronts);
    // A small arrowhead ahead of the front centre.
    const gt::Point ahead = gt::heading(u.facing), right = gt::right_of(u.facing);
    const double size = std::min(3.0, std::max(1.2, 6 / std::max(s, 0.1)));  // cm, at least a few pixels
    const gt::Point tip = u.front_centre + ahead * (size * 1.1), base = u.front_centre + ahead * 0.15;
    wxGraphicsPath arrow = polygon_path(gc, view, {tip, base + right * (size * 0.6), base - right * (size * 0.6)});
    gc.SetBrush(wxBrush(wxColour(15, 15, 15, static_cast<unsigned char>(alpha))));
    gc.SetPen(*wxTRANSPARENT_PEN);
    gc.FillPath(arrow);
    if (s >= 2.5) {
        const double r = std::clamp(s * 0.38, 1.2, 7.0);
        wxGraphicsPath dots = gc.CreatePath();
        for (gt::Point f : u.figures) {
            const Point p = to_pixel(view, f);
            dots.AddCircle(p.x, p.y, r);
        }
        gc.SetBrush(wxBrush(wxColour(250, 246, 235, static_cast<unsigned char>(alpha))));
        gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(20, 20, 20, static_cast<unsigned char>(alpha)), 1)));
        gc.DrawPath(dots);
    }
}

// Names under their formations; a name that would cover one already written
// moves down a line, then another (units side by side in a battle line).
class LabelPlacer {
public:
    void place(wxGraphicsContext& gc, const wxString& text, double x, double y) {
        double w = 0, h = 0, shown_width = 0, shown_height = 0;
        gc.GetTextExtent(text, &w, &h);
        gc.GetSize(&shown_width, &shown_height);
        // A unit at the window's edge keeps its whole name in view.
        if (shown_width > w + 8) x = std::clamp(x, w / 2 + 4, shown_width - w / 2 - 4);
        wxRect2DDouble box(x - w / 2 - 2, y - 1, w + 4, h + 2);
        for (int tries = 0; tries < 3 && overlaps(box); ++tries) box.m_y += h + 2;
        taken_.push_back(box);
        plate_text(gc, text, x, box.m_y + 1);
    }

private:
    bool overlaps(const wxRect2DDouble& box) const {
        return std::any_of(taken_.begin(), taken_.end(), [&](const wxRect2DDouble& t) { return t.Intersects(box); });
    }
    std::vector<wxRect2DDouble> taken_;
};

void draw_unit_label(wxGraphicsContext& gc, const MapView& view, const tabletop::UnitShape& u, LabelPlacer& placer) {
    if (u.stands.empty() || u.label.empty() || view.scale() < 2) return;
    // Below the formation's lowest corner on the screen, centred on it.
    double left = 1e18, right = -1e18, bottom = -1e18;
    for (const auto& stand : u.stands)
        for (gt::Point c : stand.corners()) {
            const Point p = to_pixel(view, c);
            left = std::min(left, p.x), right = std::max(right, p.x), bottom = std::max(bottom, p.y);
        }
    gc.SetFont(wxFont(wxFontInfo(view.scale() >= 6 ? 9 : 8)), wxColour(20, 20, 20));
    placer.place(gc, wxString::FromUTF8(u.label), (left + right) / 2, bottom + 2);
}

// A ring around a formation: the hull of its stands, a few pixels out.
void ring_stands(wxGraphicsContext& gc, const MapView& view, const std::vector<gt::Stand>& stands, gt::Point by,
                 const wxColour& c, double width) {
    std::vector<gt::Point> corners;
    for (const auto& stand : stands)
        for (gt::Point p : stand.corners()) corners.push_back(p + by);
    if (corners.empty()) return;
    gt::Polygon hull = gt::convex_hull(corners);
    const gt::Point centre = gt::centroid(hull);
    const double out = (width / 2 + 2) / std::max(view.scale(), 0.01);
    for (auto& p : hull) {
        const gt::Point away = p - centre;
        const double length = gt::length(away);
        if (length > 0) p = p + away * (out / length);
    }
    gc.SetBrush(*wxTRANSPARENT_BRUSH);
    gc.SetPen(pen(gc, c, width));
    gc.StrokePath(polygon_path(gc, view, hull));
}

// The top of a formation on the screen, its middle: where a mark's label goes
// (the unit's name is written under it).
Point top_of(const MapView& view, const std::vector<gt::Stand>& stands) {
    double left = 1e18, right = -1e18, top = 1e18;
    for (const auto& stand : stands)
        for (gt::Point c : stand.corners()) {
            const Point p = to_pixel(view, c);
            left = std::min(left, p.x), right = std::max(right, p.x), top = std::min(top, p.y);
        }
    return {(left + right) / 2, top};
}

void draw_arrow(wxGraphicsContext& gc, const MapView& view, gt::Point from, gt::Point to, const wxColour& c,
                double width) {
    const Point a = to_pixel(view, from), b = to_pixel(view, to);
    const double dx = b.x - a.x, dy = b.y - a.y, length = std::hypot(dx, dy);
    if (length < 2) return;
    gc.SetPen(pen(gc, c, width));
    gc.StrokeLine(a.x, a.y, b.x, b.y);
    const double ux = dx / length, uy = dy / length, head = std::max(8.0, width * 3);
    wxGraphicsPath tip = gc.CreatePath();
    tip.MoveToPoint(b.x, b.y);
    tip.AddLineToPoint(b.x - ux * head - uy * head * 0.5, b.y - uy * head + ux * head * 0.5);
    tip.AddLineToPoint(b.x - ux * head + uy * head * 0.5, b.y - uy * head - ux * head * 0.5);
    tip.CloseSubpath();
    gc.SetBrush(wxBrush(c));
    gc.SetPen(*wxTRANSPARENT_PEN);
    gc.FillPath(tip);
}
}  // namespace

wxColour table_side_colour(const rules::Scenario& sc, int side) {
    if (side < 0 || at(side) >= sc.sides.size()) return {128, 128, 128};
    return colour_of(sc.sides[at(side)].color, wxColour(128, 128, 128));
}

void draw_table(wxGraphicsContext& gc, const MapView& view, const rules::Ruleset& rs, const rules::Scenario& sc,
                const DrawOptions& options) {
    const auto& map = sc.table.map;
    if (map.width <= 0 || map.depth <= 0) return;
    const Point top_left = to_pixel(view, {0, 0}), bottom_right = to_pixel(view, {map.width, map.depth});
    gc.SetBrush(wxBrush(kSurface));
    gc.SetPen(*wxTRANSPARENT_PEN);
    gc.DrawRectangle(top_left.x, top_left.y, bottom_right.x - top_left.x, bottom_right.y - top_left.y);
    // Clipped to the table: a river drawn to the edge stops there.
    gc.PushState();
    gc.Clip(top_left.x, top_left.y, bottom_right.x - top_left.x, bottom_right.y - top_left.y);
    for (int a : tabletop::area_draw_order(map))
        if (at(a) < sc.table.areas.size()) draw_area(gc, view, rs, map.areas[at(a)], sc.table.areas[at(a)]);
    for (std::size_t l = 0; l < map.lines.size() && l < sc.table.lines.size(); ++l)
        draw_line_feature(gc, view, rs.terrain.at(at(sc.table.lines[l].terrain)), map.lines[l]);
    draw_grid(gc, view, map, options);
    gc.PopState();
    gc.SetBrush(*wxTRANSPARENT_BRUSH);
    gc.SetPen(pen(gc, kTableEdge, 2));
    gc.DrawRectangle(top_left.x, top_left.y, bottom_right.x - top_left.x, bottom_right.y - top_left.y);
    draw_objectives(gc, view, sc);
}

void draw_table_units(wxGraphicsContext& gc, const MapView& view, const rules::Scenario& sc,
                      const std::vector<tabletop::UnitShape>& units) {
    for (const auto& u : units) draw_unit(gc, view, u, table_side_colour(sc, u.side));
    LabelPlacer placer;
    for (const auto& u : units) draw_unit_label(gc, view, u, placer);  // names over every base
}

void draw_table_scale(wxGraphicsContext& gc, const MapView& view, const gt::TableMap& map, double width,
                      double height) {
    if (map.width <= 0 || map.depth <= 0) return;
    const Point top_left = to_pixel(view, {0, 0}), bottom_right = to_pixel(view, {map.width, map.depth});
    // Along the table's north and west edges, or the window's when those are scrolled away.
    const double top = std::clamp(top_left.y, 0.0, std::max(0.0, std::min(height, bottom_right.y) - 14));
    const double left = std::clamp(top_left.x, 0.0, std::max(0.0, std::min(width, bottom_right.x) - 24));
    gc.SetFont(wxFont(wxFontInfo(8)), wxColour(50, 50, 40));
    const bool pinned_top = top > top_left.y, pinned_left = left > top_left.x;
    auto mark = [&](const wxString& text, double x, double y, bool plate) {
        if (plate)
            plate_text(gc, text, x, y, false);  // over terrain and units: on a plate
        else
            gc.DrawText(text, x, y);
    };
    for (const auto& line : tabletop::grid_lines(map.width, view.scale())) {
        const double x = to_pixel(view, {line.at, 0}).x;
        if (!line.labelled || line.at <= 0 || line.at >= map.width || x < left + 20 || x > width) continue;
        mark(wxString::FromUTF8(load::format_cm(line.at)), x + 3, top + 2, pinned_top);
    }
    for (const auto& line : tabletop::grid_lines(map.depth, view.scale())) {
        const double y = to_pixel(view, {0, line.at}).y;
        if (!line.labelled || line.at <= 0 || line.at >= map.depth || y < top + 14 || y > height) continue;
        mark(wxString::FromUTF8(load::format_cm(line.at)), left + 3, y + 1, pinned_left);
    }
    if (!pinned_top && !pinned_left) gc.DrawText("0 cm", top_left.x + 3, top_left.y + 2);
}

void draw_table_tools(wxGraphicsContext& gc, const MapView& view, const rules::Ruleset& rs, const rules::Scenario& sc,
                      const tabletop::TableTools& tools) {
    using tabletop::Hit;
    const double s = view.scale();
    // The selection, where a drag would put it.
    if (const Hit sel = tools.selection()) {
        const gt::Point by = tools.drag_offset(sc);
        const auto i = at(sel.index);
        switch (sel.kind) {
            case Hit::Area:
                if (i < sc.table.map.areas.size()) {
                    auto outline = sc.table.map.areas[i].outline;
                    for (auto& p : outline) p = p + by;
                    gc.SetBrush(wxBrush(wxColour(255, 140, 0, 40)));
                    gc.SetPen(pen(gc, kSelection, 3));
                    gc.DrawPath(polygon_path(gc, view, outline));
                }
                break;
            case Hit::Line:
                if (i < sc.table.map.lines.size()) {
                    auto points = sc.table.map.lines[i].line.points;
                    for (auto& p : points) p = p + by;
                    gc.SetPen(
                        pen(gc, wxColour(255, 140, 0, 150), std::max(1.5, sc.table.map.lines[i].line.width * s) + 6));
                    gc.StrokePath(polygon_path(gc, view, points, false));
                }
                break;
            case Hit::Unit:
                if (i < sc.units.size()) {
                    auto shape = tabletop::placement_shape(rs, sc.units[i], sel.index);
                    if (by.x != 0 || by.y != 0) {
                        for (auto& st : shape.stands) st.centre = st.centre + by;
                        for (auto& f : shape.figures) f = f + by;
                        shape.front_centre = shape.front_centre + by;
                        draw_unit(gc, view, shape, table_side_colour(sc, shape.side), 140);
                    }
                    ring_stands(gc, view, shape.stands, {}, kSelection, 3);
                }
                break;
            case Hit::Objective:
                if (i < sc.objectives.size()) {
                    const Point c = to_pixel(view, sc.objectives[i].table_at + by);
                    const double r = sc.objectives[i].radius * s;
                    gc.SetBrush(*wxTRANSPARENT_BRUSH);
                    gc.SetPen(pen(gc, kSelection, 3));
                    gc.DrawEllipse(c.x - r, c.y - r, 2 * r, 2 * r);
                }
                break;
            case Hit::None:
                break;
        }
    }
    // The area or line being drawn, with the edge to the mouse.
    const auto& draft = tools.draft();
    if (!draft.empty()) {
        std::vector<gt::Point> points = draft;
        if (tools.hover()) points.push_back(*tools.hover());
        const bool area = tools.mode() == tabletop::TableTools::Mode::Area;
        const int t = tools.terrain();
        const wxColour c =
            t >= 0 && at(t) < rs.terrain.size() ? colour_of(rs.terrain[at(t)].color) : wxColour(80, 80, 80);
        if (area && points.size() >= 3) {
            gc.SetBrush(wxBrush(with_alpha(c, 110)));
            gc.SetPen(*wxTRANSPARENT_PEN);
            gc.FillPath(polygon_path(gc, view, points));
        }
        if (!area && t >= 0 && at(t) < rs.terrain.size()) {
            gc.SetPen(pen(gc, with_alpha(c, 160), std::max(1.5, rs.terrain[at(t)].table.width * s)));
            gc.StrokePath(polygon_path(gc, view, points, false));
        }
        gc.SetPen(pen(gc, wxColour(20, 20, 20), 1.5, wxPENSTYLE_SHORT_DASH));
        gc.StrokePath(polygon_path(gc, view, points, area));
        gc.SetBrush(wxBrush(wxColour(255, 255, 255)));
        gc.SetPen(pen(gc, wxColour(20, 20, 20), 1));
        for (gt::Point p : draft) {
            const Point q = to_pixel(view, p);
            gc.DrawRectangle(q.x - 3, q.y - 3, 6, 6);
        }
    }
    // The ruler: a white-edged line, its ends, the reading at its middle.
    if (const auto ruler = tools.ruler()) {
        const Point a = to_pixel(view, ruler->first), b = to_pixel(view, ruler->second);
        gc.SetPen(pen(gc, wxColour(255, 255, 255, 220), 5));
        gc.StrokeLine(a.x, a.y, b.x, b.y);
        gc.SetPen(pen(gc, wxColour(200, 20, 20), 2));
        gc.StrokeLine(a.x, a.y, b.x, b.y);
        gc.SetBrush(wxBrush(wxColour(200, 20, 20)));
        gc.DrawEllipse(a.x - 4, a.y - 4, 8, 8);
        gc.DrawEllipse(b.x - 4, b.y - 4, 8, 8);
        // Ticks every 10 cm along it.
        const auto reading = tabletop::ruler_reading(ruler->first, ruler->second);
        const gt::Point along = gt::heading(reading.bearing),
                        across = gt::right_of(reading.bearing) * std::max(0.6, 5 / std::max(s, 0.1));
        wxGraphicsPath ticks = gc.CreatePath();
        for (double d = 10; d < reading.distance; d += 10) {
            const gt::Point m = ruler->first + along * d;
            const Point p = to_pixel(view, m - across), q = to_pixel(view, m + across);
            ticks.MoveToPoint(p.x, p.y);
            ticks.AddLineToPoint(q.x, q.y);
        }
        gc.SetPen(pen(gc, wxColour(200, 20, 20), 1.5));
        gc.StrokePath(ticks);
        gc.SetFont(wxFont(wxFontInfo(10).Bold()), wxColour(150, 0, 0));
        plate_text(gc, wxString::FromUTF8(tabletop::ruler_text(reading)), (a.x + b.x) / 2, (a.y + b.y) / 2 + 8);
    }
    // The formation being placed, following the mouse.
    if (const auto preview = tools.placing_preview(rs)) {
        draw_unit(gc, view, *preview, table_side_colour(sc, preview->side), 150);
        // Its facing in words, a little ahead of its front.
        gc.SetFont(wxFont(wxFontInfo(9)), wxColour(20, 20, 20));
        const wxString text =
            wxString::FromUTF8(std::to_string(preview->facing) + "° " + tabletop::compass_point(preview->facing));
        double w = 0, h = 0;
        gc.GetTextExtent(text, &w, &h);
        const gt::Point ahead = gt::heading(preview->facing);
        const Point front = to_pixel(view, preview->front_centre);
        const double reach = 14 + std::abs(ahead.x) * w / 2 + std::abs(ahead.y) * h / 2;
        plate_text(gc, text, front.x + ahead.x * reach, front.y + ahead.y * reach - h / 2);
    }
}

void draw_table_marks(wxGraphicsContext& gc, const MapView& view, const std::vector<tabletop::UnitShape>& units,
                      const std::vector<tabletop::UnitMark>& marks) {
    using Mark = tabletop::UnitMark;
    for (const auto& m : marks) {
        if (m.kind == Mark::Order) {
            draw_arrow(gc, view, m.from, m.to, wxColour(140, 60, 170, 220), 2.5);
            if (!m.label.empty()) {
                gc.SetFont(wxFont(wxFontInfo(8).Bold()), wxColour(110, 30, 140));
                const Point p = to_pixel(view, m.to);
                plate_text(gc, wxString::FromUTF8(m.label), p.x, p.y + 4);
            }
            continue;
        }
        const auto shape = std::find_if(units.begin(), units.end(), [&](const auto& u) { return u.unit == m.unit; });
        if (shape == units.end()) continue;
        const wxColour c = m.kind == Mark::Selected ? wxColour(30, 100, 230)
                           : m.kind == Mark::Target ? wxColour(220, 30, 30)
                                                    : wxColour(30, 160, 60);
        ring_stands(gc, view, shape->stands, {}, c, m.kind == Mark::Selected ? 4 : 3);
        if (!m.label.empty() && view.scale() >= 2) {
            gc.SetFont(wxFont(wxFontInfo(8).Bold()), c);
            double w = 0, h = 0;
            gc.GetTextExtent(wxString::FromUTF8(m.label), &w, &h);
            const Point p = top_of(view, shape->stands);
            plate_text(gc, wxString::FromUTF8(m.label), p.x, p.y - h - 6);
        }
    }
}

}  // namespace sandtable::studio
