// A built-in phase procedure: what runs a phase of the sequence of play. It
// takes the game on to each decision of its phase, lists that decision's
// legal actions and applies the one taken. Procedures keep nothing of their
// own: what a phase has done so far is in the game's state (and what is kept
// beside it), so one object serves every game. procedure_table.cpp finds them
// by the name a ruleset's phase gives.
#pragma once

#include "kernel/action.h"
#include "kernel/dice.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace sandtable::kernel {

class Game;

// A bot's model of another side: which of the orders a unit or formation could
// have been given it takes it to have given (an index into `options`), any
// chance in it drawn with `draw`. Empty: each equally likely.
using OrderModel = std::function<std::size_t(const Game& game, const std::vector<Action>& options, Dice& draw)>;

// One of `options` by the model, or at random with `draw` without one.
std::size_t pick_order(const OrderModel& model, const Game& game, const std::vector<Action>& options, Dice& draw);

class PhaseProcedure {
public:
    virtual ~PhaseProcedure() = default;
    // On to the phase's next decision (true) or its end (false).
    virtual bool step(Game& game) const = 0;
    // The legal actions at its decisions; a procedure that asks nobody lists none.
    virtual void list(const Game&, std::vector<Action>&) const {}
    // One of them taken.
    virtual void apply(Game&, const Action&) const {}
    // A side's orders stay hidden from the other until revealed (a hot-seat game hands over).
    virtual bool hides_orders() const { return false; }
    // For a bot's look ahead (Game::redraw_hidden): the orders of this phase
    // that `viewer` may not know yet, replaced by orders picked (pick_order)
    // from those the rules would have let their side give.
    virtual void redraw_hidden(Game&, int /*viewer*/, Dice& /*draw*/, const OrderModel& /*model*/) const {}
    // Carries out orders written in secret (plotted combat and movement): what
    // is left of them cannot be redrawn, so a look ahead from here would read them.
    virtual bool carries_out_secret_orders() const { return false; }
};

}  // namespace sandtable::kernel
