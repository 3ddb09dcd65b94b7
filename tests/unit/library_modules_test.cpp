// The special-rule library (scripts/) as the sample house rules use it on
// BMW: berserkers (viking-berserkers) and elephants (war-elephants).
#include "bmw_fixture.h"

#include "geometry/hex.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace bmw_test;
namespace fs = std::filesystem;

namespace {

const std::string kHouses = std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/bmw/house-rules/";

int mark(const Game& g, const std::string& id, const std::string& key) { return g.state().mark(unit(g, id), key); }

bool logged(const Game& g, const std::string& text) {
    return std::any_of(g.records().log.begin(), g.records().log.end(),
                       [&](const auto& e) { return e.text.find(text) != std::string::npos; });
}

bool selectable(const Game& g, const std::string& id) {
    return find(g.legal_actions(), ActionKind::SelectUnit, unit(g, id)).has_value();
}

// The die face that makes game.neighbour(from, face - 1) the hex `to`.
int direction_face(const Game& g, const std::string& from, const std::string& to) {
    return sandtable::geometry::direction_to(*g.grid().parse_label(from), *g.grid().parse_label(to)) + 1;
}

}  // namespace

// ---- berserkers -------------------------------------------------------------

TEST_CASE("berserkers go for the nearest enemy by themselves and stop on entering its zone", "[library][berserkers]") {
    Battlefield b;
    b.house_rules = {kHouses + "viking-berserkers"};
    // A second unit of side a keeps the movement phase open (sp1 has nothing to decide).
    b.units = {{"sp1", "spearmen", "a", "0202"},
               {"lv_a", "levy", "a", "0901"},
               {"lv", "levy", "b", "0207"},
               {"lv2", "levy", "b", "0908"}};
    auto s = b.start();
    const Game& g = s.game();
    REQUIRE(g.decision() == DecisionKind::Movement);
    CHECK(mark(g, "sp1", "berserk") == 1);
    CHECK(hex_of(g, "sp1") == "0206");  // four hexes, the last next to the levy
    CHECK(logged(g, "sp1 goes berserk, from 0202 to 0206"));
    CHECK(!selectable(g, "sp1"));  // its player may not move it
}

TEST_CASE("only the first per_army units of the listed types are berserkers", "[library][berserkers]") {
    Battlefield b;
    b.house_rules = {kHouses + "viking-berserkers"};  // spearmen, four per army
    b.units = {{"sp1", "spearmen", "a", "0102"}, {"sp2", "spearmen", "a", "0302"}, {"sp3", "spearmen", "a", "0502"},
               {"sp4", "spearmen", "a", "0702"}, {"sp5", "spearmen", "a", "0902"}, {"hf", "heavy_foot", "a", "0101"},
               {"sp6", "spearmen", "b", "0508"}};
    auto s = b.start();
    const Game& g = s.game();
    for (const char* id : {"sp1", "sp2", "sp3", "sp4"}) CHECK(mark(g, id, "berserk") == 1);
    CHECK(mark(g, "sp5", "berserk") == 0);
    CHECK(mark(g, "hf", "berserk") == 0);
    CHECK(mark(g, "sp6", "berserk") == 1);  // the other army's own
    CHECK(selectable(g, "sp5"));
    CHECK(selectable(g, "hf"));
    CHECK(!selectable(g, "sp1"));
}

TEST_CASE("berserkers add their bonus to the attack, one less for each berserker lost", "[library][berserkers]") {
    Battlefield b;
    b.house_rules = {kHouses + "viking-berserkers"};
    // Both are next to an enemy already, so they stay; both must attack.
    b.units = {{"sp1", "spearmen", "a", "0304"},
               {"hf", "heavy_foot", "b", "0305"},
               {"sp2", "spearmen", "a", "0704"},
               {"lv", "levy", "b", "0705"}};
    // 4 + 4 = 8 against 6 is 1-1: a 5 is an exchange. Then 4 + 3 = 7 against 2 is 3-1: a 1 is DL.
    auto s = b.start({5, 1});
    run_until(s, DecisionKind::CombatDeclare);
    attack(s, {"sp1"}, "hf");
    CHECK(logged(s.game(), "berserkers: attack +4"));
    CHECK(s.game().state().combat.result == "EX");
    CHECK(!on_map(s.game(), "sp1"));
    answer_questions(s);
    attack(s, {"sp2"}, "lv");
    CHECK(logged(s.game(), "berserkers: attack +3"));
    CHECK(s.game().state().combat.result == "DL");
}

