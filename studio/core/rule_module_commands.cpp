#include "core/rule_module_commands.h"

#include "core/unit_type_commands.h"
#include "load/ruleset_writer.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <stdexcept>

namespace sandtable::studio {

using rules::Param;
using rules::RuleModule;

namespace {

const RuleModule& module_at(const ScenarioDocument& doc, int module) {
    const auto& modules = doc.ruleset().modules;
    if (module < 0 || module >= static_cast<int>(modules.size()))
        throw std::out_of_range("no rule module number " + std::to_string(module));
    return modules[static_cast<std::size_t>(module)];
}

RuleModule& module_at(ScenarioDocument& doc, int module) {
    return doc.edit_ruleset().modules.at(static_cast<std::size_t>(module));
}

const Param& param_at(const RuleModule& module, const std::string& key) {
    const Param* param = module.params.find(key);
    if (!param) throw std::invalid_argument(module_label(module) + " has no parameter '" + key + "' in ruleset.yaml");
    return *param;
}

std::string trimmed(const std::string& text) {
    const auto begin = text.find_first_not_of(" \t");
    if (begin == std::string::npos) return {};
    return text.substr(begin, text.find_last_not_of(" \t") - begin + 1);
}

std::string lowercase(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

template <typename Number>
bool parse_whole(const std::string& text, Number& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && error == std::errc() && end == text.data() + text.size();
}

// "Retreat Hexes of Cavalry": how messages name the parameter being set.
std::string param_label(const RuleModule& module, const std::string& key) {
    return attribute_label(key) + " of " + module_label(module);
}

// Lists, maps and empty values have no single value to type in: their shape
// is edited in the file.
void refuse_unless_single_value(const Param& current, const std::string& what) {
    if (current.list()) throw std::invalid_argument(what + " is a list: edit it in ruleset.yaml");
    if (current.map()) throw std::invalid_argument(what + " is a set of named values: edit it in ruleset.yaml");
    if (current.is_null())
        throw std::invalid_argument(what +
                                    " has no value in ruleset.yaml to take its kind from: give it one there first");
}

// `value` as the kind of `current`: the same alternative, or a whole number
// for a double (the property grid's float editor may hand one over).
Param of_same_kind(const Param& current, Param value, const std::string& what) {
    refuse_unless_single_value(current, what);
    if (std::holds_alternative<double>(current.value))
        if (const auto* whole = std::get_if<long long>(&value.value)) value.value = static_cast<double>(*whole);
    if (value.value.index() != current.value.index()) {
        static const char* kinds[] = {"nothing", "true or false", "a whole number",       "a number",
                                      "text",    "a list",        "a set of named values"};
        throw std::invalid_argument(what + " must be " + kinds[current.value.index()] +
                                    ", as it is written in ruleset.yaml");
    }
    if (const auto* number = std::get_if<double>(&value.value); number && !std::isfinite(*number))
        throw std::invalid_argument(what + " must be a finite number");
    value.where = current.where;  // so the file keeps the parameter where it was written
    return value;
}

}  // namespace

std::string module_label(const RuleModule& module) { return attribute_label(module.module); }

std::string param_display_text(const Param& value) {
    if (const auto* text = std::get_if<std::string>(&value.value)) return *text;
    return load::param_to_yaml(value);
}

Param parse_param_value(const Param& current, const std::string& typed, const std::string& what) {
    refuse_unless_single_value(current, what);
    const std::string text = trimmed(typed);
    Param parsed;
    if (std::holds_alternative<long long>(current.value)) {
        long long value = 0;
        if (!parse_whole(text, value))
            throw std::invalid_argument(what + " must be a whole number, not '" + typed + "'");
        parsed.value = value;
    } else if (std::holds_alternative<bool>(current.value)) {
        const std::string word = lowercase(text);
        if (word != "true" && word != "yes" && word != "false" && word != "no")
            throw std::invalid_argument(what + " must be true or false, not '" + typed + "'");
        parsed.value = word == "true" || word == "yes";
    } else if (std::holds_alternative<double>(current.value)) {
        double value = 0;
        if (!parse_whole(text, value) || !std::isfinite(value))
            throw std::invalid_argument(what + " must be a number such as 2 or 0.5, not '" + typed + "'");
        parsed.value = value;
    } else {
        parsed.value = typed;  // text is taken as typed, spaces and all
    }
    return of_same_kind(current, std::move(parsed), what);
}

// SetModuleEnabled -----------------------------------------------------------

SetModuleEnabled::SetModuleEnabled(const ScenarioDocument& doc, int module, bool enabled)
    : module_(module), enabled_(enabled), before_(module_at(doc, module).enabled) {
    name_ = std::string(enabled ? "Switch On " : "Switch Off ") + module_label(module_at(doc, module));
}

void SetModuleEnabled::set(ScenarioDocument& doc, bool enabled) const { module_at(doc, module_).enabled = enabled; }

// SetModuleParam -------------------------------------------------------------

SetModuleParam::SetModuleParam(const ScenarioDocument& doc, int module, const std::string& key, Param value)
    : module_(module), key_(key) {
    const RuleModule& m = module_at(doc, module);
    const std::string what = param_label(m, key);
    before_ = param_at(m, key);
    value_ = of_same_kind(before_, std::move(value), what);
    name_ = "Set " + what;
}

SetModuleParam::SetModuleParam(const ScenarioDocument& doc, int module, const std::string& key, const std::string& text)
    : SetModuleParam(
          doc, module, key,
          parse_param_value(param_at(module_at(doc, module), key), text, param_label(module_at(doc, module), key))) {}

void SetModuleParam::set(ScenarioDocument& doc, const Param& value) const {
    auto& params = std::get<Param::Map>(module_at(doc, module_).params.value);
    params.at(key_) = value;
}

}  // namespace sandtable::studio
