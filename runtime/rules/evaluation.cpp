#include "rules/evaluation.h"

namespace sandtable::rules {

namespace {
constexpr std::array<std::string_view, kEvaluationMeasures> kKeys{
    "material", "victory_points", "objectives", "morale", "disorder", "threats", "script"};
}

std::string_view evaluation_key(EvaluationMeasure m) { return kKeys[static_cast<std::size_t>(m)]; }

std::optional<EvaluationMeasure> parse_evaluation_key(std::string_view key) {
    for (std::size_t i = 0; i < kKeys.size(); ++i)
        if (kKeys[i] == key) return static_cast<EvaluationMeasure>(i);
    return std::nullopt;
}

bool EvaluationOverrides::empty() const {
    for (const auto& w : weight)
        if (w) return false;
    return true;
}

EvaluationWeights EvaluationOverrides::over(EvaluationWeights base) const {
    for (std::size_t i = 0; i < weight.size(); ++i)
        if (weight[i]) base.weight[i] = *weight[i];
    return base;
}

}  // namespace sandtable::rules
