#include "core/unit_type_commands.h"

#include "rules/counter_symbols.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <functional>
#include <stdexcept>

namespace sandtable::studio {

using rules::AttributeKind;
using rules::AttributeSpec;
using rules::UnitFace;
using rules::UnitPlacement;
using rules::UnitType;

namespace {

const UnitType& type_at(const ScenarioDocument& doc, int type) {
    const auto& types = doc.ruleset().unit_types;
    if (type < 0 || type >= static_cast<int>(types.size()))
        throw std::out_of_range("no unit type number " + std::to_string(type));
    return types[static_cast<std::size_t>(type)];
}

UnitType& type_at(ScenarioDocument& doc, int type) {
    return doc.edit_ruleset().unit_types.at(static_cast<std::size_t>(type));
}

std::string lowercase(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

std::string trimmed(const std::string& text) {
    const auto begin = text.find_first_not_of(" \t");
    if (begin == std::string::npos) return {};
    return text.substr(begin, text.find_last_not_of(" \t") - begin + 1);
}

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
    return out;
}

// "Ford Guard, Wendish Spears and 3 more": enough names to find the units.
std::string some_names(const std::vector<std::string>& names) {
    constexpr std::size_t shown = 4;
    std::vector<std::string> first(names.begin(),
                                   names.begin() + static_cast<std::ptrdiff_t>(std::min(shown, names.size())));
    std::string out = joined(first);
    if (names.size() > shown) out += " and " + std::to_string(names.size() - shown) + " more";
    return out;
}

std::string face_prefix(CounterFace face) { return face == CounterFace::Back ? "Back " : ""; }

// A unit whose face would get `movement_class` must stand on terrain that
// class may enter, or the scenario no longer loads: refuse such an edit.
void refuse_stranded_units(const ScenarioDocument& doc, int type,
                           const std::function<std::optional<int>(const UnitPlacement&)>& class_after,
                           const std::string& refused_edit) {
    const auto& rs = doc.ruleset();
    const auto& map = doc.scenario().map;
    for (const auto& unit : doc.scenario().units) {
        if (unit.type != type) continue;
        const std::optional<int> movement_class = class_after(unit);
        const int hex = map.grid.index(unit.hex);
        if (!movement_class || hex < 0) continue;
        const auto& terrain = rs.terrain.at(static_cast<std::size_t>(map.terrain.at(static_cast<std::size_t>(hex))));
        if (!terrain.cost.at(static_cast<std::size_t>(*movement_class)))
            throw std::runtime_error(refused_edit + ": " + unit.name + " stands in " + terrain.name + " at " +
                                     map.grid.label(unit.hex) + ", which " +
                                     rs.movement_classes.at(static_cast<std::size_t>(*movement_class)) +
                                     " may not enter. Move it first.");
    }
}

std::string fresh_type_id(const rules::Ruleset& rs) {
    for (int n = 1;; ++n) {
        std::string id = "new_type_" + std::to_string(n);
        if (rs.unit_type_index(id) < 0) return id;
    }
}

UnitType type_with_declared_defaults(const rules::Ruleset& rs) {
    UnitType type;
    type.symbol = "infantry";  // the loader's default symbol
    for (const auto& a : rs.attributes) type.front.values.push_back(a.default_value);
    return type;
}

}  // namespace

std::string attribute_label(const std::string& attribute_id) {
    std::string out;
    bool word_start = true;
    for (char c : attribute_id) {
        if (c == '_') {
            out += ' ';
            word_start = true;
            continue;
        }
        out += word_start ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
        word_start = false;
    }
    return out;
}

void check_attribute_value(const AttributeSpec& a, int value, const std::string& what) {
    switch (a.kind) {
        case AttributeKind::Int:
            if (value < a.min || value > a.max)
                throw std::invalid_argument(what + " must be between " + std::to_string(a.min) + " and " +
                                            std::to_string(a.max) + ", not " + std::to_string(value));
            return;
        case AttributeKind::Bool:
            if (value != 0 && value != 1) throw std::invalid_argument(what + " is either true or false");
            return;
        case AttributeKind::Enum:
            if (value < 0 || value >= static_cast<int>(a.values.size()))
                throw std::invalid_argument(what + " must be one of " + joined(a.values));
            return;
    }
}

int parse_attribute_value(const AttributeSpec& a, const std::string& typed, const std::string& what) {
    const std::string text = trimmed(typed);
    switch (a.kind) {
        case AttributeKind::Int: {
            int value = 0;
            const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (text.empty() || error != std::errc() || end != text.data() + text.size())
                throw std::invalid_argument(what + " must be a whole number between " + std::to_string(a.min) +
                                            " and " + std::to_string(a.max) + ", not '" + typed + "'");
            check_attribute_value(a, value, what);
            return value;
        }
        case AttributeKind::Bool: {
            const std::string word = lowercase(text);
            if (word == "true" || word == "yes") return 1;
            if (word == "false" || word == "no") return 0;
            throw std::invalid_argument(what + " must be true or false, not '" + typed + "'");
        }
        case AttributeKind::Enum:
            if (auto index = a.enum_index(text)) return *index;
            throw std::invalid_argument(what + " must be one of " + joined(a.values) + ", not '" + typed + "'");
    }
    return 0;
}

// AddUnitType ----------------------------------------------------------------

AddUnitType::AddUnitType(const ScenarioDocument& doc, std::optional<int> copy_of)
    : type_(copy_of ? type_at(doc, *copy_of) : type_with_declared_defaults(doc.ruleset())),
      index_(static_cast<int>(doc.ruleset().unit_types.size())) {
    type_.id = fresh_type_id(doc.ruleset());
    type_.where = {};
    if (copy_of) {
        type_.name = "Copy of " + type_at(doc, *copy_of).name;
        name_ = "Duplicate " + type_at(doc, *copy_of).name;
    } else {
        type_.name = "New Type " + type_.id.substr(std::string("new_type_").size());
        name_ = "Add Unit Type";
    }
}

void AddUnitType::apply(ScenarioDocument& doc) {
    auto& types = doc.edit_ruleset().unit_types;
    types.insert(types.begin() + index_, type_);
}

void AddUnitType::undo(ScenarioDocument& doc) {
    auto& types = doc.edit_ruleset().unit_types;
    if (types.at(static_cast<std::size_t>(index_)).id != type_.id)
        throw std::logic_error("undo of Add Unit Type out of order: '" + type_.id + "' is not where it was added");
    types.erase(types.begin() + index_);
}

// SetUnitTypeAttribute -------------------------------------------------------

namespace {
const UnitFace& face_of(const UnitType& type, CounterFace face) {
    if (face == CounterFace::Front) return type.front;
    if (!type.back) throw std::invalid_argument(type.name + " has a single face: give it a back face first");
    return *type.back;
}
}  // namespace

namespace {
const AttributeSpec& attribute_at(const ScenarioDocument& doc, int attribute) {
    return doc.ruleset().attributes.at(static_cast<std::size_t>(attribute));
}

// "Combat of Spearmen": how messages name the value being set.
std::string value_label(const ScenarioDocument& doc, int type, CounterFace face, int attribute) {
    return face_prefix(face) + attribute_label(attribute_at(doc, attribute).id) + " of " + type_at(doc, type).name;
}
}  // namespace

SetUnitTypeAttribute::SetUnitTypeAttribute(const ScenarioDocument& doc, int type, CounterFace face, int attribute,
                                           const std::string& value)
    : SetUnitTypeAttribute(
          doc, type, face, attribute,
          parse_attribute_value(attribute_at(doc, attribute), value, value_label(doc, type, face, attribute))) {}

SetUnitTypeAttribute::SetUnitTypeAttribute(const ScenarioDocument& doc, int type, CounterFace face, int attribute,
                                           int value)
    : type_(type), face_(face), attribute_(attribute), value_(value) {
    const std::string label = value_label(doc, type, face, attribute);
    check_attribute_value(attribute_at(doc, attribute), value, label);
    before_ = face_of(type_at(doc, type), face).values.at(static_cast<std::size_t>(attribute));
    name_ = "Set " + label;
}

void SetUnitTypeAttribute::set(ScenarioDocument& doc, int value) const {
    UnitType& t = type_at(doc, type_);
    UnitFace& face = face_ == CounterFace::Front ? t.front : t.back.value();
    face.values.at(static_cast<std::size_t>(attribute_)) = value;
}

// SetUnitTypeText ------------------------------------------------------------

SetUnitTypeText::SetUnitTypeText(const ScenarioDocument& doc, int type, Field field, std::string text)
    : type_(type), field_(field), text_(trimmed(text)) {
    const UnitType& t = type_at(doc, type);
    if (field == Field::Name) {
        if (text_.empty()) throw std::invalid_argument("a unit type needs a name (" + t.name + " keeps its own)");
        before_ = t.name;
        name_ = "Rename " + t.name;
    } else {
        if (text_.empty()) throw std::invalid_argument("a unit type needs a counter symbol, e.g. infantry");
        if (!rules::is_counter_symbol(text_))
            throw std::invalid_argument("'" + text_ +
                                        "' is not a counter symbol the loader knows (infantry, cavalry, archers, …)");
        before_ = t.symbol;
        name_ = "Set Symbol of " + t.name;
    }
}

void SetUnitTypeText::set(ScenarioDocument& doc, const std::string& text) const {
    UnitType& t = type_at(doc, type_);
    (field_ == Field::Name ? t.name : t.symbol) = text;
}

// SetUnitTypeMovementClass ---------------------------------------------------

SetUnitTypeMovementClass::SetUnitTypeMovementClass(const ScenarioDocument& doc, int type, CounterFace face,
                                                   int movement_class)
    : type_(type), face_(face), movement_class_(movement_class) {
    const UnitType& t = type_at(doc, type);
    const auto& classes = doc.ruleset().movement_classes;
    if (movement_class < 0 || movement_class >= static_cast<int>(classes.size()))
        throw std::invalid_argument("the movement class of " + t.name + " must be one of " + joined(classes));
    face_of(t, face);  // a back must exist to be changed
    front_before_ = t.front.movement_class;
    if (t.back) back_before_ = t.back->movement_class;
    const bool back_follows_front = t.back && t.back->movement_class == t.front.movement_class;
    refuse_stranded_units(
        doc, type,
        [&](const UnitPlacement& u) -> std::optional<int> {
            const bool changes =
                u.back && t.back ? (face == CounterFace::Back || back_follows_front) : face == CounterFace::Front;
            return changes ? std::optional<int>(movement_class) : std::nullopt;
        },
        t.name + " cannot move as " + classes[static_cast<std::size_t>(movement_class)]);
    name_ = "Set " + face_prefix(face) + "Movement Class of " + t.name;
}

void SetUnitTypeMovementClass::apply(ScenarioDocument& doc) {
    UnitType& t = type_at(doc, type_);
    if (face_ == CounterFace::Back) {
        t.back.value().movement_class = movement_class_;
        return;
    }
    if (t.back && t.back->movement_class == t.front.movement_class) t.back->movement_class = movement_class_;
    t.front.movement_class = movement_class_;
}

void SetUnitTypeMovementClass::undo(ScenarioDocument& doc) {
    UnitType& t = type_at(doc, type_);
    t.front.movement_class = front_before_;
    if (t.back && back_before_) t.back->movement_class = *back_before_;
}

// SetUnitTypeBackFace --------------------------------------------------------

SetUnitTypeBackFace::SetUnitTypeBackFace(const ScenarioDocument& doc, int type, bool has_back) : type_(type) {
    const UnitType& t = type_at(doc, type);
    before_ = t.back;
    if (has_back) {
        back_ = t.back ? t.back : std::optional<UnitFace>(t.front);
        name_ = "Add Back Face to " + t.name;
        return;
    }
    const auto& units = doc.scenario().units;
    for (std::size_t i = 0; i < units.size(); ++i)
        if (units[i].type == type && units[i].back) units_on_back_.push_back(static_cast<int>(i));
    refuse_stranded_units(
        doc, type,
        [&](const UnitPlacement& u) { return u.back ? std::optional<int>(t.front.movement_class) : std::nullopt; },
        t.name + " cannot lose its back face (units set up on it would turn to the front)");
    name_ = "Remove Back Face of " + t.name;
}

void SetUnitTypeBackFace::apply(ScenarioDocument& doc) {
    type_at(doc, type_).back = back_;
    for (int u : units_on_back_) doc.edit().units.at(static_cast<std::size_t>(u)).back = false;
}

void SetUnitTypeBackFace::undo(ScenarioDocument& doc) {
    type_at(doc, type_).back = before_;
    for (int u : units_on_back_) doc.edit().units.at(static_cast<std::size_t>(u)).back = true;
}

// RemoveUnitType -------------------------------------------------------------

RemoveUnitType::RemoveUnitType(const ScenarioDocument& doc, int type) : index_(type), removed_(type_at(doc, type)) {
    std::vector<std::string> placed;
    for (const auto& u : doc.scenario().units)
        if (u.type == type) placed.push_back(u.name);
    if (!placed.empty())
        throw std::runtime_error(removed_.name + " cannot be removed: the scenario sets up " +
                                 std::to_string(placed.size()) + (placed.size() == 1 ? " unit" : " units") +
                                 " of this type (" + some_names(placed) +
                                 "). Remove them or give them another type first.");
    name_ = "Remove Unit Type " + removed_.name;
}

void RemoveUnitType::apply(ScenarioDocument& doc) {
    auto& types = doc.edit_ruleset().unit_types;
    types.erase(types.begin() + index_);
    for (auto& u : doc.edit().units)
        if (u.type > index_) --u.type;
}

void RemoveUnitType::undo(ScenarioDocument& doc) {
    auto& types = doc.edit_ruleset().unit_types;
    types.insert(types.begin() + index_, removed_);
    for (auto& u : doc.edit().units)
        if (u.type >= index_) ++u.type;
}

}  // namespace sandtable::studio
