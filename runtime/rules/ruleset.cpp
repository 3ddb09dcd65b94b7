#include "rules/ruleset.h"

#include <algorithm>

namespace sandtable::rules {

namespace {
template <class T, class Key>
int index_by_id(const std::vector<T>& items, const std::string& id, Key key) {
    auto it = std::find_if(items.begin(), items.end(), [&](const T& t) { return key(t) == id; });
    return it == items.end() ? -1 : static_cast<int>(it - items.begin());
}
auto by_id = [](const auto& t) -> const std::string& { return t.id; };
}  // namespace

std::optional<int> AttributeSpec::enum_index(const std::string& value) const {
    auto it = std::find(values.begin(), values.end(), value);
    if (it == values.end()) return std::nullopt;
    return static_cast<int>(it - values.begin());
}

std::string AttributeSpec::format(int value) const {
    switch (kind) {
        case AttributeKind::Bool:
            return value ? "true" : "false";
        case AttributeKind::Enum:
            return value >= 0 && value < static_cast<int>(values.size()) ? values[static_cast<std::size_t>(value)]
                                                                         : "?";
        case AttributeKind::Int:
            break;
    }
    return std::to_string(value);
}

int Ruleset::attribute_index(const std::string& id) const { return index_by_id(attributes, id, by_id); }
int Ruleset::unit_type_index(const std::string& id) const { return index_by_id(unit_types, id, by_id); }
int Ruleset::terrain_index(const std::string& id) const { return index_by_id(terrain, id, by_id); }
int Ruleset::hexside_feature_index(const std::string& id) const { return index_by_id(hexside_features, id, by_id); }
int Ruleset::path_feature_index(const std::string& id) const { return index_by_id(path_features, id, by_id); }
int Ruleset::movement_class_index(const std::string& id) const {
    return index_by_id(movement_classes, id, [](const std::string& s) -> const std::string& { return s; });
}

const OddsCrt* Ruleset::odds_table(const std::string& id) const {
    int i = index_by_id(odds_tables, id, by_id);
    return i < 0 ? nullptr : &odds_tables[static_cast<std::size_t>(i)];
}

const DifferentialCrt* Ruleset::differential_table(const std::string& id) const {
    int i = index_by_id(differential_tables, id, by_id);
    return i < 0 ? nullptr : &differential_tables[static_cast<std::size_t>(i)];
}

const ThresholdTable* Ruleset::threshold_table(const std::string& id) const {
    int i = index_by_id(threshold_tables, id, by_id);
    return i < 0 ? nullptr : &threshold_tables[static_cast<std::size_t>(i)];
}

const DicePoolTable* Ruleset::dice_pool_table(const std::string& id) const {
    int i = index_by_id(dice_pool_tables, id, by_id);
    return i < 0 ? nullptr : &dice_pool_tables[static_cast<std::size_t>(i)];
}

const StepLadder* Ruleset::step_ladder(const std::string& id) const {
    int i = index_by_id(step_ladders, id, by_id);
    return i < 0 ? nullptr : &step_ladders[static_cast<std::size_t>(i)];
}

const HitMatrix* Ruleset::hit_matrix(const std::string& id) const {
    int i = index_by_id(hit_matrices, id, by_id);
    return i < 0 ? nullptr : &hit_matrices[static_cast<std::size_t>(i)];
}

const MoraleBands* Ruleset::morale_table(const std::string& id) const {
    int i = index_by_id(morale_tables, id, by_id);
    return i < 0 ? nullptr : &morale_tables[static_cast<std::size_t>(i)];
}

const ArtilleryChart* Ruleset::artillery_chart(const std::string& id) const {
    int i = index_by_id(artillery_charts, id, by_id);
    return i < 0 ? nullptr : &artillery_charts[static_cast<std::size_t>(i)];
}

bool Ruleset::has_table(const std::string& id) const {
    return odds_table(id) || differential_table(id) || threshold_table(id) || dice_pool_table(id) || step_ladder(id) ||
           hit_matrix(id) || morale_table(id) || artillery_chart(id);
}

const CombatResult* Ruleset::combat_result(const std::string& code) const {
    int i = index_by_id(combat_results, code, [](const CombatResult& r) -> const std::string& { return r.code; });
    return i < 0 ? nullptr : &combat_results[static_cast<std::size_t>(i)];
}

}  // namespace sandtable::rules
