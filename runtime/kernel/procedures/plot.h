// The plot procedure of a simultaneous sequence (PRESTAGS 19.0-21.0): each
// side in turn writes a task for each of its units (hold, move, fire,
// defensive fire, melee), hidden from the other side.
#pragma once

#include "geometry/hex_path.h"
#include "kernel/phase_procedure.h"

#include <vector>

namespace sandtable::kernel {

class Game;

class PlotProcedure final : public PhaseProcedure {
public:
    bool step(Game& game) const override;
    void list(const Game& game, std::vector<Action>& out) const override;
    void apply(Game& game, const Action& action) const override;
    bool hides_orders() const override { return true; }
    void redraw_hidden(Game& game, int viewer, Dice& draw, const OrderModel& model) const override;

private:
    // Stages of a plot phase: 0 not begun, 1 the first side plots, 2 the other side, 3 revealed.
    static int plotting_side(const Game& game);
    static bool may_plot(const Game& game, int unit);
    static bool can_be_ordered(const Game& game, int unit);  // may_plot, whichever side plots now
    static geometry::MovementRange plot_range(const Game& game, int unit);
    // The tasks the unit may be given (the start of its options: hold).
    static void tasks(const Game& game, int unit, std::vector<Action>& out);
    static void write(Game& game, const act::Plot& order);
};

}  // namespace sandtable::kernel
