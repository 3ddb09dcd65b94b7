#include "core/tabletop_view.h"

#include "geometry/tabletop/formation.h"
#include "load/table_map_writer.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace sandtable::studio::tabletop {

namespace {
std::size_t at(int i) { return static_cast<std::size_t>(i); }
}  // namespace

std::vector<GridLine> grid_lines(double length, double pixels_per_cm) {
    std::vector<GridLine> lines;
    if (length <= 0 || pixels_per_cm <= 0) return lines;
    const bool minor_shown = kMinorGridCm * pixels_per_cm >= 6;
    const bool minor_labelled = kMinorGridCm * pixels_per_cm >= 40;
    // Whole steps of 10 cm: the count, not a running sum, so 0.1 never drifts.
    const int steps = static_cast<int>(std::floor(length / kMinorGridCm + 1e-9));
    for (int i = 0; i <= steps; ++i) {
        const bool major = i % static_cast<int>(kMajorGridCm / kMinorGridCm) == 0;
        if (!major && !minor_shown) continue;
        lines.push_back({i * kMinorGridCm, major, major || minor_labelled});
    }
    return lines;
}

std::string cm_text(double cm) { return load::format_cm(std::round(cm * 10) / 10) + " cm"; }

std::string compass_point(double bearing) {
    static const std::array<const char*, 16> points{"N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
                                                    "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"};
    const int i = static_cast<int>(std::floor(gt::normalize_bearing(bearing) / 22.5 + 0.5)) % 16;
    return points[at(i)];
}

RulerReading ruler_reading(gt::Point from, gt::Point to) { return {gt::distance(from, to), gt::bearing_of(to - from)}; }

std::string ruler_text(const RulerReading& r) {
    int degrees = static_cast<int>(std::lround(r.bearing)) % 360;
    return cm_text(r.distance) + " · bearing " + std::to_string(degrees) + "° (" + compass_point(r.bearing) + ")";
}

int turned_facing(int facing, int steps, bool fine) {
    const int by = steps * (fine ? 1 : 15);
    return ((facing + by) % 360 + 360) % 360;
}

StandSize stand_size(const rules::Ruleset& rs, int type) {
    StandSize size;
    if (type < 0 || type >= static_cast<int>(rs.unit_types.size())) return size;
    const auto& values = rs.unit_types[at(type)].front.values;
    auto value = [&](const std::string& attribute, int fallback) {
        const int a = rs.attribute_index(attribute);
        return a >= 0 && at(a) < values.size() ? values[at(a)] : fallback;
    };
    // As the kernel reads them (Game::table_formation): mm, at least 1.
    size.width = std::max(1, value(rs.table.stand_width, 40)) / 10.0;
    size.depth = std::max(1, value(rs.table.stand_depth, 20)) / 10.0;
    size.figures_per_stand = std::max(1, value(rs.table.figures_per_stand, 1));
    return size;
}

UnitShape placement_shape(const rules::Ruleset& rs, const rules::UnitPlacement& p, int index) {
    UnitShape shape;
    shape.unit = index;
    shape.side = p.side;
    shape.facing = p.table.facing;
    shape.front_centre = p.table.front_centre;
    shape.label = p.name.empty() ? p.id : p.name;
    const StandSize size = stand_size(rs, p.type);
    const int figures = std::max(1, p.table.figures);
    const int stands = (figures + size.figures_per_stand - 1) / size.figures_per_stand;
    gt::Formation f;
    f.front_centre = p.table.front_centre;
    f.facing = p.table.facing;
    f.files = std::clamp(p.table.files, 1, stands);
    f.ranks = (stands + f.files - 1) / f.files;
    f.stand_width = size.width;
    f.stand_depth = size.depth;
    shape.stands = gt::stands_of(f, stands);
    int left = figures;
    for (const auto& stand : shape.stands) {
        const int here = std::min(left, size.figures_per_stand);
        for (gt::Point q : gt::figure_points(stand, here)) shape.figures.push_back(q);
        left -= here;
    }
    return shape;
}

