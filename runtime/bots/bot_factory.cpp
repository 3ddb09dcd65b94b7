#include "bots/bot.h"
#include "bots/greedy_bot.h"
#include "bots/mcts_bot.h"
#include "bots/random_bot.h"

#include <stdexcept>

namespace sandtable::bots {

const std::vector<std::string>& bot_names() {
    static const std::vector<std::string> names{"random", "greedy", "mcts:fast", "mcts"};
    return names;
}

std::unique_ptr<Bot> make_bot(const std::string& name, std::uint64_t seed) {
    if (name == "random") return std::make_unique<RandomBot>(seed);
    if (name == "greedy") return std::make_unique<GreedyBot>(seed);
    if (name.rfind("mcts", 0) == 0) return std::make_unique<MctsBot>(parse_search_settings(name), seed);
    throw std::invalid_argument("unknown bot '" + name +
                                "' (known: random, greedy, mcts, mcts:fast, mcts:iterations=N)");
}

std::vector<std::unique_ptr<Bot>> bots_for_game(std::vector<std::string> names, std::size_t sides, std::uint64_t seed) {
    if (names.size() == 1) names.resize(sides, names.front());
    if (names.size() != sides)
        throw std::invalid_argument("--bots needs one bot per side (" + std::to_string(sides) + ") or one for all");
    std::vector<std::unique_ptr<Bot>> bots;
    for (std::size_t i = 0; i < names.size(); ++i) bots.push_back(make_bot(names[i], seed * 7919 + i + 1));
    return bots;
}

}  // namespace sandtable::bots
