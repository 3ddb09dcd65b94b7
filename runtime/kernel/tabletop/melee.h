// Shock and melee on a tabletop (Cady, Shock and Melee): units whose bases
// touch fight. A unit that charged counts shock first: each of its figures in
// contact rolls its shock dice on the hit matrix (its class against the
// receiver's), and figures lost to shock do not melee. Then every figure in
// contact rolls the melee die and survives at or under its melee point, as
// scripts modify it (flank, rear, uphill, walls, continuous melee); the losses
// of both sides are taken together.
#pragma once

#include "kernel/phase_procedure.h"

namespace sandtable::rules {
struct HitMatrix;
}

namespace sandtable::kernel {

// The `table_melee` phase.
class TabletopMeleeProcedure final : public PhaseProcedure {
public:
    bool step(Game& game) const override;

private:
    static int figures_in_contact(const Game& game, int unit, int enemy);
    // Units that met after more than two thirds of a move fight from the next turn (`full_move_waits`).
    static bool out_of_time_to_fight(const Game& game, int unit);
    static int shock_hits(Game& game, const rules::HitMatrix& shock, int striker, int receiver);
    static int melee_losses(Game& game, int unit, int enemy);
};

}  // namespace sandtable::kernel