std::vector<UnitShape> scenario_shapes(const rules::Ruleset& rs, const rules::Scenario& sc) {
    std::vector<UnitShape> shapes;
    for (std::size_t u = 0; u < sc.units.size(); ++u)
        shapes.push_back(placement_shape(rs, sc.units[u], static_cast<int>(u)));
    return shapes;
}

std::vector<UnitShape> game_shapes(const kernel::Game& game, int viewer) {
    std::vector<UnitShape> shapes;
    const auto& units = game.state().units;
    for (std::size_t u = 0; u < units.size(); ++u) {
        const auto& s = units[u];
        if (!s.on_map) continue;
        UnitShape shape;
        shape.unit = static_cast<int>(u);
        shape.side = s.side;
        shape.facing = s.facing;
        shape.front_centre = game.tabletop().position(static_cast<int>(u));
        const auto& placed = game.scenario().units[u];
        shape.label = placed.name.empty() ? placed.id : placed.name;
        if (viewer >= 0 && game.tabletop().hidden_from(static_cast<int>(u), viewer)) {
            const gt::Point back = shape.front_centre - gt::heading(s.facing) * 1.0;
            shape.label = "?";
            shape.stands = {gt::Stand{back, 2, 2, static_cast<double>(s.facing)}};
            shapes.push_back(std::move(shape));
            continue;
        }
        shape.stands = game.tabletop().stands(static_cast<int>(u));
        if (shape.stands.empty()) continue;  // no figures left
        shape.figures = game.tabletop().figure_points(static_cast<int>(u));
        shapes.push_back(std::move(shape));
    }
    return shapes;
}

std::vector<int> area_draw_order(const gt::TableMap& map) {
    std::vector<int> order;
    for (std::size_t i = 0; i < map.areas.size(); ++i) order.push_back(static_cast<int>(i));
    auto hill_level = [&](int i) {
        return map.areas[at(i)].sight == gt::AreaSight::Hill ? map.areas[at(i)].level : 1000;
    };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return hill_level(a) < hill_level(b); });
    return order;
}

Hit hit_at(const rules::Scenario& sc, const std::vector<UnitShape>& units, gt::Point p, double tolerance) {
    const auto& map = sc.table.map;
    // Units: the last drawn is on top.
    for (auto u = units.rbegin(); u != units.rend(); ++u)
        for (const auto& stand : u->stands)
            if (gt::distance_to_polygon(stand.corners(), p) <= tolerance) return {Hit::Unit, u->unit};
    // An objective's marker at its centre, or its ring.
    for (int o = static_cast<int>(sc.objectives.size()) - 1; o >= 0; --o) {
        const auto& obj = sc.objectives[at(o)];
        const double d = gt::distance(obj.table_at, p);
        if (d <= std::max(tolerance, 1.0) || std::abs(d - obj.radius) <= tolerance) return {Hit::Objective, o};
    }
    for (int l = static_cast<int>(map.lines.size()) - 1; l >= 0; --l) {
        const auto& line = map.lines[at(l)].line;
        if (gt::distance_to_polyline(line, p) <= line.width / 2 + tolerance) return {Hit::Line, l};
    }
    const auto order = area_draw_order(map);
    for (auto a = order.rbegin(); a != order.rend(); ++a)
        if (gt::contains(map.areas[at(*a)].outline, p)) return {Hit::Area, *a};
    for (int o = static_cast<int>(sc.objectives.size()) - 1; o >= 0; --o)
        if (gt::distance(sc.objectives[at(o)].table_at, p) <= sc.objectives[at(o)].radius) return {Hit::Objective, o};
    return {};
}

