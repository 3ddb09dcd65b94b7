// PRESTAGS fire combat (6.0) and line of sight (6.3), each rule on a small
// battlefield with the real ruleset. The provisional fire protection
// strengths (rulesets/prestags/ruleset.yaml): clear 2, woods 4, village 5,
// slope and hilltop 3. Hexes: flat tops, odd columns half a hex higher, so
// around 0504 lie 0503, 0603, 0604, 0505, 0404, 0403.
#include "prestags_fixture.h"

#include "geometry/hex_los.h"

namespace act = sandtable::kernel::act;

using namespace prestags_test;
using sandtable::geometry::distance;

namespace {

// Fires `firers` into the hex of `target` in the phase waiting for it.
void fire(sandtable::bots::Session& s, const std::vector<std::string>& firers, const std::string& target) {
    attack(s, firers, target);
}

bool can_declare(const Game& g, const std::string& target) {
    return find(g.legal_actions(), ActionKind::Declare, -1, unit(g, target)).has_value();
}

int mark(const Game& g, const std::string& id, const std::string& key) { return g.state().mark(unit(g, id), key); }

// Sight from a unit to a hex, after the battlefield's scripts had their say.
bool sees(const Game& g, const std::string& viewer, const std::string& to) {
    return g.hex_board().clear_sight(unit(g, viewer), hex(g, to));
}

}  // namespace

TEST_CASE("6.21-6.22 the fire strengths firing into a hex are added and set against the hex's fire protection",
          "[prestags][fire]") {
    for (const bool woods : {false, true}) {
        Field f;
        if (woods) paint(f, "0505", 'w');
        // Long Bowmen (4, range 4) three hexes off, Crossbowmen (3, range 3) two.
        f.units = {
            {"lb", "LB", "a", "0502"}, {"cb", "CB", "a", "0705"}, {"ax", "AX", "b", "0505"}, {"mi", "MI", "b", "0505"}};
        auto s = f.start({1});
        REQUIRE(distance(hex(s.game(), "0502"), hex(s.game(), "0505")) == 3);
        REQUIRE(distance(hex(s.game(), "0705"), hex(s.game(), "0505")) == 2);
        run_to_phase(s, "fire", 0);
        REQUIRE(s.game().decision() == DecisionKind::CombatDeclare);
        fire(s, {"lb", "cb"}, "ax");
        const auto& c = s.game().state().combat;
        CHECK(c.attack == 7);
        CHECK(c.defend == (woods ? 4 : 2));  // the number of units in the hex has no bearing (6.22)
        CHECK(column_label(s.game()) == (woods ? "1-1" : "3-1"));
    }
}

TEST_CASE("6.16, 6.23 a fire is at one hex and its result falls on every unit in it", "[prestags][fire]") {
    Field f;
    f.units = {
        {"lb", "LB", "a", "0502"}, {"ax", "AX", "b", "0505"}, {"mi", "MI", "b", "0505"}, {"sd", "SD", "b", "0506"}};
    auto s = f.start({4});  // 4 against 2: 2-1, rolling 4: D
    run_to_phase(s, "fire", 0);
    Game& g = s.game();
    s.apply(act::Declare{unit(g, "ax")});
    // The hex's units are the defenders; no second hex may be added.
    CHECK(g.state().combat.defenders.size() == 2);
    s.apply(act::AddAttacker{unit(g, "lb")});
    CHECK(!find(g.legal_actions(), ActionKind::AddDefender));
    s.apply(act::Resolve{});
    CHECK(g.state().combat.result == "D");
    CHECK(disordered(g, "ax"));
    CHECK(disordered(g, "mi"));
    CHECK(!disordered(g, "sd"));
    // The hex has been attacked: it is not offered again (6.15).
    CHECK(!can_declare(g, "ax"));
    CHECK(!can_declare(g, "mi"));
}

