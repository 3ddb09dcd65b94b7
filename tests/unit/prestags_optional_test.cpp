// PRESTAGS optional rules 17.0 (retreat before combat) and 18.0 (contact),
// each switched on by the scenario. Provisional allowances: LC 12, MI 4,
// AX 4, MS 4. The provisional CRT: 1-2 rolls 1-5 "-", 2-1 rolling 4 is D.
#include "prestags_fixture.h"

namespace act = sandtable::kernel::act;

using namespace prestags_test;

namespace {
bool questioned(const Game& g) { return g.decision() == DecisionKind::Question; }
}  // namespace

TEST_CASE("17.0 a hex whose units are 3 MP faster than every attacker may retreat one hex before combat",
          "[prestags][optional][retreat]") {
    Field f;
    f.rules = "{ retreat_before_combat: { enabled: true } }";
    f.units = {{"mi", "MI", "a", "0503"},
               {"ld", "L1", "a", "0503"},
               {"lc", "LC", "b", "0504"},
               {"ms", "MS", "b", "0807"},
               {"ax", "AX", "a", "0806"}};
    auto s = f.start({1, 1});
    run_to_phase(s, "melee", 0);
    Game& g = s.game();
    SECTION("12 against 4: offered; retreating, the attack does not take place and the attacker may advance one hex") {
        s.apply(act::Declare{unit(g, "lc")});
        s.apply(act::AddAttacker{unit(g, "mi")});
        s.apply(act::Resolve{});
        REQUIRE(questioned(g));
        REQUIRE(g.question()->options().size() >= 2);
        CHECK(g.question()->options()[0] == "stand and fight");
        choose(s, 1);
        CHECK(hex_of(g, "lc") != "0504");
        CHECK(logged(g, "the combat does not take place"));
        CHECK(g.state().dice_rolled == 0);
        REQUIRE(g.decision() == DecisionKind::Advance);
        CHECK(find(g.legal_actions(), ActionKind::AdvanceTo, unit(g, "mi")));
    }
    SECTION("4 against 4: not offered") {
        attack(s, {"ax"}, "ms");
        CHECK(!logged(g, "retreat before combat to"));
        CHECK(g.state().dice_rolled == 1);
    }
}

TEST_CASE(
    "17.3 units that retreated before combat, and those in the hex they went to, may not retreat again that phase",
    "[prestags][optional][retreat]") {
    Field f;
    f.rules = "{ retreat_before_combat: { enabled: true } }";
    // The horse in 0504 may go only to 0505, where more horse stand.
    paint(f, "0403", 'm');
    paint(f, "0404", 'm');
    paint(f, "0603", 'm');
    paint(f, "0604", 'm');
    f.units = {{"mi", "MI", "a", "0503"},
               {"ld", "L1", "a", "0503"},
               {"mi2", "MI", "a", "0506"},
               {"lc", "LC", "b", "0504"},
               {"lc2", "LC", "b", "0505"}};
    auto s = f.start({1, 1});
    run_to_phase(s, "melee", 0);
    Game& g = s.game();
    s.apply(act::Declare{unit(g, "lc")});
    s.apply(act::AddAttacker{unit(g, "mi")});
    s.apply(act::Resolve{});
    REQUIRE(questioned(g));
    REQUIRE(g.question()->options().size() == 2);
    CHECK(g.question()->options()[1] == "retreat before combat to 0505");
    choose(s, 1);
    if (g.decision() == DecisionKind::Advance) s.apply(act::Decline{});
    // Now 0505 is attacked: neither lc nor lc2 may retreat again.
    attack(s, {"mi2"}, "lc2");
    CHECK(!questioned(g));
    CHECK(g.state().dice_rolled == 1);
}

TEST_CASE("17.5 the fast units of a hex may retreat while the slow stay and receive the attack",
          "[prestags][optional][retreat]") {
    Field f;
    f.rules = "{ retreat_before_combat: { enabled: true } }";
    // Light cavalry (12) and elephants (5, Class D: they may share a hex) against militia (4).
    f.units = {
        {"mi", "MI", "a", "0503"}, {"ld", "L1", "a", "0503"}, {"lc", "LC", "b", "0504"}, {"el", "EL", "b", "0504"}};
    auto s = f.start({1});
    run_to_phase(s, "melee", 0);
    Game& g = s.game();
    s.apply(act::Declare{unit(g, "lc")});
    s.apply(act::AddAttacker{unit(g, "mi")});
    s.apply(act::Resolve{});
    REQUIRE(questioned(g));
    CHECK(g.question()->options()[1].find("(the slower stay)") != std::string::npos);
    choose(s, 1);
    CHECK(hex_of(g, "lc") != "0504");
    CHECK(hex_of(g, "el") == "0504");
    CHECK(logged(g, "1 of the units in 0504 retreat before combat"));
    // The elephants defend the hex: 2 and the leader's 2 (10.11: no more than
    // the militia's own) against 6 is 1-2.
    CHECK(!logged(g, "the combat does not take place"));
    CHECK(logged(g, "4 against 6: column 1-2"));
}

TEST_CASE("18.1-18.5 an undecided melee leaves both sides in contact until a combat decides it",
          "[prestags][optional][contact]") {
    Field f;
    f.rules = "{ contact: { enabled: true } }";
    f.units = {{"mi", "MI", "a", "0503"},
               {"ld", "L1", "a", "0101"},
               {"ax", "AX", "b", "0504"},
               {"ms", "MS", "b", "0807"},
               {"lb", "L1", "b", "0808"}};
    auto s = f.start({1, 4});  // 2 against 4: 1-2 rolling 1, "-"; then 4 against 2: 2-1 rolling 4, D
    run_to_phase(s, "melee", 0);
    attack(s, {"mi"}, "ax");
    Game& g = s.game();
    REQUIRE(g.state().combat.result == "-");
    CHECK(g.state().mark(unit(g, "mi"), "contact") != 0);
    CHECK(g.state().mark(unit(g, "ax"), "contact") == g.state().mark(unit(g, "mi"), "contact"));
    // 18.2: in B's movement phase the axemen may not break off; the spearmen move freely.
    run_to_phase(s, "movement", 1);
    CHECK(!find(g.legal_actions(), ActionKind::SelectUnit, unit(g, "ax")));
    CHECK(find(g.legal_actions(), ActionKind::SelectUnit, unit(g, "ms")));
    // 18.5: B's attack disrupts the militia: the engagement is decided.
    run_to_phase(s, "melee", 1);
    attack(s, {"ax"}, "mi");
    REQUIRE(g.state().combat.result == "D");
    CHECK(g.state().mark(unit(g, "mi"), "contact") == 0);
    CHECK(g.state().mark(unit(g, "ax"), "contact") == 0);
    CHECK(logged(g, "contact ends (18.5)"));
}
