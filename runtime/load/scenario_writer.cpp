#include "load/yaml_text.h"
#include "load/ruleset_writer.h"
#include "load/scenario_writer.h"
#include "load/table_map_writer.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace sandtable::load {

using namespace sandtable::rules;
using geometry::Hex;

namespace {

// Terrain characters: the file's own legend first, then free characters
// for terrain painted since.
std::map<int, char> legend_for(const Scenario& sc, const Ruleset& rs) {
    std::map<int, char> out;
    std::set<char> used;
    for (const auto& [c, t] : sc.map.legend)
        if (!out.count(t)) out[t] = c, used.insert(c);
    const std::string spare = ".abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (int t : sc.map.terrain) {
        if (out.count(t)) continue;
        char c =
            rs.terrain[static_cast<std::size_t>(t)].id.empty() ? '?' : rs.terrain[static_cast<std::size_t>(t)].id[0];
        if (used.count(c))
            for (char candidate : spare)
                if (!used.count(candidate)) {
                    c = candidate;
                    break;
                }
        out[t] = c;
        used.insert(c);
    }
    return out;
}

void write_sides(std::ostringstream& out, const Scenario& sc) {
    out << "sides:\n";
    for (const auto& s : sc.sides) {
        out << "  - { id: " << yaml_quoted(s.id) << ", name: " << yaml_quoted(s.name)
            << ", color: " << yaml_quoted(s.color);
        if (s.demoralization) out << ", demoralization: " << s.demoralization;
        if (s.disintegration) out << ", disintegration: " << s.disintegration;
        if (s.stacking) out << ", stacking: " << s.stacking;
        out << ", rally: [";
        for (std::size_t i = 0; i < s.rally_rolls.size(); ++i) out << (i ? ", " : "") << s.rally_rolls[i];
        out << "]";
        if (!s.friendly_edges.empty()) {
            static const char* kNames[] = {"north", "south", "east", "west"};
            out << ", friendly_edges: [";
            for (std::size_t i = 0; i < s.friendly_edges.size(); ++i)
                out << (i ? ", " : "") << kNames[static_cast<int>(s.friendly_edges[i])];
            out << "]";
        }
        out << " }\n";
    }
}

void write_rows(std::ostringstream& out, const MapData& map, const std::function<char(int)>& cell) {
    for (int row = 0; row < map.grid.rows(); ++row) {
        out << "    ";
        for (int col = 0; col < map.grid.columns(); ++col)
            out << cell(map.grid.index(map.grid.from_offset({col, row})));
        out << "\n";
    }
}

// Hexside features as "AAAA/BBBB", each side once, grouped by feature.
void write_hexsides(std::ostringstream& out, const MapData& map, const Ruleset& rs) {
    std::map<int, std::vector<std::string>> by_feature;
    for (int i = 0; i < static_cast<int>(map.grid.size()); ++i)
        for (int d = 0; d < 6; ++d) {
            const int f = map.sides[static_cast<std::size_t>(i)][static_cast<std::size_t>(d)];
            const Hex h = map.grid.hex_at(i), n = geometry::neighbour(h, d);
            const int j = map.grid.index(n);
            if (f < 0 || (j >= 0 && j < i)) continue;
            by_feature[f].push_back(map.grid.label(h) + "/" + (j >= 0 ? map.grid.label(n) : std::string("?")));
        }
    if (by_feature.empty()) return;
    out << "  hexsides:\n";
    for (const auto& [f, sides] : by_feature) {
        out << "    - feature: " << rs.hexside_features[static_cast<std::size_t>(f)].id << "\n      sides: [";
        for (std::size_t k = 0; k < sides.size(); ++k) out << (k ? ", " : "") << yaml_quoted(sides[k]);
        out << "]\n";
    }
}

// Paths as chains of adjacent hexes: walked from each unvisited segment.
void write_paths(std::ostringstream& out, const MapData& map, const Ruleset& rs) {
    std::set<std::pair<int, int>> done;  // (hex index, direction) already written
    std::vector<std::pair<int, std::vector<Hex>>> chains;
    auto taken = [&](int i, int d) {
        const int j = map.grid.neighbour_index(i, d);
        done.insert({i, d});
        if (j >= 0) done.insert({j, (d + 3) % 6});
        return j;
    };
    for (int i = 0; i < static_cast<int>(map.grid.size()); ++i)
        for (int d = 0; d < 6; ++d) {
            const int f = map.paths[static_cast<std::size_t>(i)][static_cast<std::size_t>(d)];
            if (f < 0 || done.count({i, d}) || map.grid.neighbour_index(i, d) < 0) continue;
            std::vector<Hex> chain{map.grid.hex_at(i)};
            int at = taken(i, d);
            chain.push_back(map.grid.hex_at(at));
            for (bool extended = true; extended;) {  // go on while the path continues unambiguously
                extended = false;
                for (int e = 0; e < 6; ++e)
                    if (map.paths[static_cast<std::size_t>(at)][static_cast<std::size_t>(e)] == f &&
                        !done.count({at, e}) && map.grid.neighbour_index(at, e) >= 0) {
                        at = taken(at, e);
                        chain.push_back(map.grid.hex_at(at));
                        extended = true;
                        break;
                    }
            }
            chains.push_back({f, std::move(chain)});
        }
    if (chains.empty()) return;
    out << "  paths:\n";
    for (const auto& [f, chain] : chains) {
        out << "    - feature: " << rs.path_features[static_cast<std::size_t>(f)].id << "\n      hexes: [";
        for (std::size_t k = 0; k < chain.size(); ++k) out << (k ? ", " : "") << yaml_quoted(map.grid.label(chain[k]));
        out << "]\n";
    }
}

