#include "render/scenario_painter.h"

#include <wx/brush.h>
#include <wx/font.h>
#include <wx/pen.h>

#include <algorithm>
#include <map>

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

// Short counter symbols for the unit type's `symbol`.
std::string abbreviation(const std::string& symbol) {
    static const std::map<std::string, std::string> known{
        {"infantry", "INF"}, {"archers", "ARC"}, {"light_infantry", "LI"}, {"light_cavalry", "LC"},
        {"horse_archers", "HA"}, {"heavy_cavalry", "HC"}, {"leader", "LDR"}};
    auto it = known.find(symbol);
    return it == known.end() ? symbol.substr(0, 3) : it->second;
}
}  // namespace

void draw_map(wxGraphicsContext& gc, const MapView& view_, const rules::Ruleset& rs, const rules::Scenario& sc, const DrawOptions& options) {
    const auto& map = sc.map;
    const auto& grid = map.grid;
    const double s = view_.scale();
    // Terrain, hex by hex. (One path per terrain type was tried: slower in
    // cairo, and it leaves antialiasing seams between neighbouring fills.)
    gc.SetPen(options.grid ? wxPen(wxColour(120, 120, 110), 1) : *wxTRANSPARENT_PEN);
    std::vector<wxGraphicsBrush> brushes;  // made once, not parsed and built per hex
    for (const auto& t : rs.terrain) brushes.push_back(gc.CreateBrush(wxBrush(colour(t.color))));
    // Hexes tile the plane: antialiasing their edges buys nothing but time.
    gc.SetAntialiasMode(wxANTIALIAS_NONE);
    for (int i = 0; i < static_cast<int>(grid.size()); ++i) {
        gc.SetBrush(brushes[static_cast<std::size_t>(map.terrain[static_cast<std::size_t>(i)])]);
        gc.DrawPath(polygon(gc, view_.corners(grid.hex_at(i))));
    }
    gc.SetAntialiasMode(wxANTIALIAS_DEFAULT);
    // Roads: centre to centre across the hexsides they use.
    for (int i = 0; i < static_cast<int>(grid.size()); ++i)
        for (int d = 0; d < 3; ++d) {
            const int f = map.paths[static_cast<std::size_t>(i)][static_cast<std::size_t>(d)];
            if (f < 0) continue;
            const Hex h = grid.hex_at(i);
            const Point a = view_.centre(h), b = view_.centre(geometry::neighbour(h, d));
            gc.SetPen(wxPen(colour(rs.path_features[static_cast<std::size_t>(f)].color), std::max(2, static_cast<int>(s * 0.18))));
            gc.StrokeLine(a.x, a.y, b.x, b.y);
        }
    // Hexside features (rivers) along the shared edge.
    for (int i = 0; i < static_cast<int>(grid.size()); ++i)
        for (int d = 0; d < 6; ++d) {
            const int f = map.sides[static_cast<std::size_t>(i)][static_cast<std::size_t>(d)];
            if (f < 0) continue;
            const Hex h = grid.hex_at(i);
            const int j = grid.index(geometry::neighbour(h, d));
            if (j >= 0 && j < i) continue;  // drawn from the other hex
            const auto side = view_.side(h, d);
            gc.SetPen(wxPen(colour(rs.hexside_features[static_cast<std::size_t>(f)].color), std::max(3, static_cast<int>(s * 0.28))));
            gc.StrokeLine(side[0].x, side[0].y, side[1].x, side[1].y);
        }
    // Objectives.
    gc.SetPen(wxPen(wxColour(120, 90, 0), 2));
    gc.SetBrush(wxBrush(wxColour(240, 200, 40)));
    for (const auto& o : sc.objectives) {
        const Point c = view_.centre(o.hex);
        gc.DrawEllipse(c.x - s * 0.75, c.y - s * 0.75, s * 1.5, s * 1.5);
    }
    // Elevation: the level, small, low in the hex (0 is not written).
    if (s >= 9) {
        gc.SetFont(wxFont(wxFontInfo(std::max(6, static_cast<int>(s * 0.34))).Bold()), wxColour(110, 70, 20));
        for (int i = 0; i < static_cast<int>(grid.size()); ++i) {
            const int level = map.elevation[static_cast<std::size_t>(i)];
            if (level <= 0) continue;
            const Point c = view_.centre(grid.hex_at(i));
            const wxString text = wxString::Format("^%d", level);
            double w = 0, h = 0;
            gc.GetTextExtent(text, &w, &h);
            gc.DrawText(text, c.x - w / 2, c.y + s * 0.78 - h);
        }
    }
    // Labels, when there is room to read them.
    if (options.labels && s >= 14) {
        gc.SetFont(wxFont(wxFontInfo(std::max(6, static_cast<int>(s * 0.32)))), wxColour(70, 70, 60));
        for (int i = 0; i < static_cast<int>(grid.size()); ++i) {
            const Hex h = grid.hex_at(i);
            const Point c = view_.centre(h);
            const wxString label = grid.label(h);
            double w = 0, hgt = 0;
            gc.GetTextExtent(label, &w, &hgt);
            gc.DrawText(label, c.x - w / 2, c.y - s * 0.82);
        }
    }
}

