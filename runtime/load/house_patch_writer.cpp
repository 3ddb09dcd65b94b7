#include "load/house_patch_writer.h"
#include "load/ruleset_writer.h"
#include "load/table_writer.h"
#include "load/yaml_text.h"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace sandtable::load {

namespace {

using rules::Param;
using rules::Ruleset;

// Plain when YAML reads it back as the same text, else quoted.
std::string scalar(const std::string& s) {
    const bool plain = !s.empty() &&
                       std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; }) &&
                       !std::isdigit(static_cast<unsigned char>(s.front())) && s != "true" && s != "false" &&
                       s != "null" && s != "yes" && s != "no";
    return plain ? s : yaml_quoted(s);
}

std::string attribute_value(const rules::AttributeSpec& a, int value) {
    if (a.kind == rules::AttributeKind::Int) return std::to_string(value);
    if (a.kind == rules::AttributeKind::Bool) return value ? "true" : "false";
    return scalar(a.format(value));
}

// "key: value" pairs joined into a flow mapping.
std::string flow(const std::vector<std::string>& pairs) {
    std::string out;
    for (const auto& p : pairs) out += (out.empty() ? "" : ", ") + p;
    return "{ " + out + " }";
}

template <class T>
const T* by_id(const std::vector<T>& items, const std::string& id) {
    for (const auto& item : items)
        if (item.id == id) return &item;
    return nullptr;
}

// ---- unit types -------------------------------------------------------------

std::vector<std::string> face_pairs(const Ruleset& rs, const rules::UnitFace& face, const rules::UnitFace* was) {
    std::vector<std::string> pairs;
    if (!was || was->movement_class != face.movement_class)
        pairs.push_back("class: " + scalar(rs.movement_classes[static_cast<std::size_t>(face.movement_class)]));
    for (std::size_t a = 0; a < rs.attributes.size(); ++a)
        if (!was || was->values[a] != face.values[a])
            pairs.push_back(rs.attributes[a].id + ": " + attribute_value(rs.attributes[a], face.values[a]));
    return pairs;
}

std::string unit_type_entry(const Ruleset& rs, const rules::UnitType& t, const rules::UnitType* was) {
    std::vector<std::string> pairs{"id: " + scalar(t.id)};
    if (!was || was->name != t.name) pairs.push_back("name: " + scalar(t.name));
    if (!was || was->symbol != t.symbol) pairs.push_back("symbol: " + scalar(t.symbol));
    const auto front = face_pairs(rs, t.front, was ? &was->front : nullptr);
    if (!front.empty()) pairs.push_back("front: " + flow(front));
    if (t.back) {
        const auto back = face_pairs(rs, *t.back, was && was->back ? &*was->back : nullptr);
        if (!back.empty()) pairs.push_back("back: " + flow(back));
    } else if (was && was->back) {
        pairs.push_back("back: { delete: true }");
    }
    return pairs.size() > 1 ? "  - " + flow(pairs) + "\n" : "";
}

std::string unit_types(const Ruleset& ref, const Ruleset& ed) {
    std::string out;
    for (const auto& t : ed.unit_types) out += unit_type_entry(ed, t, by_id(ref.unit_types, t.id));
    for (const auto& t : ref.unit_types)
        if (!by_id(ed.unit_types, t.id)) out += "  - { id: " + scalar(t.id) + ", delete: true }\n";
    return out.empty() ? "" : "unit_types:\n" + out;
}

// ---- tables -----------------------------------------------------------------

std::string indented(const std::string& text, const std::string& indent) {
    std::istringstream in(text);
    std::string line, out;
    while (std::getline(in, line))
        if (line.rfind("#", 0) != 0) out += indent + line + "\n";
    return out;
}

std::string printed_row(const rules::OddsCrt& t, std::size_t r) {
    std::string out;
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        if (t.columns[c].automatic.empty()) out += (out.empty() ? "" : ", ") + yaml_quoted(t.rows[r][c]);
    return "[" + out + "]";
}

bool same_columns(const rules::OddsCrt& a, const rules::OddsCrt& b) {
    return std::equal(a.columns.begin(), a.columns.end(), b.columns.begin(), b.columns.end(),
                      [](const rules::OddsColumn& x, const rules::OddsColumn& y) {
                          return x.attack == y.attack && x.defend == y.defend && x.automatic == y.automatic;
                      });
}

std::string odds_table(const rules::OddsCrt& t, const rules::OddsCrt* was) {
    if (!was) return "  " + t.id + ":\n" + indented(odds_table_to_yaml(t), "    ");
    std::string out;
    if (was->name != t.name) out += "    name: " + yaml_quoted(t.name) + "\n";
    if (was->notes != t.notes) out += "    notes: " + yaml_quoted(t.notes) + "\n";
    if (was->die_faces != t.die_faces) out += "    die: " + std::to_string(t.die_faces) + "\n";
    const bool columns_changed = !same_columns(*was, t);
    if (columns_changed) {
        std::string cols;
        for (const auto& c : t.columns)
            cols += std::string(cols.empty() ? "" : ", ") + "{ odds: " + std::to_string(c.attack) + "-" +
                    std::to_string(c.defend) + (c.automatic.empty() ? "" : ", automatic: " + yaml_quoted(c.automatic)) +
                    " }";
        out += "    columns: { replace: [" + cols + "] }\n";
    }
    std::string rows;
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const std::string roll = std::to_string(t.die_first + static_cast<int>(r));
        if (r >= was->rows.size())
            rows += "      " + roll + ": " + printed_row(t, r) + "\n";  // a new face of the die
        else if (columns_changed || printed_row(*was, r) != printed_row(t, r))
            rows += "      " + roll + ": { replace: " + printed_row(t, r) + " }\n";
    }
    for (std::size_t r = t.rows.size(); r < was->rows.size(); ++r)  // faces the die lost
        rows += "      " + std::to_string(was->die_first + static_cast<int>(r)) + ": { delete: true }\n";
    if (!rows.empty()) out += "    rows:\n" + rows;
    return out.empty() ? "" : "  " + t.id + ":\n" + out;
}

