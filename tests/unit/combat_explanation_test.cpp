// A combat explained to a player (the studio's playtest mode): each unit's
// part, every modifier with the rule or Lua module it came from, the column,
// the die and the result; and the dice log. Checked on BMW's real rules.
#include "explained_combat_fixture.h"

#include <algorithm>
#include <fstream>

using namespace bmw_test;
using sandtable::kernel::CombatExplanation;
using sandtable::kernel::CombatModifier;

namespace {
// "ruleset.yaml:N" of the BMW ruleset's line holding `text` (the line moves as the notes grow).
std::string bmw_ruleset_line_of(const std::string& text) {
    std::ifstream in(std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/bmw/ruleset.yaml");
    std::string line;
    for (int n = 1; std::getline(in, line); ++n)
        if (line.find(text) != std::string::npos) return "ruleset.yaml:" + std::to_string(n);
    return "not in ruleset.yaml: " + text;
}

bool has_modifier(const CombatExplanation& why, const std::string& what, const std::string& source) {
    return std::any_of(why.modifiers.begin(), why.modifiers.end(), [&](const CombatModifier& m) {
        return m.what.find(what) != std::string::npos && m.source.find(source) != std::string::npos;
    });
}

int column_index(const sandtable::rules::OddsCrt& crt, const std::string& label) {
    for (std::size_t i = 0; i < crt.columns.size(); ++i)
        if (crt.columns[i].label == label) return static_cast<int>(i);
    FAIL("no column " << label);
    return -1;
}
}  // namespace

TEST_CASE(
    "explained combat: strengths with the leader, the hill's shift from terrain, a script's changes, the die and the "
    "result",
    "[explain][bmw]") {
    auto s = spearmen_against_levy_on_a_hill().start({2});
    s.game().recording().explain = true;
    run_until(s, DecisionKind::CombatDeclare);
    attack(s, {"sp"}, "lv");
    const Game& g = s.game();
    REQUIRE(g.records().combats.size() == 1);
    const CombatExplanation& why = g.records().combats.front();
    REQUIRE(why.attackers.size() == 1);
    CHECK(why.attackers[0].unit == unit(g, "sp"));
    CHECK(why.attackers[0].strength == 5);
    CHECK(why.attackers[0].note.find("+1 from a leader") != std::string::npos);
    REQUIRE(why.defenders.size() == 1);
    CHECK(why.defenders[0].strength == 2);
    CHECK(why.attack == 6);
    CHECK(why.defend == 2);
    CHECK(has_modifier(why, "column shift -1: defender in Hill", bmw_ruleset_line_of("id: hill")));
    CHECK(has_modifier(why, "attack 5 → 6 (combat.strengths)", "module test_rules"));
    CHECK(has_modifier(why, "modifier 0 → 1 (combat.roll)", "module test_rules"));
    CHECK(why.column == "2-1");
    CHECK(why.table == g.ruleset().odds_table("crt")->name);
    CHECK(why.roll == 2);
    CHECK(why.roll_modifier == 1);
    CHECK(why.row == 3);
    CHECK(why.result == g.state().combat.result);
    const auto& crt = *g.ruleset().odds_table("crt");
    CHECK(why.result == crt.result(column_index(crt, "2-1"), 3));
    CHECK(!why.result_name.empty());
    REQUIRE(g.records().dice.size() == 1);
    CHECK(g.records().dice[0].value == 2);
    CHECK(g.records().dice[0].faces == 6);
    CHECK(g.records().dice[0].why.find("2-1") != std::string::npos);
}

TEST_CASE("explained combat: halving names the terrain, an automatic result has no die", "[explain][bmw]") {
    // BMW 7.5: attacking into swamp halves the attacker. Three spearmen, 12
    // halved to 6, against levy 1 (on its back face): 6-1, an automatic DL.
    Battlefield b;
    b.rows[4][4] = 's';  // 0505
    b.units = {{"sp1", "spearmen", "a", "0504"},
               {"sp2", "spearmen", "a", "0405"},
               {"sp3", "spearmen", "a", "0506"},
               {"lv", "levy", "b", "0505", true}};
    auto s = b.start();
    s.game().recording().explain = true;
    run_until(s, DecisionKind::CombatDeclare);
    attack(s, {"sp1", "sp2", "sp3"}, "lv");
    const auto& why = s.game().records().combats.front();
    REQUIRE(why.attackers.size() == 3);
    for (const auto& term : why.attackers) {
        CHECK(term.halved);
        CHECK(term.note.find("halved: attacking into Swamp") != std::string::npos);
    }
    CHECK(why.attack == 6);
    CHECK(why.defend == 1);
    CHECK(why.column == "6-1");
    CHECK(why.roll == 0);
    CHECK(why.result == "DL");
    CHECK(s.game().records().dice.empty());
}

TEST_CASE("explaining changes nothing in the game: the same dice give the same checksum", "[explain][replay]") {
    const Battlefield b = spearmen_against_levy_on_a_hill();
    auto plain = b.start({4});
    auto explained = b.start({4});
    explained.game().recording().explain = true;
    for (auto* s : {&plain, &explained}) {
        run_until(*s, DecisionKind::CombatDeclare);
        attack(*s, {"sp"}, "lv");
    }
    CHECK(plain.game().records().combats.empty());
    CHECK(plain.game().records().dice.empty());
    CHECK(explained.game().records().combats.size() == 1);
    CHECK(plain.game().checksum() == explained.game().checksum());
}
