#include "load/module_params.h"
#include "load/yaml_reader.h"

#include <algorithm>

namespace sandtable::load {

namespace {

constexpr const char* kOpen = "--[[ params:";  // as written in messages

bool is_list_type(const std::string& type) {
    return type == "int_list" || type == "text_list" || type == "unit_types" || type == "phases" || type == "terrains";
}

// The names a reference type may take, for existence checks.
std::optional<std::vector<std::string>> names_for(const rules::Ruleset& rs, const std::string& type) {
    if (type == "unit_type" || type == "unit_types") return ids_of(rs.unit_types);
    if (type == "attribute") return ids_of(rs.attributes);
    if (type == "phase" || type == "phases") return ids_of(rs.phases);
    if (type == "terrain" || type == "terrains") return ids_of(rs.terrain);
    return std::nullopt;
}

std::string what_for(const std::string& type) {
    if (type == "unit_type" || type == "unit_types") return "unit type";
    if (type == "attribute") return "attribute";
    if (type == "phase" || type == "phases") return "phase";
    return "terrain";
}

// "got text 'two'", "got a list": what a designer wrote, in words.
std::string got(const rules::Param& p) {
    switch (p.value.index()) {
        case 1:
            return std::string("got ") + (std::get<bool>(p.value) ? "true" : "false");
        case 2:
            return "got a whole number '" + std::to_string(std::get<long long>(p.value)) + "'";
        case 3:
            return "got a number '" + std::to_string(std::get<double>(p.value)) + "'";
        case 4:
            return "got text '" + std::get<std::string>(p.value) + "'";
        case 5:
            return "got a list";
        case 6:
            return "got a map";
        default:
            return "got nothing";
    }
}

class ParamChecker {
public:
    ParamChecker(const rules::Ruleset& rs, const std::string& module, DiagnosticSink& sink)
        : rs_(rs), module_(module), sink_(sink) {}

    void check(const ParamSpec& spec, const rules::Param& value) {
        const std::string named = "param '" + spec.name + "' of rule module '" + module_ + "'";
        const auto& types = param_types();
        if (value.is_null() || std::find(types.begin(), types.end(), spec.type) == types.end())
            return;  // a bad type is reported in the declaration
        if (is_list_type(spec.type)) {
            const auto* list = value.list();
            if (!list) return sink_.error(value.where, named + " must be a list (" + spec.type + "), " + got(value));
            for (const auto& item : *list) scalar(spec, item, named);
            return;
        }
        scalar(spec, value, named);
    }

private:
    void scalar(const ParamSpec& spec, const rules::Param& v, const std::string& named) {
        const std::string& t = spec.type;
        if (t == "bool") {
            if (!std::holds_alternative<bool>(v.value))
                sink_.error(v.where, named + " must be true or false, " + got(v));
            return;
        }
        if (t == "int" || t == "int_list") {
            const auto* n = std::get_if<long long>(&v.value);
            if (!n) return sink_.error(v.where, named + " must be a whole number, " + got(v));
            if ((spec.min && *n < *spec.min) || (spec.max && *n > *spec.max))
                sink_.error(v.where, named + " must be between " + std::to_string(spec.min.value_or(*n)) + " and " +
                                         std::to_string(spec.max.value_or(*n)) + ", got " + std::to_string(*n));
            return;
        }
        const auto* s = std::get_if<std::string>(&v.value);
        if (!s)
            return sink_.error(v.where, named + " must be " +
                                            (t == "text" || t == "text_list" ? "text" : "the id of a " + what_for(t)) +
                                            ", " + got(v));
        if (const auto names = names_for(rs_, t); names && std::find(names->begin(), names->end(), *s) == names->end())
            sink_.error(v.where, named + ": " + unknown(what_for(t), *s, *names));
    }

