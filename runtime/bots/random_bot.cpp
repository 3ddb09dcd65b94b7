#include "bots/random_bot.h"

namespace sandtable::bots {

// Uniform over the legal actions, except that it never concedes (a bot that
// gave up games at random would measure nothing).
kernel::Action RandomBot::choose(const kernel::Game&, const std::vector<kernel::Action>& legal) {
    for (;;) {
        const kernel::Action& a = legal[rng_.next() % legal.size()];
        if (a.kind() != kernel::ActionKind::Concede || legal.size() == 1) return a;
    }
}

}  // namespace sandtable::bots
