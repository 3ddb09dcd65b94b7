// The support fire marker phase (support_draw.h).
#include "kernel/procedures/support_draw.h"

#include "kernel/game.h"

namespace sandtable::kernel {

// The support fire marker phase: every marker is back in its side's pool and
// each side may draw this game turn's allotment (7.1, 7.2: none carried over).
bool SupportDrawProcedure::step(Game& game) const {
    if (game.state_.at.stage != 0) return false;
    game.state_.at.stage = 1;
    const rules::SupportFire& sf = game.scenario_->support_fire;
    for (std::size_t side = 0; side < game.beside_.support.available.size(); ++side) {
        game.beside_.support.available[side] = side < sf.pools.size() ? sf.pools[side] : std::vector<int>{};
        game.beside_.support.draws_left[side] = sf.allotment(static_cast<int>(side), game.state_.at.turn);
        game.beside_.support.committed[side].clear();
        if (game.recording_.log && game.beside_.support.draws_left[side] > 0)
            game.note("  " + game.scenario_->sides[side].name + " may draw " +
                      std::to_string(game.beside_.support.draws_left[side]) + " support fire marker" +
                      (game.beside_.support.draws_left[side] == 1 ? "" : "s") + " this game turn");
    }
    return false;
}

}  // namespace sandtable::kernel
