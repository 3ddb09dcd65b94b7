// Scores a position for a side from the ruleset's own data, so that any game
// a designer brings is scored without C++ (issue 23, docs/bots.md): strength
// on the table against the start, the victory points it would score now,
// objectives held and approached, losses against its morale levels, disorder,
// units exposed to enemies next to them, and what rule modules add (position.evaluate), each weighed by the
// ruleset's and scenario's `evaluation:`. The side a bot plays is the viewer:
// what is hidden from it (which enemy marker is a phantom) is never read.
#pragma once

#include "kernel/game.h"
#include "rules/evaluation.h"

#include <vector>

namespace sandtable::bots {

class PositionEvaluator {
public:
    explicit PositionEvaluator(const kernel::Game& game);

    // How good the position is for `side`, from 0 (lost) to 1 (won); a draw, or an even position, is 0.5.
    double value(const kernel::Game& game, int side) const;
    // Every side's value at once (the search bot backs them all up).
    std::vector<double> values(const kernel::Game& game) const;
    // The side's measures weighed and summed, before they are set against the other sides'.
    double score(const kernel::Game& game, int side) const;
    const rules::EvaluationWeights& weights() const { return weights_; }

private:
    double material(const kernel::Game& game, int side) const;
    double victory_points(const kernel::Game& game, int side) const;
    double objectives(const kernel::Game& game, int side) const;
    double morale(const kernel::Game& game, int side) const;
    double disorder(const kernel::Game& game, int side) const;
    double threats(const kernel::Game& game, int side) const;
    double exposure(const kernel::Game& game, int unit) const;
    double scripted(const kernel::Game& game, int side) const;
    double unit_worth(const kernel::Game& game, int unit) const;
    double nearness(const kernel::Game& game, int side, std::size_t objective) const;

    rules::EvaluationWeights weights_;
    std::vector<double> start_material_;  // by side: every unit's worth, at full strength
    std::vector<int> start_figures_;      // by unit (tabletop): figures at the start
    double points_at_stake_ = 1;
};

}  // namespace sandtable::bots
