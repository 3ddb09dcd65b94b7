// Applying a house rule's patches to a ruleset document. A patch has the
// shape of ruleset.yaml and says only what changes:
//   - a value replaces the value at the same place; maps merge key by key;
//   - entries of lists of entries (unit types, terrain, rule modules, ...)
//     are addressed by their id (`module` for rule modules, `odds` for CRT
//     columns); an unknown id adds an entry; `delete: true` removes one;
//   - any other list changes only by an explicit { replace: [...] },
//     { append: [...] } or { remove: [...] };
//   - tables are patched under `tables:` by table id.
// Every change is recorded; a change that touches what an earlier house rule
// changed is a conflict naming both.
#include "load/ruleset_document.h"
#include "load/yaml_reader.h"

#include <algorithm>
#include <optional>

namespace sandtable::load {

namespace {

using Path = std::vector<std::string>;

bool is_prefix(const Path& shorter, const Path& longer) {
    return shorter.size() <= longer.size() && std::equal(shorter.begin(), shorter.end(), longer.begin());
}

bool is_list_edit(Change::Op op) { return op == Change::Op::Append || op == Change::Op::Remove; }

bool is_delete(const YAML::Node& value) { return value.IsMap() && value["delete"].IsDefined(); }

std::string id_of(const YAML::Node& entry, const std::string& field) { return scalar_at(entry, field).value_or(""); }

// The first key a mapping of a patch repeats (yaml-cpp keeps both), if any.
std::optional<YAML::Node> repeated_key(const YAML::Node& map) {
    std::vector<std::string> seen;
    for (const auto& kv : map) {
        if (std::find(seen.begin(), seen.end(), kv.first.Scalar()) != seen.end()) return kv.first;
        seen.push_back(kv.first.Scalar());
    }
    return std::nullopt;
}

// CRT columns are named by their odds, written 3-1 or 3:1.
std::string entry_name(const std::string& field, std::string id) {
    if (field == "odds") std::replace(id.begin(), id.end(), ':', '-');
    return id;
}

class Patcher {
public:
    Patcher(RulesetDocument& doc, std::size_t layer, DiagnosticSink& sink) : doc_(doc), layer_(layer), sink_(sink) {}

    void apply(const YAML::Node& patch, const std::string& file) {
        file_ = file;
        if (!patch.IsMap()) {
            if (patch.IsDefined() && !patch.IsNull())
                sink_.error(
                    location_of(patch, file),
                    "a patch must be a mapping in the shape of ruleset.yaml (unit_types:, tables:, rules:, ...)");
            return;
        }
        if (!unique_keys(patch)) return;
        for (auto it = patch.begin(); it != patch.end(); ++it) {
            const std::string key = it->first.Scalar();
            if (key == "id" || key == "version") {
                sink_.error(location_of(it->first, file), "a house rule cannot change the ruleset's " + key +
                                                              "; its own id and version are in house.yaml");
            } else if (key == "tables") {
                tables(it->second);
            } else if (key == "geometry") {
                sink_.error(location_of(it->first, file),
                            "a house rule cannot change the geometry: the scenarios' maps are drawn for it");
            } else if (!doc_.root.IsMap()) {
                return;
            } else {
                merge_key(doc_.root, it->first, it->second, {key});
            }
        }
    }

private:
    // Every key of a patch's mapping once: which of two would win is not for a patch to guess.
    bool unique_keys(const YAML::Node& map) {
        if (const auto twice = repeated_key(map)) {
            sink_.error(location_of(*twice, file_),
                        "key '" + twice->Scalar() + "' appears twice in the same mapping of the patch");
            return false;
        }
        return true;
    }

