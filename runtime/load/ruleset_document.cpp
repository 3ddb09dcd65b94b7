#include "load/ruleset_document.h"
#include "load/file_references.h"
#include "load/yaml_reader.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace sandtable::load {

namespace fs = std::filesystem;

std::size_t RulesetDocument::layer_of(const std::string& file) const {
    for (std::size_t i = 1; i < layers.size(); ++i)
        for (const auto& f : layers[i].files)
            if (f == file) return i;
    return 0;
}

const TableDocument* RulesetDocument::table(const std::string& id) const {
    for (const auto& t : tables)
        if (t.id == id) return &t;
    return nullptr;
}

std::string list_entry_key(const YAML::Node& list) {
    if (!list.IsSequence() || list.size() == 0) return {};
    for (const char* key : {"id", "module", "odds"}) {
        const bool all = std::all_of(list.begin(), list.end(),
                                     [&](const YAML::Node& item) { return scalar_at(item, key).has_value(); });
        if (all) return key;
    }
    return {};
}

std::string value_text(const YAML::Node& node) {
    if (!node.IsDefined() || node.IsNull()) return "(nothing)";
    if (node.IsScalar()) return node.Scalar();
    std::string out;
    if (node.IsSequence()) {
        for (const auto& item : node) out += (out.empty() ? "" : ", ") + value_text(item);
        return "[" + out + "]";
    }
    for (const auto& kv : node) out += (out.empty() ? "" : ", ") + kv.first.Scalar() + ": " + value_text(kv.second);
    return "{" + out + "}";
}

std::string path_text(const std::vector<std::string>& path) {
    std::string out;
    for (const auto& p : path) out += (out.empty() ? "" : ".") + p;
    return out;
}

YamlFile parse_for_patching(const std::string& path, DiagnosticSink& sink, bool mark) {
    if (const std::string why = unreadable(path); !why.empty()) {
        sink.error({path, 1, 1}, "cannot read the file: " + why);
        return {path, YAML::Node(YAML::NodeType::Undefined)};
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        sink.error({path, 1, 1}, std::string("cannot open the file: ") + std::strerror(errno));
        return {path, YAML::Node(YAML::NodeType::Undefined)};
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parse_text_for_patching(text.str(), path, sink, mark);
}

YamlFile parse_text_for_patching(const std::string& text, const std::string& path, DiagnosticSink& sink, bool mark) {
    YamlFile yaml = parse_yaml_text(text, path, sink);
    const bool anchors = has_anchors(text);
    if (!yaml.root.IsDefined() || (!mark && !anchors)) return yaml;
    if (!mark_source(yaml.root, path)) {
        sink.error({path, 1, 1},
                   "the YAML nests deeper than a ruleset can: an alias (*name) refers to a node that contains it");
        yaml.root = YAML::Node(YAML::NodeType::Undefined);
    } else if (anchors) {
        yaml.root = unshared_copy(yaml.root);
    }
    return yaml;
}

RulesetDocument read_ruleset_document(const std::string& path, DiagnosticSink& sink) {
    const fs::path file = fs::is_directory(path) ? fs::path(path) / "ruleset.yaml" : fs::path(path);
    RulesetDocument doc;
    doc.file = file.string();
    YamlFile yaml = parse_for_patching(doc.file, sink, false);
    doc.root = yaml.root;
    rules::RulesetLayer base;
    base.kind = rules::RulesetLayer::Kind::Ruleset;
    base.directory = file.parent_path().string();
    base.files.push_back(doc.file);
    if (doc.root.IsMap()) {
        const YAML::Node& root = doc.root;
        base.id = scalar_at(root, "id").value_or("");
        base.name = scalar_at(root, "name").value_or(base.id);
        base.version = scalar_at(root, "version").value_or("");
        // Table files are parsed here so house rules can patch them by id;
        // the loader reports a malformed `tables:` itself.
        const YAML::Node list = root["tables"];
        if (list.IsDefined() && list.IsSequence())
            for (const auto& item : list) {
                if (!item.IsScalar()) continue;
                std::string why;
                const auto inside = file_inside(file.parent_path(), item.Scalar(), why);
                if (!inside) {
                    sink.error(location_of(item, doc.file), "cannot read table file '" + item.Scalar() + "': " + why);
                    doc.tables_loaded = false;
                    continue;
                }
                const std::string table_file = inside->string();
                const std::size_t before = sink.items().size();
                YamlFile table = parse_for_patching(table_file, sink, false);
                if (sink.items().size() != before) {
                    doc.tables_loaded = false;
                    continue;
                }
                TableDocument t;
                t.file = table_file;
                t.root = table.root;
                t.id = scalar_at(t.root, "id").value_or("");
                base.files.push_back(table_file);
                doc.tables.push_back(std::move(t));
            }
    }
    doc.layers.push_back(std::move(base));
    return doc;
}

}  // namespace sandtable::load
