// A ruleset's board: its geometry (hex or tabletop), terrain, hexside and path features, stacking mixes.
#include "load/ruleset_reader.h"

#include <algorithm>

namespace sandtable::load::ruleset_reading {

void RulesetReader::geometry(MapReader& top) {
    MapReader g(top.child("geometry", {.required = true}), file, sink, "geometry");
    if (!g.valid()) return;
    std::string kind = g.text("kind", {.required = true});
    if (kind == "table") return table_geometry(g);
    if (kind != "hex")
        sink.error(g.where("kind"),
                   "geometry kind must be 'hex' or 'table' (a tabletop in centimetres), got '" + kind + "'");
    std::string top_kind = g.text("top", {.fallback = "flat"});
    if (top_kind == "flat")
        rs.layout.top = geometry::HexTop::Flat;
    else if (top_kind == "pointy")
        rs.layout.top = geometry::HexTop::Pointy;
    else
        sink.error(g.where("top"), "'top' must be flat or pointy, got '" + top_kind + "'");
    std::string parity = g.text("parity", {.fallback = "odd"});
    if (parity == "odd")
        rs.layout.parity = geometry::OffsetParity::Odd;
    else if (parity == "even")
        rs.layout.parity = geometry::OffsetParity::Even;
    else
        sink.error(g.where("parity"), "'parity' must be odd or even, got '" + parity + "'");
    rs.layout.first_column = g.integer("first_column", {.fallback = 1, .min = 0, .max = 99});
    rs.layout.first_row = g.integer("first_row", {.fallback = 1, .min = 0, .max = 99});
    rs.layout.label_digits = g.integer("label_digits", {.fallback = 2, .min = 1, .max = 4});
}

void RulesetReader::table_geometry(MapReader& g) {
    TableRules& t = rs.table;
    t.enabled = true;
    t.where = g.where();
    t.contact = g.number("contact", {.fallback = t.contact, .min = 0, .max = 100});
    t.crest = g.number("crest", {.fallback = t.crest, .min = 0, .max = 1000});
    t.sight = g.number("sight", {.fallback = t.sight, .min = 0, .max = 100000});
    t.foot_eye = g.number("foot_eye", {.fallback = t.foot_eye, .min = 0, .max = 10});
    t.mounted_eye = g.number("mounted_eye", {.fallback = t.mounted_eye, .min = 0, .max = 10});
    t.stand_width = g.text("stand_width", {.fallback = t.stand_width});
    t.stand_depth = g.text("stand_depth", {.fallback = t.stand_depth});
    t.figures_per_stand = g.text("figures_per_stand", {.fallback = t.figures_per_stand});
    t.mounted = g.text("mounted", {.fallback = t.mounted});
    t.sight_attribute = g.text("sight_attribute", {.fallback = t.sight_attribute});
}

void RulesetReader::check_table_attributes() {
    if (!rs.table.enabled) return;
    for (const std::string* name : {&rs.table.stand_width, &rs.table.stand_depth, &rs.table.figures_per_stand})
        if (rs.attribute_index(*name) < 0)
            sink.error(rs.table.where, "a tabletop needs the attribute '" + *name +
                                           "' (each unit type's stand width and depth in mm and its figures per "
                                           "stand); declare it under attributes or name another in geometry");
}

TableTerrain RulesetReader::table_terrain(MapReader& r, const std::string& id) {
    TableTerrain t;
    const std::string shape = r.text("shape", {.fallback = "area"});
    if (shape == "line")
        t.shape = TableTerrain::Shape::Line;
    else if (shape != "area")
        sink.error(r.where("shape"), "'shape' of '" + id + "' must be area or line, got '" + shape + "'");
    const std::string sight = r.text("sight", {.fallback = "clear"});
    using geometry::tabletop::AreaSight;
    if (sight == "clear")
        t.sight = AreaSight::Clear;
    else if (sight == "hill")
        t.sight = AreaSight::Hill;
    else if (sight == "screen")
        t.sight = AreaSight::Screen;
    else if (sight == "building")
        t.sight = AreaSight::Building;
    else
        sink.error(r.where("sight"),
                   "'sight' of '" + id + "' must be clear, hill, screen or building, got '" + sight + "'");
    t.sight_depth = r.number("sight_depth", {.fallback = 0, .min = 0, .max = 1000});
    t.seen_over_from_above = r.boolean("seen_over_from_above", {.fallback = false});
    t.width = r.number("width", {.fallback = t.width, .min = 0, .max = 1000});
    t.crossing = r.boolean("crossing", {.fallback = false});
    t.crossing_thirds = r.integer("crossing_thirds", {.fallback = -1, .min = -1, .max = 3});
    if (t.crossing_thirds >= 0 && t.shape != TableTerrain::Shape::Line)
        sink.error(r.where("crossing_thirds"), "'" + id + "' is an area: only a line is crossed at a ford or bridge");
    if (t.shape == TableTerrain::Shape::Line && t.sight != AreaSight::Clear)
        sink.error(r.where("sight"), "'" + id + "' is a line: only areas block sight");
    return t;
}

std::vector<std::optional<int>> RulesetReader::thirds(const YAML::Node& n, const std::string& what) {
    std::vector<std::optional<int>> out(rs.movement_classes.size(), std::optional<int>(0));
    auto value = [&](const YAML::Node& v) -> std::optional<int> {
        if (v.IsScalar() && v.Scalar() == "prohibited") return std::nullopt;
        auto t = read_int(v, file, sink, what + " (thirds of a move lost, or 'prohibited')");
        if (t && (*t < -3 || *t > 3))
            sink.error(location_of(v, file), what + " must be between -3 and 3 thirds, got " + std::to_string(*t));
        return t ? *t : 0;
    };
    if (!n.IsDefined()) return out;
    if (n.IsScalar()) {
        std::fill(out.begin(), out.end(), value(n));
        return out;
    }
    MapReader r(n, file, sink, what + " by movement class");
    if (!r.valid()) return out;
    for (std::size_t c = 0; c < rs.movement_classes.size(); ++c)
        if (YAML::Node v = r.child(rs.movement_classes[c]); v.IsDefined()) out[c] = value(v);
    return out;
}

std::vector<std::optional<int>> RulesetReader::costs(const YAML::Node& n, bool additive, const std::string& what) {
    std::vector<std::optional<int>> out(rs.movement_classes.size(),
                                        additive ? std::optional<int>(0) : std::optional<int>(1));
    if (!n.IsDefined()) return out;
    if (n.IsScalar()) {
        auto v = cost_value(n, what);
        std::fill(out.begin(), out.end(), v);
        return out;
    }
    MapReader r(n, file, sink, what + " by movement class");
    if (!r.valid()) return out;
    for (std::size_t c = 0; c < rs.movement_classes.size(); ++c) {
        YAML::Node v = r.child(rs.movement_classes[c]);
        if (v.IsDefined()) out[c] = cost_value(v, what);
    }
    return out;
}

std::optional<int> RulesetReader::cost_value(const YAML::Node& n, const std::string& what) {
    if (n.IsScalar() && n.Scalar() == "prohibited") return std::nullopt;
    auto v = read_int(n, file, sink, what + " (a number of MP or 'prohibited')");
    if (v && *v < 0) {
        sink.error(location_of(n, file), what + " cannot be negative (write 'prohibited' to bar the way)");
        return 1;
    }
    return v ? *v : 1;
}

CombatEffects RulesetReader::combat_effects(const YAML::Node& n, const std::string& what) {
    CombatEffects e;
    if (!n.IsDefined()) return e;
    MapReader r(n, file, sink, "combat effects of " + what);
    if (!r.valid()) return e;
    e.defender_column_shift = r.integer("defender_column_shift", {.fallback = 0, .min = -10, .max = 10});
    e.shift_unless_attackers_same = r.boolean("shift_unless_attackers_same", {.fallback = false});
    e.halve_attacker_out_of = r.boolean("halve_attacker_out_of", {.fallback = false});
    e.halve_attacker_into = r.boolean("halve_attacker_into", {.fallback = false});
    e.halve_attacker_across = r.boolean("halve_attacker_across", {.fallback = false});
    return e;
}

std::map<std::string, int> RulesetReader::named_values(const YAML::Node& n, const std::string& what) {
    std::map<std::string, int> out;
    if (!n.IsDefined()) return out;
    MapReader r(n, file, sink, what);
    if (!r.valid()) return out;
    for (const auto& key : r.keys())
        out[key] = r.integer(key, {.required = true, .fallback = 0, .min = -999, .max = 999});
    return out;
}

void RulesetReader::terrain(MapReader& top) {
    for_each_entry(top, "terrain", true, [&](MapReader& r) {
        TerrainType t;
        t.where = r.where();
        t.id = r.text("id", {.required = true});
        t.name = r.text("name", {.fallback = t.id});
        t.color = r.text("color", {.fallback = "#cccccc"});
        if (rs.table.enabled) {
            t.cost = thirds(r.child("thirds"), "the thirds of '" + t.id + "'");
            t.table = table_terrain(r, t.id);
        } else {
            t.cost = costs(r.child("cost", {.required = true}), false, "the cost of '" + t.id + "'");
        }
        t.blocks_los = r.boolean("blocks_los", {.fallback = false});
        t.no_zoc_to_zoc = r.boolean("no_zoc_to_zoc", {.fallback = false});
        t.stops_movement = r.boolean("stops_movement", {.fallback = false});
        t.only_as_first_step = r.boolean("only_as_first_step", {.fallback = false});
        t.charge_allowed = r.boolean("charge_allowed", {.fallback = true});
        t.combat = combat_effects(r.child("combat"), "'" + t.id + "'");
        t.values = named_values(r.child("values"), "the values of '" + t.id + "'");
        if (YAML::Node from = r.child("cost_from"); from.IsDefined())
            pending_cost_from.push_back({rs.terrain.size(), from});
        t.notes = r.text("notes", {});
        if (rs.terrain_index(t.id) >= 0) sink.error(r.where("id"), "terrain '" + t.id + "' is defined twice");
        rs.terrain.push_back(std::move(t));
    });
    // Terrain named in cost_from may be defined after the terrain that names it.
    for (const auto& [index, node] : pending_cost_from) {
        auto& t = rs.terrain[index];
        MapReader r(node, file, sink, "the cost_from of '" + t.id + "'");
        if (!r.valid()) continue;
        for (const auto& key : r.keys()) {
            const int cost = r.integer(key, {.required = true, .fallback = 0, .min = 0, .max = 99});
            const int from = rs.terrain_index(key);
            if (from < 0)
                sink.error(r.key_where(key), unknown("terrain", key, ids_of(rs.terrain)));
            else
                t.cost_from.push_back({from, cost});
        }
    }
}

void RulesetReader::hexside_features(MapReader& top) {
    for_each_entry(top, "hexside_features", false, [&](MapReader& r) {
        HexsideFeature f;
        f.where = r.where();
        f.id = r.text("id", {.required = true});
        f.name = r.text("name", {.fallback = f.id});
        f.color = r.text("color", {.fallback = "#3a78c8"});
        f.extra_cost = costs(r.child("extra_cost"), true, "the extra cost of '" + f.id + "'");
        f.blocks_los = r.boolean("blocks_los", {.fallback = false});
        f.blocks_zoc = r.boolean("blocks_zoc", {.fallback = false});
        f.no_zoc_to_zoc = r.boolean("no_zoc_to_zoc", {.fallback = false});
        f.combat = combat_effects(r.child("combat"), "'" + f.id + "'");
        f.notes = r.text("notes", {});
        if (rs.hexside_feature_index(f.id) >= 0)
            sink.error(r.where("id"), "hexside feature '" + f.id + "' is defined twice");
        rs.hexside_features.push_back(std::move(f));
    });
}

int RulesetReader::path_cost(MapReader& r) {
    YAML::Node node = r.child("cost", {.required = true});
    if (!node.IsDefined()) return rs.movement_point_parts;
    double mp = 0;
    if (!node.IsScalar() || !YAML::convert<double>::decode(node, mp) || mp < 0 || mp > 99) {
        sink.error(location_of(node, file),
                   "the cost of a path must be a number of movement points from 0 to 99, like 1 or 0.5");
        return rs.movement_point_parts;
    }
    const double parts = mp * rs.movement_point_parts;
    if (parts != static_cast<double>(static_cast<int>(parts))) {
        sink.error(location_of(node, file), "a path cost of " + node.Scalar() +
                                                " MP needs movement points counted in parts: movement_point_parts: " +
                                                std::to_string(rs.movement_point_parts) +
                                                " counts only multiples of 1/" +
                                                std::to_string(rs.movement_point_parts));
        return rs.movement_point_parts;
    }
    return static_cast<int>(parts);
}

void RulesetReader::path_features(MapReader& top) {
    for_each_entry(top, "path_features", false, [&](MapReader& r) {
        PathFeature p;
        p.where = r.where();
        p.id = r.text("id", {.required = true});
        p.name = r.text("name", {.fallback = p.id});
        p.color = r.text("color", {.fallback = "#8a6a40"});
        p.cost = path_cost(r);
        if (rs.path_feature_index(p.id) >= 0) sink.error(r.where("id"), "path feature '" + p.id + "' is defined twice");
        rs.path_features.push_back(std::move(p));
    });
}

void RulesetReader::check_terrain_names(const std::string& key, const YAML::Node& v) {
    const auto check = [&](const YAML::Node& n) {
        if (rs.terrain_index(n.Scalar()) < 0)
            sink.error(location_of(n, file),
                       "option '" + key + "': " + unknown("terrain", n.Scalar(), ids_of(rs.terrain)));
    };
    if (v.IsScalar())
        check(v);
    else
        for (const auto& n : v) check(n);
}

void RulesetReader::stacking_mixes(MapReader& top) {
    YAML::Node node = top.child("stacking_mixes");
    if (!node.IsDefined()) return;
    MapReader r(node, file, sink, "stacking_mixes");
    if (!r.valid()) return;
    StackingMixes& m = rs.stacking_mixes;
    m.where = r.where();
    const std::string id = r.text("attribute", {.required = true});
    const int a = rs.attribute_index(id);
    if (a < 0 || rs.attributes[static_cast<std::size_t>(a)].kind != AttributeKind::Enum) {
        if (!id.empty())
            sink.error(r.where("attribute"), "stacking_mixes: '" + id + "' is not an enum attribute of this ruleset");
        return;
    }
    const AttributeSpec& spec = rs.attributes[static_cast<std::size_t>(a)];
    const std::size_t n = spec.values.size();
    std::vector<std::vector<char>> allowed(n, std::vector<char>(n, 0));
    std::vector<char> listed(n, 0);
    YAML::Node table = r.child("allowed", {.required = true});
    if (!table.IsDefined()) return;
    MapReader t(table, file, sink, "stacking_mixes.allowed");
    if (!t.valid()) return;
    for (const auto& key : t.keys()) {
        const auto v = spec.enum_index(key);
        if (!v) {
            sink.error(t.key_where(key), unknown("value of '" + id + "'", key, spec.values));
            continue;
        }
        listed[static_cast<std::size_t>(*v)] = 1;
        YAML::Node list = t.child(key);
        for (const auto& item : list) {
            const auto w = read_text(item, file, sink, "a value of '" + id + "'");
            if (!w) continue;
            const auto wi = spec.enum_index(*w);
            if (!wi)
                sink.error(location_of(item, file), unknown("value of '" + id + "'", *w, spec.values));
            else
                allowed[static_cast<std::size_t>(*v)][static_cast<std::size_t>(*wi)] = 1;
        }
        if (!list.IsSequence())
            sink.error(location_of(list, file), "stacking_mixes.allowed." + key + " must be a list of values");
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (!listed[i])
            sink.error(t.where(),
                       "stacking_mixes.allowed does not say what '" + spec.values[i] + "' may share a hex with");
        for (std::size_t j = i + 1; j < n; ++j)
            if (listed[i] && listed[j] && allowed[i][j] != allowed[j][i])
                sink.error(t.key_where(spec.values[allowed[i][j] ? i : j]),
                           "stacking_mixes: '" + spec.values[allowed[i][j] ? i : j] + "' may share a hex with '" +
                               spec.values[allowed[i][j] ? j : i] + "' but not the other way round");
    }
    m.attribute = a;
    m.allowed = std::move(allowed);
}

}  // namespace sandtable::load::ruleset_reading
