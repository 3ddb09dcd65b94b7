#include "load/table_loader.h"
#include "load/tabletop_charts.h"
#include "load/yaml_reader.h"
#include "rules/procedures.h"

#include <algorithm>
#include <fstream>

namespace sandtable::load {

using namespace sandtable::rules;

namespace {

bool parse_odds(const std::string& text, int& attack, int& defend) {
    auto dash = text.find_first_of("-:");
    if (dash == std::string::npos) return false;
    try {
        std::size_t used = 0;
        attack = std::stoi(text.substr(0, dash), &used);
        if (used != dash) return false;
        defend = std::stoi(text.substr(dash + 1), &used);
        return used == text.size() - dash - 1 && attack > 0 && defend > 0;
    } catch (...) {
        return false;
    }
}

void read_odds_columns(MapReader& r, OddsCrt& t) {
    YAML::Node cols = r.child("columns", {.required = true});
    if (!cols.IsSequence()) {
        if (cols.IsDefined()) r.sink().error(location_of(cols, r.file()), "'columns' must be a list of { odds: a-b }");
        return;
    }
    for (const auto& node : cols) {
        MapReader c(node, r.file(), r.sink(), "a column ({ odds: 2-1 } or { odds: 6-1, automatic: DL })");
        if (!c.valid()) continue;
        OddsColumn col;
        col.label = c.text("odds", {.required = true});
        if (!parse_odds(col.label, col.attack, col.defend))
            r.sink().error(c.where("odds"),
                           "odds must be written attack-defend like 3-1 or 1-2, got '" + col.label + "'");
        col.automatic = c.text("automatic", {});
        col.where = col.automatic.empty() ? c.where("odds") : c.where("automatic");
        if (!t.columns.empty()) {
            const auto& prev = t.columns.back();
            if (static_cast<long long>(col.attack) * prev.defend <= static_cast<long long>(prev.attack) * col.defend)
                r.sink().error(c.where("odds"), "columns must be in ascending odds; " + col.label +
                                                    " does not come after " + prev.label);
        }
        t.columns.push_back(col);
    }
    if (t.columns.empty()) r.sink().error(location_of(cols, r.file()), "an odds table needs at least one column");
}

// `rows`: each die roll to the results of the printed columns, in order.
// Fills rows[roll][column] and where each cell is written; `printed` are the
// columns the rows list (an odds table's automatic columns have no cells).
struct ResultGrid {
    int die_faces;
    int die_first;
    std::size_t columns;
    std::vector<int> printed;
    std::string per_row;  // "one per printed column"
};

void read_result_rows(MapReader& r, const ResultGrid& grid, const SourceLocation& table,
                      std::vector<std::vector<std::string>>& rows,
                      std::vector<std::vector<SourceLocation>>& cell_where) {
    YAML::Node node = r.child("rows", {.required = true});
    if (!node.IsMap()) {
        if (node.IsDefined())
            r.sink().error(location_of(node, r.file()), "'rows' must map each die roll to a list of results");
        return;
    }
    rows.assign(static_cast<std::size_t>(grid.die_faces), std::vector<std::string>(grid.columns));
    cell_where.assign(static_cast<std::size_t>(grid.die_faces), std::vector<SourceLocation>(grid.columns, table));
    std::vector<bool> seen(static_cast<std::size_t>(grid.die_faces), false);
    for (const auto& kv : node) {
        auto roll = read_int(kv.first, r.file(), r.sink(), "a die roll");
        if (!roll) continue;
        if (*roll < grid.die_first || *roll >= grid.die_first + grid.die_faces) {
            r.sink().error(location_of(kv.first, r.file()),
                           "die roll " + std::to_string(*roll) + " is not on a d" + std::to_string(grid.die_faces));
            continue;
        }
        if (!kv.second.IsSequence() || kv.second.size() != grid.printed.size()) {
            r.sink().error(location_of(kv.second, r.file()), "row " + std::to_string(*roll) + " must list " +
                                                                 std::to_string(grid.printed.size()) + " results, " +
                                                                 grid.per_row);
            continue;
        }
        const auto row = static_cast<std::size_t>(*roll - grid.die_first);
        for (std::size_t i = 0; i < grid.printed.size(); ++i) {
            const auto column = static_cast<std::size_t>(grid.printed[i]);
            if (auto v = read_text(kv.second[i], r.file(), r.sink(), "a result")) rows[row][column] = *v;
            cell_where[row][column] = location_of(kv.second[i], r.file());
        }
        seen[row] = true;
    }
    for (int f = 0; f < grid.die_faces; ++f)
        if (!seen[static_cast<std::size_t>(f)])
            r.sink().error(r.where("rows"), "no row for a roll of " + std::to_string(grid.die_first + f));
}

void read_odds_rows(MapReader& r, OddsCrt& t) {
    ResultGrid grid{t.die_faces, t.die_first, t.columns.size(), {}, "one per printed column"};
    for (int c = 0; c < static_cast<int>(t.columns.size()); ++c)
        if (t.columns[static_cast<std::size_t>(c)].automatic.empty()) grid.printed.push_back(c);
    read_result_rows(r, grid, t.where, t.rows, t.cell_where);
}

// What every kind of table has: id, where, name, notes, the die.
template <class Table>
void read_table_header(MapReader& r, const std::string& id, Table& t) {
    t.id = id;
    t.where = r.where();
    t.name = r.text("name", {.fallback = id});
    t.notes = r.text("notes", {});
    t.die_faces = r.integer("die", {.fallback = 6, .min = 2, .max = 100});
}

void read_odds_crt(MapReader& r, Ruleset& rs, const std::string& id) {
    OddsCrt t;
    read_table_header(r, id, t);
    read_odds_columns(r, t);
    read_odds_rows(r, t);
    rs.odds_tables.push_back(std::move(t));
}

// `differentials`: the lowest differential of each column of the longest
// line, ascending; `lines`: each names its terrain and hexsides and the
// differential it starts at; `rows`: one result per column of the scale.
void read_differential_scale(MapReader& r, DifferentialCrt& t) {
    YAML::Node scale = r.child("differentials", {.required = true});
    if (!scale.IsSequence() || scale.size() < 2) {
        if (scale.IsDefined())
            r.sink().error(location_of(scale, r.file()),
                           "'differentials' must list the lowest differential of each column, at least two, like [-5, "
                           "-4, 0, 2, 4]");
        return;
    }
    for (const auto& node : scale) {
        auto d = read_int(node, r.file(), r.sink(), "a differential");
        if (!d) continue;
        if (!t.scale.empty() && *d <= t.scale.back())
            r.sink().error(location_of(node, r.file()), "differentials must rise from column to column; " +
                                                            std::to_string(*d) + " does not come after " +
                                                            std::to_string(t.scale.back()));
        t.scale.push_back(*d);
    }
}

void read_differential_lines(MapReader& r, DifferentialCrt& t) {
    YAML::Node lines = r.child("lines", {.required = true});
    if (!lines.IsSequence() || lines.size() == 0) {
        if (lines.IsDefined())
            r.sink().error(location_of(lines, r.file()),
                           "'lines' must list the terrain lines, like { id: clear, terrain: [clear], from: -5 }");
        return;
    }
    for (const auto& node : lines) {
        MapReader l(node, r.file(), r.sink(),
                    "a terrain line ({ id: woods, terrain: [woods], hexsides: [river], from: -3 })");
        if (!l.valid()) continue;
        DifferentialLine line;
        line.id = l.text("id", {.required = true});
        line.name = l.text("name", {.fallback = line.id});
        line.terrain = l.text_list("terrain");
        line.hexsides = l.text_list("hexsides");
        line.bridged_hexsides = l.text_list("bridged_hexsides");
        line.where = l.where();
        const int from = l.integer("from", {.required = true});
        const auto at = std::find(t.scale.begin(), t.scale.end(), from);
        if (at == t.scale.end())
            r.sink().error(l.where("from"), "line '" + line.id + "' starts at " + std::to_string(from) +
                                                ", which is not one of the table's differentials");
        else
            line.first = static_cast<int>(at - t.scale.begin());
        if (t.line(line.id)) r.sink().error(l.where("id"), "line '" + line.id + "' is defined twice");
        t.lines.push_back(std::move(line));
    }
}

void read_differential_rows(MapReader& r, DifferentialCrt& t) {
    ResultGrid grid{t.die_faces, t.die_first, t.scale.size(), {}, "one per differential column"};
    for (int c = 0; c < static_cast<int>(t.scale.size()); ++c) grid.printed.push_back(c);
    read_result_rows(r, grid, t.where, t.rows, t.cell_where);
}

void read_differential_crt(MapReader& r, Ruleset& rs, const std::string& id) {
    DifferentialCrt t;
    read_table_header(r, id, t);
    read_differential_scale(r, t);
    read_differential_lines(r, t);
    read_differential_rows(r, t);
    rs.differential_tables.push_back(std::move(t));
}

void read_threshold(MapReader& r, Ruleset& rs, const std::string& id) {
    ThresholdTable t;
    read_table_header(r, id, t);
    std::string compare = r.text("hit_on", {.required = true});
    if (compare == "at_most")
        t.compare = ThresholdTable::Compare::AtMost;
    else if (compare == "at_least")
        t.compare = ThresholdTable::Compare::AtLeast;
    else
        r.sink().error(r.where("hit_on"), "'hit_on' must be at_most or at_least, got '" + compare + "'");
    t.target_attribute = r.text("target_attribute", {});
    t.target = r.integer("target", {.required = t.target_attribute.empty(), .fallback = 0, .min = -100, .max = 100});
    t.success = r.text("success", {});  // a name for the log only
    rs.threshold_tables.push_back(std::move(t));
}

// One line of a dice pool chart: { role: attack, firer: [M], target: [H, D], hit_on: 6, double: 5 }.
DicePoolRule read_dice_pool_rule(MapReader& l, int faces) {
    DicePoolRule rule;
    rule.where = l.where();
    rule.role = l.text("role", {});
    if (!rule.role.empty() && rule.role != "attack" && rule.role != "defend")
        l.sink().error(l.where("role"), "'role' is attack or defend (or left out for either), not '" + rule.role + "'");
    rule.firer = l.text_list("firer");
    rule.target = l.text_list("target");
    rule.hit_on = l.integer("hit_on", {.required = true, .fallback = 6, .min = 1, .max = faces});
    rule.double_on = l.integer("double", {.fallback = 0, .min = 0, .max = faces});
    if (rule.double_on >= rule.hit_on)
        l.sink().error(l.where("double"), "a double of " + std::to_string(rule.double_on) +
                                              " scores nothing more: every " + std::to_string(rule.hit_on) +
                                              " or more is a hit already");
    return rule;
}

void read_dice_pool(MapReader& r, Ruleset& rs, const std::string& id) {
    DicePoolTable t;
    read_table_header(r, id, t);
    YAML::Node hits = r.child("hits", {.required = true});
    if (hits.IsDefined() && (!hits.IsSequence() || hits.size() == 0))
        r.sink().error(
            location_of(hits, r.file()),
            "'hits' must list the chart's lines, like { role: attack, firer: [M], target: [H, D], hit_on: 6 }");
    if (hits.IsSequence())
        for (const auto& node : hits) {
            MapReader l(node, r.file(), r.sink(),
                        "a line of the dice pool chart ({ role, firer, target, hit_on, double })");
            if (l.valid()) t.rules.push_back(read_dice_pool_rule(l, t.die_faces));
        }
    if (r.has("otherwise")) {
        MapReader o(r.child("otherwise"), r.file(), r.sink(), "otherwise ({ hit_on, double })");
        if (o.valid()) t.otherwise = read_dice_pool_rule(o, t.die_faces);
    }
    const std::string doubles = r.text("doubles", {.fallback = "pairs"});
    if (doubles == "each_die")
        t.doubles = DicePoolTable::Doubles::EachDie;
    else if (doubles != "pairs")
        r.sink().error(r.where("doubles"), "'doubles' is pairs or each_die, not '" + doubles + "'");
    const std::string ties = r.text("close_combat_ties", {.fallback = "nobody_falls_back"});
    if (ties == "both_fall_back")
        t.ties = DicePoolTable::Ties::BothFallBack;
    else if (ties == "attacker_falls_back")
        t.ties = DicePoolTable::Ties::AttackerFallsBack;
    else if (ties != "nobody_falls_back")
        r.sink().error(
            r.where("close_combat_ties"),
            "'close_combat_ties' is nobody_falls_back, both_fall_back or attacker_falls_back, not '" + ties + "'");
    t.no_return_fire = r.text_list("no_return_fire");
    t.unordered_status = r.text("unordered_status", {.fallback = "H"});
    t.strength_points = r.text("strength_points", {.required = true});
    t.max_loss_per_hex = r.integer("max_loss_per_hex", {.fallback = 2, .min = 1, .max = 100});
    t.min_close_defence = r.integer("min_close_defence", {.fallback = 1, .min = 0, .max = 100});
    t.fall_back = r.integer("fall_back", {.fallback = 1, .min = 0, .max = 20});
    t.long_fall_back_clear = r.integer("long_fall_back_clear", {.fallback = 0, .min = 0, .max = 20});
    t.fire_only = r.boolean("fire_only", {.fallback = false});
    t.max_hits_per_attacker = r.integer("max_hits_per_attacker", {.fallback = 0, .min = 0, .max = 100});
    t.hold_instead = r.text_list("hold_instead");
    t.stand_attribute = r.text("stand_attribute", {});
    t.unattached = r.integer("unattached", {.fallback = 0, .min = 0, .max = 100});
    t.unattached_with = r.text_list("unattached_with");
    t.joins_from_afar = r.text("joins_from_afar", {});
    if (YAML::Node stands = r.child("attacking_stands"); stands.IsDefined()) {
        if (!stands.IsMap())
            r.sink().error(
                location_of(stands, r.file()),
                "'attacking_stands' maps a status to how many stands of it may attack together, like { M: 2, H: 1 }");
        else
            for (const auto& kv : stands) {
                auto n = read_int(kv.second, r.file(), r.sink(), "a number of stands");
                if (n) t.attacking_stands.emplace_back(kv.first.as<std::string>(), *n);
            }
    }
    rs.dice_pool_tables.push_back(std::move(t));
}

void read_table(const YAML::Node& root, const std::string& file, Ruleset& rs, DiagnosticSink& sink) {
    MapReader r(root, file, sink, "a table");
    if (!r.valid()) return;
    std::string id = r.text("id", {.required = true});
    std::string kind = r.text("kind", {.required = true});
    if (rs.has_table(id)) sink.error(r.where("id"), "table '" + id + "' is defined twice");
    if (kind == "odds_crt")
        read_odds_crt(r, rs, id);
    else if (kind == "differential_crt")
        read_differential_crt(r, rs, id);
    else if (kind == "threshold")
        read_threshold(r, rs, id);
    else if (kind == "dice_pool")
        read_dice_pool(r, rs, id);
    else if (!read_tabletop_chart(kind, r, rs, id))
        sink.error(r.where("kind"),
                   "table kind must be odds_crt, differential_crt, threshold, dice_pool, step_ladder, hit_matrix, "
                   "morale_bands or artillery, got '" +
                       kind + "'");
}

}  // namespace

void load_table_file(const std::string& path, Ruleset& rs, DiagnosticSink& sink) {
    YamlFile yaml = parse_yaml_file(path, path, sink);
    if (yaml.root.IsDefined()) read_table(yaml.root, path, rs, sink);
}

bool load_table_file(const std::string& path, const rules::SourceLocation& named_at, const std::string& as_written,
                     rules::Ruleset& rs, DiagnosticSink& sink) {
    std::ifstream probe(path);
    if (!probe) {
        sink.error(named_at, "cannot open table file '" + as_written + "'");
        return false;
    }
    const std::size_t before = sink.items().size();
    load_table_file(path, rs, sink);
    return sink.items().size() == before;
}

void load_table_node(const YAML::Node& root, const std::string& file, Ruleset& rs, DiagnosticSink& sink) {
    if (root.IsDefined()) read_table(root, file, rs, sink);
}

void load_table_text(const std::string& text, const std::string& shown_as, Ruleset& rs, DiagnosticSink& sink) {
    YamlFile yaml = parse_yaml_text(text, shown_as, sink);
    if (yaml.root.IsDefined()) read_table(yaml.root, shown_as, rs, sink);
}

namespace {

// Every result code of the odds and differential tables is a combat result of the ruleset.
void check_odds_results(const Ruleset& rs, DiagnosticSink& sink) {
    for (const auto& t : rs.odds_tables) {
        for (std::size_t c = 0; c < t.columns.size(); ++c) {
            if (!t.columns[c].automatic.empty() && !rs.combat_result(t.columns[c].automatic))
                sink.error(t.columns[c].where, "table '" + t.id + "': automatic result '" + t.columns[c].automatic +
                                                   "' is not among the ruleset's combat_results");
            for (std::size_t r = 0; r < t.rows.size(); ++r) {
                const std::string& code = t.rows[r][c];
                if (t.columns[c].automatic.empty() && !code.empty() && !rs.combat_result(code))
                    sink.error(t.cell_where[r][c], "table '" + t.id + "', column " + t.columns[c].label + ": result '" +
                                                       code + "' is not among the ruleset's combat_results");
            }
        }
    }
}

void check_differential_tables(const Ruleset& rs, DiagnosticSink& sink) {
    for (const auto& t : rs.differential_tables) {
        for (std::size_t r = 0; r < t.rows.size(); ++r)
            for (std::size_t c = 0; c < t.rows[r].size(); ++c)
                if (!t.rows[r][c].empty() && !rs.combat_result(t.rows[r][c]))
                    sink.error(t.cell_where[r][c], "table '" + t.id + "': result '" + t.rows[r][c] +
                                                       "' is not among the ruleset's combat_results");
        for (const auto& line : t.lines) {
            for (const auto& terrain : line.terrain)
                if (rs.terrain_index(terrain) < 0)
                    sink.error(line.where, "table '" + t.id + "', line '" + line.id + "': no terrain '" + terrain +
                                               "' in the ruleset");
            for (const auto* sides : {&line.hexsides, &line.bridged_hexsides})
                for (const auto& side : *sides)
                    if (rs.hexside_feature_index(side) < 0)
                        sink.error(line.where, "table '" + t.id + "', line '" + line.id + "': no hexside feature '" +
                                                   side + "' in the ruleset");
        }
    }
}

// The attributes threshold and dice pool tables read are declared.
void check_table_attributes(const Ruleset& rs, DiagnosticSink& sink) {
    for (const auto& t : rs.threshold_tables)
        if (!t.target_attribute.empty() && rs.attribute_index(t.target_attribute) < 0)
            sink.error(t.where, "table '" + t.id + "': target_attribute '" + t.target_attribute +
                                    "' is not a declared attribute");
    for (const auto& t : rs.dice_pool_tables)
        if (rs.attribute_index(t.strength_points) < 0)
            sink.error(t.where,
                       "table '" + t.id + "': strength_points '" + t.strength_points + "' is not a declared attribute");
        else if (!t.stand_attribute.empty() && rs.attribute_index(t.stand_attribute) < 0)
            sink.error(t.where,
                       "table '" + t.id + "': stand_attribute '" + t.stand_attribute + "' is not a declared attribute");
        else if (!t.joins_from_afar.empty() && rs.attribute_index(t.joins_from_afar) < 0)
            sink.error(t.where,
                       "table '" + t.id + "': joins_from_afar '" + t.joins_from_afar + "' is not a declared attribute");
}

// A tabletop phase names a table of the kind its procedure reads (step ladder, hit matrix, morale bands, artillery).
void check_chart_phase(const Ruleset& rs, const PhaseSpec& p, const ProcedureSpec& spec, DiagnosticSink& sink) {
    using T = ProcedureSpec::Table;
    const bool found = spec.table == T::StepLadder    ? rs.step_ladder(p.table) != nullptr
                       : spec.table == T::HitMatrix   ? rs.hit_matrix(p.table) != nullptr
                       : spec.table == T::MoraleBands ? rs.morale_table(p.table) != nullptr
                                                      : rs.artillery_chart(p.table) != nullptr;
    const char* kind = spec.table == T::StepLadder    ? "step_ladder"
                       : spec.table == T::HitMatrix   ? "hit_matrix"
                       : spec.table == T::MoraleBands ? "morale_bands"
                                                      : "artillery";
    if (p.table.empty())
        sink.error(p.where, "phase '" + p.id + "' (" + p.procedure + ") needs a 'table:' naming a " + kind + " table");
    else if (!found)
        sink.error(p.where, "phase '" + p.id + "' (" + p.procedure + ") needs a " + kind + " table, and '" + p.table +
                                "' is " + (rs.has_table(p.table) ? "another kind" : "not defined"));
}

// A combat phase names an odds, differential, dice pool or threshold table, as its procedure reads.
void check_combat_phase(const Ruleset& rs, const PhaseSpec& p, const ProcedureSpec& spec, DiagnosticSink& sink) {
    const bool odds = spec.table == ProcedureSpec::Table::Odds;
    if (p.table.empty())
        sink.error(p.where, "phase '" + p.id + "' (" + p.procedure + ") needs a 'table:' naming " +
                                (odds ? "an odds_crt" : "a threshold") + " table");
    else if (!rs.odds_table(p.table) && !rs.threshold_table(p.table) && !rs.differential_table(p.table) &&
             !rs.dice_pool_table(p.table))
        sink.error(p.where, "phase '" + p.id + "' uses table '" + p.table + "', which is not defined");
    else if (odds ? !rs.odds_table(p.table) && !rs.differential_table(p.table) &&
                        !(rs.dice_pool_table(p.table) && p.procedure == "odds_combat")
                  : !rs.threshold_table(p.table))
        sink.error(p.where, "phase '" + p.id + "' (" + p.procedure + ") needs " +
                                (odds ? (p.procedure == "odds_combat" ? "an odds_crt, differential_crt or dice_pool"
                                                                      : "an odds_crt or differential_crt")
                                      : "a threshold") +
                                " table, and '" + p.table + "' is not one");
}

}  // namespace

void check_table_references(const Ruleset& rs, DiagnosticSink& sink, bool all_tables_loaded) {
    check_odds_results(rs, sink);
    check_differential_tables(rs, sink);
    check_table_attributes(rs, sink);
    check_tabletop_charts(rs, sink);
    // A table whose file failed to load has already been reported.
    if (!all_tables_loaded) return;
    for (const auto& p : rs.phases) {
        const ProcedureSpec* spec = find_procedure(p.procedure);
        if (!spec || spec->table == ProcedureSpec::Table::None) continue;
        if (spec->table >= ProcedureSpec::Table::StepLadder)
            check_chart_phase(rs, p, *spec, sink);
        else
            check_combat_phase(rs, p, *spec, sink);
    }
}

}  // namespace sandtable::load
