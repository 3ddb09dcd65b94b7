#include "load/ruleset_writer.h"

#include "load/yaml_text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

namespace sandtable::load {

using namespace sandtable::rules;

namespace {

// Lines longer than this put a type's back face on a line of its own, as the
// hand-written BMW file does.
constexpr std::size_t kMaxLineLength = 135;
constexpr std::string_view kFaceIndent = "      ";

bool is_yaml_reserved_word(const std::string& text) {
    static constexpr std::array<std::string_view, 10> reserved{"true", "false", "yes", "no", "on",
                                                               "off",  "null",  "y",   "n",  "~"};
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return std::find(reserved.begin(), reserved.end(), lower) != reserved.end();
}

// Words like `spearmen` or `Light Cavalry` are written plain, as a designer
// would; anything YAML could read as another type or as syntax is quoted.
std::string plain_or_quoted(const std::string& text) {
    auto plain_char = [](unsigned char c) {
        return std::isalnum(c) || c == '_' || c == ' ' || c == '-' || c == '.' || c == '\'';
    };
    const bool plain =
        !text.empty() && (std::isalpha(static_cast<unsigned char>(text.front())) || text.front() == '_') &&
        text.back() != ' ' &&
        std::all_of(text.begin(), text.end(), [&](char c) { return plain_char(static_cast<unsigned char>(c)); }) &&
        !is_yaml_reserved_word(text);
    return plain ? text : yaml_quoted(text);
}

std::string attribute_value_text(const AttributeSpec& attribute, int value) {
    if (attribute.kind == AttributeKind::Enum) return plain_or_quoted(attribute.format(value));
    return attribute.format(value);
}

const std::string& movement_class_id(const Ruleset& rs, int index) {
    return rs.movement_classes.at(static_cast<std::size_t>(index));
}

// "{ class: horse, combat: 3, ... }", or empty when the face says nothing the
// loader would not assume anyway. Required attributes are always written: the
// loader insists on seeing them, and a designer expects to.
std::string face_mapping(const Ruleset& rs, const UnitFace& face, int type_class) {
    std::vector<std::string> entries;
    if (face.movement_class != type_class)
        entries.push_back("class: " + plain_or_quoted(movement_class_id(rs, face.movement_class)));
    for (std::size_t i = 0; i < rs.attributes.size(); ++i) {
        const AttributeSpec& a = rs.attributes[i];
        const int value = face.values.at(i);
        if (a.required || value != a.default_value)
            entries.push_back(plain_or_quoted(a.id) + ": " + attribute_value_text(a, value));
    }
    if (entries.empty()) return {};
    std::string out = "{ ";
    for (std::size_t i = 0; i < entries.size(); ++i) out += (i ? ", " : "") + entries[i];
    return out + " }";
}

std::string unit_type_entry(const Ruleset& rs, const UnitType& type) {
    const int type_class = type.front.movement_class;
    std::string out = "  - { id: " + plain_or_quoted(type.id) + ", name: " + plain_or_quoted(type.name) +
                      ", symbol: " + plain_or_quoted(type.symbol) +
                      ", class: " + plain_or_quoted(movement_class_id(rs, type_class));
    std::vector<std::string> faces;
    // The front is omitted when empty; the back never is, its presence is what gives a counter two faces.
    if (std::string front = face_mapping(rs, type.front, type_class); !front.empty())
        faces.push_back("front: " + front);
    if (type.back) {
        std::string back = face_mapping(rs, *type.back, type_class);
        faces.push_back("back: " + (back.empty() ? std::string("{}") : back));
    }
    if (faces.empty()) return out + " }\n";
    std::string one_line = std::string(kFaceIndent);
    for (std::size_t i = 0; i < faces.size(); ++i) one_line += (i ? ", " : "") + faces[i];
    if (one_line.size() + 2 <= kMaxLineLength) return out + ",\n" + one_line + " }\n";
    out += ",\n";
    for (std::size_t i = 0; i < faces.size(); ++i)
        out += std::string(kFaceIndent) + faces[i] + (i + 1 < faces.size() ? ",\n" : " }\n");
    return out;
}

// ---- rule modules -------------------------------------------------------

std::string double_text(double value) {
    if (std::isnan(value)) return ".nan";
    if (std::isinf(value)) return value > 0 ? ".inf" : "-.inf";
    std::array<char, 64> buffer{};
    const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    std::string text(buffer.data(), end);
    // "2" would load back as a whole number: a double keeps its point.
    if (text.find_first_of(".e") == std::string::npos) text += ".0";
    return text;
}

// Text is written plain when the loader reads it back as the same text, not
// as a number, a boolean or null; otherwise quoted.
std::string param_text(const std::string& text) {
    const std::string plain = plain_or_quoted(text);
    if (plain != text) return plain;
    char* end = nullptr;
    std::strtod(text.c_str(), &end);
    const bool reads_as_number = end != text.c_str() && *end == '\0';
    return reads_as_number ? yaml_quoted(text) : text;
}

std::string map_to_yaml(const Param::Map& map) {
    if (map.empty()) return "{}";
    std::string out = "{ ";
    bool first = true;
    for (const std::string& key : param_keys_in_written_order(map)) {
        out += (first ? "" : ", ") + param_text(key) + ": " + param_to_yaml(map.at(key));
        first = false;
    }
    return out + " }";
}

std::string list_to_yaml(const Param::List& list) {
    std::string out = "[";
    for (std::size_t i = 0; i < list.size(); ++i) out += (i ? ", " : "") + param_to_yaml(list[i]);
    return out + "]";
}

struct ParamWriter {
    std::string operator()(std::monostate) const { return "null"; }
    std::string operator()(bool value) const { return value ? "true" : "false"; }
    std::string operator()(long long value) const { return std::to_string(value); }
    std::string operator()(double value) const { return double_text(value); }
    std::string operator()(const std::string& value) const { return param_text(value); }
    std::string operator()(const Param::List& value) const { return list_to_yaml(value); }
    std::string operator()(const Param::Map& value) const { return map_to_yaml(value); }
};

// "  - { module: cavalry, params: { retreat_hexes: 3 } }": `enabled` only when
// switched off, `params` only when the file gave some.
std::string rule_module_entry(const RuleModule& module) {
    std::string out = "  - { module: " + param_text(module.module);
    if (!module.enabled) out += ", enabled: false";
    if (!module.params.is_null()) out += ", params: " + param_to_yaml(module.params);
    return out + " }\n";
}

// One line of a text: [begin, end) without its '\n'; next is where the following line starts.
struct Line {
    std::size_t begin, end, next;
    std::string_view text;
};

std::vector<Line> split_lines(const std::string& text) {
    std::vector<Line> lines;
    for (std::size_t begin = 0; begin < text.size();) {
        const std::size_t newline = text.find('\n', begin);
        const std::size_t end = newline == std::string::npos ? text.size() : newline;
        const std::size_t next = newline == std::string::npos ? text.size() : newline + 1;
        lines.push_back({begin, end, next, std::string_view(text).substr(begin, end - begin)});
        begin = next;
    }
    return lines;
}

bool is_blank(std::string_view line) {
    return std::all_of(line.begin(), line.end(), [](char c) { return c == ' ' || c == '\t' || c == '\r'; });
}

bool is_separator(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// `KEY:` at column 0, perhaps followed by a value or a comment.
bool is_top_level_key(std::string_view line, std::string_view key) {
    if (line.substr(0, key.size()) != key) return false;
    std::size_t i = key.size();
    while (i < line.size() && is_separator(line[i])) ++i;
    return i < line.size() && line[i] == ':' && (i + 1 == line.size() || is_separator(line[i + 1]));
}

// A line that starts something new at the top level: a key or a document
// marker. Indented lines, comments and `- ` entries (a block list may sit at
// the key's own indentation) still belong to the block above.
bool starts_top_level_item(std::string_view line) {
    if (line.empty() || is_separator(line.front()) || line.front() == '#') return false;
    const bool list_entry = line.front() == '-' && (line.size() == 1 || is_separator(line[1]));
    return !list_entry;
}

std::string ruleset_file_for_messages(const Ruleset& rs) {
    if (!rs.where.file.empty()) return rs.where.file;
    return rs.directory.empty() ? std::string("ruleset.yaml") : rs.directory + "/ruleset.yaml";
}

std::string with_line_endings_of(std::string text, std::string_view sample_line) {
    if (sample_line.empty() || sample_line.back() != '\r') return text;
    std::string out;
    for (char c : text) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
    return out;
}

// `text` with the block of the top-level `key:`, from the key's line up to
// the next top-level item or the end, replaced by `block`. Blank lines and
// column-0 comments just before the next key introduce that key, so they stay.
std::string replace_top_level_block(const std::string& text, std::string_view key, const std::string& block,
                                    const std::string& file, const std::string& what) {
    const std::vector<Line> lines = split_lines(text);
    const auto key_line =
        std::find_if(lines.begin(), lines.end(), [&](const Line& l) { return is_top_level_key(l.text, key); });
    if (key_line == lines.end())
        throw std::runtime_error(file + ": no top-level '" + std::string(key) + ":' key, so the " + what +
                                 " cannot be written back (add a line '" + std::string(key) +
                                 ":' at the start of a line)");
    auto block_end =
        std::find_if(key_line + 1, lines.end(), [](const Line& l) { return starts_top_level_item(l.text); });
    while (block_end != key_line + 1 && (is_blank((block_end - 1)->text) || (block_end - 1)->text.front() == '#'))
        --block_end;
    const std::size_t kept_from = block_end == lines.end() ? text.size() : block_end->begin;
    return text.substr(0, key_line->begin) + with_line_endings_of(block, key_line->text) + text.substr(kept_from);
}

}  // namespace

std::string unit_types_to_yaml(const Ruleset& rs) {
    std::ostringstream out;
    out << "unit_types:\n";
    for (const UnitType& type : rs.unit_types) out << unit_type_entry(rs, type);
    return out.str();
}

std::string replace_unit_types(const std::string& ruleset_text, const Ruleset& rs) {
    return replace_top_level_block(ruleset_text, "unit_types", unit_types_to_yaml(rs), ruleset_file_for_messages(rs),
                                   "unit types");
}

std::string param_to_yaml(const Param& param) { return std::visit(ParamWriter{}, param.value); }

std::vector<std::string> param_keys_in_written_order(const Param::Map& map) {
    std::vector<std::string> keys;
    for (const auto& [key, value] : map) keys.push_back(key);
    auto position = [&](const std::string& key) {
        const SourceLocation& where = map.at(key).where;
        return std::tuple(where.line == 0, where.line, where.column);  // unplaced last, then top to bottom
    };
    std::stable_sort(keys.begin(), keys.end(),
                     [&](const std::string& a, const std::string& b) { return position(a) < position(b); });
    return keys;
}

std::string rule_modules_to_yaml(const Ruleset& rs) {
    if (rs.modules.empty()) return "rules: []\n";
    std::string out = "rules:\n";
    for (const RuleModule& module : rs.modules) out += rule_module_entry(module);
    return out;
}

std::string replace_rule_modules(const std::string& ruleset_text, const Ruleset& rs) {
    return replace_top_level_block(ruleset_text, "rules", rule_modules_to_yaml(rs), ruleset_file_for_messages(rs),
                                   "rule modules");
}

}  // namespace sandtable::load
