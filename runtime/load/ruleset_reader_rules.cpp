// A ruleset's combat results, tables, victory conditions and rule modules.
#include "load/ruleset_reader.h"
#include "load/file_references.h"
#include "load/module_location.h"
#include "load/module_params.h"
#include "load/table_loader.h"

namespace sandtable::load::ruleset_reading {

CombatResult::Effect RulesetReader::effect(MapReader& r, const std::string& key) {
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

void RulesetReader::combat_results(MapReader& top) {
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

void RulesetReader::tables(MapReader& top) {
    YAML::Node list = top.child("tables");
    if (list.IsDefined() && !list.IsSequence())
        sink.error(location_of(list, file), "'tables' must be a list of table files");
    if (list.IsSequence())
        for (const auto& item : list) read_text(item, file, sink, "a table file");
    for (const auto& t : document.tables) load_table_node(t.root, t.file, rs, sink);
}

void RulesetReader::victory(MapReader& top) {
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

void RulesetReader::modules(MapReader& top, const fs::path& dir) {
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

}  // namespace sandtable::load::ruleset_reading
