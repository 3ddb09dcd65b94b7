// The search bot's budget and shape, as `--bots` names it: "mcts" (the
// default budget), "mcts:fast", or "mcts:iterations=400:horizon=3",
// "mcts:ms=250" (a time budget: not deterministic, though a replay still
// records every action it took). docs/bots.md lists every setting.
#pragma once

#include <string>

namespace sandtable::bots {

struct SearchSettings {
    int iterations = 200;      // look-aheads per decision (with ms = 0)
    int ms = 0;                // > 0: look ahead for this long instead
    int horizon = 3;           // phases a look-ahead plays beyond the one it starts in, then scores
    double exploration = 0.5;  // UCT's constant, on values from 0 to 1
    double widening = 1.0;     // progressive widening: a node visited n times tries about widening * sqrt(n) actions
    // Greedy's choice stands unless another's mean value beats it by this much
    // (values from 0 to 1): a look-ahead's dice are noisy, and a few of them
    // should not overturn a sound rule of thumb.
    double margin = 0.04;
    double confidence = 2.0;  // ... and by this many standard errors of the difference
    // After a round of the halving, the search ends on greedy's choice when no
    // other is within this many standard errors of beating it by the margin
    // ("futility=off": never; every round is played).
    double futility = 1.0;
    double noise = 0.05;       // the share of a look-ahead's choices made at random rather than greedy's
};

// Throws std::invalid_argument naming the setting, or the value, it does not know.
SearchSettings parse_search_settings(const std::string& spec);
// The preset "mcts:fast": a quarter of the default budget.
SearchSettings fast_search_settings();

}  // namespace sandtable::bots
