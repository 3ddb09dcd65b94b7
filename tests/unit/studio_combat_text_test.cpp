// A combat explained in words on the playtest page's Combat pane: units and
// their parts, each modifier with the ruleset line or Lua module it came
// from, the die and the result.
#include "explained_combat_fixture.h"
#include "core/play_view.h"

using namespace bmw_test;

TEST_CASE("explained combat in words: the studio's combat pane names units, modifiers with their source, die and result", "[explain][studio]") {
    auto s = spearmen_against_levy_on_a_hill().start({2});
    s.game().set_explaining(true);
    run_until(s, DecisionKind::CombatDeclare);
    attack(s, {"sp"}, "lv");
    const Game& g = s.game();
    const auto& why = g.combat_explanations().front();
    const std::string text = sandtable::studio::combat_text(g, why);
    CHECK(text.find("Attack 6") != std::string::npos);
    CHECK(text.find("sp (Spearmen): 5  +1 from a leader") != std::string::npos);
    CHECK(text.find("Defence 2") != std::string::npos);
    CHECK(text.find("column shift -1: defender in Hill\n      from ") != std::string::npos);
    CHECK(text.find("attack 5 → 6 (combat.strengths)\n      from module test_rules") != std::string::npos);
    CHECK(text.find("Column 2-1") != std::string::npos);
    CHECK(text.find("Die 2 +1 = 3") != std::string::npos);
    CHECK(text.find("Result " + why.result) != std::string::npos);
    const std::string line = sandtable::studio::combat_summary(g, why);
    CHECK(line.find("sp against lv — 2-1, die 2+1: " + why.result) != std::string::npos);
}
