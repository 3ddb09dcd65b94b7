// How much each measure of a position weighs when a bot (greedy's lookahead,
// the search bot's truncated games) scores one: `evaluation:` in ruleset.yaml,
// each key overridable in a scenario. The measures are the ruleset's own data
// (victory points, objectives, the morale levels, units' strength), so a new
// game is scored without C++; a rule module's `position.evaluate` handler adds
// what only its rules know (docs/bots.md).
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace sandtable::rules {

enum class EvaluationMeasure {
    Material,       // strength on the table, against the side's strength at the start
    VictoryPoints,  // the points the side would score if the game ended now
    Objectives,     // objectives held, and how near the side's units stand to those it does not hold
    Morale,         // losses against the side's demoralization and disintegration levels
    Disorder,       // units showing a face they must rally from
    Threats,        // enemy strength next to the side's units, after what the ground does to an attack (hex maps)
    Script,         // what rule modules' position.evaluate handlers add (in hundredths)
    Count
};
constexpr std::size_t kEvaluationMeasures = static_cast<std::size_t>(EvaluationMeasure::Count);

// The YAML key of each measure: material, victory_points, objectives, morale, disorder, threats, script.
std::string_view evaluation_key(EvaluationMeasure m);
std::optional<EvaluationMeasure> parse_evaluation_key(std::string_view key);

struct EvaluationWeights {
    std::array<double, kEvaluationMeasures> weight{1.0, 1.0, 0.5, 1.0, 0.25, 0.0, 1.0};
    double operator[](EvaluationMeasure m) const { return weight[static_cast<std::size_t>(m)]; }
    double& operator[](EvaluationMeasure m) { return weight[static_cast<std::size_t>(m)]; }
};

// The weights a scenario sets over its ruleset's, key by key (written back when the studio saves it).
struct EvaluationOverrides {
    std::array<std::optional<double>, kEvaluationMeasures> weight{};
    bool empty() const;
    EvaluationWeights over(EvaluationWeights base) const;
};

}  // namespace sandtable::rules