std::string hit_name(const rules::Ruleset& rs, const rules::Scenario& sc, const Hit& hit) {
    switch (hit.kind) {
        case Hit::Area: {
            const auto& source = sc.table.areas.at(at(hit.index));
            const auto& area = sc.table.map.areas.at(at(hit.index));
            std::string name = rs.terrain.at(at(source.terrain)).name;
            if (area.sight == gt::AreaSight::Hill) name += " (level " + std::to_string(area.level) + ")";
            if (area.sight == gt::AreaSight::Building && area.level > 1)
                name += " (" + std::to_string(area.level) + " storeys)";
            return name;
        }
        case Hit::Line:
            return rs.terrain.at(at(sc.table.lines.at(at(hit.index)).terrain)).name;
        case Hit::Unit: {
            const auto& u = sc.units.at(at(hit.index));
            return u.name.empty() ? u.id : u.name;
        }
        case Hit::Objective: {
            const auto& o = sc.objectives.at(at(hit.index));
            return o.name.empty() ? "Objective at " + load::format_point(o.table_at) : "Objective " + o.name;
        }
        case Hit::None:
            break;
    }
    return {};
}

std::vector<UnitMark> decision_marks(const kernel::Game& game, int viewer) {
    std::vector<UnitMark> marks;
    if (game.over()) return marks;
    const auto& units = game.state().units;
    auto add = [&](int unit, UnitMark::Kind kind, std::string label = {}) {
        if (unit < 0 || at(unit) >= units.size() || !units[at(unit)].on_map) return;
        for (const auto& m : marks)
            if (m.unit == unit && m.kind == kind) return;
        marks.push_back({unit, kind, std::move(label), {}, {}});
    };
    using kernel::ActionKind;
    for (const auto& a : game.legal_actions()) {
        switch (a.kind()) {
            case ActionKind::WriteOrder:
                break;  // every unit still to be ordered is ringed below
            case ActionKind::Fire:
                add(a.unit(), UnitMark::Movable);
                add(a.target(), UnitMark::Target);
                break;
            case ActionKind::Decline:
                if (game.decision() == kernel::DecisionKind::Artillery) add(a.unit(), UnitMark::Selected, "gun");
                break;
            case ActionKind::ChooseUnit:
                add(a.unit(), UnitMark::Target);
                break;
            default:
                break;
        }
    }
    // Orders are written in any order: each unit still to be ordered is ringed.
    for (int u = 0; u < static_cast<int>(units.size()); ++u)
        if (game.written_orders().may_order_now(u)) add(u, UnitMark::Selected, "to order");
    // The viewer's orders written this turn (the other side's stay hidden);
    // one that stays where it is (hold, re-form) is named on the unit.
    for (std::size_t u = 0; u < units.size(); ++u) {
        const auto& s = units[u];
        if (!s.on_map || (viewer >= 0 && s.side != viewer)) continue;
        const auto order = game.written_orders().pending(static_cast<int>(u), viewer >= 0 ? viewer : s.side);
        if (!order) continue;
        if (order->distance <= 0) {
            add(static_cast<int>(u), UnitMark::Movable, order->files > 0 ? "re-form" : "hold");
            continue;
        }
        UnitMark m{static_cast<int>(u), UnitMark::Order, {}, game.tabletop().position(static_cast<int>(u)), {}};
        m.to = m.from + gt::heading(order->bearing) * (order->distance / 10.0);
        static const char* modes[] = {"hold", "advance", "charge", "withdraw"};
        m.label = order->mode >= 0 && order->mode < 4 ? modes[order->mode] : "";
        marks.push_back(std::move(m));
    }
    return marks;
}

std::vector<kernel::Action> actions_for_unit(const kernel::Game& game, int unit) {
    std::vector<kernel::Action> out;
    // Orders are written for the units in any order: a unit still to be ordered offers its menu.
    for (const auto& order : game.written_orders().menu(unit)) out.push_back(kernel::act::WriteOrder{unit, order});
    if (!out.empty()) return out;
    for (const auto& a : game.legal_actions())
        if (a.kind() != kernel::ActionKind::EndPhase && (a.unit() == unit || a.target() == unit)) out.push_back(a);
    return out;
}

gt::Point clamp_to_table(const gt::TableMap& map, gt::Point p) {
    return {std::clamp(p.x, 0.0, std::max(0.0, map.width)), std::clamp(p.y, 0.0, std::max(0.0, map.depth))};
}

}  // namespace sandtable::studio::tabletop
