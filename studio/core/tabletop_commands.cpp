#include "core/tabletop_commands.h"

#include "core/scenario_commands.h"

#include "load/table_map_writer.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace sandtable::studio::tabletop {

using rules::Scenario;

namespace {
std::size_t at(int i) { return static_cast<std::size_t>(i); }

void require(bool ok, const std::string& why) {
    if (!ok) throw std::invalid_argument(why);
}

Edit change(const ScenarioDocument& doc, std::string name, const std::function<void(Scenario&)>& f) {
    return std::make_unique<ChangeScenario>(doc, std::move(name), f);
}

void require_table(const ScenarioDocument& doc) {
    require(doc.ruleset().table.enabled && !doc.scenario().table.empty(),
            "this scenario is played on hexes, not on a tabletop");
}

const rules::TerrainType& terrain_of(const ScenarioDocument& doc, int terrain, rules::TableTerrain::Shape shape) {
    const auto& rs = doc.ruleset();
    require(terrain >= 0 && terrain < static_cast<int>(rs.terrain.size()),
            "there is no terrain " + std::to_string(terrain + 1));
    const auto& t = rs.terrain[at(terrain)];
    require(t.table.shape == shape,
            t.name + (shape == rules::TableTerrain::Shape::Area ? " is a line feature, not an area"
                                                                : " is an area, not a line feature"));
    return t;
}

void require_on_table(const ScenarioDocument& doc, const std::vector<gt::Point>& points, const std::string& what) {
    const auto& map = doc.scenario().table.map;
    for (gt::Point p : points)
        require(gt::on_table(map, p), what + " would have the point " + load::format_point(p) + " off the " +
                                          load::format_cm(map.width) + " x " + load::format_cm(map.depth) +
                                          " cm table");
}

// Points closer than this are one point: a double click's second click.
constexpr double kSamePointCm = 0.05;

std::vector<gt::Point> without_repeats(const std::vector<gt::Point>& points) {
    std::vector<gt::Point> out;
    for (gt::Point p : points)
        if (out.empty() || gt::distance(out.back(), p) > kSamePointCm) out.push_back(p);
    while (out.size() > 1 && gt::distance(out.front(), out.back()) <= kSamePointCm)
        out.pop_back();  // closed by clicking the first point
    return out;
}

const rules::UnitPlacement& unit_of(const ScenarioDocument& doc, int unit) {
    require(unit >= 0 && unit < static_cast<int>(doc.scenario().units.size()),
            "there is no unit " + std::to_string(unit + 1));
    return doc.scenario().units[at(unit)];
}

void shift(std::vector<gt::Point>& points, gt::Point by) {
    for (auto& p : points) p = p + by;
}

std::string item_word(const ScenarioDocument& doc, const Hit& item) {
    const auto& rs = doc.ruleset();
    const auto& sc = doc.scenario();
    switch (item.kind) {
        case Hit::Area:
            return rs.terrain.at(at(sc.table.areas.at(at(item.index)).terrain)).name;
        case Hit::Line:
            return rs.terrain.at(at(sc.table.lines.at(at(item.index)).terrain)).name;
        case Hit::Unit:
            return unit_of(doc, item.index).name;
        case Hit::Objective:
            return "Objective";
        case Hit::None:
            break;
    }
    return {};
}

void require_item(const ScenarioDocument& doc, const Hit& item) {
    const auto& sc = doc.scenario();
    auto in = [&](std::size_t size) { return item.index >= 0 && at(item.index) < size; };
    const bool ok = (item.kind == Hit::Area && in(sc.table.map.areas.size())) ||
                    (item.kind == Hit::Line && in(sc.table.map.lines.size())) ||
                    (item.kind == Hit::Unit && in(sc.units.size())) ||
                    (item.kind == Hit::Objective && in(sc.objectives.size()));
    require(ok, "nothing is selected");
}
}  // namespace

Edit add_area(const ScenarioDocument& doc, int terrain, const std::vector<gt::Point>& outline, int level) {
    require_table(doc);
    const auto& t = terrain_of(doc, terrain, rules::TableTerrain::Shape::Area);
    const auto points = without_repeats(outline);
    require(points.size() >= 3, "an area needs at least three points (it has " + std::to_string(points.size()) + ")");
    require(gt::area(points) > 1e-6, "the outline encloses no area: its points are all on one line");
    require_on_table(doc, points, "the " + t.name);
    const bool hill = t.table.sight == gt::AreaSight::Hill, building = t.table.sight == gt::AreaSight::Building;
    require(!hill || (level >= 1 && level <= 9), "a hill's level is 1 to 9");
    require(!building || (level >= 1 && level <= 9), "a building has 1 to 9 storeys");
    return change(doc, "Draw " + t.name, [&](Scenario& sc) {
        gt::TerrainArea area;
        area.kind = t.id;
        area.outline = points;
        area.sight = t.table.sight;
        area.sight_depth = t.table.sight_depth;
        area.seen_over_from_above = t.table.seen_over_from_above;
        area.level = hill || building ? level : 0;
        rules::TableAreaSource source;
        source.terrain = terrain;
        sc.table.map.areas.push_back(std::move(area));
        sc.table.areas.push_back(std::move(source));
    });
}

