#include "core/threshold_commands.h"

#include <stdexcept>

namespace sandtable::studio {

using Edit = std::unique_ptr<ChangeThresholdTable>;

ChangeThresholdTable::ChangeThresholdTable(const ScenarioDocument& doc, int table, const std::string& what)
    : table_(table), before_(doc.ruleset().threshold_tables.at(static_cast<std::size_t>(table))), after_(before_) {
    name_ = "Set " + what + " of " + before_.name;
}

Edit ChangeThresholdTable::set_die(const ScenarioDocument& doc, int table, int faces) {
    if (faces < 2 || faces > 100) throw std::invalid_argument("a die has 2 to 100 faces, not " + std::to_string(faces));
    Edit e(new ChangeThresholdTable(doc, table, "Die"));
    e->after_.die_faces = faces;
    return e;
}

Edit ChangeThresholdTable::set_compare(const ScenarioDocument& doc, int table, rules::ThresholdTable::Compare compare) {
    Edit e(new ChangeThresholdTable(doc, table, "Comparison"));
    e->after_.compare = compare;
    return e;
}

Edit ChangeThresholdTable::set_target(const ScenarioDocument& doc, int table, int target) {
    if (target < -100 || target > 100) throw std::invalid_argument("a target number is -100 to 100");
    Edit e(new ChangeThresholdTable(doc, table, "Target"));
    e->after_.target = target;
    return e;
}

Edit ChangeThresholdTable::set_target_attribute(const ScenarioDocument& doc, int table, const std::string& attribute) {
    if (!attribute.empty() && doc.ruleset().attribute_index(attribute) < 0)
        throw std::invalid_argument("'" + attribute + "' is not an attribute the ruleset declares");
    Edit e(new ChangeThresholdTable(doc, table, "Target"));
    e->after_.target_attribute = attribute;
    return e;
}

Edit ChangeThresholdTable::set_success(const ScenarioDocument& doc, int table, const std::string& success) {
    Edit e(new ChangeThresholdTable(doc, table, "Result"));
    e->after_.success = success;
    return e;
}

}  // namespace sandtable::studio
