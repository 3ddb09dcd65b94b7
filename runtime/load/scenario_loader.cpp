// Reads a scenario file and the ruleset it names.
#include "load/inline_scenario.h"
#include "load/loader.h"
#include "load/evaluation_reader.h"
#include "load/scenario_reader.h"
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
    scenario_reading::ScenarioReader reader{*rs, *sc, scenario_file, sink};
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
    sc->evaluation = read_evaluation(top);
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
