// Picks uniformly among the legal actions.
#pragma once

#include "bots/bot.h"
#include "kernel/dice.h"

namespace sandtable::bots {

class RandomBot : public Bot {
public:
    explicit RandomBot(std::uint64_t seed) : rng_(seed) {}
    std::string name() const override { return "random"; }
    kernel::Action choose(const kernel::Game& game, const std::vector<kernel::Action>& legal) override;

private:
    kernel::Dice rng_;
};

}  // namespace sandtable::bots
