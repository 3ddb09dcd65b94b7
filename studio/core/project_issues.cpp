#include "core/project_issues.h"

#include "bots/session.h"
#include "core/tabletop_view.h"
#include "core/scenario_document.h"
#include "load/table_map_writer.h"
#include "load/loader.h"
#include "script/lua_sandbox.h"

#include <algorithm>
#include <optional>
#include <map>
#include <set>

namespace sandtable::studio {

using rules::SourceLocation;
using Severity = ProjectIssue::Severity;

std::string ProjectIssue::to_string() const {
    return where.to_string() + ": " + (error() ? "error: " : "warning: ") + message;
}

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

IssueTarget file_target(const SourceLocation& where) {
    IssueTarget t;
    t.file = where.file;
    if (ends_with(where.file, ".lua")) {
        t.kind = IssueTarget::Kind::ScriptLine;
        t.line = where.line;
    }
    return t;
}

IssueTarget hex_target(geometry::Hex hex, const std::string& file) {
    IssueTarget t;
    t.kind = IssueTarget::Kind::Hex;
    t.hex = hex;
    t.file = file;
    return t;
}

IssueTarget unit_type_target(int type, const std::string& file) {
    IssueTarget t;
    t.kind = IssueTarget::Kind::UnitType;
    t.unit_type = type;
    t.file = file;
    return t;
}

IssueTarget cell_target(int table, int row, int column, const std::string& file) {
    IssueTarget t;
    t.kind = IssueTarget::Kind::TableCell;
    t.table = table;
    t.row = row;
    t.column = column;
    t.file = file;
    return t;
}

bool same_line(const SourceLocation& a, const SourceLocation& b) {
    return a.line > 0 && a.file == b.file && a.line == b.line;
}

std::optional<IssueTarget> locate_in_scenario(const SourceLocation& where, const rules::Scenario& sc) {
    if (!sc.table.empty()) return std::nullopt;  // a tabletop has no hexes to show: the file's line
    for (const auto& u : sc.units)
        if (same_line(u.where, where)) return hex_target(u.hex, where.file);
    for (const auto& o : sc.objectives)
        if (same_line(o.where, where)) return hex_target(o.hex, where.file);
    return std::nullopt;
}

std::optional<IssueTarget> locate_in_ruleset(const SourceLocation& where, const rules::Ruleset& rs) {
    for (std::size_t t = 0; t < rs.unit_types.size(); ++t)
        if (same_line(rs.unit_types[t].where, where)) return unit_type_target(static_cast<int>(t), where.file);
    for (std::size_t t = 0; t < rs.odds_tables.size(); ++t) {
        const auto& table = rs.odds_tables[t];
        if (table.where.file != where.file) continue;
        for (std::size_t r = 0; r < table.cell_where.size(); ++r)
            for (std::size_t c = 0; c < table.cell_where[r].size(); ++c)
                if (same_line(table.cell_where[r][c], where) && table.cell_where[r][c].column == where.column)
                    return cell_target(static_cast<int>(t), static_cast<int>(r), static_cast<int>(c), where.file);
        return cell_target(static_cast<int>(t), -1, -1, where.file);
    }
    return std::nullopt;
}

void add(std::vector<ProjectIssue>& out, Severity severity, SourceLocation where, std::string message,
         IssueTarget target) {
    out.push_back({severity, std::move(where), std::move(message), std::move(target)});
}

// The face a unit is set up on decides how it moves.
int movement_class(const rules::Ruleset& rs, const rules::UnitPlacement& u) {
    return rs.unit_types[static_cast<std::size_t>(u.type)].face(u.back).movement_class;
}

bool can_enter(const rules::TerrainType& terrain, int movement_class) {
    return movement_class < static_cast<int>(terrain.cost.size()) &&
           terrain.cost[static_cast<std::size_t>(movement_class)].has_value();
}

// A unit set up at the start outside its side's zone (an empty zone: anywhere).
bool outside_zone(const rules::Scenario& sc, const rules::UnitPlacement& u) {
    if (u.arrives > 1 || u.side < 0 || u.side >= static_cast<int>(sc.deployment_zones.size())) return false;
    const auto& zone = sc.deployment_zones[static_cast<std::size_t>(u.side)];
    return !zone.empty() && std::find(zone.begin(), zone.end(), u.hex) == zone.end();
}

// On a tabletop: each unit's front centre on the table, its stands too, and its arrival.
void lint_table_units(const rules::Ruleset& rs, const rules::Scenario& sc, std::vector<ProjectIssue>& out) {
    std::map<std::string, int> seen_ids;
    const auto& map = sc.table.map;
    for (std::size_t i = 0; i < sc.units.size(); ++i) {
        const auto& u = sc.units[i];
        const std::string at = load::format_point(u.table.front_centre);
        if (!geometry::tabletop::on_table(map, u.table.front_centre)) {
            add(out, Severity::Error, u.where, u.name + " is placed off the table at " + at, file_target(u.where));
        } else {
            const auto shape = tabletop::placement_shape(rs, u, static_cast<int>(i));
            const bool spills = std::any_of(shape.stands.begin(), shape.stands.end(), [&](const auto& stand) {
                const auto corners = stand.corners();
                return std::any_of(corners.begin(), corners.end(),
                                   [&](auto p) { return !geometry::tabletop::on_table(map, p); });
            });
            if (spills)
                add(out, Severity::Warning, u.where,
                    u.name + "'s stands reach over the table's edge (front centre " + at + ")", file_target(u.where));
        }
        if (u.arrives > sc.turns)
            add(out, Severity::Error, u.where,
                u.name + " arrives on turn " + std::to_string(u.arrives) + ", after the game's last turn (" +
                    std::to_string(sc.turns) + ")",
                file_target(u.where));
        if (++seen_ids[u.id] == 2)
            add(out, Severity::Error, u.where, "two units have the id '" + u.id + "' (one at " + at + ")",
                file_target(u.where));
    }
}

void lint_units(const rules::Ruleset& rs, const rules::Scenario& sc, std::vector<ProjectIssue>& out) {
    std::map<std::string, int> seen_ids;
    if (rs.table.enabled) lint_table_units(rs, sc, out);
    for (const auto& u : sc.units) {
        if (rs.table.enabled) break;
        const int i = sc.map.grid.index(u.hex);
        const std::string label = sc.map.grid.label(u.hex);
        if (i < 0) {
            add(out, Severity::Error, u.where, u.name + " is placed off the map", file_target(u.where));
            continue;
        }
        const auto& terrain = rs.terrain[static_cast<std::size_t>(sc.map.terrain[static_cast<std::size_t>(i)])];
        const int mc = movement_class(rs, u);
        if (!can_enter(terrain, mc))
            add(out, Severity::Error, u.where,
                u.name + " stands in " + terrain.name + " at " + label + ", which " +
                    rs.movement_classes[static_cast<std::size_t>(mc)] + " units cannot enter",
                hex_target(u.hex, sc.file));
        if (u.arrives > sc.turns)
            add(out, Severity::Error, u.where,
                u.name + " arrives on turn " + std::to_string(u.arrives) + ", after the game's last turn (" +
                    std::to_string(sc.turns) + ")",
                hex_target(u.hex, sc.file));
        if (outside_zone(sc, u))
            add(out, Severity::Warning, u.where,
                u.name + " sets up at " + label + ", outside the deployment zone of " +
                    sc.sides[static_cast<std::size_t>(u.side)].name,
                hex_target(u.hex, sc.file));
        if (++seen_ids[u.id] == 2)
            add(out, Severity::Error, u.where, "two units have the id '" + u.id + "' (one at " + label + ")",
                hex_target(u.hex, sc.file));
    }
    for (std::size_t s = 0; s < sc.sides.size(); ++s) {
        const bool has_units =
            std::any_of(sc.units.begin(), sc.units.end(), [&](const auto& u) { return u.side == static_cast<int>(s); });
        if (!has_units)
            add(out, Severity::Warning, sc.sides[s].where, "side '" + sc.sides[s].name + "' has no units",
                file_target(sc.sides[s].where));
    }
}

void lint_objectives(const rules::Ruleset& rs, const rules::Scenario& sc, std::vector<ProjectIssue>& out) {
    if (rs.table.enabled) return;  // a tabletop's objectives are points on it, checked by the loader
    for (const auto& o : sc.objectives) {
        const int i = sc.map.grid.index(o.hex);
        if (i < 0) continue;
        const auto& terrain = rs.terrain[static_cast<std::size_t>(sc.map.terrain[static_cast<std::size_t>(i)])];
        bool reachable = false;
        for (std::size_t mc = 0; mc < rs.movement_classes.size(); ++mc)
            reachable = reachable || can_enter(terrain, static_cast<int>(mc));
        if (!reachable)
            add(out, Severity::Warning, o.where,
                "the objective at " + sc.map.grid.label(o.hex) + " is in " + terrain.name + ", which no unit can enter",
                hex_target(o.hex, sc.file));
    }
}

void lint_tables(const rules::Ruleset& rs, std::vector<ProjectIssue>& out) {
    for (std::size_t t = 0; t < rs.odds_tables.size(); ++t) {
        const auto& table = rs.odds_tables[t];
        for (std::size_t r = 0; r < table.rows.size(); ++r)
            for (std::size_t c = 0; c < table.rows[r].size(); ++c) {
                const std::string& code = table.rows[r][c];
                if (!table.columns[c].automatic.empty() || code.empty() || rs.combat_result(code)) continue;
                const SourceLocation where = r < table.cell_where.size() && c < table.cell_where[r].size()
                                                 ? table.cell_where[r][c]
                                                 : table.where;
                add(out, Severity::Error, where,
                    table.name + ", " + table.columns[c].label + " column, roll " +
                        std::to_string(table.die_first + static_cast<int>(r)) + ": '" + code +
                        "' is not a result code of the ruleset",
                    cell_target(static_cast<int>(t), static_cast<int>(r), static_cast<int>(c), table.where.file));
            }
    }
}

// Whether a value fits what the ruleset declares for the attribute; the
// reason when it does not.
std::optional<std::string> out_of_range(const rules::AttributeSpec& spec, int value) {
    switch (spec.kind) {
        case rules::AttributeKind::Bool:
            if (value == 0 || value == 1) return std::nullopt;
            return "must be yes or no";
        case rules::AttributeKind::Enum:
            if (value >= 0 && value < static_cast<int>(spec.values.size())) return std::nullopt;
            return "is not one of its values";
        case rules::AttributeKind::Int:
            if (value >= spec.min && value <= spec.max) return std::nullopt;
            return "is " + std::to_string(value) + ", outside " + std::to_string(spec.min) + ".." +
                   std::to_string(spec.max);
    }
    return std::nullopt;
}

void lint_unit_types(const rules::Ruleset& rs, std::vector<ProjectIssue>& out) {
    for (std::size_t t = 0; t < rs.unit_types.size(); ++t) {
        const auto& type = rs.unit_types[t];
        auto check_face = [&](const rules::UnitFace& face, const char* which) {
            for (std::size_t a = 0; a < rs.attributes.size() && a < face.values.size(); ++a)
                if (auto why = out_of_range(rs.attributes[a], face.values[a]))
                    add(out, Severity::Error, type.where,
                        type.name + " (" + which + "): " + rs.attributes[a].id + " " + *why,
                        unit_type_target(static_cast<int>(t), type.where.file));
        };
        check_face(type.front, "front");
        if (type.back) check_face(*type.back, "back");
    }
}

void lint_map_edge(const rules::Ruleset& rs, const rules::Scenario& sc, std::vector<ProjectIssue>& out) {
    const auto& map = sc.map;
    for (int i = 0; i < static_cast<int>(map.grid.size()); ++i)
        for (int d = 0; d < 6; ++d) {
            const int f = map.sides[static_cast<std::size_t>(i)][static_cast<std::size_t>(d)];
            if (f < 0 || map.grid.neighbour_index(i, d) >= 0) continue;
            const geometry::Hex h = map.grid.hex_at(i);
            add(out, Severity::Warning, sc.where,
                rs.hexside_features[static_cast<std::size_t>(f)].name + " on the map's edge at " + map.grid.label(h) +
                    " has no effect",
                hex_target(h, sc.file));
        }
}

void sort_issues(std::vector<ProjectIssue>& issues) {
    std::stable_sort(issues.begin(), issues.end(), [](const ProjectIssue& a, const ProjectIssue& b) {
        if (a.error() != b.error()) return a.error();
        if (a.where.file != b.where.file) return a.where.file < b.where.file;
        return a.where.line < b.where.line;
    });
}

// Each module compiled on its own, so every file with a syntax error is named.
// Each module as the studio shows it: typed and not saved yet, or as on disk.
void compile_modules(const rules::Ruleset& rs, const ScriptBuffers& scripts, std::vector<ProjectIssue>& out) {
    for (const auto& m : rs.modules) {
        const std::string* typed = scripts.unsaved_text(m.file);
        try {
            script::LuaSandbox sandbox;
            sandbox.compile(typed ? *typed : load::read_file(m.file), m.file);
        } catch (const script::ScriptError& e) {
            const SourceLocation where{e.script(), e.line(), 0};
            add(out, Severity::Error, where, e.message() + (typed ? " (as typed, not saved)" : ""), file_target(where));
        } catch (const load::LoadError& e) {
            for (auto& issue : issues_from(e)) out.push_back(std::move(issue));
        }
    }
}

// A game started with every module loaded: errors in the modules' top-level
// code and setup handlers show here.
void start_game(load::LoadedGame loaded, const std::string& scenario_file, std::vector<ProjectIssue>& out) {
    try {
        bots::Session session(std::move(loaded), scenario_file, 1, {}, false);
    } catch (const script::ScriptError& e) {
        const SourceLocation where{e.script(), e.line(), 0};
        add(out, Severity::Error, where, e.message(), file_target(where));
    } catch (const std::exception& e) {
        add(out, Severity::Error, {scenario_file, 0, 0}, std::string("the game does not start: ") + e.what(),
            file_target({scenario_file, 0, 0}));
    }
}

}  // namespace