TEST_CASE("10.31 leaders never suffer from fire, units with them are not disrupted by it but ½E and E strike them",
          "[prestags][fire][leader]") {
    SECTION("D: nobody in a leader's hex is disrupted, and the leader keeps his grade") {
        Field f;
        f.units = {{"lb", "LB", "a", "0502"}, {"ax", "AX", "b", "0505"}, {"ld", "L2", "b", "0505"}};
        auto s = f.start({4});  // 2-1, D
        run_to_phase(s, "fire", 0);
        fire(s, {"lb"}, "ax");
        CHECK(s.game().state().combat.result == "D");
        CHECK(!disordered(s.game(), "ax"));
        CHECK(mark(s.game(), "ld", "grades_lost") == 0);
    }
    SECTION("E: the units are eliminated and the leader stands alone") {
        Field f;
        f.units = {{"lb1", "LB", "a", "0502"},
                   {"lb2", "LB", "a", "0705"},
                   {"ax", "AX", "b", "0505"},
                   {"mi", "MI", "b", "0505"},
                   {"ld", "L2", "b", "0505"}};
        auto s = f.start({6});  // 8 against 2: 4-1, rolling 6: E
        run_to_phase(s, "fire", 0);
        fire(s, {"lb1", "lb2"}, "ax");
        CHECK(s.game().state().combat.result == "E");
        CHECK(!on_map(s.game(), "ax"));
        CHECK(!on_map(s.game(), "mi"));
        CHECK(on_map(s.game(), "ld"));
    }
    SECTION("a leader alone is no target for fire") {
        Field f;
        f.units = {
            {"lb", "LB", "a", "0502"}, {"ld", "L2", "b", "0505"}, {"x", "MI", "a", "0907"}, {"y", "MI", "b", "0905"}};
        auto s = f.start();
        run_to_phase(s, "movement", 0);  // the fire phase offered nothing, so it passed
        CHECK(s.game().phase_id() == "movement");
    }
}

TEST_CASE("6.13 a fire unit reaches as far as its range allowance, the target hex counted", "[prestags][fire][range]") {
    Field f;
    // Crossbowmen: range 3. The swordsmen are 3 hexes off, the axemen 4.
    f.units = {{"cb", "CB", "a", "0502"}, {"sd", "SD", "b", "0505"}, {"ax", "AX", "b", "0506"}};
    auto s = f.start();
    run_to_phase(s, "fire", 0);
    CHECK(can_declare(s.game(), "sd"));
    CHECK(!can_declare(s.game(), "ax"));
}

TEST_CASE("8.1 fire at odds below 1:2 is not permitted: the hex is not offered as a target", "[prestags][fire]") {
    Field f;
    paint(f, "0504", 'v');
    // Skirmishers (fire 1, range 2): 1 against a village's 5 is below 1:2;
    // 1 against clear ground's 2 is exactly 1:2.
    f.units = {{"sk", "SK", "a", "0502"}, {"ax", "AX", "b", "0504"}, {"ax2", "AX", "b", "0602"}};
    auto s = f.start();
    run_to_phase(s, "fire", 0);
    CHECK(!can_declare(s.game(), "ax"));
    CHECK(can_declare(s.game(), "ax2"));
}

TEST_CASE("6.32, 6.34 woods and villages block the line of sight, but units fire into and out of them",
          "[prestags][fire][los]") {
    Field f;
    f.units = {{"lb", "LB", "a", "0502"}, {"ax", "AX", "b", "0505"}};
    SECTION("woods between") {
        paint(f, "0504", 'w');
        auto s = f.start();
        CHECK(!sees(s.game(), "lb", "0505"));
    }
    SECTION("a village between") {
        paint(f, "0503", 'v');
        auto s = f.start();
        CHECK(!sees(s.game(), "lb", "0505"));
    }
    SECTION("into woods, out of a village") {
        paint(f, "0505", 'w');
        paint(f, "0502", 'v');
        auto s = f.start();
        CHECK(sees(s.game(), "lb", "0505"));
    }
}

