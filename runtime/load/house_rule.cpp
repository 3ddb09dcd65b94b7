#include "load/house_rule.h"
#include "load/file_references.h"
#include "load/yaml_reader.h"

#include <filesystem>
#include <sstream>
#include <stdexcept>

namespace sandtable::load {

namespace fs = std::filesystem;

std::optional<std::vector<int>> parse_version(const std::string& text) {
    if (text.empty()) return std::nullopt;
    std::vector<int> parts;
    std::size_t at = 0;
    while (true) {
        const std::size_t dot = text.find('.', at);
        const std::string part = text.substr(at, dot == std::string::npos ? std::string::npos : dot - at);
        if (part.empty() || part.size() > 6 || part.find_first_not_of("0123456789") != std::string::npos)
            return std::nullopt;
        parts.push_back(std::stoi(part));
        if (dot == std::string::npos) break;
        at = dot + 1;
    }
    return parts;
}

namespace {

// -1, 0 or 1 as a is before, equal to or after b.
int compare_versions(std::vector<int> a, std::vector<int> b) {
    const std::size_t n = std::max(a.size(), b.size());
    a.resize(n, 0);
    b.resize(n, 0);
    return a < b ? -1 : (a == b ? 0 : 1);
}

}  // namespace

std::string version_outside(const std::string& version, const std::string& range) {
    const auto have = parse_version(version);
    if (!have) return "version '" + version + "' is not dotted whole numbers";
    std::istringstream words(range);
    std::string word;
    while (words >> word) {
        std::size_t op_length = word.find_first_of("0123456789");
        if (op_length == std::string::npos) throw std::invalid_argument("'" + word + "' names no version");
        const std::string op = word.substr(0, op_length);
        const auto bound = parse_version(word.substr(op_length));
        if (!bound) throw std::invalid_argument("'" + word + "' is not a comparison like >=1.0 or <2");
        const int c = compare_versions(*have, *bound);
        bool ok = false;
        if (op == ">=")
            ok = c >= 0;
        else if (op == ">")
            ok = c > 0;
        else if (op == "<=")
            ok = c <= 0;
        else if (op == "<")
            ok = c < 0;
        else if (op.empty() || op == "=" || op == "==")
            ok = c == 0;
        else
            throw std::invalid_argument("'" + op + "' is not a comparison (use >=, >, <=, < or =)");
        if (!ok) return "version " + version + " is not " + word;
    }
    return {};
}

HouseRule read_house_rule(const std::string& path, DiagnosticSink& sink) {
    const fs::path file = fs::is_directory(path) ? fs::path(path) / "house.yaml" : fs::path(path);
    HouseRule h;
    h.file = file.string();
    h.directory = file.parent_path().string();
    h.where = {h.file, 1, 1};
    if (!fs::exists(file)) {
        sink.error({h.file, 0, 0},
                   fs::is_directory(path) ? "a house rule folder needs a house.yaml" : "no such house rule");
        return h;
    }
    YamlFile yaml = parse_yaml_file(h.file, h.file, sink);
    if (!yaml.root.IsDefined()) return h;
    MapReader top(yaml.root, h.file, sink, "a house rule (id, name, version, base, patches)");
    if (!top.valid()) return h;
    h.id = top.text("id", {.required = true});
    h.name = top.text("name", {.fallback = h.id});
    h.version = top.text("version", {.required = true});
    if (!h.version.empty() && !parse_version(h.version))
        sink.error(top.where("version"), "version must be dotted whole numbers like 1.0.2, got '" + h.version + "'");
    h.author = top.text("author", {});
    h.description = top.text("description", {});
    h.conflicts_where = top.has("conflicts_with") ? top.where("conflicts_with") : h.where;
    h.conflicts_with = top.text_list("conflicts_with");
    h.overrides = top.text_list("overrides");
    h.base_where = top.where("base");
    MapReader base(top.child("base", {.required = true}), h.file, sink,
                   "the base of a house rule ({ ruleset: ID, versions: \">=1.0 <2\" })");
    if (base.valid()) {
        h.base_ruleset = base.text("ruleset", {.required = true});
        h.base_versions = base.text("versions", {});
        try {
            version_outside("0", h.base_versions);
        } catch (const std::invalid_argument& e) {
            sink.error(base.where("versions"), std::string("versions: ") + e.what());
        }
    }
    YAML::Node patches = top.child("patches", {.required = true});
    if (patches.IsDefined() && !patches.IsSequence())
        sink.error(location_of(patches, h.file), "'patches' must be a list of patch files, applied in order");
    else if (patches.IsSequence())
        for (const auto& item : patches) {
            auto name = read_text(item, h.file, sink, "a patch file");
            if (!name) continue;
            std::string why;
            const auto patch = file_inside(file.parent_path(), *name, why);
            if (!patch)
                sink.error(location_of(item, h.file), "cannot read patch file '" + *name + "': " + why);
            else
                h.patches.push_back(patch->string());
        }
    return h;
}

}  // namespace sandtable::load
