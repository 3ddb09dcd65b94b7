// The search bot (`--bots mcts`, issue 23): Monte Carlo tree search over the
// kernel's legal actions, on any ruleset. Each look-ahead is a Trial: the
// game's dice and the other sides' secrets are drawn afresh from the bot's own
// generator (information-set search by determinization: it never reads what
// its side may not know), the budget at the root is shared by sequential
// halving among greedy's choice and a few others (ending after a round when
// none of them could plausibly beat greedy's choice), the tree below it is
// descended by UCT with progressive widening (greedy's choice first), and the look-ahead
// is played on by the rollout policy for a few phases and scored by the
// position evaluator. With an iteration budget it is deterministic for its seed.
#pragma once

#include "bots/bot.h"
#include "bots/greedy_bot.h"
#include "bots/search_settings.h"

#include <memory>

namespace sandtable::bots {

class MctsBot : public Bot {
public:
    MctsBot(SearchSettings settings, std::uint64_t seed);
    ~MctsBot() override;
    std::string name() const override { return "mcts"; }
    // Without the game to look ahead on, greedy's choice.
    kernel::Action choose(const kernel::Game& game, const std::vector<kernel::Action>& legal) override;
    kernel::Action decide(kernel::Game& game, const std::vector<kernel::Action>& legal) override;
    const SearchSettings& settings() const { return settings_; }
    // The look-aheads the last decision took: 0 when greedy's choice needed no search.
    int looks() const { return looks_; }

private:
    struct Node;
    class Search;
    kernel::OrderModel other_sides_model();
    SearchSettings settings_;
    kernel::Dice draw_;
    GreedyBot greedy_;
    int looks_ = 0;
};

}  // namespace sandtable::bots
