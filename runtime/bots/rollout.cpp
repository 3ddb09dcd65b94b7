#include "bots/rollout.h"

namespace sandtable::bots {

bool by_chance(kernel::Dice& draw, double p) { return p > 0 && static_cast<double>(draw.next() >> 11) * 0x1.0p-53 < p; }

PhasesPassed::Mark PhasesPassed::mark(const kernel::Game& game) {
    const auto& at = game.state().at;
    return {at.turn, at.step, at.player, at.phase};
}

void PhasesPassed::seen(const kernel::Game& game) {
    if (const Mark now = mark(game); !(now == at_)) at_ = now, ++count_;
}

std::vector<double> Rollout::play(kernel::Game& game, PhasesPassed phases, kernel::Dice& draw) {
    for (int taken = 0; taken < kActionCap && !game.over() && phases.count() <= horizon_; ++taken) {
        const auto& legal = game.legal_actions();
        if (legal.empty()) break;
        std::size_t options = legal.size();
        if (options > 1 && legal.back().kind() == kernel::ActionKind::Concede) --options;
        const kernel::Action chosen =
            by_chance(draw, noise_) ? legal[draw.next() % options] : policy_.choose(game, legal);
        try {
            game.apply(chosen);
        } catch (const std::exception&) {
            break;  // a rule script refused it (the game is as it was): scored where it got to
        }
        phases.seen(game);
    }
    return evaluator_.values(game);
}

}  // namespace sandtable::bots
