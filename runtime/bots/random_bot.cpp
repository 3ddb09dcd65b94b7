#include "bots/random_bot.h"

namespace sandtable::bots {

kernel::Action RandomBot::choose(const kernel::Game&, const std::vector<kernel::Action>& legal) {
    return legal[rng_.next() % legal.size()];
}

}  // namespace sandtable::bots
