// The simultaneous sequence's written orders (PRESTAGS 19.0-21.0) as a side
// may know them: its own always, the other side's only once the game is over
// (20.1). Orders are kept out of state(), the log and the checksum, which
// every player may read. A view of the game (game.plots()); it changes nothing.
#pragma once

#include "kernel/plot.h"

#include <optional>

namespace sandtable::kernel {

class Game;

class PlotsView {
public:
    explicit PlotsView(const Game& game) : game_(game) {}

    // A unit's orders as the side `viewer` may know them; nullopt when hidden.
    std::optional<Plot> of(int unit, int viewer) const;
    // Are every side's orders open to all (the game is over)?
    bool revealed() const;

private:
    const Game& game_;
};

}  // namespace sandtable::kernel
