#include "bots/bot.h"
#include "bots/greedy_bot.h"
#include "bots/random_bot.h"

#include <stdexcept>

namespace sandtable::bots {

const std::vector<std::string>& bot_names() {
    static const std::vector<std::string> names{"random", "greedy"};
    return names;
}

std::unique_ptr<Bot> make_bot(const std::string& name, std::uint64_t seed) {
    if (name == "random") return std::make_unique<RandomBot>(seed);
    if (name == "greedy") return std::make_unique<GreedyBot>();
    throw std::invalid_argument("unknown bot '" + name + "' (known: random, greedy)");
}

}  // namespace sandtable::bots