    void tables(const YAML::Node& patch) {
        if (!patch.IsMap())
            return sink_.error(location_of(patch, file_),
                               "'tables' in a patch maps table ids to their changes (crt: { rows: ... })");
        if (!unique_keys(patch)) return;
        for (auto it = patch.begin(); it != patch.end(); ++it) {
            const std::string id = it->first.Scalar();
            const YAML::Node value = it->second;
            auto found = std::find_if(doc_.tables.begin(), doc_.tables.end(),
                                      [&](const TableDocument& t) { return t.id == id; });
            const Path path{"tables", id};
            if (is_delete(value)) {
                if (found == doc_.tables.end()) {
                    missing(it->first, "table", id, table_ids());
                    continue;
                }
                if (!only_delete(value, "")) continue;
                record(Change::Op::Delete, path, found->root, {}, location_of(it->first, file_));
                doc_.tables.erase(found);
            } else if (found == doc_.tables.end()) {
                if (!value.IsMap()) {
                    sink_.error(location_of(value, file_),
                                "new table '" + id + "' must be a whole table (id, kind, ...)");
                    continue;
                }
                if (const auto written = scalar_at(value, "id"); written && *written != id) {
                    sink_.error(location_of(value["id"], file_), "new table '" + id + "' has id '" + *written +
                                                                     "': under tables: a table's key is its id");
                    continue;
                }
                YAML::Node table = value;
                if (!value["id"].IsDefined()) {
                    YAML::Node id_key("id");
                    mark_source(id_key, file_);
                    table.force_insert(id_key, it->first);
                }
                record(Change::Op::Add, path, {}, table, location_of(it->first, file_));
                doc_.tables.push_back({id, file_, table});
            } else if (value.IsMap()) {
                if (!unique_keys(value)) continue;
                for (auto kv = value.begin(); kv != value.end(); ++kv) {
                    const std::string key = kv->first.Scalar();
                    if (key == "id")
                        sink_.error(location_of(kv->first, file_), "a patch cannot rename table '" + id + "'");
                    else
                        merge_key(found->root, kv->first, kv->second, {"tables", id, key});
                }
            } else {
                sink_.error(location_of(value, file_),
                            "the changes to table '" + id + "' must be a mapping (rows:, columns:, ...)");
            }
        }
    }

    std::vector<std::string> table_ids() const {
        std::vector<std::string> ids;
        for (const auto& t : doc_.tables) ids.push_back(t.id);
        return ids;
    }

    // Merges `value` into map `into` at `key`.
    void merge_key(YAML::Node into, const YAML::Node& key_node, const YAML::Node& value, const Path& path) {
        const std::string key = key_node.Scalar();
        const YAML::Node& read_only = into;
        YAML::Node existing = read_only[key];
        if (is_delete(value)) {
            if (!existing.IsDefined())
                return missing(key_node, "'" + path_text({path.begin(), path.end() - 1}) + "' entry", key,
                               keys_of(into));
            if (!only_delete(value, "")) return;
            record(Change::Op::Delete, path, existing, {}, location_of(key_node, file_));
            into.remove(key);
            return;
        }
        if (!existing.IsDefined()) {
            record(Change::Op::Add, path, {}, value, location_of(key_node, file_));
            into.force_insert(key_node, value);
            return;
        }
        if (existing.IsSequence()) return merge_list(into, key, existing, value, path);
        if (existing.IsMap() && value.IsMap()) {
            if (!unique_keys(value)) return;
            for (auto it = value.begin(); it != value.end(); ++it) {
                Path inner = path;
                inner.push_back(it->first.Scalar());
                merge_key(existing, it->first, it->second, inner);
            }
            return;
        }
        if (existing.IsScalar() && value.IsScalar() && existing.Scalar() == value.Scalar()) return;  // no change
        record(Change::Op::Set, path, existing, value, location_of(value, file_));
        into[key] = value;
    }