void write_map(std::ostringstream& out, const Scenario& sc, const Ruleset& rs) {
    const MapData& map = sc.map;
    const auto legend = legend_for(sc, rs);
    out << "map:\n  columns: " << map.grid.columns() << "\n  rows: " << map.grid.rows() << "\n  legend:\n";
    for (const auto& [t, c] : legend)
        out << "    " << yaml_quoted(std::string(1, c)) << ": " << rs.terrain[static_cast<std::size_t>(t)].id << "\n";
    out << "  terrain: |\n";
    write_rows(out, map, [&](int i) { return legend.at(map.terrain[static_cast<std::size_t>(i)]); });
    bool elevated = false;
    for (int e : map.elevation) elevated = elevated || e != 0;
    if (elevated) {
        out << "  elevation: |\n";
        write_rows(out, map,
                   [&](int i) { return static_cast<char>('0' + map.elevation[static_cast<std::size_t>(i)]); });
    }
    write_hexsides(out, map, rs);
    write_paths(out, map, rs);
    bool named = false;
    for (const auto& n : map.hex_names) named = named || !n.empty();
    if (named) {
        out << "  names:\n";
        for (int i = 0; i < static_cast<int>(map.grid.size()); ++i)
            if (!map.hex_names[static_cast<std::size_t>(i)].empty())
                out << "    " << yaml_quoted(map.grid.label(map.grid.hex_at(i))) << ": "
                    << yaml_quoted(map.hex_names[static_cast<std::size_t>(i)]) << "\n";
    }
}

// Each side's zone as a flow list of labels, a dozen to a line. Written
// only when some zone has hexes, so files without zones keep their bytes.
// A hex listed twice or off the map would not load back: it is left out.
void write_deployment(std::ostringstream& out, const Scenario& sc) {
    const bool any =
        std::any_of(sc.deployment_zones.begin(), sc.deployment_zones.end(), [](const auto& z) { return !z.empty(); });
    if (!any) return;
    constexpr std::size_t per_line = 12;
    out << "\ndeployment:\n";
    for (std::size_t s = 0; s < sc.deployment_zones.size() && s < sc.sides.size(); ++s) {
        std::vector<Hex> zone;
        for (Hex h : sc.deployment_zones[s])
            if (sc.map.grid.contains(h) && std::find(zone.begin(), zone.end(), h) == zone.end()) zone.push_back(h);
        if (zone.empty()) continue;
        out << "  " << yaml_quoted(sc.sides[s].id) << ": [";
        for (std::size_t k = 0; k < zone.size(); ++k) {
            if (k) out << (k % per_line == 0 ? ",\n    " : ", ");
            out << yaml_quoted(sc.map.grid.label(zone[k]));
        }
        out << "]\n";
    }
}

// The scenario's rule switches, one flow mapping per module in the order
// written. Nothing when there are none, so files without them keep their bytes.
void write_rule_switches(std::ostringstream& out, const Scenario& sc) {
    if (sc.rule_switches.empty()) return;
    out << "\nrules:\n";
    for (const auto& s : sc.rule_switches) {
        const bool plain = !s.module.empty() && std::all_of(s.module.begin(), s.module.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        });
        out << "  " << (plain ? s.module : yaml_quoted(s.module)) << ": {";
        const char* sep = " ";
        if (s.enabled) {
            out << sep << "enabled: " << (*s.enabled ? "true" : "false");
            sep = ", ";
        }
        if (!s.params.is_null()) out << sep << "params: " << param_to_yaml(s.params);
        out << (s.enabled || !s.params.is_null() ? " }" : "}") << "\n";
    }
}

// Support fire markers: each side's pool and its allotments by turn.
void write_support_fire(std::ostringstream& out, const Scenario& sc) {
    const SupportFire& sf = sc.support_fire;
    if (sf.empty()) return;
    auto lists = [&](const char* key, const std::vector<std::vector<int>>& by_side) {
        out << "  " << key << ":\n";
        for (std::size_t s = 0; s < sc.sides.size() && s < by_side.size(); ++s) {
            if (by_side[s].empty()) continue;
            out << "    " << yaml_quoted(sc.sides[s].id) << ": [";
            for (std::size_t i = 0; i < by_side[s].size(); ++i) out << (i ? ", " : "") << by_side[s][i];
            out << "]\n";
        }
    };
    out << "\nsupport_fire:\n";
    lists("pools", sf.pools);
    lists("allotments", sf.allotments);
}

