#include "load/change_description.h"
#include "load/yaml_reader.h"

#include <map>

namespace sandtable::load {

namespace {

using Op = Change::Op;

// An entry of a keyed list in the merged document (or nothing once deleted).
YAML::Node entry(const YAML::Node& list, const std::string& field, const std::string& id) {
    if (list.IsDefined() && list.IsSequence())
        for (const auto& item : list)
            if (scalar_at(item, field).value_or("") == id) return item;
    return YAML::Node(YAML::NodeType::Undefined);
}

std::string named(const YAML::Node& e, const YAML::Node& fallback, const std::string& id) {
    const auto name = scalar_at(e, "name").value_or(scalar_at(fallback, "name").value_or(""));
    return name.empty() || name == id ? id : name + " (" + id + ")";
}

// "a → b", "set to b", "removed (was a)" for one value.
std::string transition(const Change& c) {
    switch (c.op) {
        case Op::Set:
            return value_text(c.before) + " → " + value_text(c.after);
        case Op::Add:
            return "set to " + value_text(c.after) + " (not set before)";
        case Op::Delete:
            return "removed (was " + value_text(c.before) + ")";
        case Op::Replace:
            return "replaced: " + value_text(c.before) + " → " + value_text(c.after);
        case Op::Append:
            return "appended " + value_text(c.after);
        case Op::Remove:
            return "removed " + value_text(c.after);
    }
    return {};
}

// The rest of a path after `from` elements, as "front combat".
std::string rest(const std::vector<std::string>& path, std::size_t from) {
    std::string out;
    for (std::size_t i = from; i < path.size(); ++i) out += (out.empty() ? "" : " ") + path[i];
    return out;
}

class Describer {
public:
    explicit Describer(const RulesetDocument& doc) : doc_(doc) {}

    void describe(const Change& c) {
        const auto& p = c.path;
        const std::string& top = p[0];
        if (top == "unit_types" || top == "terrain" || top == "hexside_features" || top == "path_features")
            return list_entry(c, top);
        if (top == "tables" && p.size() >= 2) return table(c);
        if (top == "rules" && p.size() >= 2) return module(c);
        if (top == "phases" && p.size() >= 2) return phase(c);
        if (top == "attributes" && p.size() >= 2)
            return add(c, "Attributes", p[1],
                       p.size() == 2 ? whole(c, "attribute") : rest(p, 2) + ": " + transition(c));
        if (top == "combat_results" && p.size() >= 2)
            return add(c, "Combat results", p[1],
                       p.size() == 2 ? whole(c, "result") : rest(p, 2) + ": " + transition(c));
        add(c, "Other", path_text({p.begin(), p.begin() + 1}), (p.size() > 1 ? rest(p, 1) + ": " : "") + transition(c));
    }

    std::vector<DescribedChange> out;

private:
    void add(const Change& c, std::string section, std::string subject, std::string text) {
        out.push_back({c.layer, std::move(section), std::move(subject), std::move(text), c.where});
    }

    static std::string whole(const Change& c, const std::string& what) {
        if (c.op == Op::Add) return "new " + what + ": " + value_text(c.after);
        if (c.op == Op::Delete) return what + " removed";
        return transition(c);
    }

    void list_entry(const Change& c, const std::string& top) {
        static const std::map<std::string, std::pair<std::string, std::string>> sections = {
            {"unit_types", {"Unit types", "unit type"}},
            {"terrain", {"Terrain", "terrain"}},
            {"hexside_features", {"Hexside features", "hexside feature"}},
            {"path_features", {"Path features", "path feature"}}};
        const auto& [section, what] = sections.at(top);
        const std::string& id = c.path.size() > 1 ? c.path[1] : top;
        const YAML::Node now = entry(doc_.root[top], "id", id);
        const std::string subject = named(now, c.before, id);
        if (c.path.size() == 2) return add(c, section, subject, whole(c, what));
        add(c, section, subject, rest(c.path, 2) + ": " + transition(c));
    }