    void merge_list(YAML::Node into, const std::string& key, YAML::Node list, const YAML::Node& value,
                    const Path& path) {
        if (value.IsSequence()) {
            // An empty list of entries takes its key from the entries the patch adds.
            const std::string field = list.size() > 0 ? list_entry_key(list) : list_entry_key(value);
            if (field.empty())
                return sink_.error(
                    location_of(value, file_),
                    "'" + path_text(path) +
                        "' is a list: change it with { replace: [...] }, { append: [...] } or { remove: [...] }");
            std::vector<std::string> seen;
            for (const auto& entry : value) {
                const std::string id = entry_name(field, id_of(entry, field));
                if (!id.empty() && std::find(seen.begin(), seen.end(), id) != seen.end()) {
                    sink_.error(location_of(entry, file_),
                                "'" + id + "' appears twice in this patch's '" + path_text(path) + "'");
                    continue;
                }
                seen.push_back(id);
                merge_entry(into, key, field, entry, path);
            }
            return;
        }
        if (!value.IsMap()) {
            return sink_.error(
                location_of(value, file_),
                "'" + path_text(path) +
                    "' is a list: change it with { replace: [...] }, { append: [...] } or { remove: [...] }");
        }
        MapReader ops(value, file_, sink_,
                      "a list operation ({ replace: [...] }, { append: [...] } or { remove: [...] })");
        const YAML::Node replace = ops.child("replace");
        const YAML::Node append = ops.child("append");
        const YAML::Node remove = ops.child("remove");
        ops.finish();
        for (const auto& [name, items] : {std::pair{"replace", replace}, {"append", append}, {"remove", remove}})
            if (items.IsDefined() && !items.IsSequence())
                return sink_.error(location_of(items, file_), std::string("'") + name + "' takes a list");
        if (replace.IsDefined()) {
            if (append.IsDefined() || remove.IsDefined())
                return sink_.error(location_of(value, file_),
                                   "'replace' gives the whole list: it cannot be combined with 'append' or 'remove'");
            record(Change::Op::Replace, path, list, replace, location_of(replace, file_));
            into[key] = replace;
            return;
        }
        if (!append.IsDefined() && !remove.IsDefined())
            return sink_.error(location_of(value, file_), "a list operation needs 'replace', 'append' or 'remove'");
        if (remove.IsDefined()) remove_items(into, key, list, remove, path);
        if (append.IsDefined()) {
            record(Change::Op::Append, path, list, append, location_of(append, file_));
            YAML::Node target = static_cast<const YAML::Node&>(into)[key];
            for (const auto& item : append) target.push_back(item);
        }
    }

    void remove_items(YAML::Node into, const std::string& key, const YAML::Node& list, const YAML::Node& items,
                      const Path& path) {
        std::vector<bool> keep(list.size(), true);
        bool ok = true;
        for (const auto& item : items) {
            const std::string wanted = value_text(item);
            std::size_t i = 0;
            while (i < list.size() && !(keep[i] && value_text(list[i]) == wanted)) ++i;
            if (i == list.size()) {
                std::vector<std::string> present;
                for (const auto& p : list) present.push_back(value_text(p));
                sink_.error(location_of(item, file_),
                            unknown("item of '" + path_text(path) + "' to remove", wanted, present));
                ok = false;
            } else {
                keep[i] = false;
            }
        }
        if (!ok) return;
        record(Change::Op::Remove, path, list, items, location_of(items, file_));
        YAML::Node kept(YAML::NodeType::Sequence);
        for (std::size_t i = 0; i < list.size(); ++i)
            if (keep[i]) kept.push_back(list[i]);
        into[key] = kept;
    }

    void merge_entry(YAML::Node into, const std::string& key, const std::string& field, const YAML::Node& entry,
                     const Path& path) {
        if (!scalar_at(entry, field))
            return sink_.error(location_of(entry, file_), "each entry of a patch to '" + path_text(path) +
                                                              "' names the entry it changes with '" + field + ":'");
        if (!unique_keys(entry)) return;
        const std::string id = entry_name(field, id_of(entry, field));
        YAML::Node list = static_cast<const YAML::Node&>(into)[key];
        std::size_t index = 0;
        while (index < list.size() && entry_name(field, id_of(list[index], field)) != id) ++index;
        Path at = path;
        at.push_back(id);
        if (is_delete(entry)) {
            if (index == list.size()) {
                std::vector<std::string> ids;
                for (const auto& item : list) ids.push_back(id_of(item, field));
                return missing(entry[field], "entry of '" + path_text(path) + "'", id, ids);
            }
            if (!only_delete(entry, field)) return;
            record(Change::Op::Delete, at, list[index], {}, location_of(entry, file_));
            YAML::Node kept(YAML::NodeType::Sequence);
            for (std::size_t i = 0; i < list.size(); ++i)
                if (i != index) kept.push_back(list[i]);
            into[key] = kept;
            return;
        }
        if (index == list.size()) {
            record(Change::Op::Add, at, {}, entry, location_of(entry, file_));
            list.push_back(entry);
            return;
        }
        YAML::Node target = list[index];
        for (auto it = entry.begin(); it != entry.end(); ++it) {
            const std::string name = it->first.Scalar();
            if (name == field) continue;
            Path inner = at;
            inner.push_back(name);
            merge_key(target, it->first, it->second, inner);
        }
    }

