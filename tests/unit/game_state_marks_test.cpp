// A unit's marks (GameState::mark, set_mark): the value set is the value read,
// for any order of units and keys, 0 unset; a mark set to 0 is gone, so two
// states with the same marks compare alike.
#include "kernel/game_state.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <utility>

using sandtable::kernel::GameState;
using sandtable::kernel::Mark;

TEST_CASE("marks read back what was set, in any order of units and keys", "[state][marks]") {
    GameState state;
    std::map<std::pair<int, std::string>, int> expected;
    std::mt19937 pick(7);
    const std::string keys[] = {"shots", "cannot_attack", "a", "zz", "shots2", "", "Shots"};
    for (int step = 0; step < 2000; ++step) {
        const int unit = static_cast<int>(pick() % 9);
        const std::string& key = keys[pick() % std::size(keys)];
        const int value = static_cast<int>(pick() % 5) - 1;  // -1..3, 0 removes
        state.set_mark(unit, key, value);
        if (value == 0)
            expected.erase({unit, key});
        else
            expected[{unit, key}] = value;
        for (int u = 0; u < 9; ++u)
            for (const auto& k : keys) {
                const auto it = expected.find({u, k});
                REQUIRE(state.mark(u, k) == (it == expected.end() ? 0 : it->second));
            }
    }
    // Kept sorted by unit, then key, and without zeros: the order the lookup relies on.
    CHECK(std::is_sorted(state.marks.begin(), state.marks.end(), [](const Mark& a, const Mark& b) {
        return a.unit != b.unit ? a.unit < b.unit : a.key < b.key;
    }));
    CHECK(std::none_of(state.marks.begin(), state.marks.end(), [](const Mark& m) { return m.value == 0; }));
    CHECK(state.marks.size() == expected.size());
}

TEST_CASE("a mark set to 0 leaves the state as if it had never been set", "[state][marks]") {
    GameState with, without;
    for (GameState* state : {&with, &without}) state->set_mark(0, "shots", 1), state->set_mark(5, "shots", 1);
    with.set_mark(3, "shots", 2);
    with.set_mark(3, "shots", 0);
    CHECK(with.marks == without.marks);
    CHECK(with.mark(3, "shots") == 0);
    CHECK(with.mark(-1, "shots") == 0);  // before every unit: nothing set
    CHECK(with.mark(9, "shots") == 0);   // after every unit
}
