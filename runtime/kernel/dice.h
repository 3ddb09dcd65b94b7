// The only source of dice in a game: a seeded xoshiro256** generator, with an
// optional queue of forced rolls (tests, teaching examples, `--dice`) that is
// consumed first. Every roll is logged by the Game that owns the Dice.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace sandtable::kernel {

class Dice {
public:
    explicit Dice(std::uint64_t seed = 1);

    // A roll of 1..faces. Forced rolls are used first, as given (a forced
    // value larger than `faces` is a caller error and is clamped).
    int roll(int faces);
    void force(int value) { forced_.push_back(value); }
    std::size_t forced_left() const { return forced_.size() - next_forced_; }
    // A raw 64-bit draw, for the kernel's own deterministic choices.
    std::uint64_t next();
    const std::array<std::uint64_t, 4>& raw_state() const { return state_; }

private:
    std::array<std::uint64_t, 4> state_{};
    std::vector<int> forced_;  // a vector, not a deque: Dice is copied on every action
    std::size_t next_forced_ = 0;
};

// Fisher-Yates with `draw`: the same draw, the same order.
template <typename T>
void shuffle(std::vector<T>& items, Dice& draw) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[draw.next() % i]);
}

}  // namespace sandtable::kernel
