// A ruleset as YAML before it becomes the model: ruleset.yaml and its table
// files as parsed, then changed in place by house rules, each change
// recorded. The loader builds the model from the merged document, so a
// ruleset with house rules is checked exactly as if it had been written out
// whole, and every node still names the file it came from (mark_source).
#pragma once

#include "load/diagnostics.h"
#include "load/house_rule.h"
#include "load/yaml_reader.h"
#include "rules/ruleset.h"

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace sandtable::load {

struct TableDocument {
    std::string id;
    std::string file;  // the file its nodes are read from, unless marked otherwise
    YAML::Node root;
};

// One change a house rule made: what `rules diff` reports and conflicts are
// found between.
struct Change {
    enum class Op { Set, Add, Delete, Replace, Append, Remove };
    Op op = Op::Set;
    std::size_t layer = 0;  // index into RulesetDocument::layers
    // Entries of lists are named by their id: {"unit_types", "knights", "front", "combat"}.
    std::vector<std::string> path;
    YAML::Node before;            // a copy of the old value; undefined for Add
    YAML::Node after;             // the new value, or the items appended or removed
    rules::SourceLocation where;  // in the house rule's patch file
    rules::SourceLocation before_where;
};

struct RulesetDocument {
    std::string file;  // ruleset.yaml
    YAML::Node root;
    std::vector<TableDocument> tables;
    bool tables_loaded = true;                // false when a table file could not be read
    std::vector<rules::RulesetLayer> layers;  // [0] the ruleset
    std::vector<HouseRule> house_rules;       // layers[1..], in order
    std::vector<Change> changes;

    // The layer a file belongs to (0 for any file not of a house rule).
    std::size_t layer_of(const std::string& file) const;
    const TableDocument* table(const std::string& id) const;
};

// Parses a YAML file whose nodes a house rule may change: aliases (*name) are
// copied apart so a change lands in one place only, their places kept in the
// tags; with `mark`, every node also records the file (patches). An alias
// that contains itself is reported, not followed.
YamlFile parse_for_patching(const std::string& path, DiagnosticSink& sink, bool mark);
// The same for text already in memory, shown as `path`.
YamlFile parse_text_for_patching(const std::string& text, const std::string& path, DiagnosticSink& sink, bool mark);

// Parses ruleset.yaml (or the folder holding it) and the tables it lists.
RulesetDocument read_ruleset_document(const std::string& path, DiagnosticSink& sink);

// Applies a house rule's patches to the document, after checking that it fits
// the ruleset's id and version and does not clash with the house rules
// already applied. Problems go to the sink, each naming the files involved.
void apply_house_rule(RulesetDocument& document, const HouseRule& rule, DiagnosticSink& sink);
// One patch of `rule`, its text in memory (shown as `shown_as`), applied as its only patch would be.
void apply_house_patch_text(RulesetDocument& document, const HouseRule& rule, const std::string& text,
                            const std::string& shown_as, DiagnosticSink& sink);

// The model and the merged document it was built from (`rules dump`,
// `rules diff`, the studio's provenance view).
struct LayeredRuleset {
    rules::Ruleset ruleset;
    RulesetDocument document;
};
LayeredRuleset load_layered_ruleset(const std::string& path, const std::vector<std::string>& house_rules);
// The model of a document already merged; problems go to the sink.
rules::Ruleset build_ruleset(const RulesetDocument& document, DiagnosticSink& sink);

// The field that names the entries of a list, when every item is a mapping
// holding it: "id" (unit types, terrain, ...), "module" (rule modules) or
// "odds" (CRT columns); empty for any other list.
std::string list_entry_key(const YAML::Node& list);

// A value as one line of text, for messages and diffs: scalars as written,
// lists as [a, b], maps as {k: v}.
std::string value_text(const YAML::Node& node);
// A path as a designer reads it: unit_types.knights.front.combat.
std::string path_text(const std::vector<std::string>& path);

}  // namespace sandtable::load
