// How the search bot plays a look-ahead on past the tree: the greedy bot's
// choices for every side (now and then, at the bot's own draw, a random legal
// one, so that a side's plan is tested against more than one reply), until the
// game ends or the horizon's phases have passed. Then the position is scored.
#pragma once

#include "bots/evaluator.h"
#include "bots/greedy_bot.h"
#include "kernel/game.h"

#include <vector>

namespace sandtable::bots {

// True with probability `p`, by the bot's own draw.
bool by_chance(kernel::Dice& draw, double p);

// The phases a look-ahead has passed since it began: seen after each action.
class PhasesPassed {
public:
    explicit PhasesPassed(const kernel::Game& game) : at_(mark(game)) {}
    void seen(const kernel::Game& game);
    int count() const { return count_; }

private:
    struct Mark {
        int turn = 0, step = 0, player = 0, phase = 0;
        friend bool operator==(const Mark&, const Mark&) = default;
    };
    static Mark mark(const kernel::Game& game);
    Mark at_;
    int count_ = 0;
};

class Rollout {
public:
    // `noise`: the share of choices made at random.
    Rollout(const PositionEvaluator& evaluator, int horizon, double noise)
        : evaluator_(evaluator), horizon_(horizon), noise_(noise) {}
    // Plays `game` on from where it stands; every side's value at the end (evaluator.h).
    // `phases`: those already passed since the look-ahead began (in the tree).
    std::vector<double> play(kernel::Game& game, PhasesPassed phases, kernel::Dice& draw);

private:
    // A look-ahead is scored where it got to after this many actions (a large battle's phase may take hundreds).
    static constexpr int kActionCap = 200;
    const PositionEvaluator& evaluator_;
    int horizon_;
    double noise_;
    GreedyBot policy_;
};

}  // namespace sandtable::bots
