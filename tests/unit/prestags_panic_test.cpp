// PRESTAGS optional rule 13.0, Panic: the worth of units, the exact instant,
// the two tie rules, who is spared, what a panicked unit may do, fleeing and
// rallying. Worth = half the melee strength (a dot counts 1), rounded up, plus
// the fire strength: AX 4 is worth 2, MS 3 is 2, MI 2 is 1, LT (dot) 1,
// BW (melee 1, fire 2) 3, PP 6 is 3, SD 5 is 3. The provisional CRT: 4-1
// rolling 6 is E, 2-1 rolling 6 is ½E, 4-1 rolling 2 is D.
#include "prestags_fixture.h"

namespace act = sandtable::kernel::act;

using namespace prestags_test;
using sandtable::geometry::distance;

namespace {

std::string panic_levels(int a, int b) {
    return "{ panic: { enabled: true, params: { levels: [" + std::to_string(a) + ", " + std::to_string(b) + "] } } }";
}

// A's three pikemen next to B's axemen: 18 against 4, 4-1, rolling 6: E.
std::vector<Unit> killing_blow(std::vector<Unit> more) {
    std::vector<Unit> units{
        {"pp1", "PP", "a", "0503"}, {"pp2", "PP", "a", "0503"}, {"pp3", "PP", "a", "0503"}, {"ax", "AX", "b", "0504"}};
    units.insert(units.end(), more.begin(), more.end());
    return units;
}

bool panicked(const Game& g, const std::string& id) { return g.state().mark(unit(g, id), "panicked") != 0; }

bool army_panicked(const Game& g, const std::string& id) { return g.state().mark(unit(g, id), "army_panicked") != 0; }

// Attacks, then declines the advance after combat (8.4) if offered.
void melee(sandtable::bots::Session& s, const std::vector<std::string>& attackers, const std::string& defender) {
    attack(s, attackers, defender);
    if (s.game().decision() == DecisionKind::Advance) s.apply(act::Decline{});
}

}  // namespace

TEST_CASE("13.0, 13.11 panic comes at the exact instant losses reach the level, in the middle of a phase",
          "[prestags][panic]") {
    Field f;
    // B is worth AX 2 + LT 1 + BW 3 = 6; at 50% it panics when 3 are lost.
    f.rules = panic_levels(50, 50);
    f.units = killing_blow(
        {{"mi", "MI", "a", "0807"}, {"lt", "LT", "b", "0808"}, {"mi2", "MI", "a", "0206"}, {"bw", "BW", "b", "0207"}});
    auto s = f.start({6, 6, 2});
    run_to_phase(s, "melee", 0);
    melee(s, {"pp1", "pp2", "pp3"}, "ax");  // 18 against 4: 4-1, E
    REQUIRE(!on_map(s.game(), "ax"));
    CHECK(!panicked(s.game(), "bw"));  // 2 lost: below the level
    melee(s, {"mi"}, "lt");            // 2 against 1: 2-1, ½E of one unit
    REQUIRE(!on_map(s.game(), "lt"));
    // 3 lost: the level. B panics now, with the phase still going on.
    CHECK(s.game().phase_id() == "melee");
    CHECK(panicked(s.game(), "bw"));
    CHECK(!army_panicked(s.game(), "mi"));
    CHECK(logged(s.game(), "B reaches its Panic Level"));
    // Panicked, the bowmen defend at half (½ against 2 is 4-1) and a D eliminates them.
    melee(s, {"mi2"}, "bw");
    CHECK(s.game().state().combat.result == "D");
    CHECK(!on_map(s.game(), "bw"));
    CHECK(logged(s.game(), "bw is panicked: the disruption eliminates it"));
}

