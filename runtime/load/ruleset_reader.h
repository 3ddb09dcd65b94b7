// The ruleset reader: builds a Ruleset from a ruleset document, reporting every
// problem to the sink. Its parts are read in ruleset_reader_*.cpp, in the order
// build_ruleset (ruleset_loader.cpp) calls them.
#pragma once

#include "load/loader.h"
#include "load/ruleset_document.h"
#include "load/yaml_reader.h"
#include "rules/procedures.h"
#include "rules/ruleset.h"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sandtable::load::ruleset_reading {

using namespace sandtable::rules;
namespace fs = std::filesystem;

struct RulesetReader {
    Ruleset& rs;
    std::string file;
    DiagnosticSink& sink;
    const RulesetDocument& document;

    void geometry(MapReader& top);

    void table_geometry(MapReader& g);

    // The attributes a tabletop reads must be declared, as whole numbers.
    void check_table_attributes();

    TableTerrain table_terrain(MapReader& r, const std::string& id);

    // Thirds of a move lost in or across a terrain on a tabletop, by
    // movement class: a whole number (negative gains: a road's -1), or
    // 'prohibited'; 0 when not given.
    std::vector<std::optional<int>> thirds(const YAML::Node& n, const std::string& what);

    void attributes(MapReader& top);

    std::optional<int> attribute_value(const AttributeSpec& a, const YAML::Node& n);

    int movement_class(MapReader& r, int fallback);

    // A face: attribute values over the type's own, which are over the defaults.
    UnitFace face(const YAML::Node& node, const UnitFace& base, const std::string& what);

    void unit_types(MapReader& top);

    // Required values may sit on the type itself or on its front.
    void check_required(const UnitType& t, const YAML::Node& type_node, const YAML::Node& front);

    std::vector<std::optional<int>> costs(const YAML::Node& n, bool additive, const std::string& what);

    std::optional<int> cost_value(const YAML::Node& n, const std::string& what);

    CombatEffects combat_effects(const YAML::Node& n, const std::string& what);

    // A map of names to whole numbers (a terrain's `values:`).
    std::map<std::string, int> named_values(const YAML::Node& n, const std::string& what);

    void terrain(MapReader& top);
    // cost_from entries read with their terrain, resolved once all terrain is known.
    std::vector<std::pair<std::size_t, YAML::Node>> pending_cost_from{};

    void hexside_features(MapReader& top);

    // A path's cost in movement point parts: whole points, or a fraction the
    // ruleset's movement_point_parts can count (0.5 with 2 parts).
    int path_cost(MapReader& r);

    void path_features(MapReader& top);

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

    CombatResult::Effect effect(MapReader& r, const std::string& key);

    void combat_results(MapReader& top);

    void phases(MapReader& top);

    static std::string join_choices(const std::vector<std::string>& choices);

    // Options are checked against what the procedure reads: a misspelt
    // option would otherwise be silently ignored.
    void check_options(const ProcedureSpec& spec, const YAML::Node& options, const std::string& phase);

    void check_terrain_names(const std::string& key, const YAML::Node& v);

    int phase_index(const std::string& id) const;

    void sequence(MapReader& top);

    // A `game_turn:` list of steps under `parent`.
    std::vector<SequenceStep> game_turn(MapReader& parent);

    // An activation loop's options: `roll_off: 2d6`, `max_in_a_row: 2`, `ties: reroll | other_side`.
    ActivationRules activation_rules(MapReader& step);

    // A roll-off's dice (`roll_off: 2d6`) and its ties (`ties: reroll | other_side`).
    ActivationRules roll_off_rules(MapReader& step);

    // orders: { initial: H, any_at_night: true, list: [ { id, name, next: [ids] } ] }
    void orders(MapReader& top);

    // day: { rounds: 4, nights: 1 }
    void day(MapReader& top);

    // The tables as parsed (and patched) in the document; the list of files
    // under `tables:` was read with it.
    void tables(MapReader& top);

    // stacking_mixes: { attribute: an enum attribute, allowed: { value: [values it may share a hex with] } }.
    // Every value is listed, and a pair one side allows the other must allow too.
    void stacking_mixes(MapReader& top);

    void victory(MapReader& top);

    void modules(MapReader& top, const fs::path& dir);
};

}  // namespace sandtable::load::ruleset_reading