    // `delete: true` and, for list entries, the field naming the entry; nothing else.
    bool only_delete(const YAML::Node& value, const std::string& field) {
        bool flag = false;
        if (!YAML::convert<bool>::decode(value["delete"], flag) || !flag) {
            sink_.error(location_of(value["delete"], file_),
                        "'delete' must be true (leave the key out to keep the entry)");
            return false;
        }
        for (auto it = value.begin(); it != value.end(); ++it) {
            const std::string k = it->first.Scalar();
            if (k != "delete" && k != field) {
                sink_.error(location_of(it->first, file_),
                            "an entry being deleted takes no other changes ('" + k + "')");
                return false;
            }
        }
        return true;
    }

    static std::vector<std::string> keys_of(const YAML::Node& map) {
        std::vector<std::string> out;
        if (map.IsMap())
            for (const auto& kv : map) out.push_back(kv.first.Scalar());
        return out;
    }

    void missing(const YAML::Node& at, const std::string& what, const std::string& id,
                 const std::vector<std::string>& known) {
        sink_.error(location_of(at, file_), "cannot delete: " + unknown(what, id, known));
    }

    void record(Change::Op op, const Path& path, const YAML::Node& before, const YAML::Node& after,
                rules::SourceLocation where) {
        Change c;
        c.op = op;
        c.layer = layer_;
        c.path = path;
        if (before.IsDefined()) {
            c.before = YAML::Clone(before);
            c.before_where = location_of(before, base_file(path));
        }
        c.after = after.IsDefined() ? YAML::Clone(after) : after;  // later patches may change the node itself
        c.where = std::move(where);
        if (const Change* other = clash(c)) {
            const auto& mine = doc_.house_rules[layer_ - 1];
            const auto& theirs = doc_.house_rules[other->layer - 1];
            sink_.error(c.where, "house rules '" + theirs.id + "' (" + other->where.to_string() + ") and '" + mine.id +
                                     "' (" + c.where.to_string() + ") both change " + path_text(path) +
                                     "; apply one of them, merge them, or list '" + theirs.id +
                                     "' under overrides: in " + mine.file + " if '" + mine.id + "' means to change it");
        }
        doc_.changes.push_back(std::move(c));
    }

    // The base file a path's unmarked nodes were read from.
    std::string base_file(const Path& path) const {
        if (path.size() >= 2 && path[0] == "tables")
            for (const auto& t : doc_.tables)
                if (t.id == path[1]) return t.file;
        return doc_.file;
    }

    // An earlier house rule's change this one collides with: the same value,
    // or one inside what the other deleted, replaced or set whole. Appending
    // to and removing from one list are not conflicts; building on an entry
    // an earlier house rule added is not either.
    const Change* clash(const Change& c) const {
        const auto& overrides = doc_.house_rules[c.layer - 1].overrides;
        for (const auto& other : doc_.changes) {
            if (other.layer == c.layer) continue;
            const auto& other_id = doc_.house_rules[other.layer - 1].id;
            if (std::find(overrides.begin(), overrides.end(), other_id) != overrides.end()) continue;
            if (other.path == c.path) {
                if (is_list_edit(other.op) && is_list_edit(c.op)) continue;
                return &other;
            }
            if (is_prefix(other.path, c.path) && other.op != Change::Op::Add) return &other;
            if (is_prefix(c.path, other.path)) return &other;
        }
        return nullptr;
    }