TEST_CASE("13.0 units stacked with a leader, or next to a grade 1 or 2 leader, do not panic",
          "[prestags][panic][leader]") {
    Field f;
    // B's worth: AX 2, SD 3, MS 2, MI 1, MS 2 = 10; at 10% losing the axemen is enough.
    f.rules = panic_levels(50, 10);
    f.units = killing_blow({{"l2", "L2", "b", "0302"},
                            {"sd", "SD", "b", "0302"},
                            {"ms", "MS", "b", "0202"},
                            {"l3", "L3", "b", "0806"},
                            {"ms2", "MS", "b", "0806"},
                            {"mi", "MI", "b", "0807"}});
    auto s = f.start({6});
    REQUIRE(distance(hex(s.game(), "0302"), hex(s.game(), "0202")) == 1);
    REQUIRE(distance(hex(s.game(), "0806"), hex(s.game(), "0807")) == 1);
    run_to_phase(s, "melee", 0);
    melee(s, {"pp1", "pp2", "pp3"}, "ax");
    CHECK(army_panicked(s.game(), "sd"));
    CHECK(!panicked(s.game(), "sd"));   // stacked with the grade-2 leader
    CHECK(!panicked(s.game(), "ms"));   // next to the grade-2 leader
    CHECK(!panicked(s.game(), "ms2"));  // stacked with the grade-3 leader
    CHECK(panicked(s.game(), "mi"));    // next to a grade-3 leader is not enough
    CHECK(!panicked(s.game(), "l2"));   // leaders do not panic
}

TEST_CASE("13.0 a panicked unit flees from the enemy, its player may not move it, and it may not attack",
          "[prestags][panic][movement]") {
    Field f;
    f.rules = panic_levels(50, 10);
    f.units = killing_blow(
        {{"ms", "MS", "b", "0606"}, {"mi", "MI", "a", "0607"}, {"sd", "SD", "b", "0905"}, {"l3", "L3", "b", "0905"}});
    auto s = f.start({6});
    run_to_phase(s, "melee", 0);
    melee(s, {"pp1", "pp2", "pp3"}, "ax");
    REQUIRE(panicked(s.game(), "ms"));
    const int before = std::min(distance(hex(s.game(), "0606"), hex(s.game(), "0607")),
                                distance(hex(s.game(), "0606"), hex(s.game(), "0503")));
    run_to_phase(s, "movement", 1);
    // It fled at the start of B's movement phase, further from every enemy.
    const auto at = hex(s.game(), hex_of(s.game(), "ms"));
    CHECK(hex_of(s.game(), "ms") != "0606");
    CHECK(std::min(distance(at, hex(s.game(), "0607")), distance(at, hex(s.game(), "0503"))) > before);
    CHECK(logged(s.game(), "ms flees in panic from 0606"));
    CHECK(!find(s.game().legal_actions(), ActionKind::SelectUnit, unit(s.game(), "ms")));
    CHECK(find(s.game().legal_actions(), ActionKind::SelectUnit, unit(s.game(), "sd")));
    CHECK(s.game().state().mark(unit(s.game(), "ms"), "melee_barred") == 1);
}

TEST_CASE("13.0 a panicked unit at the map's edge flees off it and is lost", "[prestags][panic][movement]") {
    Field f;
    f.rules = panic_levels(50, 10);
    f.units = killing_blow(
        {{"ms", "MS", "b", "0108"}, {"mi", "MI", "a", "0306"}, {"sd", "SD", "b", "0905"}, {"l3", "L3", "b", "0905"}});
    auto s = f.start({6});
    run_to_phase(s, "melee", 0);
    melee(s, {"pp1", "pp2", "pp3"}, "ax");
    REQUIRE(panicked(s.game(), "ms"));
    run_to_phase(s, "movement", 1);
    CHECK(!on_map(s.game(), "ms"));
    CHECK(logged(s.game(), "ms flees off the map from 0108"));
    // Counted as lost: its 3 melee strength points are the enemy's.
    CHECK(s.game().state().sides[1].eliminated_strength == 4 + 3);
}

