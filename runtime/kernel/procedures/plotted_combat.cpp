// The plotted_combat phase (plotted_combat.h).
#include "kernel/procedures/plotted_combat.h"

#include "kernel/game.h"
#include "kernel/procedures/odds_combat/odds_combat.h"
#include "kernel/procedures/odds_combat/resolution.h"

#include <vector>

namespace sandtable::kernel {

using geometry::Hex;

// The phase's combats, one at a time: each side in order (the first side
// first), each target hex in the order of its first plotted attacker. The
// attackers are the side's units plotted to this phase's task against that
// hex that were able to when the phase began (not disrupted before it) and
// still reach it; the defenders, every enemy unit there (fire: those that
// can be fired at). Attackers fight with the strength they had when the
// phase began, their front face's, even if disrupted or eliminated by an
// earlier combat of the same phase: all its combat is simultaneous (20.2, 20.21).
bool PlottedCombatProcedure::step(Game& game) const {
    if (game.state_.at.stage == 0) {
        // All combat of the phase is simultaneous (20.2): who may carry out
        // its order is settled now, and a unit hit by an earlier combat of the
        // phase still completes its attack (20.21), at its strength of now.
        const PlotTask task =
            (game.combat_rules().task == rules::CombatOptions::Task::Fire) ? PlotTask::Fire : PlotTask::Melee;
        const std::string& barred = game.combat_rules().barred_mark;
        for (std::size_t i = 0; i < game.state_.units.size(); ++i)
            game.state_.units[i].ready = game.state_.units[i].on_map && game.beside_.plots[i].task == task &&
                                         game.unit(static_cast<int>(i)).combat_strength() > 0 &&
                                         (barred.empty() || game.state_.mark(static_cast<int>(i), barred) == 0);
        game.state_.at.stage = 1;
    }
    for (;;) {
        if (game.state_.combat_open) {
            if (game.state_.combat.stage != Combat::Done) return CombatResolution::step(game);
            game.state_.combat_open = false;
        }
        if (!open_next(game)) return false;
    }
}

bool PlottedCombatProcedure::open_next(Game& game) {
    const PlotTask task =
        (game.combat_rules().task == rules::CombatOptions::Task::Fire) ? PlotTask::Fire : PlotTask::Melee;
    const int sides = static_cast<int>(game.scenario_->sides.size());
    for (int k = 0; k < sides; ++k) {
        const int side = (game.scenario_->first_side + k) % sides;
        for (std::size_t i = 0; i < game.state_.units.size(); ++i) {
            auto& u = game.state_.units[i];
            const Plot& p = game.beside_.plots[i];
            // A unit ready when the phase began attacks even if an earlier
            // combat of the phase has eliminated it since (20.2, 20.21).
            if (u.side != side || !(u.on_map || u.ready) || u.attacked || p.task != task) continue;
            // Everyone of the side plotted against this hex is taken now, able or not.
            std::vector<int> attackers;
            const Hex target = p.hex;
            for (std::size_t j = i; j < game.state_.units.size(); ++j) {
                auto& o = game.state_.units[j];
                if (o.side != side || !(o.on_map || o.ready) || o.attacked || game.beside_.plots[j].task != task ||
                    game.beside_.plots[j].hex != target)
                    continue;
                o.attacked = true;
                if (o.ready) attackers.push_back(static_cast<int>(j));
            }
            std::vector<int> defenders;
            for (int d : game.hex_board().units_at(target))
                if (game.state_.unit(d).side != side && !game.state_.unit(d).was_attacked &&
                    (task == PlotTask::Melee || game.unit(d).capability(Capability::CanBeFiredAt)))
                    defenders.push_back(d);
            std::vector<int> able;
            for (int a : attackers)
                if (!defenders.empty() && game.reaches(a, defenders.front())) able.push_back(a);
            if (able.empty() || defenders.empty()) {
                if (game.recording_.log)
                    game.note("  the orders against " + game.grid().label(target) + " cannot be carried out");
                continue;
            }
            game.state_.combat = Combat{};
            game.state_.combat.side = side;
            game.state_.combat.attackers = std::move(able);
            game.state_.combat.defenders = std::move(defenders);
            game.state_.combat.stage = Combat::Declared;
            game.state_.combat_open = true;
            return true;
        }
    }
    return false;
}

void PlottedCombatProcedure::list(const Game& game, std::vector<Action>& out) const {
    OddsCombatProcedure::combat_actions(game, out);
}

void PlottedCombatProcedure::apply(Game& game, const Action& action) const {
    OddsCombatProcedure::combat_apply(game, action);
}

}  // namespace sandtable::kernel
