// A one-ply heuristic player: attacks where the odds are best, never at bad
// odds unless forced, moves towards objectives and weak enemies, keeps away
// from strong ones, loses its weakest unit and advances when it can.
#pragma once

#include "bots/bot.h"

namespace sandtable::bots {

class GreedyBot : public Bot {
public:
    // `seed`: the bot's own draws, for its look-ahead at a rule's question.
    explicit GreedyBot(std::uint64_t seed = 1) : draw_(seed) {}
    std::string name() const override { return "greedy"; }
    kernel::Action choose(const kernel::Game& game, const std::vector<kernel::Action>& legal) override;
    // At a rule module's question (choose()): each answer tried a few times one step ahead and scored by
    // the position evaluator; elsewhere, choose().
    kernel::Action decide(kernel::Game& game, const std::vector<kernel::Action>& legal) override;
    // Of the orders a unit or formation of another side could have written in
    // secret (plots, orders face down, written orders), the one greedy would
    // have: the search bot's model of the other side (kernel::OrderModel).
    std::size_t choose_hidden_order(const kernel::Game& game, const std::vector<kernel::Action>& options) const;

private:
    kernel::Action answer_by_trying(kernel::Game& game, const std::vector<kernel::Action>& legal);
    kernel::Action choose_playing_on(const kernel::Game& game, const std::vector<kernel::Action>& legal);
    kernel::Action choose_destination(const kernel::Game& game, const std::vector<kernel::Action>& legal) const;
    kernel::Action choose_plot(const kernel::Game& game, const std::vector<kernel::Action>& legal) const;
    kernel::Action choose_declaration(const kernel::Game& game, const std::vector<kernel::Action>& legal) const;
    kernel::Action choose_retreat(const kernel::Game& game, const std::vector<kernel::Action>& legal) const;
    kernel::Action choose_retreat_hex(const kernel::Game& game, const std::vector<kernel::Action>& legal) const;
    kernel::Action choose_support(const kernel::Game& game, const std::vector<kernel::Action>& legal) const;
    kernel::Action choose_order(const kernel::Game& game, const std::vector<kernel::Action>& legal) const;
    struct Picture;
    Picture picture(const kernel::Game& game, int side) const;
    double hex_score(const Picture& picture, int strength, geometry::Hex h) const;
    kernel::Dice draw_;
};

}  // namespace sandtable::bots
