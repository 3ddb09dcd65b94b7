#include "load/yaml_reader.h"

#include "load/file_references.h"

#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <cmath>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

namespace sandtable::load {

using rules::SourceLocation;

LoadError::LoadError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(diagnostics.empty() ? "load failed" : diagnostics.front().to_string()),
      diagnostics_(std::move(diagnostics)) {}

namespace {
// Separates a node's own tag from the file mark_source appends: a byte no
// YAML tag may contain.
constexpr char kSourceSeparator = '\x1f';
}  // namespace

namespace {
// After the file, the place the node was read at ("line:column"): a node
// copied to break YAML alias sharing has no mark of its own.
constexpr char kPlaceSeparator = '\x1e';
// Deeper than any ruleset goes; deeper means an alias that contains itself.
constexpr int kMaxDepth = 200;
// Limits on what a YAML file may be (docs/security.md).
constexpr std::size_t kMaxYamlBytes = std::size_t{16} << 20;
constexpr std::size_t kMaxYamlNodes = 1'000'000;

// The file and place recorded after the separator, if any.
std::pair<std::string, std::string> recorded(const YAML::Node& node) {
    const std::string& tag = node.Tag();
    const auto at = tag.find(kSourceSeparator);
    if (at == std::string::npos) return {};
    const std::string rest = tag.substr(at + 1);
    const auto place = rest.find(kPlaceSeparator);
    return place == std::string::npos ? std::pair{rest, std::string()}
                                      : std::pair{rest.substr(0, place), rest.substr(place + 1)};
}

void tag_one(YAML::Node node, const std::string& file) {
    const YAML::Mark m = node.Mark();
    const std::string place =
        m.is_null() ? std::string()
                    : std::string(1, kPlaceSeparator) + std::to_string(m.line + 1) + ":" + std::to_string(m.column + 1);
    node.SetTag(original_tag(node) + kSourceSeparator + file + place);
}

bool mark_below(YAML::Node node, const std::string& file, int depth) {
    if (!node.IsDefined()) return true;
    if (depth > kMaxDepth) return false;
    tag_one(node, file);
    if (node.IsSequence()) {
        for (std::size_t i = 0; i < node.size(); ++i)
            if (!mark_below(node[i], file, depth + 1)) return false;
    } else if (node.IsMap()) {
        for (auto it = node.begin(); it != node.end(); ++it) {
            tag_one(it->first, file);
            if (!mark_below(it->second, file, depth + 1)) return false;
        }
    }
    return true;
}

YAML::Node copy_below(const YAML::Node& node) {
    YAML::Node out;
    if (node.IsScalar()) {
        out = YAML::Node(node.Scalar());
    } else if (node.IsSequence()) {
        out = YAML::Node(YAML::NodeType::Sequence);
        for (const auto& item : node) out.push_back(copy_below(item));
    } else if (node.IsMap()) {
        out = YAML::Node(YAML::NodeType::Map);
        for (const auto& kv : node) out.force_insert(copy_below(kv.first), copy_below(kv.second));
    } else {
        out = YAML::Node(YAML::NodeType::Null);
    }
    out.SetTag(node.Tag());
    return out;
}
}  // namespace

std::string source_file(const YAML::Node& node, const std::string& fallback) {
    if (!node.IsDefined()) return fallback;
    const auto [file, place] = recorded(node);
    return file.empty() ? fallback : file;
}

std::string original_tag(const YAML::Node& node) {
    const std::string& tag = node.Tag();
    return tag.substr(0, tag.find(kSourceSeparator));
}

bool mark_source(YAML::Node node, const std::string& file) { return mark_below(node, file, 0); }

YAML::Node unshared_copy(const YAML::Node& node) { return copy_below(node); }

bool has_anchors(const std::string& text) { return text.find('&') != std::string::npos; }

SourceLocation location_of(const YAML::Node& node, const std::string& file) {
    if (!node.IsDefined()) return {file, 0, 0};
    const auto [recorded_file, place] = recorded(node);
    const std::string shown = recorded_file.empty() ? file : recorded_file;
    YAML::Mark m = node.Mark();
    if (!m.is_null()) return {shown, m.line + 1, m.column + 1};
    int line = 0, column = 0;
    if (!place.empty() && std::sscanf(place.c_str(), "%d:%d", &line, &column) == 2) return {shown, line, column};
    return {shown, 0, 0};
}

namespace {
// What a YAML file may grow to once its aliases are read out (every loader
// walks the tree as if each alias were a copy): a "billion laughs" file of a
// few hundred bytes expands to billions of nodes, an alias inside the node it
// names to an endless tree. Checked once, right after parsing, with a bounded
// walk (it stops at the first node over either limit).
struct Expansion {
    enum class Problem { None, TooMany, TooDeep, Nul };
    std::size_t nodes = 0;
    YAML::Mark where;
    Problem problem = Problem::None;
};

void walk_expanded(const YAML::Node& node, int depth, Expansion& e) {
    using P = Expansion::Problem;
    if (e.problem != P::None || !node.IsDefined()) return;
    if (++e.nodes > kMaxYamlNodes) {
        e.problem = P::TooMany;
        e.where = node.Mark();
        return;
    }
    if (depth > kMaxDepth) {
        e.problem = P::TooDeep;
        e.where = node.Mark();
        return;
    }
    if (node.IsScalar() && node.Scalar().find('\0') != std::string::npos) {
        e.problem = P::Nul;  // a file name cut short at it would name another file
        e.where = node.Mark();
        return;
    }
    if (node.IsSequence()) {
        for (const auto& item : node) walk_expanded(item, depth + 1, e);
    } else if (node.IsMap()) {
        for (const auto& kv : node) {
            walk_expanded(kv.first, depth + 1, e);
            walk_expanded(kv.second, depth + 1, e);
        }
    }
}
}  // namespace

namespace {
// Counts a document's values as the parser reads them and stops it at the
// first past the limit, so a file of millions of tiny values is refused
// before a tree of them is built (a yaml-cpp node takes some 500 bytes).
class ValueCounter : public YAML::EventHandler {
public:
    struct TooMany {
        YAML::Mark where;
    };
    void OnDocumentStart(const YAML::Mark&) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark& m, YAML::anchor_t) override { count(m); }
    void OnAlias(const YAML::Mark& m, YAML::anchor_t) override { count(m); }
    void OnScalar(const YAML::Mark& m, const std::string&, YAML::anchor_t, const std::string&) override { count(m); }
    void OnSequenceStart(const YAML::Mark& m, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
        count(m);
    }
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark& m, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
        count(m);
    }
    void OnMapEnd() override {}

private:
    void count(const YAML::Mark& m) {
        if (++values_ > kMaxYamlNodes) throw TooMany{m};
    }
    std::size_t values_ = 0;
};

