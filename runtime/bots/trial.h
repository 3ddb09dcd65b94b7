// A bot's look ahead: it plays on from the position it decides in and the
// game is put back exactly as it was (Game::snapshot/restore, issue 13).
// Before each look, what the bot's side may not know is drawn afresh from the
// bot's own generator: the dice to come (it never reads the game's seed or its
// rolls to come) and the other sides' secrets (Game::redraw_hidden: orders
// written face down, support markers, which unit is under which hidden marker). Nothing is logged meanwhile.
#pragma once

#include "kernel/game.h"

#include <cstdint>

namespace sandtable::bots {

class Trial {
public:
    // `viewer`: the side the bot plays; `model`: how the bot takes the other
    // side to write its secret orders (empty: at random).
    Trial(kernel::Game& game, int viewer, kernel::OrderModel model = {});
    ~Trial();
    Trial(const Trial&) = delete;
    Trial& operator=(const Trial&) = delete;

    // Back at the position the trial began in, with dice and secrets drawn
    // afresh from `seed` (the bot's own): the same seed, the same draws, so
    // that two choices may be compared on the same luck.
    kernel::Game& begin(std::uint64_t seed);
    // Whether anything drawn from the seed mattered since begin(): a die rolled (or the kernel drew for
    // its own choices) or another side's secret drawn. When nothing was, a look from the same position
    // with the same moves ends the same under every seed, so one look is exact.
    bool luck_used() const;
    int viewer() const { return viewer_; }

private:
    kernel::Game& game_;
    int viewer_;
    kernel::OrderModel model_;
    kernel::GameSnapshot root_;
    kernel::Recording recording_;
    kernel::Game::LuckMark luck_at_begin_{};
    bool secrets_drawn_ = false;
};

}  // namespace sandtable::bots
