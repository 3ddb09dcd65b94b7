// A scenario's units: where each starts (a hex or a place on the table), when it arrives, deployment.
#include "load/scenario_reader.h"
#include "geometry/tabletop/formation.h"

#include <algorithm>

namespace sandtable::load::scenario_reading {

void ScenarioReader::units(MapReader& top) {
    YAML::Node list = top.child("units", {.required = true});
    if (!list.IsSequence()) return;
    for (const auto& node : list) {
        MapReader r(node, file, sink, "a unit");
        if (!r.valid()) continue;
        UnitPlacement u;
        u.where = r.where();
        u.id = r.text("id", {.required = true});
        u.name = r.text("name", {.fallback = u.id});
        std::string type = r.text("type", {.required = true});
        u.type = rs.unit_type_index(type);
        if (u.type < 0 && !type.empty()) {
            sink.error(r.where("type"), unknown("unit type", type, ids_of(rs.unit_types)));
        }
        u.side = side(r.child("side", {.required = true}), "side");
        if (rs.table.enabled)
            table_placement(u, r);
        else if (auto h = hex(r.child("at", {.required = true}), "hex"))
            u.hex = *h;
        std::string face = r.text("face", {.fallback = "front"});
        if (face != "front" && face != "back")
            sink.error(r.where("face"), "'face' must be front or back, got '" + face + "'");
        u.back = face == "back";
        if (u.back && u.type >= 0 && !rs.unit_types[static_cast<std::size_t>(u.type)].back)
            sink.error(r.where("face"), "unit type '" + type + "' has no back face");
        u.arrives = arrival_turn(r);
        if (!rs.table.enabled)
            u.facing = r.has("facing") ? r.integer("facing", {.fallback = 0, .min = 0, .max = 5}) : -1;
        u.formation = r.text("formation", {});
        u.hits = r.integer("hits", {.fallback = 0, .min = 0, .max = 99});
        if (u.hits > 0 && u.type >= 0) {
            const auto* pool = rs.dice_pool_tables.empty() ? nullptr : &rs.dice_pool_tables.front();
            const int sp_attr = pool ? rs.attribute_index(pool->strength_points) : -1;
            if (sp_attr < 0)
                sink.error(r.where("hits"),
                           "'hits' are strength points lost, and the ruleset has no dice pool chart naming its "
                           "strength_points");
            else if (const int sp = rs.unit_types[static_cast<std::size_t>(u.type)]
                                        .front.values[static_cast<std::size_t>(sp_attr)];
                     u.hits >= sp)
                sink.error(r.where("hits"), "'" + u.id + "' would set up with no strength points left: " +
                                                std::to_string(u.hits) + " hits of " + std::to_string(sp));
        }
        check_placement(u, r);
        for (const auto& other : sc.units)
            if (other.id == u.id) sink.error(r.where("id"), "unit id '" + u.id + "' is used twice");
        check_formation_side(u, r);
        sc.units.push_back(std::move(u));
    }
}

// A formation is one side's (its orders, activation and command radius are that side's): the same name on
// two sides would make one formation of both.
void ScenarioReader::check_formation_side(const UnitPlacement& u, MapReader& r) {
    if (u.formation.empty() || u.side < 0) return;  // an unknown side is reported already
    for (const auto& other : sc.units) {
        if (other.formation != u.formation || other.side == u.side || other.side < 0) continue;
        auto side_id = [&](int side) { return sc.sides[static_cast<std::size_t>(side)].id; };
        sink.error(r.where("formation"), "formation '" + u.formation + "' has units of two sides, '" + other.id +
                                             "' (" + side_id(other.side) + ") and '" + u.id + "' (" +
                                             side_id(u.side) + "): a formation belongs to one side, so give one of "
                                             "them another name");
        return;
    }
}

void ScenarioReader::table_placement(UnitPlacement& u, MapReader& r) {
    if (auto xy = read_point(r.child("at", {.required = true}), file, sink, "'at'")) {
        u.table.front_centre = {xy->first, xy->second};
        if (!geometry::tabletop::on_table(sc.table.map, u.table.front_centre))
            sink.error(r.where("at"), "'" + u.id + "' stands off the " +
                                          std::to_string(static_cast<int>(sc.table.map.width)) + " x " +
                                          std::to_string(static_cast<int>(sc.table.map.depth)) + " cm table");
    }
    u.table.facing = r.integer("facing", {.fallback = 0, .min = 0, .max = 359});
    u.table.files = r.integer("files", {.fallback = 1, .min = 1, .max = 36});
    const int per_stand = u.type >= 0 ? figures_per_stand(u.type) : 1;
    u.table.figures = r.integer("figures", {.fallback = u.table.files * per_stand, .min = 1, .max = 99});
    u.table.hidden = r.boolean("hidden", {.fallback = false});
    u.table.phantom = r.boolean("phantom", {.fallback = false});
    if (u.table.phantom) u.table.hidden = true;  // a phantom is only ever a marker
}

void ScenarioReader::check_table_units() {
    namespace gt = geometry::tabletop;
    std::vector<std::vector<gt::Stand>> stands;
    for (const auto& u : sc.units) {
        stands.emplace_back();
        if (u.type < 0) continue;
        const auto& values = rs.unit_types[static_cast<std::size_t>(u.type)].front.values;
        auto value = [&](const std::string& id, int fallback) {
            const int a = rs.attribute_index(id);
            return a < 0 ? fallback : std::max(1, values[static_cast<std::size_t>(a)]);
        };
        const int count =
            (u.table.figures + value(rs.table.figures_per_stand, 1) - 1) / value(rs.table.figures_per_stand, 1);
        gt::Formation f;
        f.front_centre = u.table.front_centre;
        f.facing = u.table.facing;
        f.files = std::clamp(u.table.files, 1, std::max(1, count));
        f.ranks = (count + f.files - 1) / f.files;
        f.stand_width = value(rs.table.stand_width, 10) / 10.0;
        f.stand_depth = value(rs.table.stand_depth, 10) / 10.0;
        stands.back() = gt::stands_of(f, count);
        for (const auto& s : stands.back())
            if (!gt::on_table(sc.table.map, s.centre)) {
                sink.error(u.where, "'" + u.id + "' has stands off the table: move it in or face it the other way");
                break;
            }
        for (std::size_t o = 0; o + 1 < stands.size(); ++o) {
            bool overlap = false;
            for (const auto& a : stands.back())
                for (const auto& b : stands[o]) overlap = overlap || gt::bases_overlap(a, b, 0.05);
            if (overlap)
                sink.error(u.where, "'" + u.id + "' stands on top of '" + sc.units[o].id + "': their stands overlap");
        }
    }
}

int ScenarioReader::figures_per_stand(int type) const {
    const int a = rs.attribute_index(rs.table.figures_per_stand);
    return a < 0 ? 1
                 : std::max(1, rs.unit_types[static_cast<std::size_t>(type)].front.values[static_cast<std::size_t>(a)]);
}

int ScenarioReader::arrival_turn(MapReader& r) {
    YAML::Node node = r.child("arrives");
    if (!node.IsDefined()) return 1;
    auto turn = read_int(node, file, sink, "'arrives'");
    if (!turn) return 1;
    if (*turn < 1 || *turn > sc.turns) {
        sink.error(location_of(node, file), "'arrives' must be a game turn of this scenario, 1 to " +
                                                std::to_string(sc.turns) + ", got " + std::to_string(*turn));
        return 1;
    }
    return *turn;
}

void ScenarioReader::check_placement(const UnitPlacement& u, MapReader& r) {
    if (rs.table.enabled) return;  // a table's units are checked together (check_table_units)
    if (u.type < 0 || u.side < 0 || sc.map.grid.index(u.hex) < 0) return;
    const auto& type = rs.unit_types[static_cast<std::size_t>(u.type)];
    const auto mc = static_cast<std::size_t>(type.face(u.back).movement_class);
    const auto& terrain =
        rs.terrain[static_cast<std::size_t>(sc.map.terrain[static_cast<std::size_t>(sc.map.grid.index(u.hex))])];
    if (!terrain.cost[mc])
        sink.error(r.where("at"), "'" + u.id + "' (" + rs.movement_classes[mc] + ") cannot stand in " + terrain.id +
                                      " at " + sc.map.grid.label(u.hex));
    for (const auto& other : sc.units)
        if (other.hex == u.hex && other.side >= 0 && other.side != u.side && u.arrives == 1 && other.arrives == 1)
            sink.error(r.where("at"),
                       "'" + u.id + "' starts in " + sc.map.grid.label(u.hex) + " with the enemy '" + other.id + "'");
    check_mix(u, r);
}

void ScenarioReader::check_mix(const UnitPlacement& u, MapReader& r) {
    const auto& mixes = rs.stacking_mixes;
    if (mixes.attribute < 0 || u.arrives != 1) return;
    const auto a = static_cast<std::size_t>(mixes.attribute);
    auto value = [&](const UnitPlacement& p) {
        return rs.unit_types[static_cast<std::size_t>(p.type)].face(p.back).values[a];
    };
    const auto& spec = rs.attributes[a];
    for (const auto& other : sc.units)
        if (other.hex == u.hex && other.side == u.side && other.arrives == 1 && other.type >= 0 &&
            !mixes.compatible(value(u), value(other)))
            sink.error(r.where("at"), "'" + u.id + "' (" + spec.id + " " + spec.format(value(u)) + ") may not share " +
                                          sc.map.grid.label(u.hex) + " with '" + other.id + "' (" +
                                          spec.format(value(other)) + "): the ruleset's stacking_mixes");
}

void ScenarioReader::deployment(MapReader& top) {
    YAML::Node node = top.child("deployment");
    if (!node.IsDefined()) return;
    if (!node.IsMap())
        return sink.error(location_of(node, file),
                          "'deployment' must map side ids to lists of hexes, like { raiders: [\"0101\", \"0102\"] }");
    sc.deployment_zones.assign(sc.sides.size(), {});
    for (const auto& kv : node) {
        const int s = side(kv.first, "a deployment side");
        const YAML::Node& hexes = kv.second;
        if (!hexes.IsSequence()) {
            sink.error(location_of(hexes, file), "the deployment zone of '" + kv.first.Scalar() +
                                                     "' must be a list of hex labels, like [\"0101\", \"0102\"]");
            continue;
        }
        for (const auto& hn : hexes) {
            auto h = hex(hn, "deployment hex");
            if (!h || s < 0) continue;
            auto& zone = sc.deployment_zones[static_cast<std::size_t>(s)];
            if (std::find(zone.begin(), zone.end(), *h) != zone.end())
                sink.error(location_of(hn, file), "hex " + sc.map.grid.label(*h) +
                                                      " is listed twice in the deployment zone of '" +
                                                      kv.first.Scalar() + "'");
            else
                zone.push_back(*h);
        }
    }
    // All zones empty is the same as no `deployment` (as the writer sees it).
    if (std::all_of(sc.deployment_zones.begin(), sc.deployment_zones.end(), [](const auto& z) { return z.empty(); }))
        sc.deployment_zones.clear();
}

}  // namespace sandtable::load::scenario_reading
