// A scenario's map: the grid and its legend, terrain and elevation rows, hexsides, paths, place names.
#include "load/scenario_reader.h"

#include <algorithm>

namespace sandtable::load::scenario_reading {

std::optional<Hex> ScenarioReader::hex(const YAML::Node& n, const std::string& what) {
    auto label = read_text(n, file, sink, what);
    if (!label) return std::nullopt;
    auto h = sc.map.grid.parse_label(*label);
    if (!h)
        sink.error(location_of(n, file), what + " '" + *label + "' is not a hex on this " +
                                             std::to_string(sc.map.grid.columns()) + "x" +
                                             std::to_string(sc.map.grid.rows()) + " map");
    return h;
}

void ScenarioReader::map(MapReader& top) {
    MapReader m(top.child("map", {.required = true}), file, sink, "the map");
    if (!m.valid()) return;
    int columns = m.integer("columns", {.required = true, .fallback = 1, .min = 1, .max = 999});
    int rows = m.integer("rows", {.required = true, .fallback = 1, .min = 1, .max = 999});
    try {
        sc.map.grid = geometry::HexGrid(rs.layout, columns, rows);
    } catch (const std::invalid_argument&) {
        sink.error(m.where("columns"), "a " + std::to_string(columns) + "x" + std::to_string(rows) +
                                           " map does not fit the ruleset's " + std::to_string(rs.layout.label_digits) +
                                           "-digit hex labels");
        return;
    }
    std::size_t n = sc.map.grid.size();
    sc.map.terrain.assign(n, 0);
    sc.map.elevation.assign(n, 0);
    sc.map.sides.assign(n, {-1, -1, -1, -1, -1, -1});
    sc.map.paths.assign(n, {-1, -1, -1, -1, -1, -1});
    sc.map.hex_names.assign(n, {});
    std::map<char, int> legend = read_legend(m);
    for (const auto& [c, t] : legend)
        if (t >= 0) sc.map.legend.emplace_back(c, t);
    terrain_rows(m, legend);
    elevation_rows(m);
    hexsides(m);
    paths(m);
    names(m);
}

std::map<char, int> ScenarioReader::read_legend(MapReader& m) {
    std::map<char, int> legend;
    YAML::Node node = m.child("legend", {.required = true});
    if (!node.IsMap()) return legend;
    for (const auto& kv : node) {
        const std::string& key = kv.first.Scalar();
        if (key.size() != 1) {
            sink.error(location_of(kv.first, file), "legend keys must be single characters, got '" + key + "'");
            continue;
        }
        std::string id = kv.second.Scalar();
        int t = rs.terrain_index(id);
        if (t < 0) {
            sink.error(location_of(kv.second, file), unknown("terrain", id, ids_of(rs.terrain)));
            legend[key[0]] = -1;  // known character, bad terrain: reported once, here
            continue;
        }
        legend[key[0]] = t;
    }
    return legend;
}

void ScenarioReader::terrain_rows(MapReader& m, const std::map<char, int>& legend) {
    grid_text(m, "terrain", true, [&](Hex h, char c, const SourceLocation& where) {
        auto it = legend.find(c);
        if (it == legend.end())
            sink.error(where, std::string("'") + c + "' is not in the map's legend");
        else if (it->second >= 0)
            sc.map.terrain[static_cast<std::size_t>(sc.map.grid.index(h))] = it->second;
    });
}

void ScenarioReader::elevation_rows(MapReader& m) {
    grid_text(m, "elevation", false, [&](Hex h, char c, const SourceLocation& where) {
        if (c < '0' || c > '9')
            sink.error(where, std::string("elevation must be a digit 0-9, got '") + c + "'");
        else
            sc.map.elevation[static_cast<std::size_t>(sc.map.grid.index(h))] = c - '0';
    });
}

void ScenarioReader::hexsides(MapReader& m) {
    YAML::Node list = m.child("hexsides");
    if (!list.IsDefined()) return;
    if (!list.IsSequence())
        return sink.error(location_of(list, file), "'hexsides' must be a list of { feature, sides }");
    for (const auto& node : list) {
        MapReader r(node, file, sink, "a hexside feature line ({ feature: river, sides: [\"0305/0306\", …] })");
        if (!r.valid()) continue;
        std::string id = r.text("feature", {.required = true});
        int f = rs.hexside_feature_index(id);
        if (f < 0) sink.error(r.where("feature"), "unknown hexside feature '" + id + "'");
        YAML::Node sides = r.child("sides", {.required = true});
        if (!sides.IsSequence()) continue;
        for (const auto& s : sides) {
            auto text = read_text(s, file, sink, "a hexside");
            if (!text) continue;
            auto slash = text->find('/');
            auto a = slash == std::string::npos ? std::nullopt : sc.map.grid.parse_label(text->substr(0, slash));
            auto b = slash == std::string::npos ? std::nullopt : sc.map.grid.parse_label(text->substr(slash + 1));
            int dir = a && b ? geometry::direction_to(*a, *b) : -1;
            if (dir < 0)
                sink.error(location_of(s, file),
                           "a hexside is written as two adjacent hexes 'AAAA/BBBB', got '" + *text + "'");
            else if (f >= 0)
                sc.map.set_side_feature(*a, dir, f);
        }
    }
}

void ScenarioReader::paths(MapReader& m) {
    YAML::Node list = m.child("paths");
    if (!list.IsDefined()) return;
    if (!list.IsSequence()) return sink.error(location_of(list, file), "'paths' must be a list of { feature, hexes }");
    for (const auto& node : list) {
        MapReader r(node, file, sink, "a path ({ feature: road, hexes: [\"0101\", \"0102\", …] })");
        if (!r.valid()) continue;
        std::string id = r.text("feature", {.required = true});
        int f = rs.path_feature_index(id);
        if (f < 0) sink.error(r.where("feature"), "unknown path feature '" + id + "'");
        YAML::Node hexes = r.child("hexes", {.required = true});
        if (!hexes.IsSequence()) continue;
        std::optional<Hex> prev;
        for (const auto& hn : hexes) {
            auto h = hex(hn, "path hex");
            if (!h) {
                prev.reset();
                continue;
            }
            if (prev) {
                int dir = geometry::direction_to(*prev, *h);
                if (dir < 0)
                    sink.error(location_of(hn, file), "path hexes must be adjacent in order; " + sc.map.grid.label(*h) +
                                                          " does not touch " + sc.map.grid.label(*prev));
                else if (f >= 0)
                    sc.map.set_path_feature(*prev, dir, f);
            }
            prev = h;
        }
    }
}

void ScenarioReader::names(MapReader& m) {
    YAML::Node node = m.child("names");
    if (!node.IsMap()) return;
    for (const auto& kv : node)
        if (auto h = hex(kv.first, "named hex"))
            sc.map.hex_names[static_cast<std::size_t>(sc.map.grid.index(*h))] = kv.second.Scalar();
}

}  // namespace sandtable::load::scenario_reading
