#include "core/ruleset_layers.h"

#include "load/house_rule.h"
#include "load/loader.h"
#include "load/ruleset_document.h"
#include "load/ruleset_writer.h"
#include "load/scenario_writer.h"
#include "load/yaml_reader.h"
#include "load/yaml_text.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace sandtable::studio {

namespace fs = std::filesystem;

namespace {

constexpr const char* kStudioPatch = "studio.yaml";

bool is_studio_patch(const std::string& file) { return fs::path(file).filename() == kStudioPatch; }

// Every layer; the last house rule without its studio patch.
rules::Ruleset reference_model(const std::string& ruleset_dir, const std::vector<std::string>& house_dirs) {
    load::DiagnosticSink sink;
    load::RulesetDocument doc = load::read_ruleset_document(ruleset_dir, sink);
    for (std::size_t i = 0; i < house_dirs.size() && sink.empty(); ++i) {
        load::HouseRule rule = load::read_house_rule(house_dirs[i], sink);
        if (i + 1 == house_dirs.size())
            rule.patches.erase(std::remove_if(rule.patches.begin(), rule.patches.end(), is_studio_patch),
                               rule.patches.end());
        if (sink.empty()) load::apply_house_rule(doc, rule, sink);
    }
    sink.throw_if_any();
    rules::Ruleset rs = load::build_ruleset(doc, sink);
    sink.throw_if_any();
    return rs;
}

// The ruleset with its first house rules, for telling where values come
// from: a base that plays only with a house rule (Cady's core, whose unit
// types come with an era pack) does not load on its own, so what it has is
// kept, its problems not thrown (the whole stack is loaded, and checked, by
// RulesetLayers::load).
rules::Ruleset partial_model(const std::string& ruleset_dir, const std::vector<std::string>& house_dirs) {
    try {
        return load::load_ruleset(ruleset_dir, house_dirs);
    } catch (const load::LoadError&) {
        load::DiagnosticSink sink;
        load::RulesetDocument doc = load::read_ruleset_document(ruleset_dir, sink);
        for (const auto& dir : house_dirs) {
            load::HouseRule rule = load::read_house_rule(dir, sink);
            load::apply_house_rule(doc, rule, sink);
        }
        return load::build_ruleset(doc, sink);
    }
}

const rules::UnitType* type_in(const rules::Ruleset& rs, const std::string& id) {
    const int i = rs.unit_type_index(id);
    return i < 0 ? nullptr : &rs.unit_types[static_cast<std::size_t>(i)];
}

}  // namespace

RulesetLayers RulesetLayers::load(const std::string& ruleset_dir, const std::vector<std::string>& house_dirs) {
    RulesetLayers out;
    for (std::size_t k = 0; k < house_dirs.size(); ++k)
        out.models_.push_back(partial_model(
            ruleset_dir, std::vector<std::string>(house_dirs.begin(), house_dirs.begin() + static_cast<long>(k))));
    out.models_.push_back(load::load_ruleset(ruleset_dir, house_dirs));
    out.reference_ = house_dirs.empty() ? out.models_.front() : reference_model(ruleset_dir, house_dirs);
    out.target_dir_ = house_dirs.empty() ? std::string() : house_dirs.back();
    return out;
}

std::string RulesetLayers::target_patch_file() const {
    return target_dir_.empty() ? std::string() : (fs::path(target_dir_) / kStudioPatch).string();
}

// The last layer whose model changed the value; kEdited when `now` differs
// from every layer applied.
template <class Value>
std::size_t RulesetLayers::origin(const rules::Ruleset& now, Value&& value_in) const {
    if (value_in(now) != value_in(models_.back())) return kEdited;
    for (std::size_t k = models_.size() - 1; k > 0; --k)
        if (value_in(models_[k]) != value_in(models_[k - 1])) return k;
    return 0;
}

std::size_t RulesetLayers::origin_of_attribute(const rules::Ruleset& now, const std::string& type, bool back,
                                               int attribute) const {
    return origin(now, [&](const rules::Ruleset& rs) -> std::string {
        const auto* t = type_in(rs, type);
        if (!t || (back && !t->back) || attribute >= static_cast<int>(t->face(back).values.size())) return "(none)";
        return std::to_string(t->face(back).values[static_cast<std::size_t>(attribute)]);
    });
}

std::size_t RulesetLayers::origin_of_unit_type(const rules::Ruleset& now, const std::string& type) const {
    return origin(now, [&](const rules::Ruleset& rs) -> std::string {
        const auto* t = type_in(rs, type);
        return t ? (t->back ? "two faces" : "one face") : "(none)";
    });
}

std::size_t RulesetLayers::origin_of_type_name(const rules::Ruleset& now, const std::string& type) const {
    return origin(now, [&](const rules::Ruleset& rs) -> std::string {
        const auto* t = type_in(rs, type);
        return t ? t->name : "(none)";
    });
}

std::size_t RulesetLayers::origin_of_type_symbol(const rules::Ruleset& now, const std::string& type) const {
    return origin(now, [&](const rules::Ruleset& rs) -> std::string {
        const auto* t = type_in(rs, type);
        return t ? t->symbol : "(none)";
    });
}

std::size_t RulesetLayers::origin_of_cell(const rules::Ruleset& now, const std::string& table, int row,
                                          int column) const {
    return origin(now, [&](const rules::Ruleset& rs) -> std::string {
        const auto* t = rs.odds_table(table);
        if (!t || row >= static_cast<int>(t->rows.size()) || column >= static_cast<int>(t->columns.size()))
            return "(none)";
        return t->columns[static_cast<std::size_t>(column)].label + "=" + t->result(column, t->die_first + row);
    });
}

