// `sandtable rules dump|diff`: a ruleset with house rules applied, every
// value with the layer and file:line it came from, or only what the house
// rules change, in a designer's terms.
#include "cli/commands.h"

#include "load/change_description.h"
#include "load/provenance.h"
#include "script/module_lint.h"

#include <iostream>
#include <map>

namespace sandtable::cli {

namespace {

int dump(const Args& args) {
    const auto layered = load::load_layered_ruleset(args.positional()[1], args.values("house"));
    std::cout << (args.flag("json") ? load::dump_json(layered.document) : load::dump_with_provenance(layered.document));
    return 0;
}

// The layer that added a rule module to the ruleset (0: the ruleset's own).
std::size_t added_by(const load::RulesetDocument& doc, const std::string& module) {
    for (const auto& c : doc.changes)
        if (c.op == load::Change::Op::Add && c.path.size() == 2 && c.path[0] == "rules" && c.path[1] == module) return c.layer;
    return 0;
}

void print_house_rule(const load::HouseRule& h) {
    std::cout << "\n## " << h.name << " (" << h.id << " " << h.version << ")\n\n";
    std::cout << "For " << h.base_ruleset << (h.base_versions.empty() ? "" : " " + h.base_versions) << (h.author.empty() ? "" : "; by " + h.author)
              << "; folder " << h.directory << ".\n";
    if (!h.description.empty()) std::cout << "\n" << h.description << (h.description.back() == '\n' ? "" : "\n");
}

int diff(const Args& args) {
    const auto houses = args.values("house");
    if (houses.empty()) throw UsageError("rules diff needs at least one --house DIR");
    const auto layered = load::load_layered_ruleset(args.positional()[1], houses);
    const auto& doc = layered.document;
    const auto changes = load::describe_changes(doc);
    const auto wraps = script::wrap_calls(layered.ruleset);
    const auto& base = doc.layers.front();
    std::cout << "# What the house rules change in " << base.name << " " << base.version << "\n";
    std::cout << "\nRuleset " << base.id << " in " << base.directory << "; house rules applied in this order: ";
    for (std::size_t i = 1; i < doc.layers.size(); ++i) std::cout << (i > 1 ? ", " : "") << doc.layers[i].id;
    std::cout << ".\n";
    for (std::size_t layer = 1; layer < doc.layers.size(); ++layer) {
        const auto& h = doc.house_rules[layer - 1];
        print_house_rule(h);
        std::string section, subject;
        bool any = false;
        for (const auto& c : changes) {
            if (c.layer != layer) continue;
            any = true;
            if (c.section != section) {
                section = c.section;
                subject.clear();
                std::cout << "\n### " << section << "\n\n";
            }
            if (c.subject != subject) {
                subject = c.subject;
                std::cout << "- **" << subject << "**\n";
            }
            std::cout << "  - " << c.text << " — `" << c.where.to_string() << "`\n";
        }
        bool wrapped_any = false;
        for (const auto& w : wraps) {
            // The house rule that lists the wrapping module (its own Lua, or a library module it added).
            if (added_by(doc, w.by) != layer) continue;
            if (!wrapped_any) std::cout << "\n### Handlers wrapped\n\n";
            wrapped_any = any = true;
            std::cout << "- **" << w.module << "**, on " << w.event << ": wrapped by rule module " << w.by << " — `" << w.where.to_string() << "`\n";
        }
        if (!any) std::cout << "\nNo changes.\n";
    }
    return 0;
}

}  // namespace

int rules(const std::vector<std::string>& argv) {
    Args args(argv, {"json"}, {"house"});
    const auto& p = args.positional();
    if (p.size() != 2 || (p[0] != "dump" && p[0] != "diff")) throw UsageError("rules dump RULESET [--house DIR]... [--json] | rules diff RULESET --house DIR...");
    return p[0] == "dump" ? dump(args) : diff(args);
}

}  // namespace sandtable::cli
