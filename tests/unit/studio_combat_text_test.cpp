// A combat explained in words on the playtest page's Combat pane: units and
// their parts, each modifier with the ruleset line or Lua module it came
// from, the die and the result.
#include "bmw_fixture.h"
#include "core/play_view.h"

using namespace bmw_test;

namespace {
// A module that adds 1 to the attack and 1 to the die.
const char* kBonusModule = R"(
game.on("combat.strengths", function(ctx) ctx.attack = ctx.attack + 1 end)
game.on("combat.roll", function(ctx) ctx.modifier = ctx.modifier + 1 end)
)";
}  // namespace

TEST_CASE("explained combat in words: the studio's combat pane names units, modifiers with their source, die and result", "[explain][studio]") {
    Battlefield b;
    b.rows[4][4] = 'h';
    b.units = {{"sp", "spearmen", "a", "0504"}, {"ld", "leader", "a", "0504"}, {"lv", "levy", "b", "0505"}};
    b.extra_rule_module = kBonusModule;
    auto s = b.start({2});
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
