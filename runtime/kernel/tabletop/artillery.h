// Artillery on a tabletop (Cady, artillery sections): a gun is turned on
// its target (up to 45 degrees without it counting as a move) and fires at a
// range its player calls without measuring. Beyond a third of its range the
// shot lands off the mark by the variation wheel; where it lands, the shot's
// template (hit area circle, bolt line, bounce stick, canister wedge) takes
// the figures under it, friend or foe. Losses are taken when every gun has fired.
#pragma once

#include "geometry/tabletop/point.h"
#include "kernel/phase_procedure.h"

#include <utility>

namespace sandtable::kernel {

// The `table_artillery` phase.
class TabletopArtilleryProcedure final : public PhaseProcedure {
public:
    bool step(Game& game) const override;
    void list(const Game& game, std::vector<Action>& out) const override;
    void apply(Game& game, const Action& action) const override;
    // May the gun fire at the target at this called range (0: canister)?
    static bool may_call(const Game& game, int gun, int target, int called_cm);

private:
    struct Shot;
    static int next_gun(const Game& game);
    static void fire_gun(Game& game, int gun, int target, int called_cm);
    static void aim_shot(Game& game, Shot& shot, int called_cm);
    static std::pair<bool, bool> under_template(const Shot& shot, geometry::tabletop::Point at);
    static void land_shot(Game& game, Shot& shot);
};

}  // namespace sandtable::kernel
