// Reads ruleset.yaml and the table files it lists.
#include "load/loader.h"
#include "load/file_references.h"
#include "load/module_location.h"
#include "load/module_params.h"
#include "load/ruleset_document.h"
#include "load/table_loader.h"
#include "load/yaml_reader.h"
#include "rules/counter_symbols.h"
#include "rules/procedures.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace sandtable::load {

namespace fs = std::filesystem;
using namespace sandtable::rules;

std::string read_file(const std::string& path) {
    if (const std::string why = unreadable(path); !why.empty())
        throw LoadError({{{path, 1, 1}, "cannot read the file: " + why}});
    std::ifstream in(path, std::ios::binary);
    if (!in) throw LoadError({{{path, 1, 1}, "cannot open file"}});
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

namespace {

std::string unknown_symbol_message(const std::string& symbol) {
    std::vector<std::string> known(kCounterSymbols.begin(), kCounterSymbols.end());
    std::string list;
    for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
    const std::string near = closest_match(symbol, known);
    return "unknown counter symbol '" + symbol + "'" + (near.empty() ? "" : " (did you mean '" + near + "'?)") +
           "; expected one of " + list;
}

struct RulesetReader {
    Ruleset& rs;
    std::string file;
    DiagnosticSink& sink;
    const RulesetDocument& document;

    void geometry(MapReader& top) {
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

    void table_geometry(MapReader& g) {
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

    // The attributes a tabletop reads must be declared, as whole numbers.
    void check_table_attributes() {
        if (!rs.table.enabled) return;
        for (const std::string* name : {&rs.table.stand_width, &rs.table.stand_depth, &rs.table.figures_per_stand})
            if (rs.attribute_index(*name) < 0)
                sink.error(rs.table.where, "a tabletop needs the attribute '" + *name +
                                               "' (each unit type's stand width and depth in mm and its figures per "
                                               "stand); declare it under attributes or name another in geometry");
    }

    TableTerrain table_terrain(MapReader& r, const std::string& id) {
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
            sink.error(r.where("crossing_thirds"),
                       "'" + id + "' is an area: only a line is crossed at a ford or bridge");
        if (t.shape == TableTerrain::Shape::Line && t.sight != AreaSight::Clear)
            sink.error(r.where("sight"), "'" + id + "' is a line: only areas block sight");
        return t;
    }

    // Thirds of a move lost in or across a terrain on a tabletop, by
    // movement class: a whole number (negative gains: a road's -1), or
    // 'prohibited'; 0 when not given.
    std::vector<std::optional<int>> thirds(const YAML::Node& n, const std::string& what) {
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

    void attributes(MapReader& top) {
        YAML::Node node = top.child("attributes", {.required = true});
        if (!node.IsDefined()) return;
        if (!node.IsMap())
            return sink.error(location_of(node, file), "'attributes' must map attribute names to their types");
        for (const auto& kv : node) {
            AttributeSpec a;
            a.id = kv.first.Scalar();
            a.where = location_of(kv.first, file);
            if (rs.attribute_index(a.id) >= 0) sink.error(a.where, "attribute '" + a.id + "' is declared twice");
            MapReader r(kv.second, file, sink, "attribute '" + a.id + "'");
            if (!r.valid()) continue;
            std::string type = r.text("type", {.required = true});
            if (type == "int")
                a.kind = AttributeKind::Int;
            else if (type == "bool")
                a.kind = AttributeKind::Bool;
            else if (type == "enum")
                a.kind = AttributeKind::Enum;
            else
                sink.error(r.where("type"), "attribute type must be int, bool or enum, got '" + type + "'");
            a.min = r.integer("min", {.fallback = a.kind == AttributeKind::Int ? -1'000'000 : 0});
            a.max = r.integer("max", {.fallback = 1'000'000});
            a.values = r.text_list("values", {.required = a.kind == AttributeKind::Enum});
            a.required = r.boolean("required", {.fallback = false});
            if (r.has("default")) {
                YAML::Node d = r.child("default");
                if (auto v = attribute_value(a, d)) a.default_value = *v;
            } else if (a.kind == AttributeKind::Int) {
                a.default_value = std::max(0, a.min);
            }
            rs.attributes.push_back(std::move(a));
        }
    }

    std::optional<int> attribute_value(const AttributeSpec& a, const YAML::Node& n) {
        switch (a.kind) {
            case AttributeKind::Int: {
                auto v = read_int(n, file, sink, "'" + a.id + "'");
                if (v && (*v < a.min || *v > a.max)) {
                    sink.error(location_of(n, file), "'" + a.id + "' must be between " + std::to_string(a.min) +
                                                         " and " + std::to_string(a.max) + ", got " +
                                                         std::to_string(*v));
                    return std::nullopt;
                }
                return v;
            }
            case AttributeKind::Bool: {
                bool b = false;
                if (n.IsScalar() && YAML::convert<bool>::decode(n, b)) return b ? 1 : 0;
                sink.error(location_of(n, file), "'" + a.id + "' must be true or false");
                return std::nullopt;
            }
            case AttributeKind::Enum: {
                auto s = read_text(n, file, sink, "'" + a.id + "'");
                if (!s) return std::nullopt;
                if (auto i = a.enum_index(*s)) return *i;
                std::string list;
                for (const auto& v : a.values) list += (list.empty() ? "" : ", ") + v;
                sink.error(location_of(n, file), "'" + a.id + "' must be one of " + list + ", got '" + *s + "'");
                return std::nullopt;
            }
        }
        return std::nullopt;
    }

    int movement_class(MapReader& r, int fallback) {
        if (!r.has("class")) {
            r.accept("class");
            return fallback;
        }
        std::string id = r.text("class", {});
        int i = rs.movement_class_index(id);
        if (i < 0) {
            sink.error(r.where("class"), unknown("movement class", id, rs.movement_classes));
            return fallback;
        }
        return i;
    }

    // A face: attribute values over the type's own, which are over the defaults.
    UnitFace face(const YAML::Node& node, const UnitFace& base, const std::string& what) {
        UnitFace f = base;
        MapReader r(node, file, sink, what);
        if (!r.valid()) return f;
        f.movement_class = movement_class(r, base.movement_class);
        for (std::size_t i = 0; i < rs.attributes.size(); ++i) {
            const auto& a = rs.attributes[i];
            if (!r.has(a.id)) continue;
            YAML::Node v = r.child(a.id);
            if (auto value = attribute_value(a, v)) f.values[i] = *value;
        }
        return f;
    }

    void unit_types(MapReader& top) {
        YAML::Node list = top.child("unit_types", {.required = true});
        if (!list.IsDefined()) return;
        if (!list.IsSequence()) return sink.error(location_of(list, file), "'unit_types' must be a list");
        for (const auto& node : list) {
            UnitType t;
            t.where = location_of(node, file);
            MapReader r(node, file, sink, "a unit type");
            if (!r.valid()) continue;
            t.id = r.text("id", {.required = true});
            t.name = r.text("name", {.fallback = t.id});
            t.symbol = r.text("symbol", {.fallback = "infantry"});
            if (!is_counter_symbol(t.symbol)) sink.error(r.where("symbol"), unknown_symbol_message(t.symbol));
            if (rs.unit_type_index(t.id) >= 0) sink.error(r.where("id"), "unit type '" + t.id + "' is defined twice");
            UnitFace defaults;
            for (const auto& a : rs.attributes) defaults.values.push_back(a.default_value);
            defaults.movement_class = movement_class(r, 0);
            // Values written beside id apply to both faces.
            for (std::size_t i = 0; i < rs.attributes.size(); ++i) {
                const auto& a = rs.attributes[i];
                if (!r.has(a.id)) continue;
                if (auto value = attribute_value(a, r.child(a.id))) defaults.values[i] = *value;
            }
            YAML::Node front = r.child("front");
            t.front = front.IsDefined() ? face(front, defaults, "the front of '" + t.id + "'") : defaults;
            YAML::Node back = r.child("back");
            if (back.IsDefined()) t.back = face(back, defaults, "the back of '" + t.id + "'");
            check_required(t, node, front);
            rs.unit_types.push_back(std::move(t));
        }
    }

    // Required values may sit on the type itself or on its front.
    void check_required(const UnitType& t, const YAML::Node& type_node, const YAML::Node& front) {
        for (const auto& a : rs.attributes) {
            if (!a.required) continue;
            bool present = type_node[a.id].IsDefined() || (front.IsMap() && front[a.id].IsDefined());
            if (!present)
                sink.error(location_of(type_node, file),
                           "unit type '" + t.id + "' has no '" + a.id + "' (the ruleset's attributes require it)");
        }
    }

    std::vector<std::optional<int>> costs(const YAML::Node& n, bool additive, const std::string& what) {
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

    std::optional<int> cost_value(const YAML::Node& n, const std::string& what) {
        if (n.IsScalar() && n.Scalar() == "prohibited") return std::nullopt;
        auto v = read_int(n, file, sink, what + " (a number of MP or 'prohibited')");
        if (v && *v < 0) {
            sink.error(location_of(n, file), what + " cannot be negative (write 'prohibited' to bar the way)");
            return 1;
        }
        return v ? *v : 1;
    }

    CombatEffects combat_effects(const YAML::Node& n, const std::string& what) {
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

    // A map of names to whole numbers (a terrain's `values:`).
    std::map<std::string, int> named_values(const YAML::Node& n, const std::string& what) {
        std::map<std::string, int> out;
        if (!n.IsDefined()) return out;
        MapReader r(n, file, sink, what);
        if (!r.valid()) return out;
        for (const auto& key : r.keys())
            out[key] = r.integer(key, {.required = true, .fallback = 0, .min = -999, .max = 999});
        return out;
    }

    void terrain(MapReader& top) {
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
    // cost_from entries read with their terrain, resolved once all terrain is known.
    std::vector<std::pair<std::size_t, YAML::Node>> pending_cost_from{};

    void hexside_features(MapReader& top) {
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

    // A path's cost in movement point parts: whole points, or a fraction the
    // ruleset's movement_point_parts can count (0.5 with 2 parts).
    int path_cost(MapReader& r) {
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
            sink.error(location_of(node, file),
                       "a path cost of " + node.Scalar() +
                           " MP needs movement points counted in parts: movement_point_parts: " +
                           std::to_string(rs.movement_point_parts) + " counts only multiples of 1/" +
                           std::to_string(rs.movement_point_parts));
            return rs.movement_point_parts;
        }
        return static_cast<int>(parts);
    }

    void path_features(MapReader& top) {
        for_each_entry(top, "path_features", false, [&](MapReader& r) {
            PathFeature p;
            p.where = r.where();
            p.id = r.text("id", {.required = true});
            p.name = r.text("name", {.fallback = p.id});
            p.color = r.text("color", {.fallback = "#8a6a40"});
            p.cost = path_cost(r);
            if (rs.path_feature_index(p.id) >= 0)
                sink.error(r.where("id"), "path feature '" + p.id + "' is defined twice");
            rs.path_features.push_back(std::move(p));
        });
    }

    template <class F>
    void for_each_entry(MapReader& top, const std::string& key, bool required, F&& read) {
        YAML::Node list = top.child(key, {.required = required});
        if (!list.IsDefined()) return;
        if (!list.IsSequence()) return sink.error(location_of(list, file), "'" + key + "' must be a list");
        for (const auto& node : list) {
            MapReader r(node, file, sink, "an entry of '" + key + "'");
            if (r.valid()) read(r);
        }
    }

    CombatResult::Effect effect(MapReader& r, const std::string& key) {
        std::string v = r.text(key, {.fallback = "none"});
        if (v == "none") return CombatResult::Effect::None;
        if (v == "retreat") return CombatResult::Effect::Retreat;
        if (v == "lose_unit") return CombatResult::Effect::LoseUnit;
        if (v == "reduce") return CombatResult::Effect::Reduce;
        if (v == "eliminate_all") return CombatResult::Effect::EliminateAll;
        sink.error(r.where(key),
                   "'" + key + "' must be none, retreat, lose_unit, reduce or eliminate_all, got '" + v + "'");
        return CombatResult::Effect::None;
    }

    void combat_results(MapReader& top) {
        YAML::Node node = top.child("combat_results");
        if (!node.IsDefined()) return;
        if (!node.IsMap())
            return sink.error(location_of(node, file), "'combat_results' must map result codes to their effects");
        for (const auto& kv : node) {
            CombatResult c;
            c.code = kv.first.Scalar();
            c.where = location_of(kv.first, file);
            MapReader r(kv.second, file, sink, "combat result '" + c.code + "'");
            if (!r.valid()) continue;
            c.name = r.text("name", {.fallback = c.code});
            c.attacker = effect(r, "attacker");
            c.defender = effect(r, "defender");
            c.attacker_retreat = r.integer("attacker_retreat", {.fallback = 0, .min = 0, .max = 20});
            c.defender_retreat = r.integer("defender_retreat", {.fallback = 0, .min = 0, .max = 20});
            if (c.attacker_retreat > 0 && c.attacker != CombatResult::Effect::Retreat)
                sink.error(r.where("attacker_retreat"), "'attacker_retreat' needs 'attacker: retreat'");
            if (c.defender_retreat > 0 && c.defender != CombatResult::Effect::Retreat)
                sink.error(r.where("defender_retreat"), "'defender_retreat' needs 'defender: retreat'");
            rs.combat_results.push_back(std::move(c));
        }
    }

    void phases(MapReader& top) {
        YAML::Node node = top.child("phases", {.required = true});
        if (!node.IsDefined()) return;
        if (!node.IsMap())
            return sink.error(location_of(node, file), "'phases' must map phase names to their procedures");
        for (const auto& kv : node) {
            PhaseSpec p;
            p.id = kv.first.Scalar();
            p.where = location_of(kv.first, file);
            MapReader r(kv.second, file, sink, "phase '" + p.id + "'");
            if (!r.valid()) continue;
            p.name = r.text("name", {.fallback = p.id});
            p.procedure = r.text("procedure", {.required = true});
            const ProcedureSpec* spec = find_procedure(p.procedure);
            if (!spec) {
                std::vector<std::string> names;
                for (const auto& known : procedures()) names.push_back(known.name);
                sink.error(r.where("procedure"), unknown("procedure", p.procedure, names));
            }
            std::string acting = r.text("acting", {.fallback = "active"});
            if (acting == "active")
                p.acting = Acting::Active;
            else if (acting == "both")
                p.acting = Acting::Both;
            else
                sink.error(r.where("acting"), "'acting' must be active or both, got '" + acting + "'");
            p.table = r.text("table", {});
            if (spec && spec->table == ProcedureSpec::Table::None && !p.table.empty())
                sink.error(r.where("table"),
                           "procedure '" + p.procedure + "' uses no table; remove 'table: " + p.table + "'");
            if (p.acting == Acting::Both && p.procedure != "ranged_fire")
                sink.error(r.where("acting"), "'acting: both' is only for ranged_fire phases");
            YAML::Node options = r.child("options");
            if (options.IsDefined()) {
                p.options = to_param(options, file);
                if (spec) check_options(*spec, options, p.id);
            }
            rs.phases.push_back(std::move(p));
        }
    }

    static std::string join_choices(const std::vector<std::string>& choices) {
        std::string out;
        for (std::size_t i = 0; i < choices.size(); ++i)
            out += (i ? (i + 1 == choices.size() ? " or " : ", ") : "") + choices[i];
        return out;
    }

    // Options are checked against what the procedure reads: a misspelt
    // option would otherwise be silently ignored.
    void check_options(const ProcedureSpec& spec, const YAML::Node& options, const std::string& phase) {
        MapReader r(options, file, sink, "the options of phase '" + phase + "'");
        if (!r.valid()) return;
        for (const auto& o : spec.options) {
            if (!r.has(o.key)) {
                r.accept(o.key);
                continue;
            }
            YAML::Node v = r.child(o.key);
            bool b = false;
            int i = 0;
            const bool ok =
                o.kind == ProcedureOption::Kind::Bool  ? v.IsScalar() && YAML::convert<bool>::decode(v, b)
                : o.kind == ProcedureOption::Kind::Int ? v.IsScalar() && YAML::convert<int>::decode(v, i)
                : o.kind == ProcedureOption::Kind::Names || o.kind == ProcedureOption::Kind::TerrainNames
                    ? v.IsScalar() || (v.IsSequence() && std::all_of(v.begin(), v.end(),
                                                                     [](const YAML::Node& n) { return n.IsScalar(); }))
                    : v.IsScalar();
            static const char* kinds[] = {"true or false",
                                          "a whole number",
                                          "a single value",
                                          "a single value",
                                          "a single value",
                                          "a name or a list of names",
                                          "a terrain id or a list of terrain ids"};
            if (!ok)
                sink.error(location_of(v, file),
                           "option '" + o.key + "' of " + spec.name + " must be " + kinds[static_cast<int>(o.kind)]);
            else if (o.kind == ProcedureOption::Kind::Int && i < o.min)
                sink.error(location_of(v, file),
                           "option '" + o.key + "' of " + spec.name + " must be at least " + std::to_string(o.min));
            else if (o.kind == ProcedureOption::Kind::Choice &&
                     std::find(o.choices.begin(), o.choices.end(), v.Scalar()) == o.choices.end())
                sink.error(location_of(v, file), "option '" + o.key + "' of " + spec.name + " must be one of " +
                                                     join_choices(o.choices) + ", not '" + v.Scalar() + "'");
            else if (o.kind == ProcedureOption::Kind::Text && rs.attribute_index(v.Scalar()) < 0)
                sink.error(location_of(v, file), "option '" + o.key + "' names attribute '" + v.Scalar() +
                                                     "', which the ruleset does not declare");
            else if (o.kind == ProcedureOption::Kind::TerrainNames)
                check_terrain_names(o.key, v);
        }
    }

    void check_terrain_names(const std::string& key, const YAML::Node& v) {
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

    int phase_index(const std::string& id) const {
        for (std::size_t i = 0; i < rs.phases.size(); ++i)
            if (rs.phases[i].id == id) return static_cast<int>(i);
        return -1;
    }

    void sequence(MapReader& top) {
        MapReader s(top.child("sequence", {.required = true}), file, sink, "sequence");
        if (!s.valid()) return;
        rs.sequence.game_turn = game_turn(s);
        YAML::Node variants = s.child("variants");
        if (!variants.IsDefined()) return;
        MapReader all(variants, file, sink, "the sequence's variants");
        if (!all.valid()) return;
        for (const auto& id : all.keys()) {
            MapReader v(all.child(id), file, sink, "sequence variant '" + id + "'");
            if (!v.valid()) continue;
            rules::SequenceVariant variant;
            variant.id = id;
            variant.where = v.where();
            variant.name = v.text("name", {.fallback = id});
            variant.game_turn = game_turn(v);
            rs.sequence.variants.push_back(std::move(variant));
        }
    }

    // A `game_turn:` list of steps under `parent`.
    std::vector<SequenceStep> game_turn(MapReader& parent) {
        std::vector<SequenceStep> steps;
        YAML::Node turn = parent.child("game_turn", {.required = true});
        if (!turn.IsDefined()) return steps;
        if (!turn.IsSequence()) {
            sink.error(location_of(turn, file), "'game_turn' must be a list of steps");
            return steps;
        }
        for (const auto& node : turn) {
            MapReader step(node, file, sink, "a step of the game turn (player_turns: [...] or phase: id)");
            if (!step.valid()) continue;
            SequenceStep st;
            st.where = step.where();
            std::vector<std::string> ids;
            if (step.has("player_turns")) {
                st.kind = SequenceStep::Kind::PlayerTurns;
                ids = step.text_list("player_turns", {.required = true});
                const std::string first = step.text("first", {.fallback = "scenario"});
                if (first != "scenario" && first != "roll_off")
                    sink.error(step.where("first"), "'first' is scenario or roll_off, not '" + first + "'");
                st.first_by_roll_off = first == "roll_off";
                if (st.first_by_roll_off) st.activation = roll_off_rules(step);
            } else if (step.has("activations")) {
                st.kind = SequenceStep::Kind::Activations;
                ids = step.text_list("activations", {.required = true});
                st.activation = activation_rules(step);
            } else {
                st.kind = SequenceStep::Kind::MutualPhase;
                ids.push_back(step.text("phase", {.required = true}));
            }
            st.when = step.text("when", {});
            if (!st.when.empty() && st.when != "day" && st.when != "night")
                sink.error(step.where("when"), "'when' is day or night, not '" + st.when + "'");
            if (!st.when.empty() && rs.day.rounds == 0)
                sink.error(step.where("when"),
                           "'when: " + st.when + "' needs the ruleset's 'day:' (rounds per day and nights)");
            for (const auto& id : ids) {
                int i = phase_index(id);
                if (i < 0)
                    sink.error(step.where(), "the sequence names phase '" + id + "', which 'phases' does not define");
                else
                    st.phases.push_back(i);
            }
            if (ids.empty()) sink.error(step.where(), "a step of the game turn needs at least one phase");
            steps.push_back(std::move(st));
        }
        if (turn.size() == 0) sink.error(location_of(turn, file), "'game_turn' needs at least one step");
        return steps;
    }

    // An activation loop's options: `roll_off: 2d6`, `max_in_a_row: 2`, `ties: reroll | other_side`.
    ActivationRules activation_rules(MapReader& step) {
        ActivationRules a = roll_off_rules(step);
        a.max_in_a_row = step.integer("max_in_a_row", {.fallback = 2, .min = 0, .max = 100});
        return a;
    }

    // A roll-off's dice (`roll_off: 2d6`) and its ties (`ties: reroll | other_side`).
    ActivationRules roll_off_rules(MapReader& step) {
        ActivationRules a;
        const std::string dice = step.text("roll_off", {.fallback = "2d6"});
        const auto d = dice.find('d');
        try {
            if (d == std::string::npos || d == 0) throw std::invalid_argument(dice);
            std::size_t used = 0;
            a.roll_dice = std::stoi(dice.substr(0, d), &used);
            a.roll_faces = std::stoi(dice.substr(d + 1));
            if (a.roll_dice < 1 || a.roll_faces < 2 || used != d) throw std::invalid_argument(dice);
        } catch (const std::exception&) {
            sink.error(step.where("roll_off"), "'roll_off' is dice such as 2d6, not '" + dice + "'");
        }
        const std::string ties = step.text("ties", {.fallback = "reroll"});
        if (ties == "other_side")
            a.ties = ActivationRules::Ties::OtherSide;
        else if (ties != "reroll")
            sink.error(step.where("ties"), "'ties' is reroll or other_side, not '" + ties + "'");
        return a;
    }

    // orders: { initial: H, any_at_night: true, list: [ { id, name, next: [ids] } ] }
    void orders(MapReader& top) {
        if (!top.has("orders")) return;
        MapReader o(top.child("orders"), file, sink, "orders");
        if (!o.valid()) return;
        YAML::Node list = o.child("list", {.required = true});
        if (!list.IsSequence() || list.size() == 0) {
            sink.error(o.where("list"), "'orders.list' must be a list of orders ({ id, name, next })");
            return;
        }
        std::vector<std::vector<std::string>> next_ids;
        for (const auto& node : list) {
            MapReader item(node, file, sink, "an order");
            if (!item.valid()) continue;
            OrderSpec order;
            order.where = item.where();
            order.id = item.text("id", {.required = true});
            order.name = item.text("name", {.fallback = order.id});
            const std::string posture = item.text("posture", {});
            static const std::vector<std::pair<std::string, OrderSpec::Posture>> postures{
                {"advance", OrderSpec::Posture::Advance},
                {"hold", OrderSpec::Posture::Hold},
                {"dig_in", OrderSpec::Posture::DigIn},
                {"withdraw", OrderSpec::Posture::Withdraw}};
            for (const auto& [word, value] : postures)
                if (posture == word) order.posture = value;
            if (!posture.empty() && order.posture == OrderSpec::Posture::None)
                sink.error(item.where("posture"),
                           "'posture' is advance, hold, dig_in or withdraw, not '" + posture + "'");
            if (rs.orders.find(order.id) >= 0) sink.error(order.where, "order '" + order.id + "' is listed twice");
            next_ids.push_back(item.text_list("next"));
            rs.orders.list.push_back(std::move(order));
        }
        for (std::size_t i = 0; i < next_ids.size(); ++i)
            for (const auto& id : next_ids[i]) {
                const int to = rs.orders.find(id);
                if (to < 0)
                    sink.error(rs.orders.list[i].where, "order '" + rs.orders.list[i].id + "' may be followed by '" +
                                                            id + "', which 'orders.list' does not define");
                else
                    rs.orders.list[i].next.push_back(to);
            }
        const std::string initial =
            o.text("initial", {.fallback = rs.orders.list.empty() ? "" : rs.orders.list.front().id});
        rs.orders.initial = std::max(0, rs.orders.find(initial));
        if (rs.orders.find(initial) < 0)
            sink.error(o.where("initial"), "the initial order '" + initial + "' is not in 'orders.list'");
        rs.orders.any_at_night = o.boolean("any_at_night", {.fallback = true});
    }

    // day: { rounds: 4, nights: 1 }
    void day(MapReader& top) {
        if (!top.has("day")) return;
        MapReader d(top.child("day"), file, sink, "day (rounds and nights)");
        if (!d.valid()) return;
        rs.day.rounds = d.integer("rounds", {.required = true, .fallback = 4, .min = 1, .max = 100});
        rs.day.nights = d.integer("nights", {.fallback = 1, .min = 0, .max = 100});
    }

    // The tables as parsed (and patched) in the document; the list of files
    // under `tables:` was read with it.
    void tables(MapReader& top) {
        YAML::Node list = top.child("tables");
        if (list.IsDefined() && !list.IsSequence())
            sink.error(location_of(list, file), "'tables' must be a list of table files");
        if (list.IsSequence())
            for (const auto& item : list) read_text(item, file, sink, "a table file");
        for (const auto& t : document.tables) load_table_node(t.root, t.file, rs, sink);
    }

    // stacking_mixes: { attribute: an enum attribute, allowed: { value: [values it may share a hex with] } }.
    // Every value is listed, and a pair one side allows the other must allow too.
    void stacking_mixes(MapReader& top) {
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
                sink.error(r.where("attribute"),
                           "stacking_mixes: '" + id + "' is not an enum attribute of this ruleset");
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

    void victory(MapReader& top) {
        if (!top.has("victory")) {
            top.accept("victory");
            return;
        }
        MapReader v(top.child("victory"), file, sink, "victory");
        if (!v.valid()) return;
        const std::string control = v.text("control", {.fallback = "end_of_turn"});
        if (control != "end_of_turn" && control != "on_entry")
            sink.error(v.where("control"), "victory control must be end_of_turn or on_entry, not '" + control + "'");
        rs.control_on_entry = control == "on_entry";
        rs.concession_level = v.text("concession", {});
        YAML::Node levels = v.child("levels", {.required = true});
        if (!levels.IsSequence()) return;
        for (const auto& node : levels) {
            MapReader r(node, file, sink, "a victory level");
            if (!r.valid()) continue;
            VictoryLevel l;
            l.where = r.where();
            l.id = r.text("id", {.required = true});
            l.name = r.text("name", {.fallback = l.id});
            l.on_disintegration = r.boolean("on_disintegration", {.fallback = false});
            l.ratio_more_than = r.integer("ratio_more_than", {.fallback = 0, .min = 1, .max = 100});
            if (l.ratio_more_than > 0 && r.has("ratio_at_least"))
                sink.error(r.where("ratio_at_least"), "a level is won at ratio_at_least or ratio_more_than, not both");
            l.ratio_at_least = r.integer(
                "ratio_at_least",
                {.required = !l.on_disintegration && l.ratio_more_than == 0, .fallback = 1, .min = 1, .max = 100});
            rs.victory_levels.push_back(std::move(l));
        }
        if (!rs.concession_level.empty() &&
            std::none_of(rs.victory_levels.begin(), rs.victory_levels.end(),
                         [&](const VictoryLevel& l) { return l.id == rs.concession_level; }))
            sink.error(v.where("concession"),
                       "victory concession names level '" + rs.concession_level + "', which 'levels' does not define");
    }

    void modules(MapReader& top, const fs::path& dir) {
        for_each_entry(top, "rules", false, [&](MapReader& r) {
            RuleModule m;
            m.where = r.where();
            m.module = r.text("module", {.required = true});
            if (!m.module.empty() && !valid_module_name(m.module)) {
                sink.error(r.where("module"),
                           "a rule module is named by its file name (letters, digits, _ - .), found in rules/ or the "
                           "scripts/ library, not by a path: '" +
                               m.module + "'");
                m.module.clear();
            }
            YAML::Node params = r.child("params");
            if (params.IsDefined()) m.params = to_param(params, file);
            m.enabled = r.boolean("enabled", {.fallback = true});
            // A module a house rule adds is looked for in its folder first.
            const std::size_t layer = document.layer_of(m.where.file);
            const std::string own = layer > 0 ? document.layers[layer].directory : std::string();
            if (!m.module.empty()) {
                const ModuleLocation found = locate_module(own, dir.string(), m.module);
                if (found.exists) m.file = found.file;
            }
            if (m.file.empty() && !m.module.empty())
                sink.error(r.where("module"), "rule module '" + m.module + "' not found in " +
                                                  (own.empty() ? "" : (fs::path(own) / "rules").string() + ", ") +
                                                  (dir / "rules").string() + " or the scripts/ library");
            else if (!m.file.empty())
                m.declared = read_param_declarations(read_file(m.file), m.file, sink);
            rs.modules.push_back(std::move(m));
        });
    }
};

}  // namespace

Ruleset build_ruleset(const RulesetDocument& document, DiagnosticSink& sink) {
    const fs::path file = document.file;
    Ruleset rs;
    rs.directory = file.parent_path().string();
    rs.where = {file.string(), 1, 1};
    rs.layers = document.layers;
    RulesetReader reader{rs, file.string(), sink, document};
    {
        MapReader top(document.root, file.string(), sink, "a ruleset");
        if (top.valid()) {
            rs.id = top.text("id", {.required = true});
            rs.name = top.text("name", {.fallback = rs.id});
            rs.version = top.text("version", {.required = true});
            rs.notes = top.text("notes", {});
            reader.geometry(top);
            reader.attributes(top);
            rs.movement_classes = top.text_list("movement_classes", {.required = true});
            if (rs.movement_classes.empty()) rs.movement_classes.push_back("default");
            rs.movement_point_parts = top.integer("movement_point_parts", {.fallback = 1, .min = 1, .max = 12});
            rs.zoc_reaches_prohibited = top.boolean("zoc_reaches_prohibited", {.fallback = false});
            reader.unit_types(top);
            reader.terrain(top);
            reader.check_table_attributes();
            reader.hexside_features(top);
            reader.path_features(top);
            reader.tables(top);
            reader.combat_results(top);
            reader.phases(top);
            reader.orders(top);
            reader.day(top);
            reader.sequence(top);
            reader.stacking_mixes(top);
            reader.victory(top);
            reader.modules(top, file.parent_path());
        }
    }
    check_table_references(rs, sink, document.tables_loaded);
    // Params are checked once every unit type, attribute, phase and terrain is known.
    for (const auto& m : rs.modules)
        if (m.declared) check_module_params(rs, m.module, m.params, *m.declared, sink);
    return rs;
}

LayeredRuleset load_layered_ruleset(const std::string& path, const std::vector<std::string>& house_rules) {
    DiagnosticSink sink;
    LayeredRuleset out;
    out.document = read_ruleset_document(path, sink);
    sink.throw_if_any();
    for (const auto& dir : house_rules) {
        const std::size_t before = sink.items().size();
        HouseRule rule = read_house_rule(dir, sink);
        if (sink.items().size() == before) apply_house_rule(out.document, rule, sink);
    }
    sink.throw_if_any();
    out.ruleset = build_ruleset(out.document, sink);
    sink.throw_if_any();
    return out;
}

Ruleset load_ruleset(const std::string& path, const std::vector<std::string>& house_rules) {
    return std::move(load_layered_ruleset(path, house_rules).ruleset);
}

}  // namespace sandtable::load
