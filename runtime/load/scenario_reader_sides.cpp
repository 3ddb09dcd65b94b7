// A scenario's sides, objectives, exits and support fire.
#include "load/scenario_reader.h"

#include <algorithm>

namespace sandtable::load::scenario_reading {

int ScenarioReader::side(const YAML::Node& n, const std::string& what) {
    auto id = read_text(n, file, sink, what);
    if (!id) return -1;
    int i = sc.side_index(*id);
    if (i < 0) {
        sink.error(location_of(n, file), unknown("side", *id, ids_of(sc.sides)));
    }
    return i;
}

void ScenarioReader::sides(MapReader& top) {
    YAML::Node list = top.child("sides", {.required = true});
    if (!list.IsSequence()) {
        if (list.IsDefined()) sink.error(location_of(list, file), "'sides' must be a list");
        return;
    }
    for (const auto& node : list) {
        MapReader r(node, file, sink, "a side");
        if (!r.valid()) continue;
        SideSpec s;
        s.where = r.where();
        s.id = r.text("id", {.required = true});
        s.name = r.text("name", {.fallback = s.id});
        s.color = r.text("color", {.fallback = "#888888"});
        s.demoralization = r.integer("demoralization", {.fallback = 0, .min = 0, .max = 100000});
        s.disintegration = r.integer("disintegration", {.fallback = 0, .min = 0, .max = 100000});
        s.stacking = r.integer("stacking", {.fallback = 0, .min = 1, .max = 99});
        YAML::Node rally = r.child("rally");
        if (rally.IsDefined() && !rally.IsSequence())
            sink.error(location_of(rally, file), "'rally' must be a list of die rolls, like [6] or [5, 6]");
        if (rally.IsSequence())
            for (const auto& v : rally)
                if (auto roll = read_int(v, file, sink, "a rally roll")) {
                    if (*roll < 1 || *roll > 6)
                        sink.error(location_of(v, file),
                                   "a rally roll is a face of a d6 (1-6), got " + std::to_string(*roll));
                    else
                        s.rally_rolls.push_back(*roll);
                }
        for (const auto& edge : r.text_list("friendly_edges")) {
            static const std::vector<std::pair<std::string, MapEdge>> kEdges{
                {"north", MapEdge::North}, {"south", MapEdge::South}, {"east", MapEdge::East}, {"west", MapEdge::West}};
            const auto it = std::find_if(kEdges.begin(), kEdges.end(), [&](const auto& e) { return e.first == edge; });
            if (it == kEdges.end())
                sink.error(r.where("friendly_edges"),
                           "a friendly edge is north, south, east or west, got '" + edge + "'");
            else
                s.friendly_edges.push_back(it->second);
        }
        if (s.demoralization > 0 && s.disintegration > 0 && s.demoralization > s.disintegration)
            sink.error(r.where("demoralization"),
                       "side '" + s.id + "' demoralizes at " + std::to_string(s.demoralization) +
                           ", after it disintegrates at " + std::to_string(s.disintegration));
        sc.sides.push_back(std::move(s));
    }
    // The kernel's player turns, zones of control and combat are two-sided.
    if (sc.sides.size() != 2)
        sink.error(top.where("sides"), "a scenario has exactly two sides, got " + std::to_string(sc.sides.size()));
}

void ScenarioReader::objectives(MapReader& top) {
    YAML::Node list = top.child("objectives");
    if (!list.IsSequence()) return;
    for (const auto& node : list) {
        MapReader r(node, file, sink, "an objective");
        if (!r.valid()) continue;
        Objective o;
        o.where = r.where();
        if (rs.table.enabled) {
            if (auto xy = read_point(r.child("at", {.required = true}), file, sink, "an objective's 'at'"))
                o.table_at = {xy->first, xy->second};
            o.radius = r.number("radius", {.fallback = 10, .min = 0.1, .max = 10000});
            o.name = r.text("name", {});
        } else if (auto h = hex(r.child("hex", {.required = true}), "objective hex")) {
            o.hex = *h;
        }
        o.points = r.integer("points", {.required = true, .fallback = 0, .min = 0, .max = 10000});
        YAML::Node holder = r.child("holder");
        o.holder = holder.IsDefined() ? side(holder, "holder") : -1;
        sc.objectives.push_back(std::move(o));
    }
}

void ScenarioReader::exits(MapReader& top) {
    YAML::Node list = top.child("exits");
    if (!list.IsDefined()) return;
    if (!list.IsSequence())
        return sink.error(location_of(list, file), "'exits' must be a list of { side, hexes, points }");
    for (const auto& node : list) {
        MapReader r(node, file, sink, "an exit area");
        if (!r.valid()) continue;
        ExitArea e;
        e.where = r.where();
        e.side = side(r.child("side", {.required = true}), "side");
        e.points = r.has("points") ? r.integer("points", {.fallback = 0, .min = 0, .max = 10000}) : -1;
        YAML::Node hexes = r.child("hexes", {.required = true});
        if (hexes.IsDefined() && !hexes.IsSequence())
            sink.error(location_of(hexes, file), "'hexes' must be a list of hex labels");
        else if (hexes.IsDefined())
            for (const auto& h : hexes)
                if (auto at = hex(h, "exit hex")) {
                    bool edge = false;
                    for (int d = 0; d < 6; ++d) edge = edge || sc.map.grid.index(geometry::neighbour(*at, d)) < 0;
                    if (!edge)
                        sink.error(location_of(h, file),
                                   "exit hex " + sc.map.grid.label(*at) + " is not on the map's edge");
                    e.hexes.push_back(*at);
                }
        sc.exits.push_back(std::move(e));
    }
}

void ScenarioReader::support_fire(MapReader& top) {
    YAML::Node node = top.child("support_fire");
    if (!node.IsDefined()) return;
    MapReader r(node, file, sink,
                "support_fire ({ pools: { SIDE: [values] }, allotments: { SIDE: [markers per turn] } })");
    if (!r.valid()) return;
    SupportFire& sf = sc.support_fire;
    sf.where = r.where();
    sf.pools.assign(sc.sides.size(), {});
    sf.allotments.assign(sc.sides.size(), {});
    // A map of side ids to lists of whole numbers in [min, max].
    auto by_side = [&](const char* key, const char* item, int min, int max, std::vector<std::vector<int>>& out) {
        YAML::Node sides = r.child(key, {.required = true});
        if (!sides.IsDefined()) return;
        if (!sides.IsMap())
            return sink.error(location_of(sides, file),
                              std::string("'") + key + "' must map side ids to lists of " + item + "s");
        for (const auto& kv : sides) {
            const int s = side(kv.first, std::string("a side of ") + key);
            if (s < 0) continue;
            if (!kv.second.IsSequence()) {
                sink.error(location_of(kv.second, file), std::string("the ") + key + " of '" + kv.first.Scalar() +
                                                             "' must be a list of " + item + "s");
                continue;
            }
            for (const auto& v : kv.second) {
                auto n = read_int(v, file, sink, item);
                if (!n) continue;
                if (*n < min || *n > max)
                    sink.error(location_of(v, file), std::string(item) + " " + std::to_string(*n) +
                                                         " is out of range [" + std::to_string(min) + ", " +
                                                         std::to_string(max) + "]");
                else
                    out[static_cast<std::size_t>(s)].push_back(*n);
            }
        }
    };
    by_side("pools", "marker value", 0, 99, sf.pools);
    by_side("allotments", "marker count", 0, 999, sf.allotments);
    for (std::size_t s = 0; s < sc.sides.size(); ++s)
        if (!sf.pools[s].empty() && sf.allotments[s].empty())
            sink.error(sf.where, "support_fire: side '" + sc.sides[s].id +
                                     "' has a pool of markers but no allotments (how many it draws each turn)");
    r.finish();
}

}  // namespace sandtable::load::scenario_reading
