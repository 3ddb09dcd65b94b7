// Reads a scenario file and the ruleset it names.
#include "load/inline_scenario.h"
#include "load/loader.h"
#include "geometry/tabletop/formation.h"
#include "load/module_params.h"
#include "load/ruleset_writer.h"
#include "load/table_map_reader.h"
#include "load/yaml_reader.h"

#include <filesystem>
#include <new>
#include <algorithm>
#include <cstdio>
#include <sstream>

namespace sandtable::load {

namespace fs = std::filesystem;
using namespace sandtable::rules;
using geometry::Hex;

namespace {

struct ScenarioReader {
    const Ruleset& rs;
    Scenario& sc;
    std::string file;
    DiagnosticSink& sink;

    std::optional<Hex> hex(const YAML::Node& n, const std::string& what) {
        auto label = read_text(n, file, sink, what);
        if (!label) return std::nullopt;
        auto h = sc.map.grid.parse_label(*label);
        if (!h)
            sink.error(location_of(n, file), what + " '" + *label + "' is not a hex on this " +
                                                 std::to_string(sc.map.grid.columns()) + "x" +
                                                 std::to_string(sc.map.grid.rows()) + " map");
        return h;
    }

    int side(const YAML::Node& n, const std::string& what) {
        auto id = read_text(n, file, sink, what);
        if (!id) return -1;
        int i = sc.side_index(*id);
        if (i < 0) {
            sink.error(location_of(n, file), unknown("side", *id, ids_of(sc.sides)));
        }
        return i;
    }

    void sides(MapReader& top) {
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
                static const std::vector<std::pair<std::string, MapEdge>> kEdges{{"north", MapEdge::North},
                                                                                 {"south", MapEdge::South},
                                                                                 {"east", MapEdge::East},
                                                                                 {"west", MapEdge::West}};
                const auto it =
                    std::find_if(kEdges.begin(), kEdges.end(), [&](const auto& e) { return e.first == edge; });
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

    void map(MapReader& top) {
        MapReader m(top.child("map", {.required = true}), file, sink, "the map");
        if (!m.valid()) return;
        int columns = m.integer("columns", {.required = true, .fallback = 1, .min = 1, .max = 999});
        int rows = m.integer("rows", {.required = true, .fallback = 1, .min = 1, .max = 999});
        try {
            sc.map.grid = geometry::HexGrid(rs.layout, columns, rows);
        } catch (const std::invalid_argument&) {
            sink.error(m.where("columns"), "a " + std::to_string(columns) + "x" + std::to_string(rows) +
                                               " map does not fit the ruleset's " +
                                               std::to_string(rs.layout.label_digits) + "-digit hex labels");
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

    std::map<char, int> read_legend(MapReader& m) {
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

    // One text line per map row, one character per hex. Block scalars keep
    // their line numbers, so an error names the exact row and column.
    template <class F>
    void grid_text(MapReader& m, const std::string& key, bool required, F&& cell) {
        YAML::Node node = m.child(key, {.required = required});
        if (!node.IsDefined()) return;
        auto text = read_text(node, file, sink, "'" + key + "'");
        if (!text) return;
        SourceLocation base = location_of(node, file);
        // Block scalar rows start on the next line, indented one level past the key.
        const int first_column = m.key_where(key).column + 2;
        std::istringstream lines(*text);
        std::string line;
        int row = 0;
        while (std::getline(lines, line)) {
            if (row >= sc.map.grid.rows()) {
                sink.error({file, base.line + 1 + row, 1},
                           "'" + key + "' has more rows than the map's " + std::to_string(sc.map.grid.rows()));
                return;
            }
            if (static_cast<int>(line.size()) != sc.map.grid.columns())
                sink.error({file, base.line + 1 + row, 1}, "row " + std::to_string(row + 1) + " of '" + key + "' has " +
                                                               std::to_string(line.size()) + " hexes, the map has " +
                                                               std::to_string(sc.map.grid.columns()) + " columns");
            for (int col = 0; col < std::min<int>(static_cast<int>(line.size()), sc.map.grid.columns()); ++col)
                cell(sc.map.grid.from_offset({col, row}), line[static_cast<std::size_t>(col)],
                     SourceLocation{file, base.line + 1 + row, first_column + col});
            ++row;
        }
        if (row < sc.map.grid.rows())
            sink.error(base, "'" + key + "' has " + std::to_string(row) + " rows, the map has " +
                                 std::to_string(sc.map.grid.rows()));
    }

    void terrain_rows(MapReader& m, const std::map<char, int>& legend) {
        grid_text(m, "terrain", true, [&](Hex h, char c, const SourceLocation& where) {
            auto it = legend.find(c);
            if (it == legend.end())
                sink.error(where, std::string("'") + c + "' is not in the map's legend");
            else if (it->second >= 0)
                sc.map.terrain[static_cast<std::size_t>(sc.map.grid.index(h))] = it->second;
        });
    }

    void elevation_rows(MapReader& m) {
        grid_text(m, "elevation", false, [&](Hex h, char c, const SourceLocation& where) {
            if (c < '0' || c > '9')
                sink.error(where, std::string("elevation must be a digit 0-9, got '") + c + "'");
            else
                sc.map.elevation[static_cast<std::size_t>(sc.map.grid.index(h))] = c - '0';
        });
    }

    void hexsides(MapReader& m) {
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

    void paths(MapReader& m) {
        YAML::Node list = m.child("paths");
        if (!list.IsDefined()) return;
        if (!list.IsSequence())
            return sink.error(location_of(list, file), "'paths' must be a list of { feature, hexes }");
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
                        sink.error(location_of(hn, file), "path hexes must be adjacent in order; " +
                                                              sc.map.grid.label(*h) + " does not touch " +
                                                              sc.map.grid.label(*prev));
                    else if (f >= 0)
                        sc.map.set_path_feature(*prev, dir, f);
                }
                prev = h;
            }
        }
    }

    void names(MapReader& m) {
        YAML::Node node = m.child("names");
        if (!node.IsMap()) return;
        for (const auto& kv : node)
            if (auto h = hex(kv.first, "named hex"))
                sc.map.hex_names[static_cast<std::size_t>(sc.map.grid.index(*h))] = kv.second.Scalar();
    }

    void units(MapReader& top) {
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
            sc.units.push_back(std::move(u));
        }
    }

    // On a tabletop: `at: [x, y]` (the centre of its front rank, cm),
    // `facing` (a compass bearing), `files` (stands side by side) and
    // `figures` (default: a full stand for every file).
    void table_placement(UnitPlacement& u, MapReader& r) {
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

    // A tabletop's units must stand on the table, clear of each other:
    // a unit set up overlapping another could never move.
    void check_table_units() {
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
                    sink.error(u.where,
                               "'" + u.id + "' stands on top of '" + sc.units[o].id + "': their stands overlap");
            }
        }
    }

