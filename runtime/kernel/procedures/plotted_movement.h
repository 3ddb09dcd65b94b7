// The Movement Resolution Phase of a simultaneous sequence (PRESTAGS 22.0):
// every plotted Move order is carried out at once, a hex at a time.
#pragma once

#include "kernel/phase_procedure.h"

namespace sandtable::kernel {

class Game;

class PlottedMovementProcedure final : public PhaseProcedure {
public:
    bool step(Game& game) const override;
    bool carries_out_secret_orders() const override { return true; }

private:
    // One phase's moves: who goes, who is stopped and why (plotted_movement.cpp).
    struct PlottedMoves;
    static void execute(Game& game);
};

}  // namespace sandtable::kernel