// The weights the scenario sets over its ruleset's for the bots.
void write_evaluation(std::ostringstream& out, const Scenario& sc) {
    if (sc.evaluation.empty()) return;
    out << "\nevaluation:\n";
    for (std::size_t i = 0; i < rules::kEvaluationMeasures; ++i)
        if (const auto& w = sc.evaluation.weight[i])
            out << "  " << rules::evaluation_key(static_cast<rules::EvaluationMeasure>(i)) << ": " << *w << "\n";
}

void write_units(std::ostringstream& out, const Scenario& sc, const Ruleset& rs) {
    out << (sc.units.empty() ? "\nunits: []\n" : "\nunits:\n");
    for (const auto& u : sc.units) {
        out << "  - { id: " << yaml_quoted(u.id) << ", name: " << yaml_quoted(u.name)
            << ", type: " << rs.unit_types[static_cast<std::size_t>(u.type)].id
            << ", side: " << yaml_quoted(sc.sides[static_cast<std::size_t>(u.side)].id);
        if (rs.table.enabled)
            out << ", at: " << format_point(u.table.front_centre) << ", facing: " << u.table.facing
                << ", files: " << u.table.files << ", figures: " << u.table.figures
                << (u.table.phantom  ? ", phantom: true"
                    : u.table.hidden ? ", hidden: true"
                                     : "");
        else
            out << ", at: " << yaml_quoted(sc.map.grid.label(u.hex));
        if (u.back) out << ", face: back";
        if (u.arrives > 1) out << ", arrives: " << u.arrives;
        if (u.facing >= 0 && !rs.table.enabled) out << ", facing: " << u.facing;
        if (!u.formation.empty()) out << ", formation: " << yaml_quoted(u.formation);
        if (u.hits > 0) out << ", hits: " << u.hits;
        out << " }\n";
    }
}

void write_objectives(std::ostringstream& out, const Scenario& sc, const Ruleset& rs) {
    if (sc.objectives.empty()) return;
    out << "\nobjectives:\n";
    for (const auto& o : sc.objectives) {
        if (rs.table.enabled) {
            out << "  - { at: " << format_point(o.table_at) << ", radius: " << format_cm(o.radius);
            if (!o.name.empty()) out << ", name: " << yaml_quoted(o.name);
            out << ", points: " << o.points;
        } else {
            out << "  - { hex: " << yaml_quoted(sc.map.grid.label(o.hex)) << ", points: " << o.points;
        }
        if (o.holder >= 0) out << ", holder: " << yaml_quoted(sc.sides[static_cast<std::size_t>(o.holder)].id);
        out << " }\n";
    }
}

void write_exits(std::ostringstream& out, const Scenario& sc) {
    if (sc.exits.empty()) return;
    out << "\nexits:\n";
    for (const auto& e : sc.exits) {
        out << "  - { side: " << yaml_quoted(sc.sides[static_cast<std::size_t>(e.side)].id) << ", hexes: [";
        for (std::size_t i = 0; i < e.hexes.size(); ++i)
            out << (i ? ", " : "") << yaml_quoted(sc.map.grid.label(e.hexes[i]));
        out << "]";
        if (e.points >= 0) out << ", points: " << e.points;
        out << " }\n";
    }
}

}  // namespace

std::string scenario_to_yaml(const Scenario& sc, const Ruleset& rs) {
    std::ostringstream out;
    out << "# yaml-language-server: $schema=../../schemas/scenario.schema.json\n";
    out << "id: " << yaml_quoted(sc.id) << "\nname: " << yaml_quoted(sc.name)
        << "\nruleset: " << yaml_quoted(sc.ruleset_ref) << "\n";
    if (!sc.house_rules.empty()) {
        out << "house_rules:\n";
        for (const auto& h : sc.house_rules) out << "  - " << yaml_quoted(h) << "\n";
    }
    if (!sc.notes.empty()) out << "notes: " << yaml_quoted(sc.notes) << "\n";
    out << "turns: " << sc.turns
        << "\nfirst_side: " << yaml_quoted(sc.sides[static_cast<std::size_t>(sc.first_side)].id) << "\n";
    if (!sc.sequence.empty()) out << "sequence: " << yaml_quoted(sc.sequence) << "\n";
    out << "vp_per_enemy_strength: " << sc.vp_per_enemy_strength << "\n\n";
    write_sides(out, sc);
    out << "\n";
    if (rs.table.enabled)
        write_table_map(out, sc.table, rs);
    else
        write_map(out, sc, rs);
    write_units(out, sc, rs);
    write_deployment(out, sc);
    write_objectives(out, sc, rs);
    write_exits(out, sc);
    write_support_fire(out, sc);
    write_rule_switches(out, sc);
    write_evaluation(out, sc);
    return out.str();
}

}  // namespace sandtable::load
