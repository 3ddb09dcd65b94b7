// Orders (the regimental rules, 1.5): in an `orders` phase each side in turn
// gives every formation it has on the map one of the ruleset's orders, face
// down; once both have, all are revealed together and hold for the game turn.
#pragma once

#include "kernel/phase_procedure.h"

#include <optional>

namespace sandtable::kernel {

class Game;

// The `orders` phase.
class FormationOrdersProcedure final : public PhaseProcedure {
public:
    bool step(Game& game) const override;
    void list(const Game& game, std::vector<Action>& out) const override;
    void apply(Game& game, const Action& action) const override;
    bool hides_orders() const override { return true; }
    void redraw_hidden(Game& game, int viewer, Dice& draw, const OrderModel& model) const override;

private:
    static void reveal(Game& game);
};

// What may be known about formations' orders, as a side sees it (the studio,
// the bots, the Lua API).
class FormationOrders {
public:
    explicit FormationOrders(const Game& game) : game_(game) {}

    // The order a formation operates under, as revealed (an index into
    // ruleset().orders.list); -1 without orders.
    int of(int formation) const;
    // While an orders phase runs, the new orders are hidden: a side learns its
    // own, nobody the other side's (nullopt) until they are revealed.
    std::optional<int> pending(int formation, int viewer) const;
    // May the formation be given this order now (the ruleset's transitions;
    // any order at night and on a day's first game turn)?
    bool may_give(int formation, int order) const;
    // In an orders phase: the formation the deciding side orders next (-1: none).
    int next_formation() const;

private:
    friend class FormationOrdersProcedure;
    int ordering_side() const;  // stages: 0 not begun, 1 the first side orders, 2 the other side, 3 revealed
    const Game& game_;
};

}  // namespace sandtable::kernel