std::size_t RulesetLayers::origin_of_module(const rules::Ruleset& now, const std::string& module) const {
    return origin(now, [&](const rules::Ruleset& rs) -> std::string {
        for (const auto& m : rs.modules)
            if (m.module == module) return std::string(m.enabled ? "on" : "off") + "\n" + load::param_to_yaml(m.params);
        return "(none)";
    });
}

std::string RulesetLayers::describe(std::size_t origin) const {
    if (origin == kEdited)
        return "edited, not saved yet: goes into house rule '" + target().id + "' (" + target_patch_file() + ")";
    const auto& l = layers().at(origin);
    if (l.kind == rules::RulesetLayer::Kind::Ruleset)
        return "the ruleset " + l.id + " " + l.version + " (" + l.directory + ")";
    return "house rule '" + l.id + "' (" + l.directory + ")";
}

void create_house_rule(const std::string& dir, const std::string& id, const std::string& name,
                       const rules::Ruleset& base) {
    if (fs::exists(dir)) throw std::runtime_error(dir + " already exists: choose another id for the house rule");
    fs::create_directories(dir);
    const auto major = base.version.substr(0, base.version.find('.'));
    const std::string range =
        load::parse_version(major) ? ">=" + base.version + " <" + std::to_string(std::stoi(major) + 1) : "";
    std::ostringstream out;
    out << "# yaml-language-server: $schema=../../../../schemas/house-rule.schema.json\n"
        << "id: " << load::yaml_quoted(id) << "\nname: " << load::yaml_quoted(name) << "\nversion: 1.0.0\n"
        << "base: { ruleset: " << load::yaml_quoted(base.id)
        << (range.empty() ? "" : ", versions: " + load::yaml_quoted(range)) << " }\n"
        << "description: \"\"\npatches: [" << kStudioPatch << "]\n";
    load::write_file_atomically((fs::path(dir) / "house.yaml").string(), out.str());
    load::write_file_atomically((fs::path(dir) / kStudioPatch).string(),
                                "# Written by Sandtable Studio: the edits made into this house rule.\n{}\n");
}

// The patch files as written in house.yaml, in order (a file not there yet included).
std::vector<std::string> listed_patches(const std::string& file) {
    load::DiagnosticSink sink;
    const load::YamlFile yaml = load::parse_yaml_file(file, file, sink);
    std::vector<std::string> names;
    if (!yaml.root.IsMap() || !yaml.root["patches"].IsDefined() || !yaml.root["patches"].IsSequence()) return names;
    for (const auto& item : yaml.root["patches"])
        if (item.IsScalar()) names.push_back(item.Scalar());
    return names;
}

namespace {
// Where house.yaml's `patches:` list is written: a flow list on its line
// (`patches: [a.yaml, b.yaml]`) or a block of `- item` lines under it. Scanned
// line by line (a file from a stranger: no backtracking regex).
struct ListSpan {
    std::size_t first, second;
    bool block;
};
std::optional<ListSpan> patches_list_span(const std::string& text) {
    for (std::size_t line = 0; line < text.size();) {
        const std::size_t end = std::min(text.find('\n', line), text.size());
        if (text.compare(line, 8, "patches:") == 0) {
            std::size_t i = line + 8;
            while (i < end && (text[i] == ' ' || text[i] == '\t')) ++i;
            if (i < end && text[i] == '[') {
                const std::size_t close = text.find(']', i);
                if (close == std::string::npos || close > end) return std::nullopt;
                std::size_t rest = close + 1;
                while (rest < end && (text[rest] == ' ' || text[rest] == '\t')) ++rest;
                return rest == end ? std::optional<ListSpan>(ListSpan{line, end, false}) : std::nullopt;
            }
            if (i != end) return std::nullopt;
            std::size_t item = end + 1, last = end + 1;
            while (item < text.size()) {  // "  - x" lines
                const std::size_t item_end = std::min(text.find('\n', item), text.size());
                std::size_t k = item;
                while (k < item_end && (text[k] == ' ' || text[k] == '\t')) ++k;
                if (k == item || k >= item_end || text[k] != '-' || item_end == text.size()) break;
                last = item = item_end + 1;
            }
            return last > end + 1 ? std::optional<ListSpan>(ListSpan{line, last, true}) : std::nullopt;
        }
        line = end + 1;
    }
    return std::nullopt;
}
}  // namespace

std::string studio_patch_listed(const std::string& house_dir) {
    const std::string file = (fs::path(house_dir) / "house.yaml").string();
    std::string text = load::read_file(file);
    auto names = listed_patches(file);
    // The studio's patch is applied last: it was taken against all the others.
    if (!names.empty() && names.back() == kStudioPatch) return text;
    names.erase(std::remove(names.begin(), names.end(), std::string(kStudioPatch)), names.end());
    names.push_back(kStudioPatch);
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    const auto span = patches_list_span(text);
    if (!span)
        throw std::runtime_error(file + ": cannot find its 'patches:' list to add " + kStudioPatch +
                                 "; add it by hand, last");
    text.replace(span->first, span->second - span->first, "patches: [" + list + "]" + (span->block ? "\n" : ""));
    return text;
}

}  // namespace sandtable::studio
