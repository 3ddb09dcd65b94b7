// A scenario's rule switches: the ruleset values it overrides, each checked against its kind.
#include "load/scenario_reader.h"
#include "load/module_params.h"
#include "load/ruleset_writer.h"

#include <algorithm>

namespace sandtable::load::scenario_reading {

void ScenarioReader::rule_switches(MapReader& top) {
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

std::string ScenarioReader::kind_of(const Param& p) {
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

void ScenarioReader::check_override(const RuleModule& m, const Param& base, const Param& over,
                                    const std::string& prefix) {
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

}  // namespace sandtable::load::scenario_reading