Edit add_line(const ScenarioDocument& doc, int terrain, const std::vector<gt::Point>& points_drawn) {
    require_table(doc);
    const auto& t = terrain_of(doc, terrain, rules::TableTerrain::Shape::Line);
    std::vector<gt::Point> points;
    for (gt::Point p : points_drawn)  // a line may come back to where it began: only repeats in a row go
        if (points.empty() || gt::distance(points.back(), p) > kSamePointCm) points.push_back(p);
    require(points.size() >= 2, "a line needs at least two points");
    require_on_table(doc, points, "the " + t.name);
    return change(doc, "Draw " + t.name, [&](Scenario& sc) {
        gt::TerrainLine line;
        line.kind = t.id;
        line.line.points = points;
        line.line.width = t.table.width;
        rules::TableLineSource source;
        source.terrain = terrain;
        sc.table.map.lines.push_back(std::move(line));
        sc.table.lines.push_back(std::move(source));
    });
}

Edit place_unit(const ScenarioDocument& doc, const NewUnit& n) {
    require_table(doc);
    const auto& rs = doc.ruleset();
    require(n.type >= 0 && n.type < static_cast<int>(rs.unit_types.size()),
            "there is no unit type " + std::to_string(n.type + 1));
    require(n.side >= 0 && n.side < static_cast<int>(doc.scenario().sides.size()),
            "there is no side " + std::to_string(n.side + 1));
    require(n.files >= 1 && n.files <= 36, "a formation has 1 to 36 files");
    require(n.figures >= 1 && n.figures <= 99, "a unit has 1 to 99 figures");
    require_on_table(doc, {n.front_centre}, "the unit");
    const auto& t = rs.unit_types[at(n.type)];
    const std::string name = fresh_unit_name(doc.scenario(), t.name);  // the edit names the unit it makes
    return change(doc, "Place " + name, [&](Scenario& sc) {
        rules::UnitPlacement u;
        u.id = fresh_unit_id(sc, t.id);
        u.name = name;
        u.type = n.type;
        u.side = n.side;
        u.table.front_centre = n.front_centre;
        u.table.facing = turned_facing(n.facing, 0, false);
        u.table.files = n.files;
        u.table.figures = n.figures;
        sc.units.push_back(u);
    });
}

Edit turn_unit(const ScenarioDocument& doc, int unit, int facing) {
    require_table(doc);
    const auto& u = unit_of(doc, unit);
    const int to = turned_facing(facing, 0, false);
    return change(doc, "Turn " + u.name + " to " + std::to_string(to) + "°",
                  [&](Scenario& sc) { sc.units[at(unit)].table.facing = to; });
}

Edit set_unit_formation(const ScenarioDocument& doc, int unit, int files, int figures) {
    require_table(doc);
    const auto& u = unit_of(doc, unit);
    require(files >= 1 && files <= 36, "a formation has 1 to 36 files");
    require(figures >= 1 && figures <= 99, "a unit has 1 to 99 figures");
    return change(doc, "Set Formation of " + u.name, [&](Scenario& sc) {
        sc.units[at(unit)].table.files = files;
        sc.units[at(unit)].table.figures = figures;
    });
}

Edit set_unit_position(const ScenarioDocument& doc, int unit, const std::string& text) {
    require_table(doc);
    const auto& u = unit_of(doc, unit);
    std::string cleaned;
    for (char c : text) cleaned += (c == ',' || c == '[' || c == ']' || c == ';') ? ' ' : c;
    std::istringstream in(cleaned);
    double x = 0, y = 0;
    std::string rest;
    const bool read = static_cast<bool>(in >> x >> y) && !(in >> rest);
    require(read && std::isfinite(x) && std::isfinite(y),
            "a place on the table is two numbers in cm, x east and y south: like '45, 30' (not '" + text + "')");
    require_on_table(doc, {{x, y}}, u.name);
    return change(doc, "Move " + u.name, [&](Scenario& sc) { sc.units[at(unit)].table.front_centre = {x, y}; });
}

Edit add_objective(const ScenarioDocument& doc, gt::Point where, double radius, int points) {
    require_table(doc);
    require(radius > 0 && radius <= 1000, "an objective's radius is more than 0 cm");
    require(points >= 0 && points <= 10000, "an objective is worth 0 to 10000 points");
    require_on_table(doc, {where}, "the objective");
    return change(doc, "Add Objective", [&](Scenario& sc) {
        rules::Objective o;
        o.table_at = where;
        o.radius = radius;
        o.points = points;
        sc.objectives.push_back(o);
    });
}