TEST_CASE("6.37 occupied hexes block the line of sight by the firer's elevation", "[prestags][fire][los]") {
    Field f;
    f.units = {{"lb", "LB", "a", "0502"}, {"ax", "AX", "b", "0505"}, {"mi", "MI", "a", "0503"}};
    SECTION("from ground level, any occupied hex blocks, friend or enemy") {
        auto s = f.start();
        CHECK(!sees(s.game(), "lb", "0505"));
        CHECK(sees(s.game(), "lb", "0506") == false);  // the same line, further on
    }
    SECTION("from a slope, an occupied ground-level hex does not") {
        paint(f, "0502", 's');
        auto s = f.start();
        CHECK(sees(s.game(), "lb", "0505"));
    }
    SECTION("from a slope, an occupied slope hex does") {
        paint(f, "0502", 's');
        paint(f, "0503", 's');
        auto s = f.start();
        CHECK(!sees(s.game(), "lb", "0505"));
    }
    SECTION("from a hilltop, once the line has passed the slope next to it, occupied hexes do not") {
        paint(f, "0501", 'h');
        paint(f, "0502", 's');
        f.units = {{"lb", "LB", "a", "0501"}, {"mi", "MI", "a", "0503"}, {"ax", "AX", "b", "0505"}};
        auto s = f.start();
        CHECK(sees(s.game(), "lb", "0505"));
    }
    SECTION("from a hilltop across the hilltop, occupied hexes block") {
        paint(f, "0501", 'h');
        paint(f, "0502", 'h');
        paint(f, "0503", 'h');
        f.units = {{"lb", "LB", "a", "0501"}, {"mi", "MI", "a", "0502"}, {"ax", "AX", "b", "0503"}};
        auto s = f.start();
        CHECK(!sees(s.game(), "lb", "0503"));
    }
}

TEST_CASE(
    "6.35-6.36 slopes block unless a hilltop end is next to them, slope units fire into but not through a hilltop",
    "[prestags][fire][los]") {
    Field f;
    SECTION("6.36 from the ground across a slope") {
        paint(f, "0503", 's');
        f.units = {{"lb", "LB", "a", "0502"}, {"ax", "AX", "b", "0504"}};
        auto s = f.start();
        CHECK(!sees(s.game(), "lb", "0504"));
    }
    SECTION("6.36 from a hilltop down across the slope next to it") {
        paint(f, "0502", 'h');
        paint(f, "0503", 's');
        f.units = {{"lb", "LB", "a", "0502"}, {"ax", "AX", "b", "0505"}};
        auto s = f.start();
        CHECK(sees(s.game(), "lb", "0505"));
    }
    SECTION("6.36 from the ground up at a hilltop across the slope next to it") {
        paint(f, "0505", 'h');
        paint(f, "0504", 's');
        f.units = {{"lb", "LB", "a", "0502"}, {"ax", "AX", "b", "0505"}};
        auto s = f.start();
        CHECK(sees(s.game(), "lb", "0505"));
    }
    SECTION("6.36 a slope next to neither end blocks even a hilltop firer") {
        paint(f, "0502", 'h');
        paint(f, "0504", 's');
        f.units = {{"lb", "LB", "a", "0502"}, {"ax", "AX", "b", "0506"}};
        auto s = f.start();
        CHECK(!sees(s.game(), "lb", "0506"));
    }
    SECTION("6.35 from a slope into a hilltop, but not through it") {
        paint(f, "0502", 's');
        paint(f, "0503", 'h');
        f.units = {{"lb", "LB", "a", "0502"}, {"ax", "AX", "b", "0504"}, {"mi", "MI", "b", "0503"}};
        auto s = f.start();
        CHECK(sees(s.game(), "lb", "0503"));
        CHECK(!sees(s.game(), "lb", "0504"));
    }
}

