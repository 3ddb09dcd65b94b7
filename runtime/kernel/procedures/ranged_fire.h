// The ranged-fire procedure (BMW archery, and any "roll against a fire
// factor" system): the active side declares every fire first, then the other
// side its defensive fire at adjacent enemies, then all shots are rolled and
// their effects applied together, because fire is simultaneous.
#pragma once

#include "kernel/phase_procedure.h"

#include <vector>

namespace sandtable::kernel {

class Game;

class RangedFireProcedure final : public PhaseProcedure {
public:
    bool step(Game& game) const override;
    void list(const Game& game, std::vector<Action>& out) const override;
    void apply(Game& game, const Action& action) const override;

private:
    static bool can_fire_at(const Game& game, int firer, int target, int range);
    // A firer next to an enemy it may fire at (must_target_adjacent holds it to those).
    static bool has_adjacent_eligible_target(const Game& game, int firer);
    static void resolve_fires(Game& game);
};

}  // namespace sandtable::kernel