TEST_CASE("light troops attacked by berserkers may not retreat before combat (a wrapped handler)",
          "[library][berserkers][house]") {
    Battlefield b;
    b.house_rules = {kHouses + "viking-berserkers"};
    b.units = {{"sp1", "spearmen", "a", "0304"},
               {"sk1", "skirmishers", "b", "0305"},
               {"hf", "heavy_foot", "a", "0904"},
               {"sk3", "skirmishers", "b", "0905"}};
    auto s = b.start();
    run_until(s, DecisionKind::CombatDeclare);
    attack(s, {"sp1"}, "sk1");  // a berserker: no question; 8 against 1 is an automatic DL
    CHECK(s.game().state().combat.result == "DL");
    CHECK(!on_map(s.game(), "sk1"));
    if (s.game().decision() == DecisionKind::Advance) s.apply(*find(s.game().legal_actions(), ActionKind::Decline));
    attack(s, {"hf"}, "sk3");  // heavy foot, slower than the skirmishers and no berserkers: the base rule asks
    REQUIRE(s.game().decision() == DecisionKind::Question);
    CHECK(s.game().question()->side == 1);
}

// ---- elephants --------------------------------------------------------------

TEST_CASE("enemy horses next to an elephant panic on 1 or 2 when a combat phase begins", "[library][elephants]") {
    for (int die : {2, 3}) {
        Battlefield b;
        b.house_rules = {kHouses + "war-elephants"};
        b.units = {
            {"el", "heavy_foot", "a", "0504"}, {"kn", "knights", "b", "0505"}, {"lc", "light_cavalry", "a", "0404"}};
        auto s = b.start({die});
        run_until(s, DecisionKind::CombatDeclare);
        INFO("die " << die);
        CHECK(disordered(s.game(), "kn") == (die <= 2));
        CHECK(!disordered(s.game(), "lc"));  // its own side's horses are used to it
        CHECK(logged(s.game(), "kn's horses panic at the elephants") == (die <= 2));
        CHECK(s.game().state().dice_rolled == 1);
    }
}

TEST_CASE("the war-elephants house rule plays heavy foot as elephants of strength 8", "[library][elephants][house]") {
    Battlefield b;
    b.house_rules = {kHouses + "war-elephants"};
    b.units = {{"el", "heavy_foot", "a", "0504"}, {"lv", "levy", "b", "0908"}};
    auto s = b.start();
    const Game& g = s.game();
    CHECK(g.unit(unit(g, "el")).combat_strength() == 8);
    CHECK(g.ruleset().unit_types[static_cast<std::size_t>(g.ruleset().unit_type_index("heavy_foot"))].name ==
          "War Elephants");
}

TEST_CASE("a driven-back elephant may rampage, trampling the first units in its path", "[library][elephants]") {
    for (int rampage_roll : {3, 4}) {
        Battlefield b;
        b.house_rules = {kHouses + "war-elephants"};
        b.units = {{"el", "heavy_foot", "a", "0505"}, {"kn", "knights", "b", "0506"}, {"lv", "levy", "a", "0502"}};
        // Horses hold (6); 8 against 7 is 1-1 and a 6 is AR; the rampage roll; north.
        Battlefield probe = b;
        auto s0 = probe.start();
        const int north = direction_face(s0.game(), "0504", "0503");
        auto s = b.start({6, 6, rampage_roll, north});
        run_until(s, DecisionKind::CombatDeclare);
        attack(s, {"el"}, "kn");
        REQUIRE(s.game().state().combat.result == "AR");
        REQUIRE(s.game().decision() == DecisionKind::Retreat);
        const auto to = find(s.game().legal_actions(), ActionKind::RetreatTo, unit(s.game(), "el"));
        REQUIRE(to);
        s.apply(sandtable::kernel::act::RetreatTo{to->unit(), *s.game().grid().parse_label("0504")});
        INFO("rampage roll " << rampage_roll);
        if (rampage_roll <= 3) {
            CHECK(hex_of(s.game(), "el") == "0503");  // stopped before the levy
            CHECK(disordered(s.game(), "lv"));        // trampled: friend or foe
            CHECK(logged(s.game(), "el rampages from 0504 to 0503"));
        } else {
            CHECK(hex_of(s.game(), "el") == "0504");
            CHECK(!disordered(s.game(), "lv"));
        }
        CHECK(disordered(s.game(), "el"));
    }
}

// ---- declared charges (Cady style) ------------------------------------------