// A value takes at least two bytes (itself and a separator): only a longer text can hold too many.
bool holds_too_many_values(const std::string& text, YAML::Mark& where) {
    if (text.size() <= 2 * kMaxYamlNodes) return false;
    std::istringstream in(text);
    YAML::Parser parser(in);
    ValueCounter counter;
    try {
        parser.HandleNextDocument(counter);
    } catch (const ValueCounter::TooMany& too_many) {
        where = too_many.where;
        return true;
    }
    return false;
}
}  // namespace

YamlFile parse_yaml_text(const std::string& text, const std::string& shown_as, DiagnosticSink& sink) {
    // Undefined, not null, on failure: readers then skip the file quietly
    // instead of adding "expected a mapping" to the real problem.
    YamlFile out{shown_as, YAML::Node(YAML::NodeType::Undefined)};
    if (text.size() > kMaxYamlBytes) {
        sink.error({shown_as, 1, 1}, "the file is " + std::to_string(text.size() >> 20) +
                                         " MiB; a YAML file may hold at most " + std::to_string(kMaxYamlBytes >> 20) +
                                         " MiB");
        return out;
    }
    try {
        if (YAML::Mark where; holds_too_many_values(text, where)) {
            sink.error({shown_as, where.line + 1, where.column + 1}, "the file holds more than " +
                                                                         std::to_string(kMaxYamlNodes) +
                                                                         " values; a file may hold at most that many");
            return out;
        }
        out.root = YAML::Load(text);
    } catch (const YAML::Exception& e) {
        sink.error({shown_as, e.mark.line + 1, e.mark.column + 1}, "malformed YAML: " + e.msg);
        return out;
    }
    Expansion e;
    walk_expanded(out.root, 0, e);
    if (e.problem == Expansion::Problem::None) return out;
    const SourceLocation at = e.where.is_null() ? SourceLocation{shown_as, 1, 1}
                                                : SourceLocation{shown_as, e.where.line + 1, e.where.column + 1};
    if (e.problem == Expansion::Problem::Nul)
        sink.error(at, "a value holds a NUL byte (\\0); no text in these files may");
    else if (e.problem == Expansion::Problem::TooDeep)
        sink.error(at, "the YAML nests more than " + std::to_string(kMaxDepth) +
                           " levels deep (an alias (*name) inside the node it names?)");
    else
        sink.error(at, "the YAML expands to more than " + std::to_string(kMaxYamlNodes) +
                           " values once its aliases (*name) are read out; a file may hold at most that many");
    out.root = YAML::Node(YAML::NodeType::Undefined);
    return out;
}

