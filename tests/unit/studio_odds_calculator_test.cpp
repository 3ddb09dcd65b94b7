// The odds calculator: typed strengths give the rulebooks' worked examples
// and the table's exact chances; units picked on a game's map give the same
// column as the combat phase, each unit's part and the terrain's shift.
#include "bmw_fixture.h"
#include "core/odds_calculator.h"

#include <numeric>

using namespace bmw_test;
using sandtable::studio::odds_of_strengths;
using sandtable::studio::odds_of_units;

namespace {
const sandtable::rules::Ruleset& ruleset(const std::string& name) {
    static std::map<std::string, sandtable::rules::Ruleset> loaded;
    auto it = loaded.find(name);
    if (it == loaded.end())
        it =
            loaded.emplace(name, sandtable::load::load_ruleset(std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/" + name))
                .first;
    return it->second;
}
double total(const sandtable::studio::OddsAnswer& a) {
    return std::accumulate(a.outcomes.begin(), a.outcomes.end(), 0.0,
                           [](double sum, const auto& o) { return sum + o.probability; });
}
}  // namespace

TEST_CASE("odds calculator, typed: BMW 13 against 4 is 3-1, PRESTAGS 26 against 9 is 2-1", "[studio][odds]") {
    const auto& bmw = ruleset("bmw");
    const auto a = odds_of_strengths(bmw, *bmw.odds_table("crt"), 13, 4);
    CHECK(a.column == "3-1");
    CHECK(a.table == bmw.odds_table("crt")->name);
    CHECK(total(a) == Approx(1.0));
    for (const auto& o : a.outcomes) CHECK(!o.name.empty());  // BMW names every result

    const auto& prestags = ruleset("prestags");
    CHECK(odds_of_strengths(prestags, *prestags.odds_table("crt"), 26, 9).column == "2-1");
    // A flank attack doubles (PRESTAGS 16.5): 52 against 9 is 5-1.
    CHECK(odds_of_strengths(prestags, *prestags.odds_table("crt"), 52, 9).column == "5-1");
}

TEST_CASE("odds calculator, typed: shifts, a defence of 0, automatic columns and bad input", "[studio][odds]") {
    const auto& bmw = ruleset("bmw");
    const auto& crt = *bmw.odds_table("crt");
    CHECK(odds_of_strengths(bmw, crt, 13, 4, -1).column == "2-1");  // a hill: one column left
    const auto automatic = odds_of_strengths(bmw, crt, 12, 2);
    CHECK(automatic.column == "6-1");
    CHECK(automatic.automatic == "DL");
    REQUIRE(automatic.outcomes.size() == 1);
    CHECK(automatic.outcomes[0].probability == Approx(1.0));
    CHECK(odds_of_strengths(bmw, crt, 3, 0).column == crt.columns.back().label);
    CHECK_THROWS(odds_of_strengths(bmw, crt, -1, 3));
}

TEST_CASE("odds calculator, picked on the map: counted as the combat phase counts them, between combat phases too",
          "[studio][odds]") {
    // Spearmen 4 with a leader (+1) against levy 2 on a hill: 5-2 is 2-1,
    // one column left for the hill: 1-1.
    Battlefield b;
    b.rows[4][4] = 'h';
    b.units = {{"sp", "spearmen", "a", "0504"}, {"ld", "leader", "a", "0504"}, {"lv", "levy", "b", "0505"}};
    auto s = b.start();
    const Game& g = s.game();
    REQUIRE(g.decision() == DecisionKind::Movement);  // not a combat phase
    const auto phases = g.combat().odds_combat_phases();
    REQUIRE(std::find(phases.begin(), phases.end(), "combat") != phases.end());
    const auto picked = odds_of_units(g, "combat", {unit(g, "sp")}, {unit(g, "lv")});
    CHECK(picked.answer.attack == 5);
    CHECK(picked.answer.defend == 2);
    CHECK(picked.answer.shift == -1);
    CHECK(picked.answer.column == "1-1");
    REQUIRE(picked.why.attackers.size() == 1);
    CHECK(picked.why.attackers[0].note.find("leader") != std::string::npos);
    REQUIRE(picked.why.modifiers.size() == 1);
    CHECK(picked.why.modifiers[0].what == "column shift -1: defender in Hill");
    CHECK(total(picked.answer) == Approx(1.0));
    CHECK_THROWS(odds_of_units(g, "no-such-phase", {unit(g, "sp")}, {unit(g, "lv")}));
}

#include "bots/session.h"
#include "load/loader.h"

TEST_CASE("odds calculator on F&M's differential table: typed strengths on a terrain line, and units picked on the map",
          "[studio][odds][fm]") {
    const std::string scenario = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/fm/greenline.yaml";
    const auto loaded = sandtable::load::load_scenario(scenario);
    const auto& rs = *loaded.ruleset;
    REQUIRE(rs.differential_tables.size() == 1);
    const auto& crt = rs.differential_tables[0];
    // 7.2's example: 12 against 9 is +3, the "+2/+3" column: the 8th on clear, the 6th in woods,
    // where the defender may hurt the attacker ((A) on a 6).
    const auto clear = odds_of_strengths(rs, crt, 0, 12, 9);
    CHECK(clear.column == "+2/+3");
    CHECK(clear.table.find("Clear, Beach line") != std::string::npos);
    double total = 0;
    for (const auto& o : clear.outcomes) total += o.probability;
    CHECK(total == Approx(1.0));
    const auto woods = odds_of_strengths(rs, crt, 2, 12, 9);
    CHECK(woods.column == "+2/+3");
    auto has = [](const sandtable::studio::OddsAnswer& a, const std::string& code) {
        return std::any_of(a.outcomes.begin(), a.outcomes.end(), [&](const auto& o) { return o.code == code; });
    };
    CHECK(has(woods, "(A)"));
    CHECK(!has(clear, "(A)"));
    CHECK_THROWS(odds_of_strengths(rs, crt, 9, 12, 9));
    // Picked in a game: the bombardment has no units to pick; the combat phases are offered.
    sandtable::bots::Session s(loaded, scenario, 1);
    const auto& g = s.game();
    const auto phases = g.combat().odds_combat_phases();
    CHECK(phases == std::vector<std::string>{"combat", "mobile_combat"});
    // Grenadier Battalion 1 (0209) against Rifle Battalion 1 (0211)'s neighbour: any two units give a line and a
    // column.
    const auto picked =
        odds_of_units(g, "combat", {g.scenario().unit_index("al_inf1")}, {g.scenario().unit_index("ax_inf1")});
    CHECK(picked.answer.attack == 4);
    CHECK(picked.answer.defend == 4);
    CHECK(!picked.answer.column.empty());
    CHECK(!picked.answer.outcomes.empty());
}