    const rules::Ruleset& rs_;
    const std::string& module_;
    DiagnosticSink& sink_;
};

}  // namespace

const std::vector<std::string>& param_types() {
    static const std::vector<std::string> types = {"int",       "bool",      "text",       "int_list",
                                                   "text_list", "unit_type", "unit_types", "attribute",
                                                   "phase",     "phases",    "terrain",    "terrains"};
    return types;
}

std::optional<std::vector<ParamSpec>> read_param_declarations(const std::string& source, const std::string& file,
                                                              DiagnosticSink& sink) {
    // "--[[", any spaces, "params:"; the block is YAML up to "]]". Scanned by
    // hand, linear: a backtracking regex over a stranger's 50 KB of spaces
    // overflowed the stack.
    std::size_t start = std::string::npos;
    for (std::size_t open = source.find("--[["); open != std::string::npos && start == std::string::npos;
         open = source.find("--[[", open + 1)) {
        std::size_t i = open + 4;
        while (i < source.size() && (source[i] == ' ' || source[i] == '\t')) ++i;
        if (source.compare(i, 7, "params:") == 0) start = i;  // at "params:"
    }
    if (start == std::string::npos) return std::nullopt;
    const std::size_t close = source.find("]]", start);
    const int line_offset =
        static_cast<int>(std::count(source.begin(), source.begin() + static_cast<long>(start), '\n'));
    if (close == std::string::npos) {
        sink.error({file, line_offset + 1, 1}, "the params block (" + std::string(kOpen) + ") has no closing ]]");
        return std::nullopt;
    }
    // Lines count from "params:"; its own line is shifted by the "--[[ " before it.
    std::string text = source.substr(start, close - start);
    DiagnosticSink local;
    YamlFile yaml = parse_yaml_text(text, file, local);
    auto shifted = [&](rules::SourceLocation where) {
        if (where.line > 0) where.line += line_offset;
        if (where.line == line_offset + 1 && where.column > 0)
            where.column += static_cast<int>(
                start - (source.rfind('\n', start) == std::string::npos ? 0 : source.rfind('\n', start) + 1));
        return where;
    };
    for (const auto& d : local.items()) sink.error(shifted(d.where), d.message);
    std::vector<ParamSpec> specs;
    if (!yaml.root.IsDefined()) return std::nullopt;  // reported: nothing to check against
    DiagnosticSink reading;
    std::vector<std::pair<std::string, rules::Param>> defaults;
    {
        MapReader top(yaml.root, file, reading, "a params block (params: { name: { type: ..., ... } })");
        if (top.valid()) {
            MapReader all(top.child("params", {.required = true}), file, reading, "the declared params");
            if (all.valid())
                for (const auto& name : all.keys()) {
                    MapReader r(all.child(name), file, reading,
                                "the declaration of param '" + name + "' ({ type, min, max, default, doc })");
                    if (!r.valid()) continue;
                    ParamSpec spec;
                    spec.name = name;
                    spec.where = shifted(all.key_where(name));
                    spec.type = r.text("type", {.required = true});
                    if (!spec.type.empty() &&
                        std::find(param_types().begin(), param_types().end(), spec.type) == param_types().end())
                        reading.error(r.where("type"), unknown("param type", spec.type, param_types()));
                    if (r.has("min")) spec.min = r.integer("min", {.required = true});
                    if (r.has("max")) spec.max = r.integer("max", {.required = true});
                    YAML::Node fallback = r.child("default");
                    spec.doc = r.text("doc", {});
                    if (fallback.IsDefined()) defaults.emplace_back(spec.name, to_param(fallback, file));
                    specs.push_back(std::move(spec));
                }
        }
    }
    // A default must be a value the module accepts (references are checked
    // with the given params, once the ruleset is known).
    for (auto& entry : defaults) {  // not a structured binding: clang 14 cannot capture one in a lambda
        const std::string& name = entry.first;
        rules::Param& value = entry.second;
        const auto spec = std::find_if(specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == name; });
        const bool reference = spec->type == "unit_type" || spec->type == "unit_types" || spec->type == "attribute" ||
                               spec->type == "phase" || spec->type == "phases" || spec->type == "terrain" ||
                               spec->type == "terrains";
        if (reference) continue;
        rules::Ruleset none;
        DiagnosticSink checked;
        rules::Param::Map one{{name, value}};
        check_module_params(none, "(declaration)", rules::Param{one, {}}, specs, checked);
        const std::string prefix = "param '" + name + "' of rule module '(declaration)' ";
        for (const auto& d : checked.items())
            reading.error(d.where, "the default of param '" + name + "' " +
                                       (d.message.rfind(prefix, 0) == 0 ? d.message.substr(prefix.size()) : d.message));
    }
    for (const auto& d : reading.items()) sink.error(shifted(d.where), d.message);
    // A block with mistakes checks nothing: its params would all look unknown.
    if (!reading.empty() || !local.empty()) return std::nullopt;
    return specs;
}

void check_module_params(const rules::Ruleset& rs, const std::string& module, const rules::Param& params,
                         const std::vector<ParamSpec>& specs, DiagnosticSink& sink) {
    if (params.is_null()) return;
    const auto* map = params.map();
    if (!map)
        return sink.error(params.where,
                          "the params of rule module '" + module + "' must be a mapping of names to values");
    std::vector<std::string> names;
    for (const auto& s : specs) names.push_back(s.name);
    ParamChecker checker(rs, module, sink);
    for (const auto& entry : *map) {  // not a structured binding: clang 14 cannot capture one in a lambda
        const std::string& name = entry.first;
        const rules::Param& value = entry.second;
        auto spec = std::find_if(specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == name; });
        if (spec == specs.end()) {
            const std::string close = closest_match(name, names);
            std::string list;
            for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
            sink.error(value.where,
                       "rule module '" + module + "' has no param '" + name + "'" +
                           (close.empty() ? (names.empty() ? " (it takes none)" : " (it takes " + list + ")")
                                          : " (did you mean '" + close + "'?)"));
        } else {
            checker.check(*spec, value);
        }
    }
}

}  // namespace sandtable::load