    RulesetDocument& doc_;
    std::size_t layer_;
    DiagnosticSink& sink_;
    std::string file_;
};

// The house rule must be for this ruleset and version, applied once, and
// not declared incompatible with one applied before it.
bool fits(const RulesetDocument& doc, const HouseRule& rule, DiagnosticSink& sink) {
    const auto& base = doc.layers.front();
    const std::string named = "house rule '" + rule.id + "' (" + rule.file + ")";
    if (rule.base_ruleset != base.id) {
        sink.error(rule.base_where,
                   named + " is for ruleset '" + rule.base_ruleset + "', not '" + base.id + "' (" + doc.file + ")");
        return false;
    }
    try {
        const std::string why =
            rule.base_versions.empty() ? std::string() : version_outside(base.version, rule.base_versions);
        if (!why.empty()) {
            sink.error(rule.base_where, named + " fits " + base.id + " " + rule.base_versions + ", but " + doc.file +
                                            " is " + base.id + " " + base.version + " (" + why + ")");
            return false;
        }
    } catch (const std::invalid_argument&) {
        return false;  // reported when house.yaml was read
    }
    for (const auto& earlier : doc.house_rules) {
        if (earlier.id == rule.id) {
            sink.error(rule.where, named + " is applied twice (also as " + earlier.file +
                                       "); is it both in the scenario's house_rules and given with --house?");
            return false;
        }
        const bool they_list = std::find(earlier.conflicts_with.begin(), earlier.conflicts_with.end(), rule.id) !=
                               earlier.conflicts_with.end();
        const bool we_list =
            std::find(rule.conflicts_with.begin(), rule.conflicts_with.end(), earlier.id) != rule.conflicts_with.end();
        if (they_list || we_list) {
            const auto& lister = we_list ? rule : earlier;
            const auto& listed = we_list ? earlier : rule;
            sink.error(we_list ? rule.conflicts_where : earlier.conflicts_where,
                       "house rules '" + earlier.id + "' (" + earlier.file + ") and '" + rule.id + "' (" + rule.file +
                           ") cannot be played together: '" + lister.id + "' lists '" + listed.id +
                           "' under conflicts_with");
            return false;
        }
    }
    return true;
}

}  // namespace

namespace {
// The layer a house rule adds to the document; its patcher's index is the last.
void add_layer(RulesetDocument& doc, const HouseRule& rule) {
    rules::RulesetLayer layer;
    layer.kind = rules::RulesetLayer::Kind::HouseRule;
    layer.id = rule.id;
    layer.name = rule.name;
    layer.version = rule.version;
    layer.directory = rule.directory;
    layer.files.push_back(rule.file);
    for (const auto& p : rule.patches) layer.files.push_back(p);
    doc.layers.push_back(std::move(layer));
    doc.house_rules.push_back(rule);
}
}  // namespace

void apply_house_patch_text(RulesetDocument& doc, const HouseRule& rule, const std::string& text,
                            const std::string& shown_as, DiagnosticSink& sink) {
    if (!fits(doc, rule, sink)) return;
    add_layer(doc, rule);
    Patcher patcher(doc, doc.layers.size() - 1, sink);
    YamlFile patch = parse_text_for_patching(text, shown_as, sink, true);
    if (patch.root.IsDefined()) patcher.apply(patch.root, shown_as);
}

void apply_house_rule(RulesetDocument& doc, const HouseRule& rule, DiagnosticSink& sink) {
    if (!fits(doc, rule, sink)) return;
    add_layer(doc, rule);
    Patcher patcher(doc, doc.layers.size() - 1, sink);
    for (const auto& file : rule.patches) {
        YamlFile patch = parse_for_patching(file, sink, true);
        if (patch.root.IsDefined()) patcher.apply(patch.root, file);
    }
}

}  // namespace sandtable::load