TEST_CASE("6.38 a line along a hexside is blocked only when both hexes beside it are", "[prestags][fire][los]") {
    // 0505 to 0705 runs along the hexside between 0605 and 0604.
    Field f;
    f.units = {{"cb", "CB", "a", "0505"}, {"ax", "AX", "b", "0705"}};
    {
        auto s = f.start();
        auto steps = sandtable::geometry::los_steps(hex(s.game(), "0505"), hex(s.game(), "0705"));
        REQUIRE(steps.size() == 3);
        REQUIRE(steps[1].has_alternative);
        const auto& g = s.game();
        std::vector<std::string> pair{g.grid().label(steps[1].hex), g.grid().label(steps[1].alternative)};
        std::sort(pair.begin(), pair.end());
        REQUIRE(pair == std::vector<std::string>{"0604", "0605"});
    }
    SECTION("woods on one side") {
        paint(f, "0604", 'w');
        auto s = f.start();
        CHECK(sees(s.game(), "cb", "0705"));
    }
    SECTION("woods on one side, a unit on the other: two different blocks") {
        paint(f, "0604", 'w');
        f.units.push_back({"mi", "MI", "b", "0605"});
        auto s = f.start();
        CHECK(!sees(s.game(), "cb", "0705"));
    }
    SECTION("units on both sides") {
        f.units.push_back({"mi", "MI", "b", "0605"});
        f.units.push_back({"ms", "MS", "a", "0604"});
        auto s = f.start();
        CHECK(!sees(s.game(), "cb", "0705"));
    }
    SECTION("a line of sight the scripts block is no fire") {
        f.units.push_back({"mi", "MI", "b", "0605"});
        f.units.push_back({"ms", "MS", "a", "0604"});
        auto s = f.start();
        run_to_phase(s, "fire", 0);
        CHECK(!can_declare(s.game(), "ax"));
        CHECK(can_declare(s.game(), "mi"));  // the adjacent hex needs no line
    }
}

TEST_CASE("6.41, 6.44 an enemy moving next to an undisrupted fire unit must stop, one starting there may leave",
          "[prestags][fire][zone]") {
    for (const bool disrupted : {false, true}) {
        Field f;
        // The Militia (4 MP) walk down column 05; 0505 is next to the bowmen in 0605.
        // A grade-1 leader keeps the militia in command (10.2).
        f.units = {{"mi", "MI", "a", "0503"},
                   {"bw", "BW", "b", "0605", disrupted},
                   {"x", "MI", "a", "0108"},
                   {"ld", "L1", "a", "0101"}};
        auto s = f.start();
        run_to_phase(s, "movement", 0);
        select(s, "mi");
        CHECK(has_move(s.game(), "0505"));
        CHECK(has_move(s.game(), "0507") == disrupted);  // only through 0505 or 0506, both in the zone
    }
    SECTION("leaving the zone") {
        Field f;
        f.units = {{"mi", "MI", "a", "0505"}, {"bw", "BW", "b", "0605"}, {"ld", "L1", "a", "0101"}};
        auto s = f.start();
        run_to_phase(s, "movement", 0);
        select(s, "mi");
        CHECK(has_move(s.game(), "0502"));
        CHECK(has_move(s.game(), "0506"));  // into the zone again, where it stops
    }
}

TEST_CASE("6.42 defensive fire: after the enemy's movement, at adjacent hexes enemy units moved into",
          "[prestags][fire][defensive]") {
    Field f;
    f.units = {{"mi", "MI", "a", "0503"}, {"ax", "AX", "a", "0606"}, {"bw", "BW", "b", "0605"}};
    auto s = f.start({4});  // BW 2 against clear 2: 1-1, rolling 4: -
    run_to_phase(s, "movement", 0);
    move(s, "mi", "0505");
    run_to_phase(s, "defensive_fire", 0);
    Game& g = s.game();
    REQUIRE(g.decision() == DecisionKind::CombatDeclare);
    CHECK(g.deciding_side() == 1);
    CHECK(can_declare(g, "mi"));   // moved next to the bowmen
    CHECK(!can_declare(g, "ax"));  // next to them, but did not move
    fire(s, {"bw"}, "mi");
    CHECK(g.state().combat.defend == 2);
}