    int figures_per_stand(int type) const {
        const int a = rs.attribute_index(rs.table.figures_per_stand);
        return a < 0 ? 1
                     : std::max(
                           1, rs.unit_types[static_cast<std::size_t>(type)].front.values[static_cast<std::size_t>(a)]);
    }

    // The game turn a unit comes on the map: 1 (set up at the start) unless
    // `arrives` names a later turn of this scenario.
    int arrival_turn(MapReader& r) {
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

    // A unit starts (or enters) on terrain its face may enter. Units set up
    // at the start never share a hex with the enemy; a reinforcement's entry
    // hex is checked when it arrives, by the kernel.
    void check_placement(const UnitPlacement& u, MapReader& r) {
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
                sink.error(r.where("at"), "'" + u.id + "' starts in " + sc.map.grid.label(u.hex) + " with the enemy '" +
                                              other.id + "'");
        check_mix(u, r);
    }

    // Units set up together must be allowed to share the hex (the ruleset's
    // stacking_mixes, PRESTAGS 5.32-5.38).
    void check_mix(const UnitPlacement& u, MapReader& r) {
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
                sink.error(r.where("at"), "'" + u.id + "' (" + spec.id + " " + spec.format(value(u)) +
                                              ") may not share " + sc.map.grid.label(u.hex) + " with '" + other.id +
                                              "' (" + spec.format(value(other)) + "): the ruleset's stacking_mixes");
    }

    // deployment: { <side id>: [<hex label>, …] }. Whether units stand in
    // their zone is the studio's lint, not a load error: a designer must be
    // able to save mid-edit.
    void deployment(MapReader& top) {
        YAML::Node node = top.child("deployment");
        if (!node.IsDefined()) return;
        if (!node.IsMap())
            return sink.error(
                location_of(node, file),
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
        if (std::all_of(sc.deployment_zones.begin(), sc.deployment_zones.end(),
                        [](const auto& z) { return z.empty(); }))
            sc.deployment_zones.clear();
    }

    void objectives(MapReader& top) {
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

    // exits: [{ side: ID, hexes: [LABEL, …], points: N }]: map-edge hexes a
    // side's units may leave the map from (11.4).
    void exits(MapReader& top) {
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

    // support_fire: { pools: { SIDE: [VALUE, …] }, allotments: { SIDE: [N, …] } }:
    // each side's support fire markers and how many it draws each game turn (F&M 7.1).
    void support_fire(MapReader& top) {
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

    // rules: { NAME: { enabled: BOOL, params: { KEY: VALUE, … } } }: the
    // scenario's switches over the rule modules its ruleset lists.
    void rule_switches(MapReader& top) {
        YAML::Node node = top.child("rules");
        if (!node.IsDefined()) return;
        MapReader all(node, file, sink,
                      "the scenario's rule switches (rule module names to { enabled, params }, like { charges: { "
                      "enabled: false } })");
        if (!all.valid()) return;
        std::vector<std::string> names;
        for (const auto& m : rs.modules)
            if (std::find(names.begin(), names.end(), m.module) == names.end()) names.push_back(m.module);
        for (const auto& kv : node) {
            const std::string name = kv.first.Scalar();
            all.accept(name);
            if (std::find(names.begin(), names.end(), name) == names.end()) {
                sink.error(location_of(kv.first, file), unknown("rule module", name, names) +
                                                            "; a scenario switches only the modules its ruleset lists");
                continue;
            }
            MapReader r(kv.second, file, sink, "a rule switch ({ enabled: false } or { params: { … } })");
            if (!r.valid()) continue;
            RuleSwitch s;
            s.module = name;
            s.where = location_of(kv.first, file);
            if (r.child("enabled").IsDefined()) s.enabled = r.boolean("enabled", {.fallback = true});
            YAML::Node params = r.child("params");
            if (params.IsDefined()) {
                if (!params.IsMap()) {
                    sink.error(location_of(params, file),
                               "'params' of a rule switch must map param names to values, like { retreat_hexes: 2 }");
                } else {
                    s.params = to_param(params, file);
                    for (const auto& m : rs.modules) {
                        if (m.module != name) continue;
                        // A module's own declarations say exactly what it takes;
                        // without them, a switch must keep the kinds the ruleset gives.
                        if (m.declared)
                            check_module_params(rs, m.module, s.params, *m.declared, sink);
                        else
                            check_override(m, m.params, s.params, "");
                    }
                }
            }
            r.finish();
            sc.rule_switches.push_back(std::move(s));
        }
    }

    static std::string kind_of(const Param& p) {
        switch (p.value.index()) {
            case 0:
                return "null";
            case 1:
                return "true or false";
            case 2:
                return "a whole number";
            case 3:
                return "a number";
            case 4:
                return "text";
            case 5:
                return "a list";
            default:
                return "a map";
        }
    }

    // A switch's params against the ruleset's, both maps: a key the ruleset
    // gives keeps its type (a whole number may stand for a number); a new key
    // is allowed (a module may read optional params) unless it is a letter or
    // two from one the ruleset gives, which is taken for a typo.
    void check_override(const RuleModule& m, const Param& base, const Param& over, const std::string& prefix) {
        const Param::Map* over_map = over.map();
        if (!over_map || base.is_null()) return;
        const Param::Map* base_map = base.map();
        if (!base_map) {
            sink.error(over.where, "the ruleset gives rule module '" + m.module + "' params that are " + kind_of(base) +
                                       " (" + base.where.to_string() +
                                       "), not a map, so a scenario cannot override them key by key");
            return;
        }
        for (const auto& [key, value] : *over_map) {
            const std::string path = prefix.empty() ? key : prefix + "." + key;
            auto it = base_map->find(key);
            if (it == base_map->end()) {
                for (const auto& [existing, unused] : *base_map) {
                    const std::size_t limit = key.size() < 6 ? 1 : 2;
                    if (edit_distance(key, existing) <= limit) {
                        sink.error(value.where, "rule module '" + m.module + "' has no param '" + path +
                                                    "' (did you mean '" +
                                                    (prefix.empty() ? existing : prefix + "." + existing) +
                                                    "'?); a scenario may add params the ruleset does not give, but not "
                                                    "one a letter or two from one it does");
                        break;
                    }
                }
                continue;
            }
            const Param& was = it->second;
            if (was.is_null() || value.is_null()) continue;
            const bool widened =
                std::holds_alternative<double>(was.value) && std::holds_alternative<long long>(value.value);
            if (was.value.index() != value.value.index() && !widened) {
                sink.error(value.where, "param '" + path + "' of rule module '" + m.module + "' is " + kind_of(was) +
                                            " in the ruleset (" + was.where.to_string() + "), got " + kind_of(value) +
                                            (value.map() || value.list() ? "" : " '" + param_to_yaml(value) + "'"));
                continue;
            }
            if (was.map()) check_override(m, was, value, path);
        }
    }
};

// FNV-1a over every source file of the game, in a fixed order.
std::string content_hash(const Scenario& sc, const Ruleset& rs) {
    std::uint64_t h = 1469598103934665603ULL;
    auto add = [&](const std::string& path) {
        for (unsigned char c : read_file(path)) h = (h ^ c) * 1099511628211ULL;
    };
    add(sc.file);
    const fs::path dir = rs.directory;
    add((dir / "ruleset.yaml").string());
    if (fs::exists(dir / "tables")) {
        std::vector<fs::path> tables;
        // Table files only: the studio's autosaves and half-written saves sit beside them.
        for (const auto& e : fs::directory_iterator(dir / "tables"))
            if (e.path().extension() == ".yaml") tables.push_back(e.path());
        std::sort(tables.begin(), tables.end());
        for (const auto& t : tables) add(t.string());
    }
    for (const auto& m : rs.modules) add(m.file);
    for (std::size_t i = 1; i < rs.layers.size(); ++i)  // house rules: house.yaml and patches
        for (const auto& f : rs.layers[i].files) add(f);
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
    return text;
}

}  // namespace

namespace {

// A scenario's mapping, from its own file or written inside another (a rule test's). `given_ruleset`:
// the ruleset it plays when the file around it decides that (the scenario then names none).
LoadedGame read_scenario(const YAML::Node& root, const std::string& scenario_file, const std::string& given_ruleset,
                         const std::vector<std::string>& extra_house_rules, const ScenarioLoadOptions& options) {
    DiagnosticSink sink;
    auto sc = std::make_shared<Scenario>();
    sc->file = scenario_file;
    sc->where = location_of(root, scenario_file);
    MapReader top(root, scenario_file, sink, "a scenario");
    if (!top.valid()) sink.throw_if_any();
    if (!given_ruleset.empty() && top.has("ruleset"))
        sink.error(top.where("ruleset"), "this scenario plays the ruleset under test: leave out 'ruleset'");
    std::string ruleset_ref = given_ruleset.empty() ? top.text("ruleset", {.required = true}) : given_ruleset;
    sink.throw_if_any();
    fs::path ruleset_dir = given_ruleset.empty()
                               ? (fs::path(scenario_file).parent_path() / ruleset_ref).lexically_normal()
                               : fs::path(given_ruleset).lexically_normal();
    if (!fs::exists(ruleset_dir / "ruleset.yaml")) {
        sink.error(top.where("ruleset"), "no ruleset.yaml in '" + ruleset_dir.string() + "'");
        sink.throw_if_any();
    }
    // House rules the scenario names, relative to it, then the caller's.
    std::vector<std::string> house_rules;
    sc->house_rules = top.text_list("house_rules");
    if (!options.scenario_house_rules) sc->house_rules.clear();
    const YAML::Node listed = root["house_rules"];
    for (std::size_t i = 0; i < sc->house_rules.size(); ++i) {
        const fs::path dir = (fs::path(scenario_file).parent_path() / sc->house_rules[i]).lexically_normal();
        if (!fs::exists(dir / "house.yaml")) {
            // Name the folders that are there, for a misspelt one.
            std::vector<std::string> near;
            std::error_code ec;
            if (fs::is_directory(dir.parent_path(), ec))
                for (const auto& e : fs::directory_iterator(dir.parent_path(), ec))
                    if (fs::exists(e.path() / "house.yaml")) near.push_back(e.path().filename().string());
            sink.error(location_of(listed[i], scenario_file),
                       "no house rule (house.yaml) in '" + dir.string() + "'" +
                           (closest_match(dir.filename().string(), near).empty()
                                ? ""
                                : " (did you mean '" + closest_match(dir.filename().string(), near) + "'?)"));
        }
        house_rules.push_back(dir.string());
    }
    for (const auto& h : extra_house_rules) house_rules.push_back(h);
    sink.throw_if_any();
    const std::shared_ptr<const Ruleset> rs =
        options.ruleset && !given_ruleset.empty()
            ? options.ruleset
            : std::make_shared<const Ruleset>(load_ruleset(ruleset_dir.string(), house_rules));
    sc->ruleset_dir = ruleset_dir.string();
    sc->ruleset_ref = ruleset_ref;
    ScenarioReader reader{*rs, *sc, scenario_file, sink};
    sc->id = top.text("id", {.required = true});
    sc->name = top.text("name", {.fallback = sc->id});
    sc->notes = top.text("notes", {});
    sc->turns = top.integer("turns", {.required = true, .fallback = 1, .min = 1, .max = 999});
    reader.sides(top);
    std::string first = top.text("first_side", {.required = true});
    sc->first_side = std::max(0, sc->side_index(first));
    if (!first.empty() && sc->side_index(first) < 0)
        sink.error(top.where("first_side"), "first_side '" + first + "' is not one of the sides");
    sc->sequence = top.text("sequence", {});
    if (!sc->sequence.empty() && !rs->sequence.variant(sc->sequence)) {
        std::vector<std::string> names;
        for (const auto& v : rs->sequence.variants) names.push_back(v.id);
        sink.error(top.where("sequence"),
                   names.empty() ? "sequence '" + sc->sequence +
                                       "': the ruleset has no sequence variants (sequence.variants) to choose from"
                                 : unknown("sequence variant", sc->sequence, names) +
                                       "; the ruleset's sequence.variants lists them");
    }
    if (rs->table.enabled) {
        top.accept("map");
        if (top.has("map"))
            sink.error(
                top.where("map"),
                "ruleset '" + rs->id +
                    "' plays on a tabletop: write 'table: { width, depth, areas, lines }' in cm, not a hex 'map'");
        read_table_map(top.child("table", {.required = true}), *rs, sc->table, scenario_file, sink);
    } else {
        if (top.has("table"))
            sink.error(top.where("table"),
                       "ruleset '" + rs->id + "' plays on hexes: write a 'map', not a free 'table'");
        reader.map(top);
    }
    if (sc->map.grid.size() > 0 || !sc->table.empty()) {
        reader.units(top);
        if (rs->table.enabled) reader.check_table_units();
        reader.objectives(top);
        if (rs->table.enabled) {
            for (const char* key : {"deployment", "exits"})
                if (top.has(key))
                    sink.error(top.where(key), std::string("'") + key +
                                                   "' lists hexes; a tabletop has none (not available on a table yet)");
        } else {
            reader.deployment(top);
            reader.exits(top);
        }
    } else {  // the map's problem is reported; every hex label would only repeat it
        top.accept("units");
        top.accept("deployment");
        top.accept("objectives");
        top.accept("exits");
    }
    sc->vp_per_enemy_strength = top.integer("vp_per_enemy_strength", {.fallback = 1, .min = 0, .max = 100});
    reader.support_fire(top);
    reader.rule_switches(top);
    top.finish();
    sink.throw_if_any();
    sc->map.step_costs = step_costs(sc->map, *rs);
    std::string hash = content_hash(*sc, *rs);
    return {std::move(rs), std::move(sc), std::move(hash), extra_house_rules};
}

}  // namespace

LoadedGame load_scenario(const std::string& scenario_file, const std::vector<std::string>& extra_house_rules,
                         const ScenarioLoadOptions& options) {
    try {
        DiagnosticSink sink;
        YamlFile yaml = parse_yaml_file(scenario_file, scenario_file, sink);
        sink.throw_if_any();
        return read_scenario(yaml.root, scenario_file, "", extra_house_rules, options);
    } catch (const std::bad_alloc&) {
        // Every size is bounded (docs/security.md), but a machine may have less memory than they allow.
        throw LoadError(
            {{{scenario_file, 1, 1}, "out of memory while loading this scenario, its ruleset or house rules"}});
    }
}

LoadedGame load_inline_scenario(const YAML::Node& root, const std::string& file, const std::string& ruleset_dir,
                                const std::vector<std::string>& extra_house_rules, const ScenarioLoadOptions& options) {
    return read_scenario(root, file, ruleset_dir, extra_house_rules, options);
}

}  // namespace sandtable::load
