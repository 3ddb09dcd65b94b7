#include "load/table_map_reader.h"
#include "load/table_map_writer.h"

namespace sandtable::load {

using namespace sandtable::rules;
namespace gt = geometry::tabletop;

namespace {
// The most points one area or line of a table may have.
constexpr std::size_t kMaxFeaturePoints = 1000;

struct TableMapReader {
    const Ruleset& rs;
    TableData& table;
    const std::string& file;
    DiagnosticSink& sink;

    std::vector<gt::Point> points(const YAML::Node& node, const std::string& what, std::size_t at_least) {
        std::vector<gt::Point> out;
        if (!node.IsSequence()) {
            sink.error(location_of(node, file), what + " must be a list of points [x, y] in cm");
            return out;
        }
        // Every move and line of sight is checked against every point: a stranger's 100,000-point
        // outline made one game take minutes (docs/security.md).
        if (node.size() > kMaxFeaturePoints) {
            sink.error(location_of(node, file), what + " has " + std::to_string(node.size()) + " points; at most " +
                                                    std::to_string(kMaxFeaturePoints));
            return out;
        }
        for (const auto& p : node) {
            auto xy = read_point(p, file, sink, "a point of " + what);
            if (!xy) continue;
            const gt::Point point{xy->first, xy->second};
            if (!gt::on_table(table.map, point)) {
                sink.error(location_of(p, file), "the point [" + format_cm(point.x) + ", " + format_cm(point.y) +
                                                     "] of " + what + " is off the " + format_cm(table.map.width) +
                                                     " x " + format_cm(table.map.depth) + " cm table");
                continue;
            }
            out.push_back(point);
        }
        if (out.size() < at_least && node.size() >= at_least) return out;  // bad points: reported above
        if (node.size() < at_least)
            sink.error(location_of(node, file), what + " needs at least " + std::to_string(at_least) + " points, got " +
                                                    std::to_string(node.size()));
        return out;
    }

    int terrain(MapReader& r, TableTerrain::Shape shape) {
        const std::string id = r.text("terrain", {.required = true});
        const int t = rs.terrain_index(id);
        if (t < 0) {
            if (!id.empty()) sink.error(r.where("terrain"), unknown("terrain", id, ids_of(rs.terrain)));
            return -1;
        }
        const auto& type = rs.terrain[static_cast<std::size_t>(t)];
        if (type.table.shape != shape)
            sink.error(r.where("terrain"), "terrain '" + id + "' is " +
                                               (shape == TableTerrain::Shape::Line ? "an area: list it under areas"
                                                                                   : "a line: list it under lines"));
        return t;
    }

    void area(const YAML::Node& node) {
        MapReader r(node, file, sink,
                    "a table area ({ terrain, outline: [[x, y], …] } or { terrain, trees: [[x, y], …] })");
        if (!r.valid()) return;
        TableAreaSource source;
        source.where = r.where();
        const int t = terrain(r, TableTerrain::Shape::Area);
        source.terrain = std::max(t, 0);
        gt::TerrainArea area;
        if (t >= 0) {
            const auto& type = rs.terrain[static_cast<std::size_t>(t)];
            area.kind = type.id;
            area.sight = type.table.sight;
            area.sight_depth = type.table.sight_depth;
            area.seen_over_from_above = type.table.seen_over_from_above;
        }
        const bool has_outline = r.has("outline");
        const bool has_trees = r.has("trees");
        if (has_outline == has_trees) {
            sink.error(r.where(),
                       "a table area has either an outline or trees (a wood's outline is the hull of its trees), not " +
                           std::string(has_outline ? "both" : "neither"));
        } else if (has_outline) {
            area.outline = points(r.child("outline"), "an outline", 3);
            if (area.outline.size() >= 3 && gt::area(area.outline) <= gt::kEpsilon)
                sink.error(r.where("outline"), "the outline encloses no area: its points are all on one line");
        } else {
            source.trees = points(r.child("trees"), "a wood's trees", 3);
            if (source.trees.size() >= 3 && !gt::wood_from_trees(source.trees, area.outline))
                sink.error(r.where("trees"),
                           "a wood's trees must not all stand on one line: their hull is its outline");
        }
        const bool hill = area.sight == gt::AreaSight::Hill;
        const bool building = area.sight == gt::AreaSight::Building;
        area.level = r.integer("level", {.required = hill, .fallback = hill ? 1 : 0, .min = 0, .max = 9});
        if (r.has("storeys")) area.level = r.integer("storeys", {.fallback = 1, .min = 1, .max = 9});
        if (r.has("level") && !hill)
            sink.error(r.where("level"), "only hills have a level; '" + area.kind + "' is not a hill");
        if (r.has("storeys") && !building)
            sink.error(r.where("storeys"), "only buildings have storeys; '" + area.kind + "' is not a building");
        if (building && !r.has("storeys")) area.level = 1;
        r.finish();
        table.map.areas.push_back(std::move(area));
        table.areas.push_back(std::move(source));
    }

    void line(const YAML::Node& node) {
        MapReader r(node, file, sink, "a table line ({ terrain, points: [[x, y], …], width })");
        if (!r.valid()) return;
        TableLineSource source;
        source.where = r.where();
        const int t = terrain(r, TableTerrain::Shape::Line);
        source.terrain = std::max(t, 0);
        gt::TerrainLine line;
        line.kind = t >= 0 ? rs.terrain[static_cast<std::size_t>(t)].id : "";
        line.line.points = points(r.child("points", {.required = true}), "a line", 2);
        line.line.width = r.number(
            "width",
            {.fallback = t >= 0 ? rs.terrain[static_cast<std::size_t>(t)].table.width : 3, .min = 0, .max = 1000});
        r.finish();
        table.map.lines.push_back(std::move(line));
        table.lines.push_back(std::move(source));
    }
};

}  // namespace

void read_table_map(const YAML::Node& node, const Ruleset& ruleset, TableData& table, const std::string& file,
                    DiagnosticSink& sink) {
    MapReader r(node, file, sink, "the table ({ width, depth, areas, lines }, in cm)");
    if (!r.valid()) return;
    table.where = r.where();
    table.map.width = r.number("width", {.required = true, .fallback = 0, .min = 1, .max = 100000});
    table.map.depth = r.number("depth", {.required = true, .fallback = 0, .min = 1, .max = 100000});
    if (table.map.width <= 0 || table.map.depth <= 0) return;
    TableMapReader reader{ruleset, table, file, sink};
    for (const char* key : {"areas", "lines"}) {
        YAML::Node list = r.child(key);
        if (!list.IsDefined()) continue;
        if (!list.IsSequence()) {
            sink.error(location_of(list, file), std::string("'") + key + "' must be a list");
            continue;
        }
        for (const auto& item : list) (std::string(key) == "areas") ? reader.area(item) : reader.line(item);
    }
    r.finish();
}

}  // namespace sandtable::load
