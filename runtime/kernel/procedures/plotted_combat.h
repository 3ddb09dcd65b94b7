// The simultaneous sequence's combats (PRESTAGS 20.0): each side in turn, the
// first side first, one combat per target hex its units were plotted to melee
// (or, with `task: fire`, to fire) against, resolved as odds_combat resolves
// them; all the phase's combat is simultaneous (20.2, 20.21).
#pragma once

#include "kernel/phase_procedure.h"

namespace sandtable::kernel {

class PlottedCombatProcedure final : public PhaseProcedure {
public:
    bool step(Game& game) const override;
    // The combat opened is resolved, and its decisions listed and applied, as odds_combat's.
    void list(const Game& game, std::vector<Action>& out) const override;
    void apply(Game& game, const Action& action) const override;
    bool carries_out_secret_orders() const override { return true; }

private:
    // Opens the next combat the plots call for; false when none is left.
    static bool open_next(Game& game);
};

}  // namespace sandtable::kernel
