#include "bots/trial.h"

namespace sandtable::bots {

Trial::Trial(kernel::Game& game, int viewer, kernel::OrderModel model)
    : game_(game),
      viewer_(viewer),
      model_(std::move(model)),
      root_(game.snapshot()),
      recording_(game.recording()) {
    game_.recording() = kernel::Recording{.log = false, .explain = false};
}

Trial::~Trial() {
    game_.restore(root_);
    game_.recording() = recording_;
}

kernel::Game& Trial::begin(std::uint64_t seed) {
    game_.restore(root_);
    game_.dice() = kernel::Dice(seed);
    kernel::Dice secrets(seed ^ 0x9e3779b97f4a7c15ULL);
    secrets_drawn_ = game_.redraw_hidden(viewer_, secrets, model_);
    luck_at_begin_ = game_.luck_mark();
    return game_;
}

bool Trial::luck_used() const { return secrets_drawn_ || game_.luck_mark() != luck_at_begin_; }

}  // namespace sandtable::bots
