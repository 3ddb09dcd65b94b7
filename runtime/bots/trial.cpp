#include "bots/trial.h"

namespace sandtable::bots {

Trial::Trial(kernel::Game& game, int viewer, std::uint64_t seed, kernel::OrderModel model)
    : game_(game),
      viewer_(viewer),
      draw_(seed),
      model_(std::move(model)),
      root_(game.snapshot()),
      recording_(game.recording()) {
    game_.recording() = kernel::Recording{.log = false, .explain = false};
}

Trial::~Trial() {
    game_.restore(root_);
    game_.recording() = recording_;
}

kernel::Game& Trial::begin() {
    game_.restore(root_);
    game_.dice() = kernel::Dice(draw_.next());
    game_.redraw_hidden(viewer_, draw_, model_);
    return game_;
}

}  // namespace sandtable::bots