YamlFile parse_yaml_file(const std::string& path, const std::string& shown_as, DiagnosticSink& sink) {
    if (const std::string why = unreadable(path); !why.empty()) {
        sink.error({shown_as, 1, 1}, "cannot read the file: " + why);
        return {shown_as, YAML::Node(YAML::NodeType::Undefined)};
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        sink.error({shown_as, 1, 1}, std::string("cannot open the file: ") + std::strerror(errno));
        return {shown_as, YAML::Node(YAML::NodeType::Undefined)};
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parse_yaml_text(text.str(), shown_as, sink);
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string closest_match(const std::string& word, const std::vector<std::string>& candidates) {
    std::string best;
    std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
    for (const auto& c : candidates) {
        std::size_t d = edit_distance(word, c);
        if (d < best_distance) {
            best_distance = d;
            best = c;
        }
    }
    return best;
}

std::string unknown(const std::string& what, const std::string& word, const std::vector<std::string>& candidates) {
    std::string guess = closest_match(word, candidates);
    return "unknown " + what + " '" + word + "'" + (guess.empty() ? "" : " (did you mean '" + guess + "'?)");
}

MapReader::MapReader(const YAML::Node& node, const std::string& file, DiagnosticSink& sink, std::string what)
    : node_(node), file_(file), sink_(sink), what_(std::move(what)) {
    if (!node_.IsMap()) {
        valid_ = false;
        SourceLocation at = location_of(node_, file_);
        const bool empty_file = at.line == 0 && node_.IsNull();  // a document with nothing in it has no mark
        if (empty_file) at = {file_, 1, 1};
        sink_.error(
            at, "expected " + what_ + " (a mapping of keys to values)" + (empty_file ? ", but the file is empty" : ""));
        return;
    }
    // YAML parsers keep the first of two equal keys; a designer meant one of
    // them, so say which.
    std::set<std::string> seen;
    for (const auto& kv : node_)
        if (!seen.insert(kv.first.Scalar()).second)
            sink_.error(location_of(kv.first, file_), "key '" + kv.first.Scalar() + "' appears twice in " + what_);
}

MapReader::~MapReader() { finish(); }

SourceLocation MapReader::where(const std::string& key) const {
    if (!valid_) return where();
    YAML::Node n = node_[key];
    return n.IsDefined() ? location_of(n, file_) : where();
}

SourceLocation MapReader::key_where(const std::string& key) const {
    if (valid_)
        for (const auto& kv : node_)
            if (kv.first.Scalar() == key) return location_of(kv.first, file_);
    return where();
}

// Lookups go through a const node: yaml-cpp's non-const operator[] adds a node
// (kept until the whole file is freed) for every key it is asked about.
bool MapReader::has(const std::string& key) { return valid_ && std::as_const(node_)[key].IsDefined(); }

YAML::Node MapReader::child(const std::string& key, const KeyRule& rule) {
    known_.insert(key);
    if (!valid_) return YAML::Node(YAML::NodeType::Undefined);
    YAML::Node n = std::as_const(node_)[key];
    if (!n.IsDefined() || n.IsNull()) {
        if (rule.required) sink_.error(where(), "missing key '" + key + "' in " + what_);
        return YAML::Node(YAML::NodeType::Undefined);
    }
    return n;
}

std::string MapReader::text(const std::string& key, const TextRule& rule) {
    YAML::Node n = child(key, {.required = rule.required});
    if (!n.IsDefined()) return rule.fallback;
    auto v = read_text(n, file_, sink_, "'" + key + "'");
    return v ? *v : rule.fallback;
}

int MapReader::integer(const std::string& key, const IntegerRule& rule) {
    const int fallback = rule.fallback, min = rule.min, max = rule.max;
    YAML::Node n = child(key, {.required = rule.required});
    if (!n.IsDefined()) return fallback;
    auto v = read_int(n, file_, sink_, "'" + key + "'");
    if (!v) return fallback;
    if (*v < min || *v > max) {
        sink_.error(location_of(n, file_), "'" + key + "' must be between " + std::to_string(min) + " and " +
                                               std::to_string(max) + ", got " + std::to_string(*v));
        return fallback;
    }
    return *v;
}

double MapReader::number(const std::string& key, const NumberRule& rule) {
    const double fallback = rule.fallback, min = rule.min, max = rule.max;
    YAML::Node n = child(key, {.required = rule.required});
    if (!n.IsDefined()) return fallback;
    auto v = read_number(n, file_, sink_, "'" + key + "'");
    if (!v) return fallback;
    if (*v < min || *v > max) {
        std::ostringstream range;
        range << "'" << key << "' must be between " << min << " and " << max << ", got " << *v;
        sink_.error(location_of(n, file_), range.str());
        return fallback;
    }
    return *v;
}

bool MapReader::boolean(const std::string& key, const BooleanRule& rule) {
    const bool fallback = rule.fallback;
    YAML::Node n = child(key);
    if (!n.IsDefined()) return fallback;
    bool value = fallback;
    if (!n.IsScalar() || !YAML::convert<bool>::decode(n, value))
        sink_.error(location_of(n, file_), "'" + key + "' must be true or false");
    return value;
}

std::vector<std::string> MapReader::text_list(const std::string& key, const KeyRule& rule) {
    std::vector<std::string> out;
    YAML::Node n = child(key, rule);
    if (!n.IsDefined()) return out;
    if (!n.IsSequence()) {
        sink_.error(location_of(n, file_), "'" + key + "' must be a list");
        return out;
    }
    for (const auto& item : n)
        if (auto v = read_text(item, file_, sink_, "an entry of '" + key + "'")) out.push_back(*v);
    return out;
}

std::vector<std::string> MapReader::keys() const {
    std::vector<std::string> out;
    if (!valid_) return out;
    for (const auto& kv : node_) out.push_back(kv.first.as<std::string>());
    return out;
}

void MapReader::finish() {
    if (finished_ || !valid_) return;
    finished_ = true;
    std::vector<std::string> known(known_.begin(), known_.end());
    for (const auto& kv : node_) {
        std::string key = kv.first.Scalar();
        if (known_.count(key)) continue;
        std::string message = "unknown key '" + key + "' in " + what_;
        std::string guess = closest_match(key, known);
        if (!guess.empty()) message += " (did you mean '" + guess + "'?)";
        sink_.error(location_of(kv.first, file_), message);
    }
}

std::optional<int> read_int(const YAML::Node& node, const std::string& file, DiagnosticSink& sink,
                            const std::string& what) {
    int value = 0;
    if (node.IsScalar() && YAML::convert<int>::decode(node, value)) return value;
    std::string got = node.IsScalar() ? "'" + node.Scalar() + "'" : node.IsSequence() ? "a list" : "a mapping";
    sink.error(location_of(node, file), what + " must be a whole number, got " + got);
    return std::nullopt;
}

std::optional<double> read_number(const YAML::Node& node, const std::string& file, DiagnosticSink& sink,
                                  const std::string& what) {
    double value = 0;
    if (node.IsScalar() && YAML::convert<double>::decode(node, value) && std::isfinite(value)) return value;
    std::string got = node.IsScalar() ? "'" + node.Scalar() + "'" : node.IsSequence() ? "a list" : "a mapping";
    sink.error(location_of(node, file), what + " must be a number, got " + got);
    return std::nullopt;
}

std::optional<std::pair<double, double>> read_point(const YAML::Node& node, const std::string& file,
                                                    DiagnosticSink& sink, const std::string& what) {
    if (!node.IsSequence() || node.size() != 2) {
        sink.error(location_of(node, file), what + " must be a point [x, y] in cm");
        return std::nullopt;
    }
    auto x = read_number(node[0], file, sink, what + "'s x");
    auto y = read_number(node[1], file, sink, what + "'s y");
    if (!x || !y) return std::nullopt;
    return std::pair{*x, *y};
}

std::optional<std::string> read_text(const YAML::Node& node, const std::string& file, DiagnosticSink& sink,
                                     const std::string& what) {
    if (node.IsScalar()) return node.Scalar();
    sink.error(location_of(node, file),
               what + " must be a single value, got " + (node.IsSequence() ? "a list" : "a mapping"));
    return std::nullopt;
}

std::optional<std::string> scalar_at(const YAML::Node& map, const std::string& key) {
    if (!map.IsDefined() || !map.IsMap()) return std::nullopt;
    const YAML::Node value = map[key];
    if (!value.IsDefined() || !value.IsScalar()) return std::nullopt;
    return value.Scalar();
}

rules::Param to_param(const YAML::Node& node, const std::string& file) {
    rules::Param p;
    p.where = location_of(node, file);
    if (node.IsSequence()) {
        rules::Param::List list;
        for (const auto& item : node) list.push_back(to_param(item, file));
        p.value = std::move(list);
    } else if (node.IsMap()) {
        rules::Param::Map map;
        for (const auto& kv : node) map[kv.first.Scalar()] = to_param(kv.second, file);
        p.value = std::move(map);
    } else if (node.IsScalar()) {
        bool b = false;
        long long i = 0;
        double d = 0;
        const std::string& s = node.Scalar();
        const bool quoted = original_tag(node) == "!";
        if (!quoted && YAML::convert<bool>::decode(node, b))
            p.value = b;
        else if (!quoted && YAML::convert<long long>::decode(node, i))
            p.value = i;
        else if (!quoted && YAML::convert<double>::decode(node, d))
            p.value = d;
        else
            p.value = s;
    }
    return p;
}

}  // namespace sandtable::load
