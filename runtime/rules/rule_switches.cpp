#include "rules/rule_switches.h"

namespace sandtable::rules {

Param merged_params(const Param& base, const Param& over) {
    if (over.is_null()) return base;
    const Param::Map* base_map = base.map();
    const Param::Map* over_map = over.map();
    if (!base_map || !over_map) return over;
    Param out = base;
    auto& merged = std::get<Param::Map>(out.value);
    for (const auto& [key, value] : *over_map) {
        auto it = merged.find(key);
        if (it == merged.end())
            merged.emplace(key, value);
        else
            it->second = merged_params(it->second, value);
    }
    return out;
}

std::vector<RuleModule> effective_modules(const Ruleset& ruleset, const Scenario& scenario) {
    std::vector<RuleModule> modules = ruleset.modules;
    for (const RuleSwitch& s : scenario.rule_switches)
        for (RuleModule& m : modules) {
            if (m.module != s.module) continue;
            if (s.enabled) m.enabled = *s.enabled;
            m.params = merged_params(m.params, s.params);
        }
    return modules;
}

}  // namespace sandtable::rules