TEST_CASE("13.22 at the end of its movement phase a panicked unit with a leader is rallied",
          "[prestags][panic][rally]") {
    Field f;
    f.rows = std::vector<std::string>(16, std::string(16, '.'));  // room to flee in
    f.rules = panic_levels(50, 10);
    f.units = killing_blow({{"mi", "MI", "b", "0808"}, {"l2", "L2", "b", "1010"}, {"x", "MI", "a", "0101"}});
    auto s = f.start({6});
    run_to_phase(s, "melee", 0);
    melee(s, {"pp1", "pp2", "pp3"}, "ax");
    REQUIRE(panicked(s.game(), "mi"));
    run_to_phase(s, "movement", 1);
    const std::string at = hex_of(s.game(), "mi");  // where it fled to
    REQUIRE(on_map(s.game(), "mi"));
    REQUIRE(at != "0808");
    // The leader joins it; the phase ends; the unit rallies.
    move(s, "l2", at);
    end_phase(s);
    CHECK(!panicked(s.game(), "mi"));
    CHECK(logged(s.game(), "mi is rallied by its leader"));
}

TEST_CASE("13.12-13.13, 13.21 both sides reaching their levels at the same instant", "[prestags][panic][ties]") {
    // A house rule for the test: the first attacker falls in every combat, so
    // both sides lose at the same instant. A is worth PP 3 x 3 + MI 1 = 10, B
    // AX 2 + MS 2 = 4; the attack is 18 against 4, 4-1, rolling 6: E.
    const std::string attacker_falls =
        "game.on('combat.result', function(ctx)\n  local a = game.combat().attackers[1]\n  if a then game.eliminate(a) "
        "end\nend)\n";
    auto field = [&](int level_a, int level_b) {
        Field f;
        f.rules = panic_levels(level_a, level_b);
        f.extra_module = attacker_falls;
        f.units = killing_blow({{"mi", "MI", "a", "0807"}, {"ms", "MS", "b", "0806"}});
        return f;
    };
    SECTION("13.12 both exactly at their levels: the defender panics, the attacker never will") {
        auto s = field(30, 50).start({6, 6, 6, 6});  // A: 3 of 10; B: 2 of 4
        run_to_phase(s, "melee", 0);
        melee(s, {"pp1", "pp2", "pp3"}, "ax");
        REQUIRE(!on_map(s.game(), "pp1"));
        REQUIRE(!on_map(s.game(), "ax"));
        CHECK(panicked(s.game(), "ms"));
        CHECK(!army_panicked(s.game(), "pp2"));
        CHECK(!panicked(s.game(), "mi"));
        // 13.21: A loses far past its level later, and still never panics.
        melee(s, {"mi"}, "ms");
        CHECK(!on_map(s.game(), "mi"));
        CHECK(!panicked(s.game(), "pp2"));
        CHECK(!panicked(s.game(), "pp3"));
        CHECK(!army_panicked(s.game(), "pp3"));
    }
    SECTION("13.13 both past their levels: the side past by more panics, here the attacker") {
        auto s = field(10, 50).start({6});  // A: 3 lost against a level of 1; B: 2 against 2
        run_to_phase(s, "melee", 0);
        melee(s, {"pp1", "pp2", "pp3"}, "ax");
        CHECK(panicked(s.game(), "mi"));
        CHECK(!panicked(s.game(), "ms"));
        CHECK(!army_panicked(s.game(), "ms"));
    }
}

TEST_CASE("13.0 without the optional rule, losses cause no panic", "[prestags][panic]") {
    Field f;
    f.units = killing_blow({{"mi", "MI", "b", "0808"}});
    auto s = f.start({6});
    run_to_phase(s, "melee", 0);
    melee(s, {"pp1", "pp2", "pp3"}, "ax");
    CHECK(!on_map(s.game(), "ax"));
    CHECK(!panicked(s.game(), "mi"));
}
