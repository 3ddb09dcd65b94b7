// A ruleset's attributes, unit types and their faces.
#include "load/ruleset_reader.h"
#include "rules/counter_symbols.h"

#include <algorithm>

namespace sandtable::load::ruleset_reading {

namespace {

std::string unknown_symbol_message(const std::string& symbol) {
    std::vector<std::string> known(kCounterSymbols.begin(), kCounterSymbols.end());
    std::string list;
    for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
    const std::string near = closest_match(symbol, known);
    return "unknown counter symbol '" + symbol + "'" + (near.empty() ? "" : " (did you mean '" + near + "'?)") +
           "; expected one of " + list;
}

}  // namespace

void RulesetReader::attributes(MapReader& top) {
    YAML::Node node = top.child("attributes", {.required = true});
    if (!node.IsDefined()) return;
    if (!node.IsMap())
        return sink.error(location_of(node, file), "'attributes' must map attribute names to their types");
    for (const auto& kv : node) {
        AttributeSpec a;
        a.id = kv.first.Scalar();
        a.where = location_of(kv.first, file);
        if (rs.attribute_index(a.id) >= 0) sink.error(a.where, "attribute '" + a.id + "' is declared twice");
        MapReader r(kv.second, file, sink, "attribute '" + a.id + "'");
        if (!r.valid()) continue;
        std::string type = r.text("type", {.required = true});
        if (type == "int")
            a.kind = AttributeKind::Int;
        else if (type == "bool")
            a.kind = AttributeKind::Bool;
        else if (type == "enum")
            a.kind = AttributeKind::Enum;
        else
            sink.error(r.where("type"), "attribute type must be int, bool or enum, got '" + type + "'");
        a.min = r.integer("min", {.fallback = a.kind == AttributeKind::Int ? -1'000'000 : 0});
        a.max = r.integer("max", {.fallback = 1'000'000});
        a.values = r.text_list("values", {.required = a.kind == AttributeKind::Enum});
        a.required = r.boolean("required", {.fallback = false});
        if (r.has("default")) {
            YAML::Node d = r.child("default");
            if (auto v = attribute_value(a, d)) a.default_value = *v;
        } else if (a.kind == AttributeKind::Int) {
            a.default_value = std::max(0, a.min);
        }
        rs.attributes.push_back(std::move(a));
    }
}

std::optional<int> RulesetReader::attribute_value(const AttributeSpec& a, const YAML::Node& n) {
    switch (a.kind) {
        case AttributeKind::Int: {
            auto v = read_int(n, file, sink, "'" + a.id + "'");
            if (v && (*v < a.min || *v > a.max)) {
                sink.error(location_of(n, file), "'" + a.id + "' must be between " + std::to_string(a.min) + " and " +
                                                     std::to_string(a.max) + ", got " + std::to_string(*v));
                return std::nullopt;
            }
            return v;
        }
        case AttributeKind::Bool: {
            bool b = false;
            if (n.IsScalar() && YAML::convert<bool>::decode(n, b)) return b ? 1 : 0;
            sink.error(location_of(n, file), "'" + a.id + "' must be true or false");
            return std::nullopt;
        }
        case AttributeKind::Enum: {
            auto s = read_text(n, file, sink, "'" + a.id + "'");
            if (!s) return std::nullopt;
            if (auto i = a.enum_index(*s)) return *i;
            std::string list;
            for (const auto& v : a.values) list += (list.empty() ? "" : ", ") + v;
            sink.error(location_of(n, file), "'" + a.id + "' must be one of " + list + ", got '" + *s + "'");
            return std::nullopt;
        }
    }
    return std::nullopt;
}

int RulesetReader::movement_class(MapReader& r, int fallback) {
    if (!r.has("class")) {
        r.accept("class");
        return fallback;
    }
    std::string id = r.text("class", {});
    int i = rs.movement_class_index(id);
    if (i < 0) {
        sink.error(r.where("class"), unknown("movement class", id, rs.movement_classes));
        return fallback;
    }
    return i;
}

UnitFace RulesetReader::face(const YAML::Node& node, const UnitFace& base, const std::string& what) {
    UnitFace f = base;
    MapReader r(node, file, sink, what);
    if (!r.valid()) return f;
    f.movement_class = movement_class(r, base.movement_class);
    for (std::size_t i = 0; i < rs.attributes.size(); ++i) {
        const auto& a = rs.attributes[i];
        if (!r.has(a.id)) continue;
        YAML::Node v = r.child(a.id);
        if (auto value = attribute_value(a, v)) f.values[i] = *value;
    }
    return f;
}

void RulesetReader::unit_types(MapReader& top) {
    YAML::Node list = top.child("unit_types", {.required = true});
    if (!list.IsDefined()) return;
    if (!list.IsSequence()) return sink.error(location_of(list, file), "'unit_types' must be a list");
    for (const auto& node : list) {
        UnitType t;
        t.where = location_of(node, file);
        MapReader r(node, file, sink, "a unit type");
        if (!r.valid()) continue;
        t.id = r.text("id", {.required = true});
        t.name = r.text("name", {.fallback = t.id});
        t.symbol = r.text("symbol", {.fallback = "infantry"});
        if (!is_counter_symbol(t.symbol)) sink.error(r.where("symbol"), unknown_symbol_message(t.symbol));
        if (rs.unit_type_index(t.id) >= 0) sink.error(r.where("id"), "unit type '" + t.id + "' is defined twice");
        UnitFace defaults;
        for (const auto& a : rs.attributes) defaults.values.push_back(a.default_value);
        defaults.movement_class = movement_class(r, 0);
        // Values written beside id apply to both faces.
        for (std::size_t i = 0; i < rs.attributes.size(); ++i) {
            const auto& a = rs.attributes[i];
            if (!r.has(a.id)) continue;
            if (auto value = attribute_value(a, r.child(a.id))) defaults.values[i] = *value;
        }
        YAML::Node front = r.child("front");
        t.front = front.IsDefined() ? face(front, defaults, "the front of '" + t.id + "'") : defaults;
        YAML::Node back = r.child("back");
        if (back.IsDefined()) t.back = face(back, defaults, "the back of '" + t.id + "'");
        check_required(t, node, front);
        rs.unit_types.push_back(std::move(t));
    }
}

void RulesetReader::check_required(const UnitType& t, const YAML::Node& type_node, const YAML::Node& front) {
    for (const auto& a : rs.attributes) {
        if (!a.required) continue;
        bool present = type_node[a.id].IsDefined() || (front.IsMap() && front[a.id].IsDefined());
        if (!present)
            sink.error(location_of(type_node, file),
                       "unit type '" + t.id + "' has no '" + a.id + "' (the ruleset's attributes require it)");
    }
}

}  // namespace sandtable::load::ruleset_reading
