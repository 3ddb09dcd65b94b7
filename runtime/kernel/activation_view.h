// The activation loop (a sequence step `activations:`, regimental 1.5) as
// every player sees it: is one running, which formation runs its phases now,
// may a unit act, is a formation still on the map. A view of the game
// (game.activation()), as UnitView is of a unit; it changes nothing.
#pragma once

namespace sandtable::kernel {

class Game;

class ActivationView {
public:
    explicit ActivationView(const Game& game) : game_(game) {}

    // Is the sequence step in progress an activation loop?
    bool running() const;
    // The formation running the step's phases; -1 while the sides roll off, or outside a loop.
    int formation() const;
    // May the unit act in the phase in progress: always, except in an
    // activation loop, where only the activated formation's units do.
    bool acts_now(int unit) const;
    // Has the formation a unit on the map?
    bool formation_present(int formation) const;

private:
    const Game& game_;
};

}  // namespace sandtable::kernel