namespace {
// A house rule giving BMW's knights the declared charge in place of 9.6's.
std::string declared_charge_house_rule() {
    const fs::path dir = fs::temp_directory_path() / ("sandtable-declared-charge-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "house.yaml")
        << "id: declared-charges\nversion: 1.0.0\nbase: { ruleset: bmw }\npatches: [patch.yaml]\n";
    std::ofstream(dir / "patch.yaml")
        << "phases:\n  movement: { options: { bonus_from_mark: charge_bonus } }\n"
           "rules:\n  - { module: charges, enabled: false }\n"
           "  - { module: declared_charges, params: { unit_types: [knights], bonus_percent: 33, shock_on: 3 } }\n";
    return dir.string();
}
}  // namespace

TEST_CASE("a declared charge adds a third of the allowance to the move", "[library][charges]") {
    for (int answer : {0, 1}) {  // charge, no charge
        Battlefield b;
        b.house_rules = {declared_charge_house_rule()};
        b.units = {{"kn", "knights", "a", "0201"}, {"lv", "levy", "b", "0208"}};
        auto s = b.start();
        REQUIRE(s.game().decision() == DecisionKind::Question);
        CHECK(s.game().question()->prompt() == "kn: declare a charge?");
        choose(s, answer);
        select(s, "kn");
        INFO("answer " << answer);
        CHECK(has_move(s.game(), "0207") == (answer == 0));  // 6 hexes: 5 MP and 2 more for the charge
        CHECK(has_move(s.game(), "0206"));
        CHECK(mark(s.game(), "kn", "charge_bonus") == (answer == 0 ? 2 : 0));
    }
}

TEST_CASE("a declared charge that ends out of contact is blown", "[library][charges]") {
    Battlefield b;
    b.house_rules = {declared_charge_house_rule()};
    b.units = {{"kn", "knights", "a", "0201"}, {"lv", "levy", "b", "0208"}, {"sp", "spearmen", "a", "0901"}};
    auto s = b.start();
    choose(s, 0);
    move(s, "kn", "0204");
    end_phase(s);
    CHECK(disordered(s.game(), "kn"));
    CHECK(logged(s.game(), "kn's charge is blown"));
    CHECK(mark(s.game(), "kn", "charging_declared") == 0);
}

TEST_CASE("the shock of a charge may disorder the defenders before the combat", "[library][charges]") {
    for (int shock : {3, 4}) {
        Battlefield b;
        b.house_rules = {declared_charge_house_rule()};
        // 7 against the levy's 2 is 3-1 (a 6 is AR); disordered, its 1 makes 7-1, an automatic DL.
        b.units = {{"kn", "knights", "a", "0201"}, {"lv", "levy", "b", "0208"}};
        auto s = b.start({shock, 6});
        choose(s, 0);
        move(s, "kn", "0207");
        run_until(s, DecisionKind::CombatDeclare);
        attack(s, {"kn"}, "lv");
        INFO("shock roll " << shock);
        CHECK(logged(s.game(), "lv is shaken by the charge") == (shock <= 3));
        CHECK(s.game().state().combat.result == (shock <= 3 ? "DL" : "AR"));
    }
}

// ---- leader casualties ------------------------------------------------------

namespace {
std::string leader_casualties_house_rule() {
    const fs::path dir = fs::temp_directory_path() / ("sandtable-leader-casualties-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "house.yaml")
        << "id: leader-casualties\nversion: 1.0.0\nbase: { ruleset: bmw }\npatches: [patch.yaml]\n";
    std::ofstream(dir / "patch.yaml") << "rules:\n  - { module: leader_casualties, params: { defender_results: [DR, "
                                         "DL, EX], killed_on: [1], wounded_on: [2], "
                                         "wounds_to_kill: 2 } }\n";
    return dir.string();
}
}  // namespace

TEST_CASE("a leader with defenders hit by the result may be killed or wounded", "[library][leaders]") {
    for (int roll : {1, 2, 3}) {
        Battlefield b;
        b.house_rules = {leader_casualties_house_rule()};
        // Knights 7 against spearmen 4 and their leader's 1: 7-5 is 1-1, and a 2 is DR.
        b.units = {{"kn", "knights", "a", "0504"}, {"sp", "spearmen", "b", "0505"}, {"ld", "leader", "b", "0505"}};
        auto s = b.start({2, roll});
        run_until(s, DecisionKind::CombatDeclare);
        attack(s, {"kn"}, "sp");
        INFO("leader's roll " << roll);
        REQUIRE(s.game().state().combat.result == "DR");
        CHECK(on_map(s.game(), "ld") == (roll != 1));
        CHECK(mark(s.game(), "ld", "wounded") == (roll == 2 ? 1 : 0));
        CHECK(s.game().state().dice_rolled == 2);
    }
}