// One counter per fighting unit, side-coloured, with its symbol and
// strength-movement; leaders as a badge at the counter's corner.
void draw_counters(wxGraphicsContext& gc, const MapView& view_, const rules::Ruleset& rs, const rules::Scenario& sc) {

    const double s = view_.scale();
    const int combat = rs.attribute_index("combat"), movement = rs.attribute_index("movement");
    std::map<std::pair<int, int>, int> stacked;  // how many drawn per hex so far
    for (const auto& u : sc.units) {
        const auto& type = rs.unit_types[static_cast<std::size_t>(u.type)];
        const auto& face = type.face(u.back);
        const Point c = view_.centre(u.hex);
        const int n = stacked[{u.hex.q, u.hex.r}]++;
        const wxColour side = colour(sc.sides[static_cast<std::size_t>(u.side)].color, wxColour(128, 128, 128));
        const bool leader = type.symbol == "leader";
        const double size = leader ? s * 0.55 : s * 1.15;
        const double x = c.x - size / 2 + (leader ? s * 0.45 : n * s * 0.12), y = c.y - size / 2 + (leader ? s * 0.45 : n * s * 0.12);
        gc.SetPen(wxPen(wxColour(30, 30, 30), 1));
        gc.SetBrush(wxBrush(side));
        if (leader) {
            gc.DrawEllipse(x, y, size, size);
            continue;
        }
        gc.DrawRoundedRectangle(x, y, size, size, s * 0.1);
        if (s < 10) continue;
        const wxColour ink = side.Red() + side.Green() + side.Blue() > 380 ? *wxBLACK : *wxWHITE;
        gc.SetFont(wxFont(wxFontInfo(std::max(5, static_cast<int>(s * 0.3))).Bold()), ink);
        const wxString symbol = abbreviation(type.symbol);
        double w = 0, h = 0;
        gc.GetTextExtent(symbol, &w, &h);
        gc.DrawText(symbol, x + (size - w) / 2, y + size * 0.08);
        wxString values = wxString::Format("%d-%d", combat >= 0 ? face.values[static_cast<std::size_t>(combat)] : 0,
                                           movement >= 0 ? face.values[static_cast<std::size_t>(movement)] : 0);
        gc.GetTextExtent(values, &w, &h);
        gc.DrawText(values, x + (size - w) / 2, y + size - h - size * 0.06);
        if (u.back) {  // the back face: a stripe, as printed counters show disorder
            gc.SetPen(wxPen(ink, 1));
            gc.StrokeLine(x + 2, y + size * 0.5, x + size - 2, y + size * 0.5);
        }
    }
}

}  // namespace sandtable::studio
