// The BMW standard rules, each checked on a small battlefield with the real
// ruleset, its tables and its Lua modules. Section numbers are the rulebook's.
#include "bmw_fixture.h"

#include "load/loader.h"
#include "kernel/procedures/movement.h"

using namespace bmw_test;
using sandtable::kernel::Capability;
namespace act = sandtable::kernel::act;

TEST_CASE("7.2 worked example: 13 against 4 is 3-1 and odds round for the defender", "[bmw][crt]") {
    auto rs = sandtable::load::load_ruleset(std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/bmw");
    const auto& crt = *rs.odds_table("crt");
    CHECK(crt.columns[static_cast<std::size_t>(crt.column_for(13, 4))].label == "3-1");
    CHECK(crt.columns[static_cast<std::size_t>(crt.column_for(9, 2))].label == "4-1");
    CHECK(crt.columns[static_cast<std::size_t>(crt.column_for(5, 6))].label == "1-2");
    CHECK(crt.columns[static_cast<std::size_t>(crt.column_for(4, 4))].label == "1-1");
    // The extremes are automatic: 6-1 or more DL, 1-5 or less AL.
    CHECK(crt.result(crt.column_for(12, 2), 1) == "DL");
    CHECK(crt.result(crt.column_for(30, 2), 6) == "DL");
    CHECK(crt.result(crt.column_for(1, 5), 1) == "AL");
    CHECK(crt.result(crt.column_for(1, 9), 3) == "AL");
    // Exact distribution of the 1-1 column: DR on 1-2, no effect on 3-4, EX on 5, AR on 6.
    auto d = crt.distribution(crt.column_for(4, 4));
    CHECK(d["DR"] == Approx(2.0 / 6));
    CHECK(d["-"] == Approx(2.0 / 6));
    CHECK(d["EX"] == Approx(1.0 / 6));
    CHECK(d["AR"] == Approx(1.0 / 6));
    // Shifts clamp at the ends.
    CHECK(crt.shifted(0, -3) == 0);
    CHECK(crt.shifted(static_cast<int>(crt.columns.size()) - 1, 2) == static_cast<int>(crt.columns.size()) - 1);
}

TEST_CASE("7.2 forced dice give exactly what the CRT says: 4 against 2 rolling 1 is DR", "[bmw][combat]") {
    Battlefield b;
    b.units = {{"sp", "spearmen", "a", "0504"}, {"lv", "levy", "b", "0505"}};
    auto s = b.start({1});
    run_until(s, DecisionKind::CombatDeclare);
    attack(s, {"sp"}, "lv");
    CHECK(s.game().state().combat.result == "DR");
    CHECK(s.game().state().combat.column >= 0);
    if (s.game().decision() == DecisionKind::Retreat) s.apply(s.game().legal_actions().front());
    CHECK(hex_of(s.game(), "lv") != "0505");
    CHECK(disordered(s.game(), "lv"));  // 11.1: a retreat disorders
    // 7.9: one victorious unit may advance into the vacated hex.
    REQUIRE(s.game().decision() == DecisionKind::Advance);
    auto adv = find(s.game().legal_actions(), ActionKind::AdvanceTo, unit(s.game(), "sp"));
    REQUIRE(adv);
    CHECK(find(s.game().legal_actions(), ActionKind::Decline));
    s.apply(*adv);
    CHECK(hex_of(s.game(), "sp") == "0505");
}

TEST_CASE("7.5 hills shift one column left unless every attacker is on a hill", "[bmw][terrain]") {
    Battlefield b;
    b.rows[4][4] = 'h';  // 0505
    b.units = {{"sp", "spearmen", "a", "0504"}, {"lv", "levy", "b", "0505"}};
    auto s = b.start();
    run_until(s, DecisionKind::CombatDeclare);
    const Game& g = s.game();
    CHECK(g.combat().odds_for({unit(g, "sp")}, {unit(g, "lv")}).label == "1-1");  // 2-1 shifted
    Battlefield both = b;
    both.rows[3][4] = 'h';  // 0504: the attacker on a hill too
    auto s2 = both.start();
    run_until(s2, DecisionKind::CombatDeclare);
    const Game& g2 = s2.game();
    CHECK(g2.combat().odds_for({unit(g2, "sp")}, {unit(g2, "lv")}).label == "2-1");
}

TEST_CASE("7.5 attackers across a river or into a swamp are halved and the total rounded up", "[bmw][terrain]") {
    Battlefield b;
    b.rivers = {"0504/0505", "0404/0505"};  // the north and north-west sides of 0505
    b.units = {{"sp", "spearmen", "a", "0504"}, {"sk", "skirmishers", "a", "0404"}, {"lv", "levy", "b", "0505"}};
    auto s = b.start();
    run_until(s, DecisionKind::CombatDeclare);
    const Game& g = s.game();
    auto e = g.combat().odds_for({unit(g, "sp"), unit(g, "sk")}, {unit(g, "lv")});
    CHECK(e.attack == 3);  // (4 + 1) / 2 = 2.5, rounded up
    CHECK(e.label == "1-1");
    Battlefield swamp;
    swamp.rows[4][4] = 's';
    swamp.units = {{"sp", "spearmen", "a", "0504"}, {"lv", "levy", "b", "0505"}};
    auto s2 = swamp.start();
    run_until(s2, DecisionKind::CombatDeclare);
    CHECK(s2.game().combat().odds_for({unit(s2.game(), "sp")}, {unit(s2.game(), "lv")}).attack == 2);
}

TEST_CASE("4.2 terrain costs and roads at one MP", "[bmw][movement]") {
    Battlefield b;
    b.rows[1] = ".wwwwwwww.";  // row 2 is woods
    b.units = {{"sp", "spearmen", "a", "0501"}, {"lv", "levy", "b", "0108"}};
    auto s = b.start();
    select(s, "sp");
    CHECK(sandtable::kernel::MovementProcedure::movement_range(s.game(), unit(s.game(), "sp"))
              .cost(*s.game().grid().parse_label("0502")) == 3);
    CHECK(!has_move(s.game(), "0504"));  // 3 + 1 + 1 = 5 > 4
    Battlefield road = b;
    road.road = {"0501", "0502", "0503", "0504", "0505"};
    auto s2 = road.start();
    select(s2, "sp");
    CHECK(has_move(s2.game(), "0505"));  // four road hexes at 1 MP each
}

TEST_CASE("5.2 entering an enemy zone of control stops a unit, and it may not leave", "[bmw][zoc]") {
    Battlefield b;
    b.units = {{"kn", "knights", "a", "0501"}, {"sp", "spearmen", "b", "0505"}};
    auto s = b.start();
    select(s, "kn");
    CHECK(has_move(s.game(), "0504"));
    CHECK(!has_move(s.game(), "0506"));  // only through the zone
    Battlefield held;
    held.units = {{"kn", "knights", "a", "0504"}, {"sp", "spearmen", "b", "0505"}};
    auto s2 = held.start();
    select(s2, "kn");
    auto legal = s2.game().legal_actions();
    REQUIRE(legal.size() == 1);
    CHECK(s2.game().grid().label(*legal[0].hex()) == "0504");
}

TEST_CASE("8.1 8.2 light troops exert no zone of control and may disengage from slower enemies", "[bmw][light]") {
    Battlefield b;
    b.units = {
        {"sk", "skirmishers", "a", "0504"}, {"sp", "spearmen", "b", "0505"}, {"lc", "light_cavalry", "b", "0208"}};
    auto s = b.start();
    const Game& g = s.game();
    CHECK(!g.hex_board().in_enemy_zoc(1, *g.grid().parse_label("0503")));  // skirmishers exert none
    CHECK(g.hex_board().in_enemy_zoc(0, *g.grid().parse_label("0504")));
    select(s, "sk");
    CHECK(has_move(s.game(), "0502"));  // spearmen MA 4 <= skirmishers MA 5
    Battlefield fast = b;
    fast.units = {{"sk", "skirmishers", "a", "0504"}, {"ms", "mounted_sergeants", "b", "0505", true}};
    auto s2 = fast.start();
    select(s2, "sk");
    CHECK(s2.game().legal_actions().size() == 1);  // mounted sergeants MA 7 > 5: stuck
}

TEST_CASE("6.2 6.4 archery hits on a roll at most the fire factor within range and sight", "[bmw][archery]") {
    Battlefield b;
    b.units = {{"ar", "archers", "a", "0502"}, {"sp", "spearmen", "b", "0504"}};
    auto s = b.start({3});
    run_until(s, DecisionKind::Fire);
    auto fire = find(s.game().legal_actions(), ActionKind::Fire, unit(s.game(), "ar"), unit(s.game(), "sp"));
    REQUIRE(fire);  // range 2 counts the target hex
    s.apply(*fire);
    end_phase(s);
    CHECK(disordered(s.game(), "sp"));  // roll 3 <= factor 3
    Battlefield woods = b;
    woods.rows[2][4] = 'w';  // 0503 between them blocks sight
    auto s2 = woods.start();
    if (s2.game().decision() != DecisionKind::Fire) end_phase(s2);
    CHECK(!find(s2.game().legal_actions(), ActionKind::Fire));
}

TEST_CASE("6.4 an archer with an adjacent eligible target must fire at it, leaders are never targets",
          "[bmw][archery]") {
    Battlefield b;
    b.units = {{"ar", "archers", "a", "0502"},
               {"sp", "spearmen", "b", "0504"},
               {"lv", "levy", "b", "0503"},
               {"ld", "leader", "b", "0403"}};
    auto s = b.start();
    run_until(s, DecisionKind::Fire);
    const Game& g = s.game();
    CHECK(find(g.legal_actions(), ActionKind::Fire, unit(g, "ar"), unit(g, "lv")));
    CHECK(!find(g.legal_actions(), ActionKind::Fire, unit(g, "ar"), unit(g, "sp")));
    CHECK(!find(g.legal_actions(), ActionKind::Fire, unit(g, "ar"), unit(g, "ld")));
}

TEST_CASE("5.3 7.3 units in an enemy zone must attack before the phase may end", "[bmw][combat]") {
    Battlefield b;
    b.units = {{"sp", "spearmen", "a", "0504"}, {"lv", "levy", "b", "0505"}};
    auto s = b.start({3});
    run_until(s, DecisionKind::CombatDeclare);
    CHECK(!find(s.game().legal_actions(), ActionKind::EndPhase));
    attack(s, {"sp"}, "lv");  // 2-1, roll 3: no effect
    CHECK(s.game().state().combat.result == "-");
    CHECK(s.game().decision() != DecisionKind::CombatDeclare);  // phase over: nothing left to fight
}

TEST_CASE("7.8 a unit with no hex to retreat to is eliminated, retreating through friends disorders both",
          "[bmw][retreat]") {
    Battlefield trapped;
    // The levy in the corner 0101: its only exits are in the spearmen's zones.
    trapped.units = {{"sp", "spearmen", "a", "0201"}, {"hf", "heavy_foot", "a", "0103"}, {"lv", "levy", "b", "0101"}};
    auto s = trapped.start({1});
    run_until(s, DecisionKind::CombatDeclare);
    attack(s, {"sp"}, "lv");
    CHECK(!on_map(s.game(), "lv"));

    Battlefield through;
    through.rows = std::vector<std::string>(8, std::string(3, '.'));
    // A column of hexes 0101..0108 with the levy at 0104 and a friend at 0105.
    // The only way out is through the friend at 0105 to 0106. x1 at 0203 reaches 0104, not 0105: a friend
    // in an enemy zone would not open it (5.1; see "a friend in an enemy zone does not open it" below).
    through.units = {{"sp", "spearmen", "a", "0103"},
                     {"lv", "levy", "b", "0104"},
                     {"fr", "levy", "b", "0105"},
                     {"x1", "levy", "a", "0203"}};
    auto s2 = through.start({2});  // 6 against 2 = 3-1, roll 2: DR
    run_until(s2, DecisionKind::CombatDeclare);
    attack(s2, {"sp", "x1"}, "lv");
    if (s2.game().decision() == DecisionKind::Retreat) s2.apply(s2.game().legal_actions().front());
    CHECK(on_map(s2.game(), "lv"));
    CHECK(disordered(s2.game(), "fr"));
    CHECK(disordered(s2.game(), "lv"));
}

TEST_CASE("9.2 cavalry retreats three hexes", "[bmw][cavalry]") {
    Battlefield b;
    b.units = {{"hf", "heavy_foot", "a", "0502"}, {"kn", "knights", "b", "0503"}};
    auto s = b.start({1});  // 6 against 7: 1-2, roll 1: DR
    run_until(s, DecisionKind::CombatDeclare);
    attack(s, {"hf"}, "kn");
    if (s.game().decision() == DecisionKind::Retreat) {
        for (const auto& a : s.game().legal_actions())
            CHECK(sandtable::geometry::distance(*a.hex(), *s.game().grid().parse_label("0503")) >= 3);
        s.apply(s.game().legal_actions().front());
    }
    CHECK(sandtable::geometry::distance(*s.game().grid().parse_label(hex_of(s.game(), "kn")),
                                        *s.game().grid().parse_label("0503")) >= 3);
}

TEST_CASE("11.1 reorganization on 5-6, minus one next to an enemy, plus the leader's value", "[bmw][morale]") {
    Battlefield b;
    b.units = {{"sp", "spearmen", "a", "0502", true},
               {"lv", "levy", "a", "0802", true},
               {"ld", "leader", "a", "0802"},
               {"x", "levy", "b", "0508"},
               {"y", "levy", "b", "0208", true}};
    // Rolls: sp 5 (reorganizes), lv 4 + leader 1 = 5 (reorganizes).
    auto s = b.start({5, 4});
    run_until(s, DecisionKind::Movement);
    while (s.game().state().at.active_side == 0 && !s.game().over()) {
        auto legal = s.game().legal_actions();
        auto a = find(legal, ActionKind::EndPhase);
        s.apply(a ? *a : legal.front());
    }
    CHECK(!disordered(s.game(), "sp"));
    CHECK(!disordered(s.game(), "lv"));

    Battlefield adjacent;
    adjacent.units = {{"sp", "spearmen", "a", "0504", true}, {"lv", "levy", "b", "0807"}, {"x", "levy", "b", "0505"}};
    // 5 - 1 adjacent = 4: stays disordered. The spearmen must attack first: roll 3 on 1-1 is no effect.
    auto s2 = adjacent.start({3, 5});
    run_until(s2, DecisionKind::CombatDeclare);
    attack(s2, {"sp"}, "x");
    CHECK(disordered(s2.game(), "sp"));
}

TEST_CASE("11.3 worked example: losses of 150 against 150 demoralize and rallying an 8 brings them to 142",
          "[bmw][morale]") {
    Battlefield b;
    b.extra_ruleset_types =
        "  - { id: host, name: Host, class: foot, front: { combat: 71, movement: 4 } }\n"
        "  - { id: band, name: Band, class: foot, front: { combat: 8, movement: 4 } }\n";
    b.demoralization_a = 150;
    b.disintegration_a = 1000;
    b.units = {{"h1", "host", "a", "0101"},
               {"h2", "host", "a", "0103"},
               {"bd", "band", "a", "0105"},
               {"ld", "leader", "a", "0505"},
               {"x", "levy", "b", "0908"}};
    auto s = b.start({6});  // the rally roll
    Game& g = s.game();
    g.eliminate(unit(g, "h1"));
    g.eliminate(unit(g, "h2"));
    CHECK(!g.state().sides[0].demoralized);  // 142
    g.eliminate(unit(g, "bd"));
    CHECK(g.state().sides[0].eliminated_strength == 150);
    CHECK(g.state().sides[0].demoralized);
    run_until(s, DecisionKind::Rally);
    auto rally = find(g.legal_actions(), ActionKind::RallyTo, unit(g, "bd"));
    REQUIRE(rally);
    s.apply(*rally);
    CHECK(g.state().sides[0].eliminated_strength == 142);
    CHECK(!g.state().sides[0].demoralized);
}

TEST_CASE("11.3 a demoralized army attacks one column to the left", "[bmw][morale]") {
    Battlefield b;
    b.demoralization_a = 2;
    b.units = {{"sp", "spearmen", "a", "0504"}, {"lv", "levy", "b", "0505"}, {"gone", "levy", "a", "0101"}};
    auto s = b.start();
    s.game().eliminate(unit(s.game(), "gone"));
    run_until(s, DecisionKind::CombatDeclare);
    CHECK(s.game().combat().odds_for({unit(s.game(), "sp")}, {unit(s.game(), "lv")}).label == "1-1");
}

TEST_CASE("11.3 the odds calculator between combat phases counts the combat phase's shift for a demoralized army",
          "[bmw][morale][odds]") {
    Battlefield b;
    b.demoralization_a = 2;
    b.units = {{"sp", "spearmen", "a", "0504"}, {"lv", "levy", "b", "0505"}, {"gone", "levy", "a", "0101"}};
    auto s = b.start();
    s.game().eliminate(unit(s.game(), "gone"));
    REQUIRE(s.game().state().sides[0].demoralized);
    REQUIRE(s.game().phase_id() != "combat");
    // 2-1 without the shift: what the combat phase would read is one column to the left.
    CHECK(s.game().combat().odds_for_phase("combat", {unit(s.game(), "sp")}, {unit(s.game(), "lv")}).label == "1-1");
}

TEST_CASE("11.4 disintegration ends the game at once with an epic victory", "[bmw][victory]") {
    Battlefield b;
    b.disintegration_b = 2;
    b.units = {{"hf", "heavy_foot", "a", "0504"}, {"lv", "levy", "b", "0505"}, {"y", "levy", "b", "0808"}};
    auto s = b.start({1});  // 6 against 2 = 3-1, roll 1: DL
    run_until(s, DecisionKind::CombatDeclare);
    attack(s, {"hf"}, "lv");
    CHECK(s.game().over());
    CHECK(s.game().state().result.winner == 0);
    CHECK(s.game().state().result.level == "epic");
}

TEST_CASE("9.4 horse archers reorganize without a roll", "[bmw][cavalry]") {
    Battlefield b;
    b.units = {{"ha", "horse_archers", "a", "0502", true}, {"x", "levy", "b", "0908"}};
    auto s = b.start();
    CHECK(s.game().unit(unit(s.game(), "ha")).capability(Capability::AutoReorganize) == 1);
    while (s.game().state().at.active_side == 0 && !s.game().over()) {
        auto legal = s.game().legal_actions();
        auto a = find(legal, ActionKind::EndPhase);
        s.apply(a ? *a : legal.front());
    }
    CHECK(!disordered(s.game(), "ha"));
    CHECK(s.game().state().dice_rolled == 0);
}

TEST_CASE("10.2 a leader stacks with a unit and adds his value to its strength", "[bmw][leaders]") {
    Battlefield b;
    b.units = {{"sp", "spearmen", "a", "0504"}, {"ld", "great_leader", "a", "0504"}, {"lv", "levy", "b", "0505"}};
    auto s = b.start();
    run_until(s, DecisionKind::CombatDeclare);
    auto e = s.game().combat().odds_for({unit(s.game(), "sp")}, {unit(s.game(), "lv")});
    CHECK(e.attack == 6);
    CHECK(e.label == "3-1");
    // The leader is not a separate target or attacker.
    CHECK(!find(s.game().legal_actions(), ActionKind::Declare, -1, unit(s.game(), "ld")));
}

TEST_CASE("7.3 a unit that must attack joins the combat that would leave it no one to fight", "[bmw][combat]") {
    Battlefield b;
    b.units = {{"s1", "spearmen", "a", "0303"}, {"s2", "spearmen", "a", "0403"}, {"d", "levy", "b", "0304"}};
    auto s = b.start({3});
    run_until(s, DecisionKind::CombatDeclare);
    Game& g = s.game();
    s.apply(act::Declare{unit(g, "d")});
    s.apply(act::AddAttacker{unit(g, "s1")});
    CHECK(!find(g.legal_actions(), ActionKind::Resolve));  // s2 would be stranded
    REQUIRE(find(g.legal_actions(), ActionKind::AddAttacker, unit(g, "s2")));
    s.apply(act::AddAttacker{unit(g, "s2")});
    CHECK(find(g.legal_actions(), ActionKind::Resolve));
}

TEST_CASE("7.8 a retreat goes through friends only when no free hex is left", "[bmw][retreat]") {
    Battlefield b;
    // The levy at 0505 may step back to 0405 or 0605; the friend at 0506
    // must not be retreated through to 0507 while those are free.
    b.units = {{"sp", "spearmen", "a", "0504"}, {"lv", "levy", "b", "0505"}, {"fr", "levy", "b", "0506"}};
    auto s = b.start({1});  // 4 against 2 = 2-1, roll 1: DR
    run_until(s, DecisionKind::CombatDeclare);
    attack(s, {"sp"}, "lv");
    REQUIRE(s.game().decision() == DecisionKind::Retreat);
    std::vector<std::string> to;
    for (const auto& a : s.game().legal_actions()) to.push_back(s.game().grid().label(*a.hex()));
    std::sort(to.begin(), to.end());
    CHECK(to == std::vector<std::string>{"0405", "0605"});
}

TEST_CASE("10.4 a lone leader added as a second defender retreats and never fights", "[bmw][leaders]") {
    Battlefield b;
    b.units = {{"hf", "heavy_foot", "a", "0504"}, {"lv", "levy", "b", "0505"}, {"ld", "leader", "b", "0404"}};
    auto s = b.start({3});
    run_until(s, DecisionKind::CombatDeclare);
    Game& g = s.game();
    s.apply(act::Declare{unit(g, "lv")});
    s.apply(act::AddAttacker{unit(g, "hf")});
    REQUIRE(find(g.legal_actions(), ActionKind::AddDefender, -1, unit(g, "ld")));
    s.apply(act::AddDefender{unit(g, "ld")});
    s.apply(act::Resolve{});
    REQUIRE(g.decision() == DecisionKind::Question);  // the leader's side picks his retreat
    CHECK(g.deciding_side() == 1);
    // He may join the levy under attack (10.1: a friend's hex in the enemy's zone); he goes elsewhere here.
    const auto& options = g.question()->options();
    const auto away = std::find_if(options.begin(), options.end(),
                                   [](const std::string& o) { return o.find("0505") == std::string::npos; });
    REQUIRE(away != options.end());
    s.apply(act::Choose{static_cast<int>(away - options.begin())});
    CHECK(hex_of(g, "ld") != "0404");
    CHECK(g.state().combat.defend == 2);  // the levy alone: no leader value, no leader to lose
    CHECK(g.state().combat.attack == 6);
}

TEST_CASE("8.21 only enemies that exert a zone of control hold a light unit", "[bmw][light]") {
    Battlefield b;
    // A leader (MA 8) stacked with the spearmen (MA 4) exerts no zone of control.
    b.units = {{"sk", "skirmishers", "a", "0504"}, {"sp", "spearmen", "b", "0505"}, {"ld", "leader", "b", "0505"}};
    auto s = b.start();
    select(s, "sk");
    CHECK(has_move(s.game(), "0502"));
}

TEST_CASE("6.4 a hill between archer and target blocks the line of sight", "[bmw][archery]") {
    Battlefield b;
    b.rows[2][4] = 'h';  // 0503
    b.units = {{"ar", "archers", "a", "0502"}, {"sp", "spearmen", "b", "0504"}};
    auto s = b.start();
    if (s.game().decision() != DecisionKind::Fire) end_phase(s);
    CHECK(!find(s.game().legal_actions(), ActionKind::Fire));
}
