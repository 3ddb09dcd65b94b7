// A combat explained in words on the playtest page's Combat pane: units and
// their parts, each modifier with the ruleset line or Lua module it came
// from, the die and the result.
#include "explained_combat_fixture.h"
#include "core/play_view.h"

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace bmw_test;

TEST_CASE(
    "explained combat in words: the studio's combat pane names units, modifiers with their source, die and result",
    "[explain][studio]") {
    auto s = spearmen_against_levy_on_a_hill().start({2});
    s.game().recording().explain = true;
    run_until(s, DecisionKind::CombatDeclare);
    attack(s, {"sp"}, "lv");
    const Game& g = s.game();
    const auto& why = g.records().combats.front();
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

// Every unit's value in an explanation names where it is written: the
// ruleset's line, or the house rule's patch line that changed it (issue 19,
// defect 14).
TEST_CASE("explained combat: each unit's value names its layer and file:line, a house rule's change included",
          "[explain][studio]") {
    namespace fs = std::filesystem;
    const fs::path house = fs::temp_directory_path() / ("sandtable-heavier-spears-" + std::to_string(::getpid()));
    fs::remove_all(house);
    fs::create_directories(house);
    std::ofstream(house / "house.yaml")
        << "id: heavier-spears\nname: Heavier spears\nversion: 1.0.0\n"
           "base: { ruleset: bmw, versions: \">=1.0.0 <2.0.0\" }\npatches: [spears.yaml]\n";
    std::ofstream(house / "spears.yaml") << "unit_types:\n  - { id: spearmen, front: { combat: 8 } }\n";
    auto field = spearmen_against_levy_on_a_hill();
    field.house_rules = {house.string()};
    auto s = field.start({2});
    s.game().recording().explain = true;
    run_until(s, DecisionKind::CombatDeclare);
    attack(s, {"sp"}, "lv");
    const Game& g = s.game();
    const auto sources = sandtable::studio::ValueSources::of(g.ruleset());
    const std::string text = sandtable::studio::combat_text(g, g.records().combats.front(), &sources);
    INFO(text);
    CHECK(text.find("sp (Spearmen): 9  +1 from a leader") != std::string::npos);
    CHECK(text.find("combat 8 from house rule heavier-spears, " + (house / "spears.yaml").string() + ":2:") !=
          std::string::npos);
    CHECK(text.find("combat 2 from ruleset bmw, ") != std::string::npos);  // the levy's, as the ruleset writes it
    CHECK(text.find("ruleset.yaml:") != std::string::npos);
    fs::remove_all(house);
}
