#include "app/map_canvas.h"

#include <wx/dcbuffer.h>

#include <cmath>
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

MapCanvas::MapCanvas(wxWindow* parent) : wxPanel(parent, wxID_ANY) {
    SetBackgroundStyle(wxBG_STYLE_PAINT);
    Bind(wxEVT_PAINT, &MapCanvas::on_paint, this);
    Bind(wxEVT_SIZE, &MapCanvas::on_size, this);
    Bind(wxEVT_MOUSEWHEEL, &MapCanvas::on_wheel, this);
    Bind(wxEVT_LEFT_DOWN, &MapCanvas::on_mouse, this);
    Bind(wxEVT_LEFT_UP, &MapCanvas::on_mouse, this);
    Bind(wxEVT_MOTION, &MapCanvas::on_mouse, this);
    Bind(wxEVT_LEFT_DCLICK, [this](wxMouseEvent&) { fit(); });
}

void MapCanvas::set_scenario(const rules::Ruleset* ruleset, const rules::Scenario* scenario) {
    ruleset_ = ruleset;
    scenario_ = scenario;
    view_.set_grid(scenario_ ? &scenario_->map.grid : nullptr);
    fitted_ = false;
    fit();
}

void MapCanvas::fit() {
    if (!scenario_) return;
    const wxSize size = GetClientSize();
    if (size.x < 10 || size.y < 10) return;
    view_.fit(size.x, size.y);
    fitted_ = true;
    Refresh();
}

void MapCanvas::on_size(wxSizeEvent& e) {
    if (!fitted_) fit();
    Refresh();
    e.Skip();
}

void MapCanvas::on_wheel(wxMouseEvent& e) {
    const double factor = e.GetWheelRotation() > 0 ? 1.2 : 1 / 1.2;
    view_.zoom(factor, {static_cast<double>(e.GetX()), static_cast<double>(e.GetY())});
    Refresh();
}

void MapCanvas::on_mouse(wxMouseEvent& e) {
    const auto hex = scenario_ ? view_.hex_at({static_cast<double>(e.GetX()), static_cast<double>(e.GetY())}) : std::nullopt;
    if (drawing_sides && scenario_) {
        if (e.LeftDown() && on_side_clicked)
            if (auto side = view_.side_at({static_cast<double>(e.GetX()), static_cast<double>(e.GetY())})) on_side_clicked(side->hex, side->direction);
        if (on_hover) on_hover(hex);
        return;
    }
    if (painting && scenario_) {
        const Point here{static_cast<double>(e.GetX()), static_cast<double>(e.GetY())};
        if (e.LeftDown()) {
            stroking_ = true;
            stroke_last_ = here;
            CaptureMouse();
        }
        if (stroking_ && (e.LeftDown() || e.Moving() || e.Dragging()) && on_stroke_hex) {
            // A fast drag jumps: visit the hexes between the last point and this one.
            const double dx = here.x - stroke_last_.x, dy = here.y - stroke_last_.y;
            const int steps = std::max(1, static_cast<int>(std::hypot(dx, dy) / std::max(2.0, view_.scale() / 3)));
            for (int k = 1; k <= steps; ++k)
                if (auto h = view_.hex_at({stroke_last_.x + dx * k / steps, stroke_last_.y + dy * k / steps})) on_stroke_hex(*h);
            if (hex) on_stroke_hex(*hex);
            stroke_last_ = here;
            Refresh();
        }
        if (e.LeftUp() && stroking_) {
            stroking_ = false;
            if (HasCapture()) ReleaseMouse();
            if (on_stroke_end) on_stroke_end();
            Refresh();
        }
        if (on_hover) on_hover(hex);
        return;
    }
    if (e.LeftDown()) {
        dragging_ = true;
        drag_from_ = e.GetPosition();
        dragged_unit_ = -1;
        if (hex && on_unit_dropped)  // the last-listed unit in the hex is the one on top
            for (std::size_t i = 0; i < scenario_->units.size(); ++i)
                if (scenario_->units[i].hex == *hex) dragged_unit_ = static_cast<int>(i);
        CaptureMouse();
    } else if (e.LeftUp() && dragging_) {
        dragging_ = false;
        if (HasCapture()) ReleaseMouse();
        if (dragged_unit_ >= 0 && hex && *hex != scenario_->units[static_cast<std::size_t>(dragged_unit_)].hex) on_unit_dropped(dragged_unit_, *hex);
        dragged_unit_ = -1;
        SetCursor(wxNullCursor);
        Refresh();
    } else if (e.Dragging() && dragging_ && dragged_unit_ >= 0) {
        SetCursor(wxCursor(wxCURSOR_HAND));
        return;
    } else if (e.Dragging() && dragging_) {
        view_.pan(e.GetX() - drag_from_.x, e.GetY() - drag_from_.y);
        drag_from_ = e.GetPosition();
        Refresh();
    }
    if (on_hover && scenario_) on_hover(hex);
}

void MapCanvas::on_paint(wxPaintEvent&) {
    wxAutoBufferedPaintDC dc(this);
    dc.SetBackground(wxBrush(wxColour(236, 232, 222)));
    dc.Clear();
    std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
    if (gc) render(*gc, GetClientSize());
}

void MapCanvas::render(wxGraphicsContext& gc, const wxSize&) const {
    if (!ruleset_ || !scenario_) return;
    draw_map(gc);
    draw_counters(gc);
}

void MapCanvas::render_fitted(wxGraphicsContext& gc, const wxSize& size) {
    const MapView saved = view_;
    view_.fit(size.x, size.y);
    render(gc, size);
    view_ = saved;
}

void MapCanvas::draw_map(wxGraphicsContext& gc) const {
    const auto& rs = *ruleset_;
    const auto& map = scenario_->map;
    const auto& grid = map.grid;
    const double s = view_.scale();
    // Terrain.
    gc.SetPen(show_grid ? wxPen(wxColour(120, 120, 110), 1) : *wxTRANSPARENT_PEN);
    for (int i = 0; i < static_cast<int>(grid.size()); ++i) {
        const Hex h = grid.hex_at(i);
        gc.SetBrush(wxBrush(colour(rs.terrain[static_cast<std::size_t>(map.terrain[static_cast<std::size_t>(i)])].color)));
        gc.DrawPath(polygon(gc, view_.corners(h)));
    }
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
    for (const auto& o : scenario_->objectives) {
        const Point c = view_.centre(o.hex);
        gc.DrawEllipse(c.x - s * 0.75, c.y - s * 0.75, s * 1.5, s * 1.5);
    }
    // Labels, when there is room to read them.
    if (show_labels && s >= 14) {
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
void MapCanvas::draw_counters(wxGraphicsContext& gc) const {
    const auto& rs = *ruleset_;
    const auto& sc = *scenario_;
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