std::string threshold_table(const rules::ThresholdTable& t, const rules::ThresholdTable* was) {
    if (!was) return "  " + t.id + ":\n" + indented(threshold_table_to_yaml(t), "    ");
    std::string out;
    if (was->name != t.name) out += "    name: " + yaml_quoted(t.name) + "\n";
    if (was->notes != t.notes) out += "    notes: " + yaml_quoted(t.notes) + "\n";
    if (was->die_faces != t.die_faces) out += "    die: " + std::to_string(t.die_faces) + "\n";
    if (was->compare != t.compare)
        out += std::string("    hit_on: ") +
               (t.compare == rules::ThresholdTable::Compare::AtMost ? "at_most" : "at_least") + "\n";
    if (was->target_attribute != t.target_attribute)
        out += t.target_attribute.empty() ? "    target_attribute: { delete: true }\n"
                                          : "    target_attribute: " + scalar(t.target_attribute) + "\n";
    if (was->target != t.target && t.target_attribute.empty()) out += "    target: " + std::to_string(t.target) + "\n";
    if (was->success != t.success) out += "    success: " + yaml_quoted(t.success) + "\n";
    return out.empty() ? "" : "  " + t.id + ":\n" + out;
}

std::string tables(const Ruleset& ref, const Ruleset& ed) {
    std::string out;
    for (const auto& t : ed.odds_tables) out += odds_table(t, by_id(ref.odds_tables, t.id));
    for (const auto& t : ed.threshold_tables) out += threshold_table(t, by_id(ref.threshold_tables, t.id));
    for (const auto& t : ref.odds_tables)
        if (!by_id(ed.odds_tables, t.id)) out += "  " + t.id + ": { delete: true }\n";
    for (const auto& t : ref.threshold_tables)
        if (!by_id(ed.threshold_tables, t.id)) out += "  " + t.id + ": { delete: true }\n";
    return out.empty() ? "" : "tables:\n" + out;
}

// ---- rule modules -----------------------------------------------------------

std::string param_patch(const Param& value, const Param* was);

// A map of params: changed keys only, removed keys deleted.
std::string params_patch(const Param::Map& now, const Param::Map* was) {
    std::vector<std::string> pairs;
    for (const auto& key : param_keys_in_written_order(now)) {
        const Param* old = nullptr;
        if (was) {
            const auto it = was->find(key);
            if (it != was->end()) old = &it->second;
        }
        const std::string change = param_patch(now.at(key), old);
        if (!change.empty()) pairs.push_back(scalar(key) + ": " + change);
    }
    if (was)
        for (const auto& [key, value] : *was)
            if (!now.count(key)) pairs.push_back(scalar(key) + ": { delete: true }");
    return pairs.empty() ? "" : flow(pairs);
}

// What a patch writes for one param: nothing when unchanged, a list as a
// replace operation (a patch changes lists only by operations).
std::string param_patch(const Param& value, const Param* was) {
    if (was && param_to_yaml(*was) == param_to_yaml(value)) return "";
    if (value.map() && was && was->map()) return params_patch(*value.map(), was->map());
    if (value.list() && was && was->list()) return "{ replace: " + param_to_yaml(value) + " }";
    return param_to_yaml(value);
}

const rules::RuleModule* module_named(const Ruleset& rs, const std::string& name) {
    for (const auto& m : rs.modules)
        if (m.module == name) return &m;
    return nullptr;
}

std::string modules(const Ruleset& ref, const Ruleset& ed) {
    std::string out;
    for (const auto& m : ed.modules) {
        const auto* was = module_named(ref, m.module);
        std::vector<std::string> pairs{"module: " + scalar(m.module)};
        if (!was || was->enabled != m.enabled)
            pairs.push_back(std::string("enabled: ") + (m.enabled ? "true" : "false"));
        if (!m.params.is_null()) {
            const std::string params = param_patch(m.params, was && !was->params.is_null() ? &was->params : nullptr);
            if (!params.empty()) pairs.push_back("params: " + params);
        } else if (was && !was->params.is_null()) {
            pairs.push_back("params: { delete: true }");
        }
        if (pairs.size() > 1) out += "  - " + flow(pairs) + "\n";
    }
    for (const auto& m : ref.modules)
        if (!module_named(ed, m.module)) out += "  - { module: " + scalar(m.module) + ", delete: true }\n";
    return out.empty() ? "" : "rules:\n" + out;
}

}  // namespace

std::string patch_between(const Ruleset& reference, const Ruleset& edited) {
    const std::string out = unit_types(reference, edited) + tables(reference, edited) + modules(reference, edited);
    return out.empty() ? "{}\n" : out;
}

}  // namespace sandtable::load
