// Automated players. A bot sees only the legal actions the kernel lists and
// the public state, so it can never cheat. Bots draw their own randomness
// from a generator seeded per side, never from the game's dice.
#pragma once

#include "kernel/game.h"

#include <memory>
#include <string>
#include <vector>

namespace sandtable::bots {

class Bot {
public:
    virtual ~Bot() = default;
    virtual std::string name() const = 0;
    // Precondition: `legal` is game.legal_actions() and not empty.
    virtual kernel::Action choose(const kernel::Game& game, const std::vector<kernel::Action>& legal) = 0;
    // What a session calls. A bot that looks ahead (the search bot; greedy at a
    // rule's question) plays trials on `game` (bots/trial.h), which leave it as
    // they found it and show the bot nothing its side may not know; the others
    // only read it. Such a bot copies `legal` first: a trial replaces the game's list.
    virtual kernel::Action decide(kernel::Game& game, const std::vector<kernel::Action>& legal) {
        return choose(game, legal);
    }
};

// "random", "greedy", or the search bot: "mcts", "mcts:fast", "mcts:iterations=N", "mcts:ms=T"
// (search_settings.h); throws std::invalid_argument for other names.
std::unique_ptr<Bot> make_bot(const std::string& name, std::uint64_t seed);
const std::vector<std::string>& bot_names();

// The bots of the game played on `seed`, one per side, seeded as every
// command seeds them (so `play`, `batch` and the benchmarks play the same
// game on a seed). `names`: one per side, or one for all. Throws
// std::invalid_argument for an unknown name or a wrong count.
std::vector<std::unique_ptr<Bot>> bots_for_game(std::vector<std::string> names, std::size_t sides, std::uint64_t seed);

}  // namespace sandtable::bots
