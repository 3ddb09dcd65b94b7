#include "load/yaml_text.h"
#include "load/table_writer.h"

#include <sstream>

namespace sandtable::load {

std::string odds_table_to_yaml(const rules::OddsCrt& t) {
    std::ostringstream out;
    out << "# yaml-language-server: $schema=../../../schemas/table.schema.json\n";
    out << "id: " << t.id << "\nname: " << yaml_quoted(t.name) << "\nkind: odds_crt\ndie: " << t.die_faces << "\n";
    if (!t.notes.empty()) out << "notes: " << yaml_quoted(t.notes) << "\n";
    out << "columns:\n";
    for (const auto& c : t.columns) {
        out << "  - { odds: " << c.attack << "-" << c.defend;
        if (!c.automatic.empty()) out << ", automatic: " << yaml_quoted(c.automatic);
        out << " }\n";
    }
    out << "rows:\n";
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        out << "  " << t.die_first + static_cast<int>(r) << ": [";
        bool first = true;
        for (std::size_t c = 0; c < t.columns.size(); ++c) {
            if (!t.columns[c].automatic.empty()) continue;  // automatic columns have no printed cells
            out << (first ? "" : ", ") << yaml_quoted(t.rows[r][c]);
            first = false;
        }
        out << "]\n";
    }
    return out.str();
}

std::string threshold_table_to_yaml(const rules::ThresholdTable& t) {
    std::ostringstream out;
    out << "# yaml-language-server: $schema=../../../schemas/table.schema.json\n";
    out << "id: " << t.id << "\nname: " << yaml_quoted(t.name) << "\nkind: threshold\ndie: " << t.die_faces << "\n";
    if (!t.notes.empty()) out << "notes: " << yaml_quoted(t.notes) << "\n";
    out << "hit_on: " << (t.compare == rules::ThresholdTable::Compare::AtMost ? "at_most" : "at_least") << "\n";
    // The target is the acting unit's attribute when one is named, else a number.
    if (!t.target_attribute.empty())
        out << "target_attribute: " << t.target_attribute << "\n";
    else
        out << "target: " << t.target << "\n";
    if (!t.success.empty()) out << "success: " << yaml_quoted(t.success) << "\n";
    return out.str();
}

namespace {
void write_names(std::ostringstream& out, const char* key, const std::vector<std::string>& names) {
    if (names.empty()) return;
    out << ", " << key << ": [";
    for (std::size_t i = 0; i < names.size(); ++i) out << (i ? ", " : "") << yaml_quoted(names[i]);
    out << "]";
}
}  // namespace

std::string differential_table_to_yaml(const rules::DifferentialCrt& t) {
    std::ostringstream out;
    out << "# yaml-language-server: $schema=../../../schemas/table.schema.json\n";
    out << "id: " << t.id << "\nname: " << yaml_quoted(t.name) << "\nkind: differential_crt\n";
    if (!t.notes.empty()) out << "notes: " << yaml_quoted(t.notes) << "\n";
    out << "die: " << t.die_faces << "\ndifferentials: [";
    for (std::size_t i = 0; i < t.scale.size(); ++i) out << (i ? ", " : "") << t.scale[i];
    out << "]\nlines:\n";
    for (const auto& line : t.lines) {
        out << "  - { id: " << yaml_quoted(line.id) << ", name: " << yaml_quoted(line.name);
        write_names(out, "terrain", line.terrain);
        write_names(out, "hexsides", line.hexsides);
        write_names(out, "bridged_hexsides", line.bridged_hexsides);
        out << ", from: " << t.scale[static_cast<std::size_t>(line.first)] << " }\n";
    }
    out << "rows:\n";
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        out << "  " << t.die_first + static_cast<int>(r) << ": [";
        for (std::size_t c = 0; c < t.rows[r].size(); ++c) out << (c ? ", " : "") << yaml_quoted(t.rows[r][c]);
        out << "]\n";
    }
    return out.str();
}

}  // namespace sandtable::load