std::vector<gt::Point> item_points(const Scenario& sc, const Hit& item) {
    switch (item.kind) {
        case Hit::Area: {
            std::vector<gt::Point> points = sc.table.map.areas.at(at(item.index)).outline;
            const auto& trees = sc.table.areas.at(at(item.index)).trees;
            points.insert(points.end(), trees.begin(), trees.end());
            return points;
        }
        case Hit::Line:
            return sc.table.map.lines.at(at(item.index)).line.points;
        case Hit::Unit:
            return {sc.units.at(at(item.index)).table.front_centre};
        case Hit::Objective:
            return {sc.objectives.at(at(item.index)).table_at};
        case Hit::None:
            break;
    }
    return {};
}

gt::Point allowed_offset(const gt::TableMap& map, const std::vector<gt::Point>& points, gt::Point by) {
    if (points.empty()) return by;
    double min_x = points.front().x, max_x = min_x, min_y = points.front().y, max_y = min_y;
    for (gt::Point p : points) {
        min_x = std::min(min_x, p.x), max_x = std::max(max_x, p.x);
        min_y = std::min(min_y, p.y), max_y = std::max(max_y, p.y);
    }
    // Already off on one side (an old file): it may move back, not further.
    return {std::clamp(by.x, std::min(0.0, -min_x), std::max(0.0, map.width - max_x)),
            std::clamp(by.y, std::min(0.0, -min_y), std::max(0.0, map.depth - max_y))};
}

Edit move_item(const ScenarioDocument& doc, const Hit& item, gt::Point by_wanted) {
    require_table(doc);
    require_item(doc, item);
    const gt::Point by = allowed_offset(doc.scenario().table.map, item_points(doc.scenario(), item), by_wanted);
    require(std::abs(by.x) > 1e-9 || std::abs(by.y) > 1e-9, "it is already at the edge of the table");
    return change(doc, "Move " + item_word(doc, item), [&](Scenario& sc) {
        const auto i = at(item.index);
        switch (item.kind) {
            case Hit::Area:
                shift(sc.table.map.areas[i].outline, by);
                shift(sc.table.areas[i].trees, by);
                break;
            case Hit::Line:
                shift(sc.table.map.lines[i].line.points, by);
                break;
            case Hit::Unit:
                sc.units[i].table.front_centre = sc.units[i].table.front_centre + by;
                break;
            case Hit::Objective:
                sc.objectives[i].table_at = sc.objectives[i].table_at + by;
                break;
            case Hit::None:
                break;
        }
    });
}

Edit remove_item(const ScenarioDocument& doc, const Hit& item) {
    require_table(doc);
    require_item(doc, item);
    return change(doc, "Delete " + item_word(doc, item), [&](Scenario& sc) {
        const auto i = static_cast<std::ptrdiff_t>(item.index);
        switch (item.kind) {
            case Hit::Area:
                sc.table.map.areas.erase(sc.table.map.areas.begin() + i);
                sc.table.areas.erase(sc.table.areas.begin() + i);
                break;
            case Hit::Line:
                sc.table.map.lines.erase(sc.table.map.lines.begin() + i);
                sc.table.lines.erase(sc.table.lines.begin() + i);
                break;
            case Hit::Unit:
                sc.units.erase(sc.units.begin() + i);
                break;
            case Hit::Objective:
                sc.objectives.erase(sc.objectives.begin() + i);
                break;
            case Hit::None:
                break;
        }
    });
}

Edit resize_table(const ScenarioDocument& doc, double width, double depth) {
    require_table(doc);
    require(width >= 10 && depth >= 10 && width <= 10000 && depth <= 10000, "a table is 10 to 10000 cm each way");
    gt::TableMap smaller = doc.scenario().table.map;
    smaller.width = width;
    smaller.depth = depth;
    const auto& sc = doc.scenario();
    auto check = [&](const std::vector<gt::Point>& points, const std::string& what) {
        for (gt::Point p : points)
            require(gt::on_table(smaller, p), what + " at " + load::format_point(p) + " would be off a " +
                                                  load::format_cm(width) + " x " + load::format_cm(depth) +
                                                  " cm table: move it first");
    };
    for (std::size_t a = 0; a < sc.table.map.areas.size(); ++a)
        check(item_points(sc, {Hit::Area, static_cast<int>(a)}),
              "a " + item_word(doc, {Hit::Area, static_cast<int>(a)}));
    for (std::size_t l = 0; l < sc.table.map.lines.size(); ++l)
        check(item_points(sc, {Hit::Line, static_cast<int>(l)}),
              "a " + item_word(doc, {Hit::Line, static_cast<int>(l)}));
    for (const auto& u : sc.units) check({u.table.front_centre}, "'" + u.name + "'");
    for (const auto& o : sc.objectives) check({o.table_at}, "an objective");
    return change(doc, "Resize Table", [&](Scenario& s) {
        s.table.map.width = width;
        s.table.map.depth = depth;
    });
}

}  // namespace sandtable::studio::tabletop
