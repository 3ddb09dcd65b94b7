// The post-melee morale test on a tabletop (Cady, Post-Melee Morale): every
// unit that lost figures this turn, for any cause, compares its losses (its
// morale value x figures lost) with its value before them (morale x figures);
// the ruleset's chart gives no effect, back, back and turn or rout. Scripts
// shift the column (cavalry two, a brigade one). Of units in melee with each
// other only the worse reaction counts, on the smaller unit when they tie.
#pragma once

#include "kernel/phase_procedure.h"

namespace sandtable::kernel {

// The `table_morale` phase.
class TabletopMoraleProcedure final : public PhaseProcedure {
public:
    bool step(Game& game) const override;
};

}  // namespace sandtable::kernel