IssueTarget locate(const SourceLocation& where, const rules::Ruleset* ruleset, const rules::Scenario* scenario) {
    if (scenario && where.file == scenario->file)
        if (auto t = locate_in_scenario(where, *scenario)) return *t;
    if (ruleset)
        if (auto t = locate_in_ruleset(where, *ruleset)) return *t;
    return file_target(where);
}

std::vector<ProjectIssue> issues_from(const load::LoadError& error, const rules::Ruleset* ruleset,
                                      const rules::Scenario* scenario) {
    std::vector<ProjectIssue> out;
    for (const auto& d : error.diagnostics())
        add(out, Severity::Error, d.where, d.message, locate(d.where, ruleset, scenario));
    return out;
}

std::vector<ProjectIssue> lint(const rules::Ruleset& ruleset, const rules::Scenario& scenario) {
    std::vector<ProjectIssue> out;
    lint_units(ruleset, scenario, out);
    lint_objectives(ruleset, scenario, out);
    lint_tables(ruleset, out);
    lint_unit_types(ruleset, out);
    lint_map_edge(ruleset, scenario, out);
    sort_issues(out);
    return out;
}

std::vector<ProjectIssue> check_project(const ScenarioDocument& doc) {
    std::vector<ProjectIssue> out;
    std::optional<load::LoadedGame> saved;  // the files as saved, read once
    try {
        saved = load::load_scenario(doc.file());
    } catch (const load::LoadError& e) {
        out = issues_from(e, &doc.ruleset(), &doc.scenario());
    }
    compile_modules(doc.ruleset(), doc.scripts(), out);
    if (out.empty() && saved) start_game(std::move(*saved), doc.file(), out);
    for (auto& issue : lint(doc.ruleset(), doc.scenario())) {
        // The loader already reports a problem of the saved file once.
        const bool duplicate = std::any_of(out.begin(), out.end(), [&](const ProjectIssue& o) {
            return o.where.file == issue.where.file && o.where.line == issue.where.line && o.message == issue.message;
        });
        if (!duplicate) out.push_back(std::move(issue));
    }
    sort_issues(out);
    return out;
}

}  // namespace sandtable::studio