    void table(const Change& c) {
        const std::string& id = c.path[1];
        const TableDocument* t = doc_.table(id);
        const std::string subject = t ? named(t->root, {}, id) : id;
        if (c.path.size() == 2) return add(c, "Tables", subject, whole(c, "table"));
        // A row of an odds CRT: one line per cell that differs.
        if (t && c.path.size() == 4 && c.path[2] == "rows" && (c.op == Op::Replace || c.op == Op::Set) &&
            c.before.IsSequence() && c.after.IsSequence()) {
            const auto labels = printed_columns(t->root);
            const std::size_t n = std::max(c.before.size(), c.after.size());
            for (std::size_t i = 0; i < n; ++i) {
                const std::string was = i < c.before.size() ? value_text(c.before[i]) : "(none)";
                const std::string now = i < c.after.size() ? value_text(c.after[i]) : "(none)";
                if (was == now) continue;
                const std::string column =
                    i < labels.size() ? "column " + labels[i] : "column " + std::to_string(i + 1);
                add(c, "Tables", subject,
                    "die " + c.path[3] + ", " + column + ": " + result(was) + " → " + result(now));
            }
            return;
        }
        add(c, "Tables", subject, rest(c.path, 2) + ": " + transition(c));
    }

    // A result code with its name from combat_results: "EX (Exchange)".
    std::string result(const std::string& code) const {
        const YAML::Node& root = doc_.root;
        const YAML::Node results = root["combat_results"];
        if (!results.IsDefined() || !results.IsMap()) return code;
        const YAML::Node entry = results[code];
        if (!entry.IsDefined()) return code;
        const auto name = scalar_at(entry, "name");
        return name ? code + " (" + *name + ")" : code;
    }

    static std::vector<std::string> printed_columns(const YAML::Node& table) {
        std::vector<std::string> out;
        const YAML::Node columns = table["columns"];
        if (!columns.IsDefined() || !columns.IsSequence()) return out;
        for (const auto& col : columns)
            if (!scalar_at(col, "automatic")) out.push_back(scalar_at(col, "odds").value_or("?"));
        return out;
    }

    void module(const Change& c) {
        const std::string& id = c.path[1];
        const std::string subject = id;
        if (c.path.size() == 2) {
            if (c.op == Op::Add) {
                const YAML::Node params = c.after["params"];
                const bool off = scalar_at(c.after, "enabled").value_or("true") == "false";
                return add(c, "Rule modules", subject,
                           std::string(off ? "added, switched off" : "added and switched on") +
                               (params.IsDefined() ? ", params " + value_text(params) : ""));
            }
            if (c.op == Op::Delete) return add(c, "Rule modules", subject, "removed from the ruleset");
        }
        if (c.path.size() == 3 && c.path[2] == "enabled" && c.after.IsScalar()) {
            bool on = true;
            YAML::convert<bool>::decode(c.after, on);
            return add(c, "Rule modules", subject, on ? "switched on" : "switched off");
        }
        if (c.path.size() >= 3 && c.path[2] == "params") {
            if (c.path.size() == 3) return add(c, "Rule modules", subject, "params: " + transition(c));
            return add(c, "Rule modules", subject,
                       "param " + path_text({c.path.begin() + 3, c.path.end()}) + ": " + transition(c));
        }
        add(c, "Rule modules", subject, rest(c.path, 2) + ": " + transition(c));
    }

    void phase(const Change& c) {
        const std::string& id = c.path[1];
        const YAML::Node& root = doc_.root;
        const YAML::Node phases = root["phases"];
        const YAML::Node now =
            phases.IsDefined() && phases.IsMap() ? phases[id] : YAML::Node(YAML::NodeType::Undefined);
        const std::string subject = named(now, c.before, id);
        if (c.path.size() == 2) return add(c, "Phases", subject, whole(c, "phase"));
        if (c.path.size() >= 4 && c.path[2] == "options")
            return add(c, "Phases", subject,
                       "option " + path_text({c.path.begin() + 3, c.path.end()}) + ": " + transition(c));
        add(c, "Phases", subject, rest(c.path, 2) + ": " + transition(c));
    }

    const RulesetDocument& doc_;
};

}  // namespace

std::vector<DescribedChange> describe_changes(const RulesetDocument& document) {
    Describer d(document);
    for (const auto& c : document.changes) d.describe(c);
    return d.out;
}

}  // namespace sandtable::load
