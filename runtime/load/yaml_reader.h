// Strict reading of YAML mappings: every key a reader does not ask for is an
// "unknown key" error with a did-you-mean, every wrong type names the place
// and what was expected. Problems go to a DiagnosticSink so one pass reports
// them all.
#pragma once

#include "load/diagnostics.h"
#include "rules/param.h"

#include <yaml-cpp/yaml.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sandtable::load {

struct YamlFile {
    std::string path;  // as shown in messages
    YAML::Node root;
};

// Parses a file; a syntax error is reported with its line and column and an
// empty node returned.
YamlFile parse_yaml_file(const std::string& path, const std::string& shown_as, DiagnosticSink& sink);
YamlFile parse_yaml_text(const std::string& text, const std::string& shown_as, DiagnosticSink& sink);

// The place of a node: in `file`, unless the node was merged in from another
// file (a house rule's patch), whose name it carries (see mark_source).
rules::SourceLocation location_of(const YAML::Node& node, const std::string& file);
// Records on every node under `node` the file and place it was read from, so
// a merged document still names the right file and line in each message.
// Rides on the node's tag; original_tag() gives back the tag the YAML had.
// False (and only part marked) when the YAML nests deeper than any ruleset
// does, which means an alias that contains itself.
bool mark_source(YAML::Node node, const std::string& file);
// A copy sharing no node with the original: YAML aliases (*name) make one
// node appear in several places, and a house rule changing it in one place
// must not change the others. Marks are lost; call mark_source first so the
// places survive in the tags. Only for YAML mark_source accepted.
YAML::Node unshared_copy(const YAML::Node& node);
// Whether YAML text may hold anchors (and so aliases).
bool has_anchors(const std::string& text);
// The file mark_source recorded on a node; `fallback` when none.
std::string source_file(const YAML::Node& node, const std::string& fallback);
std::string original_tag(const YAML::Node& node);
std::string closest_match(const std::string& word, const std::vector<std::string>& candidates);
// Levenshtein distance; small inputs only (key names).
std::size_t edit_distance(const std::string& a, const std::string& b);
// "unknown <what> '<word>'", with " (did you mean '…'?)" when one is close.
std::string unknown(const std::string& what, const std::string& word, const std::vector<std::string>& candidates);
// The ids of a list of entries, for did-you-mean suggestions.
template <class T>
std::vector<std::string> ids_of(const std::vector<T>& items) {
    std::vector<std::string> out;
    for (const auto& item : items) out.push_back(item.id);
    return out;
}

// How a key is read, named at the call:
//   r.integer("turns", {.required = true, .min = 1, .max = 999})
//   r.text("notes", {.fallback = "none"})
// A missing required key is an error; a missing optional key gives the fallback.
struct KeyRule {
    bool required = false;
};
struct TextRule {
    bool required = false;
    std::string fallback;
};
struct IntegerRule {
    bool required = false;
    int fallback = 0;
    int min = -1'000'000'000;
    int max = 1'000'000'000;
};
struct NumberRule {
    bool required = false;
    double fallback = 0;
    double min = -1e9;
    double max = 1e9;
};
struct BooleanRule {
    bool fallback = false;
};

class MapReader {
public:
    MapReader(const YAML::Node& node, const std::string& file, DiagnosticSink& sink, std::string what);
    ~MapReader();
    MapReader(const MapReader&) = delete;
    MapReader& operator=(const MapReader&) = delete;

    bool valid() const { return valid_; }
    const YAML::Node& node() const { return node_; }
    rules::SourceLocation where() const { return location_of(node_, file_); }
    rules::SourceLocation where(const std::string& key) const;
    rules::SourceLocation key_where(const std::string& key) const;
    bool has(const std::string& key);

    // Each getter marks the key as known.
    std::string text(const std::string& key, const TextRule& rule);
    // A whole number in [min, max]; outside it, an error and the fallback.
    int integer(const std::string& key, const IntegerRule& rule);
    bool boolean(const std::string& key, const BooleanRule& rule);
    // A number, whole or not (centimetres on a tabletop).
    double number(const std::string& key, const NumberRule& rule);
    // The raw child, marked known; an undefined node when absent.
    YAML::Node child(const std::string& key, const KeyRule& rule = {});
    std::vector<std::string> text_list(const std::string& key, const KeyRule& rule = {});
    // Marks keys the caller reads itself (e.g. per-attribute values).
    void accept(const std::string& key) { known_.insert(key); }
    std::vector<std::string> keys() const;

    // Reports every key not asked for. Called by the destructor if not before.
    void finish();

    DiagnosticSink& sink() { return sink_; }
    const std::string& file() const { return file_; }

private:
    YAML::Node node_;
    std::string file_;
    DiagnosticSink& sink_;
    std::string what_;
    std::set<std::string> known_;
    bool valid_ = true;
    bool finished_ = false;
};

// The scalar under `key` of a mapping, if there is one (never throws, unlike
// yaml-cpp's operator[] on a missing key followed by a type query).
std::optional<std::string> scalar_at(const YAML::Node& map, const std::string& key);

// Scalar conversions that report instead of throwing.
std::optional<int> read_int(const YAML::Node& node, const std::string& file, DiagnosticSink& sink,
                            const std::string& what);
std::optional<double> read_number(const YAML::Node& node, const std::string& file, DiagnosticSink& sink,
                                  const std::string& what);
// A point written [x, y] (centimetres on a tabletop).
std::optional<std::pair<double, double>> read_point(const YAML::Node& node, const std::string& file,
                                                    DiagnosticSink& sink, const std::string& what);
std::optional<std::string> read_text(const YAML::Node& node, const std::string& file, DiagnosticSink& sink,
                                     const std::string& what);

// Converts any YAML node to a Param tree (scalars typed as bool, int, double
// or string in that order of preference).
rules::Param to_param(const YAML::Node& node, const std::string& file);

}  // namespace sandtable::load
