#include "load/provenance.h"
#include "load/yaml_reader.h"
#include "load/yaml_text.h"

#include <sstream>

namespace sandtable::load {

namespace {

using Path = std::vector<std::string>;

class Walker {
public:
    explicit Walker(const RulesetDocument& doc) : doc_(doc) {}

    void walk(const YAML::Node& node, const std::string& file, Path& path) {
        if (!node.IsDefined()) return;
        if (node.IsScalar() || node.IsNull()) {
            const auto where = location_of(node, file);
            out.push_back({path, node.IsNull() ? "" : node.Scalar(), doc_.layer_of(where.file), where});
        } else if (node.IsSequence()) {
            const std::string field = list_entry_key(node);
            for (std::size_t i = 0; i < node.size(); ++i) {
                path.push_back(field.empty() ? std::to_string(i) : scalar_at(node[i], field).value_or("?"));
                walk(node[i], file, path);
                path.pop_back();
            }
        } else {
            for (const auto& kv : node) {
                path.push_back(kv.first.Scalar());
                walk(kv.second, file, path);
                path.pop_back();
            }
        }
    }

    std::vector<SourcedValue> out;

private:
    const RulesetDocument& doc_;
};

// YAML text for a scalar: plain where YAML reads it back the same, else quoted.
std::string scalar_yaml(const YAML::Node& node) {
    if (node.IsNull()) return "null";
    const std::string& s = node.Scalar();
    const bool plain = !s.empty() && original_tag(node) != "!" &&
                       s.find_first_of(":#{}[],&*!|>'\"%@`\n") == std::string::npos && s.front() != ' ' &&
                       s.back() != ' ' && s.front() != '-' && s.front() != '?';
    return plain ? s : yaml_quoted(s);
}

class Printer {
public:
    explicit Printer(const RulesetDocument& doc) : doc_(doc) {}

    void map(const YAML::Node& node, const std::string& file, int indent, bool first_dash = false) {
        bool first = true;
        for (const auto& kv : node) {
            const std::string lead = std::string(static_cast<std::size_t>(indent), ' ') +
                                     (first_dash && first ? "- " : (first_dash ? "  " : ""));
            first = false;
            value(lead + kv.first.Scalar() + ":", kv.second, file, indent + (first_dash ? 2 : 0));
        }
    }

    void value(const std::string& lead, const YAML::Node& v, const std::string& file, int indent) {
        if (v.IsScalar() || v.IsNull()) {
            line(lead + " " + scalar_yaml(v), v, file);
        } else if (v.IsSequence()) {
            if (v.size() == 0) return line(lead + " []", v, file);
            out << lead << "\n";
            for (const auto& item : v) {
                const std::string dash = std::string(static_cast<std::size_t>(indent + 2), ' ') + "-";
                if (item.IsMap() && item.size() > 0)
                    map(item, file, indent + 2, true);
                else
                    value(dash, item, file, indent + 2);
            }
        } else {
            if (v.size() == 0) return line(lead + " {}", v, file);
            out << lead << "\n";
            map(v, file, indent + 2);
        }
    }

    void line(const std::string& text, const YAML::Node& node, const std::string& file) {
        const auto where = location_of(node, file);
        const auto& layer = doc_.layers[doc_.layer_of(where.file)];
        out << text << std::string(text.size() < 50 ? 50 - text.size() : 1, ' ') << "# " << layer.id << "  "
            << where.to_string() << "\n";
    }

    std::ostringstream out;

private:
    const RulesetDocument& doc_;
};

}  // namespace

std::vector<SourcedValue> sourced_values(const RulesetDocument& doc) {
    Walker w(doc);
    Path path;
    if (doc.root.IsMap())
        for (const auto& kv : doc.root) {
            if (kv.first.Scalar() == "tables") continue;  // the tables themselves follow
            path = {kv.first.Scalar()};
            w.walk(kv.second, doc.file, path);
        }
    for (const auto& t : doc.tables) {
        path = {"tables", t.id};
        w.walk(t.root, t.file, path);
    }
    return w.out;
}

std::string dump_with_provenance(const RulesetDocument& doc) {
    Printer p(doc);
    p.out << "# The merged ruleset. Layers, applied in this order:\n";
    for (std::size_t i = 0; i < doc.layers.size(); ++i) {
        const auto& l = doc.layers[i];
        p.out << "#   " << l.id << " " << l.version << " ("
              << (l.kind == rules::RulesetLayer::Kind::Ruleset ? "ruleset" : "house rule") << ", " << l.directory
              << ")\n";
    }
    p.out << "# Each value is followed by its layer and the file:line it was read from.\n";
    p.out << "# Tables are shown under `tables:` by id, as merged, instead of their files.\n";
    if (doc.root.IsMap())
        for (const auto& kv : doc.root) {
            if (kv.first.Scalar() != "tables") {
                p.value(kv.first.Scalar() + ":", kv.second, doc.file, 0);
                continue;
            }
            p.out << "tables:\n";
            for (const auto& t : doc.tables) {
                p.out << "  " << t.id << ":\n";
                if (t.root.IsMap()) p.map(t.root, t.file, 4);
            }
        }
    return p.out.str();
}

std::string dump_json(const RulesetDocument& doc) {
    std::ostringstream out;
    out << "{\"layers\": [";
    for (std::size_t i = 0; i < doc.layers.size(); ++i) {
        const auto& l = doc.layers[i];
        out << (i ? ", " : "") << "{\"index\": " << i << ", \"kind\": \""
            << (l.kind == rules::RulesetLayer::Kind::Ruleset ? "ruleset" : "house_rule")
            << "\", \"id\": " << json_quoted(l.id) << ", \"name\": " << json_quoted(l.name)
            << ", \"version\": " << json_quoted(l.version) << ", \"directory\": " << json_quoted(l.directory) << "}";
    }
    out << "],\n \"values\": [";
    bool first = true;
    for (const auto& v : sourced_values(doc)) {
        out << (first ? "\n  " : ",\n  ") << "{\"path\": " << json_quoted(path_text(v.path))
            << ", \"value\": " << json_quoted(v.value) << ", \"layer\": " << v.layer
            << ", \"file\": " << json_quoted(v.where.file) << ", \"line\": " << v.where.line
            << ", \"column\": " << v.where.column << "}";
        first = false;
    }
    out << "\n]}\n";
    return out.str();
}

}  // namespace sandtable::load
