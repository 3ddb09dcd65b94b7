// The only source of dice in a game: a seeded xoshiro256** generator, with an
// optional queue of forced rolls (tests, teaching examples, `--dice`) that is
// consumed first. Every roll is logged by the Game that owns the Dice.
#pragma once

#include <array>
#include <cstdint>
#include <deque>

namespace sandtable::kernel {

class Dice {
public:
    explicit Dice(std::uint64_t seed = 1);

    // A roll of 1..faces. Forced rolls are used first, as given (a forced
    // value larger than `faces` is a caller error and is clamped).
    int roll(int faces);
    void force(int value) { forced_.push_back(value); }
    std::size_t forced_left() const { return forced_.size(); }
    // A raw 64-bit draw, for the kernel's own deterministic choices.
    std::uint64_t next();
    const std::array<std::uint64_t, 4>& raw_state() const { return state_; }

private:
    std::array<std::uint64_t, 4> state_{};
    std::deque<int> forced_;
};

}  // namespace sandtable::kernel
