// Written orders on a tabletop (Cady, Orders): every unit is given a
// direction, a distance, a formation and a facing, hidden until both sides
// have written; an order stands until a new one is written. A side writes its
// units' orders one unit at a time, the scenario's first side first.
#pragma once

#include "kernel/phase_procedure.h"
#include "kernel/plot.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::kernel {

class Game;

// The `written_orders` phase.
class WrittenOrdersProcedure final : public PhaseProcedure {
public:
    bool step(Game& game) const override;
    void list(const Game& game, std::vector<Action>& out) const override;
    void apply(Game& game, const Action& action) const override;
    bool hides_orders() const override { return true; }
    void redraw_hidden(Game& game, int viewer, Dice& draw, const OrderModel& model) const override;

private:
    static void reveal(Game& game);
};

// What may be known and done about a tabletop's written orders, as a side
// sees it: the studio's order dialog and drag, the bots, the Lua API, replays.
class WrittenOrders {
public:
    explicit WrittenOrders(const Game& game) : game_(game) {}

    // The unit's order as revealed (its standing order); hold when none.
    const TableOrder& standing(int unit) const;
    // While orders are being written: a unit's new order, to its own side only.
    std::optional<TableOrder> pending(int unit, int viewer) const;
    // In a written_orders phase: the unit whose order is written next (-1: none).
    int next_unit() const;
    // Whether `unit` is still to be ordered this turn by the side writing
    // orders now (a person may order those units in any order; the legal
    // actions offer the next one's menu), and the orders the menu offers it.
    bool may_order_now(int unit) const;
    std::vector<TableOrder> menu(int unit) const;
    // Is this order one the unit may be given now (any direction; a distance
    // up to a charge's reach; a real formation; a charge at an enemy)?
    bool may_write(int unit, const TableOrder& order) const;
    bool refused_by_rules(int unit, const TableOrder& order) const;  // the order.check query
    // `away_from_mark`: the unit this one must be ordered away from, or -1.
    int must_move_away_from(int unit) const;
    bool moves_away(int unit, int from, const TableOrder& order) const;
    std::string describe(int unit, const TableOrder& order) const;

private:
    friend class WrittenOrdersProcedure;
    bool awaits_order(int unit, int side) const;
    int ordering_side() const;
    void menu_into(int unit, std::vector<TableOrder>& out) const;
    const Game& game_;
};

}  // namespace sandtable::kernel
