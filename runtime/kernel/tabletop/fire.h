// Missile and musket fire on a tabletop (Cady, Archer/Musket Fire Steps):
// each side in turn names a target for each of its units that may fire, then
// all fire is resolved and its casualties taken together ("casualties on your
// side will fire back that turn"). Each figure in the firing ranks rolls the
// ladder's die; the step starts by the target's armour or at a fixed step,
// climbs at closer range and is moved by scripts (cover, depth, the second
// rank). A unit that has not moved fires twice, one that moved part of its
// move once, one that moved all of it not at all.
#pragma once

#include "kernel/phase_procedure.h"

namespace sandtable::kernel {

// The `table_fire` phase.
class TabletopFireProcedure final : public PhaseProcedure {
public:
    bool step(Game& game) const override;
    void list(const Game& game, std::vector<Action>& out) const override;
    void apply(Game& game, const Action& action) const override;
    // May the firer fire at the target now (in range, arc and sight, volleys left)? Its range, cm, when it may.
    static bool may_fire_at(const Game& game, int firer, int target, double* range_cm);

private:
    static int volleys_allowed(const Game& game, int unit);
    static bool attacked_in_melee(const Game& game, int unit);
    static double fire_reach(const Game& game, int firer, int target);
    static int firing_side(const Game& game);
    static int next_firer(const Game& game);
    static int figures_in_reach(const Game& game, int firer, int target, int rank, double range_cm);
    static void resolve(Game& game);
};

}  // namespace sandtable::kernel
