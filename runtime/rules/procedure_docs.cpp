#include "rules/procedure_docs.h"

#include <cstdio>

namespace sandtable::rules {

namespace {

using Kind = ProcedureOption::Kind;
constexpr int kNoMinimum = -1'000'000;

std::string quoted_words(const std::vector<std::string>& words) {
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (i > 0) out += i + 1 == words.size() ? " or " : ", ";
        out += "`" + words[i] + "`";
    }
    return out;
}

std::string type_text(const ProcedureOption& o) {
    switch (o.kind) {
        case Kind::Bool:
            return "`true`/`false`";
        case Kind::Int:
            return o.min > kNoMinimum ? "whole number, at least " + std::to_string(o.min) : "whole number";
        case Kind::Text:
            return "attribute name";
        case Kind::Choice:
            return quoted_words(o.choices);
        case Kind::Name:
            return "name";
        case Kind::Names:
            return "name or list of names";
        case Kind::TerrainNames:
            return "terrain id or list of ids";
    }
    return "";
}

// A table cell: a pipe would end it.
std::string cell(const std::string& text) {
    std::string out;
    for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

std::string json_string(const std::string& text) {
    std::string out = "\"";
    for (unsigned char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
            out += escaped;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

std::string json_list(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + json_string(items[i]);
    return out + "]";
}

std::string names_schema() {
    return R"("oneOf": [{ "type": "string" }, { "type": "array", "items": { "type": "string" } }])";
}

// The schema of one option's value, with its default and description.
std::string option_schema(const ProcedureOption& o) {
    std::string s;
    switch (o.kind) {
        case Kind::Bool:
            s = R"("type": "boolean")";
            break;
        case Kind::Int:
            s = R"("type": "integer")";
            if (o.min > kNoMinimum) s += ", \"minimum\": " + std::to_string(o.min);
            break;
        case Kind::Choice:
            s = "\"enum\": " + json_list(o.choices);
            break;
        case Kind::Text:
        case Kind::Name:
            s = R"("type": "string")";
            break;
        case Kind::Names:
        case Kind::TerrainNames:
            s = names_schema();
            break;
    }
    if (!o.default_text.empty()) {
        const bool literal = o.kind == Kind::Bool || o.kind == Kind::Int;
        s += ", \"default\": " + (literal ? o.default_text : json_string(o.default_text));
    }
    return "{ " + s + ", \"description\": " + json_string(o.help) + " }";
}

std::string procedure_schema(const ProcedureSpec& p) {
    std::string s = "    {\n      \"if\": { \"properties\": { \"procedure\": { \"const\": " + json_string(p.name) +
                    " } }, \"required\": [\"procedure\"] },\n";
    s += "      \"then\": {\n        \"properties\": {\n          \"options\": {\n";
    s += "            \"type\": \"object\",\n            \"additionalProperties\": false,\n";
    s += "            \"properties\": {";
    for (std::size_t i = 0; i < p.options.size(); ++i)
        s += std::string(i ? "," : "") + "\n              " + json_string(p.options[i].key) + ": " +
             option_schema(p.options[i]);
    s += p.options.empty() ? "}\n" : "\n            }\n";
    return s + "          }\n        }\n      }\n    }";
}

}  // namespace

std::string options_markdown(const ProcedureSpec& procedure) {
    if (procedure.options.empty()) return "It takes no options.\n";
    std::string out = "| option | type | default | effect |\n|---|---|---|---|\n";
    for (const auto& o : procedure.options)
        out += "| `" + o.key + "` | " + type_text(o) + " | " +
               (o.default_text.empty() ? std::string("none") : "`" + o.default_text + "`") + " | " + cell(o.help) +
               " |\n";
    return out;
}

std::string options_schema() {
    std::vector<std::string> names;
    for (const auto& p : procedures()) names.push_back(p.name);
    std::string s = "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n";
    s += "  \"$comment\": \"Written by `sandtable docs write` from runtime/rules/phase_options*.cpp; "
         "edit it there.\",\n";
    s += "  \"title\": \"A phase's procedure and the options it takes\",\n";
    s += "  \"description\": \"Referenced by ruleset.schema.json for each phase: the built-in procedures, and for each "
         "the options it reads, with their types, ranges and defaults.\",\n";
    s += "  \"type\": \"object\",\n  \"properties\": { \"procedure\": { \"enum\": " + json_list(names) + " } },\n";
    s += "  \"allOf\": [\n";
    for (std::size_t i = 0; i < procedures().size(); ++i)
        s += (i ? ",\n" : "") + procedure_schema(procedures()[i]);
    return s + "\n  ]\n}\n";
}

}  // namespace sandtable::rules
