#include "script/house_rules_report.h"

#include "load/change_description.h"
#include "script/module_lint.h"

#include <sstream>

namespace sandtable::script {

namespace {

// The layer that added a rule module to the ruleset (0: the ruleset's own).
std::size_t added_by(const load::RulesetDocument& doc, const std::string& module) {
    for (const auto& c : doc.changes)
        if (c.op == load::Change::Op::Add && c.path.size() == 2 && c.path[0] == "rules" && c.path[1] == module)
            return c.layer;
    return 0;
}

void house_rule_heading(std::ostream& out, const load::HouseRule& h) {
    out << "\n## " << h.name << " (" << h.id << " " << h.version << ")\n\n";
    out << "For " << h.base_ruleset << (h.base_versions.empty() ? "" : " " + h.base_versions)
        << (h.author.empty() ? "" : "; by " + h.author) << "; folder " << h.directory << ".\n";
    if (!h.description.empty()) out << "\n" << h.description << (h.description.back() == '\n' ? "" : "\n");
}

// The changes one house rule makes; whether it made any.
bool changes_of(std::ostream& out, const std::vector<load::DescribedChange>& changes, std::size_t layer) {
    std::string section, subject;
    bool any = false;
    for (const auto& c : changes) {
        if (c.layer != layer) continue;
        any = true;
        if (c.section != section) {
            section = c.section;
            subject.clear();
            out << "\n### " << section << "\n\n";
        }
        if (c.subject != subject) {
            subject = c.subject;
            out << "- **" << subject << "**\n";
        }
        out << "  - " << c.text << " — `" << c.where.to_string() << "`\n";
    }
    return any;
}

// The handlers of other modules that a house rule's Lua wraps; whether there were any.
bool wraps_of(std::ostream& out, const load::LayeredRuleset& layered, const std::vector<WrapCall>& wraps,
              std::size_t layer) {
    bool any = false;
    for (const auto& w : wraps) {
        // The house rule that lists the wrapping module (its own Lua, or a library module it added).
        if (added_by(layered.document, w.by) != layer) continue;
        if (!any) out << "\n### Handlers wrapped\n\n";
        any = true;
        out << "- **" << w.module << "**, on " << w.event << ": wrapped by rule module " << w.by << " — `"
            << w.where.to_string() << "`\n";
    }
    return any;
}

}  // namespace

std::string house_rules_report(const load::LayeredRuleset& layered) {
    const auto& doc = layered.document;
    const auto changes = load::describe_changes(doc);
    const auto wraps = wrap_calls(layered.ruleset);
    const auto& base = doc.layers.front();
    std::ostringstream out;
    out << "# What the house rules change in " << base.name << " " << base.version << "\n";
    out << "\nRuleset " << base.id << " in " << base.directory << "; house rules applied in this order: ";
    for (std::size_t i = 1; i < doc.layers.size(); ++i) out << (i > 1 ? ", " : "") << doc.layers[i].id;
    out << ".\n";
    for (std::size_t layer = 1; layer < doc.layers.size(); ++layer) {
        house_rule_heading(out, doc.house_rules[layer - 1]);
        const bool changed = changes_of(out, changes, layer);
        const bool wrapped = wraps_of(out, layered, wraps, layer);
        if (!changed && !wrapped) out << "\nNo changes.\n";
    }
    return out.str();
}

}  // namespace sandtable::script