TEST_CASE("6.11-6.12, 6.43, 6.51 no fire in consecutive player-turns, and fire or melee, never both",
          "[prestags][fire][sequence]") {
    SECTION("a unit that fires may not melee in the same player-turn, nor fire defensively in the next") {
        Field f;
        f.units = {{"bw", "BW", "a", "0504"}, {"ax", "AX", "b", "0505"}, {"mi", "MI", "b", "0606"}};
        auto s = f.start({1, 1, 1, 1});
        run_to_phase(s, "fire", 0);
        fire(s, {"bw"}, "ax");
        run_to_phase(s, "movement", 0);  // it may still move (6.11)
        end_phase(s);
        // A's melee phase offered nothing: the bowmen, the only possible attacker, fired.
        CHECK(mark(s.game(), "bw", "melee_barred") == 1);
        CHECK(s.game().state().at.active_side == 1);
        // B's player-turn: the militia move next to the bowmen, who fired last player-turn.
        run_to_phase(s, "movement", 1);
        move(s, "mi", "0604");
        CHECK(distance(hex(s.game(), "0604"), hex(s.game(), "0504")) == 1);
        end_phase(s);
        CHECK(mark(s.game(), "bw", "fire_barred") == 1);
        CHECK(s.game().phase_id() == "melee");  // no defensive fire: that phase passed
        // A's next player-turn: fire again.
        run_to_phase(s, "fire", 0);
        CHECK(mark(s.game(), "bw", "fire_barred") == 0);
        CHECK(can_declare(s.game(), "mi"));
    }
    SECTION("a unit that fired defensively may not fire in its own next player-turn") {
        Field f;
        f.units = {{"bw", "BW", "b", "0605"}, {"mi", "MI", "a", "0503"}, {"x", "MI", "b", "0108"}};
        auto s = f.start({1, 1, 1, 1});
        run_to_phase(s, "movement", 0);
        move(s, "mi", "0505");
        run_to_phase(s, "defensive_fire", 0);
        fire(s, {"bw"}, "mi");
        run_to_phase(s, "movement", 1);
        CHECK(mark(s.game(), "bw", "fire_barred") == 1);
        CHECK(s.game().state().at.turn == 1);
    }
}

TEST_CASE(
    "6.42, 8.4 \"when any hex is vacated as a result of combat\": defensive fire that empties a hex lets the firer "
    "advance",
    "[prestags][fire][defensive]") {
    Field f;
    f.units = {{"mi", "MI", "a", "0503"}, {"ld", "L1", "a", "0101"}, {"lb", "LB", "b", "0605"}};
    auto s = f.start({6});  // LB 4 against clear 2: 2-1, rolling 6: ½E, the militia alone: eliminated
    run_to_phase(s, "movement", 0);
    move(s, "mi", "0505");
    run_to_phase(s, "defensive_fire", 0);
    fire(s, {"lb"}, "mi");
    CHECK(!on_map(s.game(), "mi"));
    REQUIRE(s.game().decision() == DecisionKind::Advance);
    CHECK(s.game().deciding_side() == 1);
    const auto& legal = s.game().legal_actions();
    CHECK(std::any_of(legal.begin(), legal.end(), [&](const Action& a) {
        return a.kind() == ActionKind::AdvanceTo && a.unit() == s.game().scenario().unit_index("lb") &&
               a.hex() == hex(s.game(), "0505");
    }));
    const auto decline = find(legal, ActionKind::Decline);
    REQUIRE(decline);
    s.apply(*decline);  // at the owner's discretion
    CHECK(hex_of(s.game(), "lb") == "0605");
}
