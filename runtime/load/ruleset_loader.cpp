// Reads ruleset.yaml and the table files it lists.
#include "load/evaluation_reader.h"
#include "load/loader.h"
#include "load/ruleset_reader.h"
#include "load/file_references.h"
#include "load/module_params.h"
#include "load/ruleset_document.h"
#include "load/table_loader.h"
#include "load/yaml_reader.h"

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

Ruleset build_ruleset(const RulesetDocument& document, DiagnosticSink& sink) {
    const fs::path file = document.file;
    Ruleset rs;
    rs.directory = file.parent_path().string();
    rs.where = {file.string(), 1, 1};
    rs.layers = document.layers;
    ruleset_reading::RulesetReader reader{rs, file.string(), sink, document};
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
            rs.evaluation = read_evaluation(top).over(rs.evaluation);
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
