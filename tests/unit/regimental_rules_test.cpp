// The regimental stand rules played on the bundled rulesets/regimental with
// small scenarios written here: orders (1.5), the status chart and dice
// pools (3.1-3.7, 4.0-4.2), movement (2.3, 2.5), artillery (5.0-5.2), HQs
// (6.0), the night (8.0), and the bundled two-day scenario with bots.
#include "bot_games.h"
#include "project_copies.h"

#include "bots/bot.h"
#include "bots/session.h"
#include "load/loader.h"
#include "load/scenario_writer.h"
#include "kernel/procedures/movement.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace fs = std::filesystem;
using sandtable::bots::Session;
using sandtable::kernel::Action;
using sandtable::kernel::ActionKind;
using sandtable::kernel::DecisionKind;
using sandtable::kernel::Game;
namespace act = sandtable::kernel::act;

namespace {

struct Stand {
    std::string id, type, side, at, formation;
};

// A 10x8 map (open unless `rows` says otherwise) under the bundled ruleset.
std::string write_scenario(const std::vector<Stand>& stands, const std::string& rows = "", int turns = 10) {
    const fs::path dir = sandtable::test::fresh_directory();
    std::string terrain = rows;
    if (terrain.empty())
        for (int r = 0; r < 8; ++r) terrain += "    ..........\n";
    std::string text =
        "id: t\nruleset: " + std::string(SANDTABLE_SOURCE_DIR) +
        "/rulesets/regimental\nturns: " + std::to_string(turns) +
        "\nfirst_side: allies\nsides:\n  - { id: allies, name: Allies }\n  - { id: axis, name: Axis }\n"
        "map:\n  columns: 10\n  rows: 8\n  legend: { \".\": clear, w: woods, r: river, t: town }\n  terrain: |\n" +
        terrain + "units:\n";
    for (const auto& s : stands)
        text += "  - { id: " + s.id + ", type: " + s.type + ", side: " + s.side + ", at: \"" + s.at + "\"" +
                (s.formation.empty() ? std::string() : ", formation: \"" + s.formation + "\"") + " }\n";
    sandtable::test::write_text(dir / "scenario.yaml", text);
    return (dir / "scenario.yaml").string();
}

Session open(const std::string& scenario, std::vector<int> dice = {}, std::uint64_t seed = 1) {
    Session s(sandtable::load::load_scenario(scenario), scenario, seed, std::move(dice), true);
    s.game().recording().explain = true;
    return s;
}

int order_index(const Game& g, const std::string& id) { return g.ruleset().orders.find(id); }

// Gives every formation its order in the orders phase, as listed (by formation name).
void give_orders(Session& s, const std::map<std::string, std::string>& orders) {
    auto& g = s.game();
    while (g.decision() == DecisionKind::Orders) {
        const int f = g.formation_orders().next_formation();
        s.apply(Action(act::GiveOrder{f, order_index(g, orders.at(g.formations().name(f)))}));
    }
}

// Ends phases until a formation is to be picked, then picks `formation`.
void activate(Session& s, const std::string& formation) {
    auto& g = s.game();
    while (g.decision() != DecisionKind::Activate) s.apply(Action(act::EndPhase{}));
    s.apply(Action(act::Activate{g.formations().index(formation)}));
}

// Orders given, the 1st regiment activated (the caller forces the roll-off's
// dice), no move: its combat phase begins.
void to_first_regiment_combat(Session& s, const std::map<std::string, std::string>& orders) {
    give_orders(s, orders);
    activate(s, "1st");
    s.apply(Action(act::EndPhase{}));
}

// Declares an attack on `target` by `attackers`, and rolls.
void attack(Session& s, const std::string& target, const std::vector<std::string>& attackers) {
    auto& g = s.game();
    s.apply(Action(act::Declare{g.scenario().unit_index(target)}));
    for (const auto& a : attackers) s.apply(Action(act::AddAttacker{g.scenario().unit_index(a)}));
    s.apply(Action(act::Resolve{}));
}

bool logged(const Game& g, const std::string& text) {
    return std::any_of(g.records().log.begin(), g.records().log.end(),
                       [&](const auto& e) { return e.text.find(text) != std::string::npos; });
}

// Plays on (orders as they come: the first offered; formations in order) until `turn` begins.
void play_to_turn(Session& s, int turn) {
    auto& g = s.game();
    while (!g.over() && g.state().at.turn < turn) {
        const auto& legal = g.legal_actions();
        const bool ends =
            std::any_of(legal.begin(), legal.end(), [](const Action& a) { return a.kind() == ActionKind::EndPhase; });
        s.apply(ends ? Action(act::EndPhase{}) : legal.front());
    }
}

// One regiment a side, facing each other across column 5/6.
const std::vector<Stand> kTwoRegiments{{"a_hq", "hq", "allies", "0304", "1st"},
                                       {"a_inf", "infantry", "allies", "0504", "1st"},
                                       {"x_hq", "hq", "axis", "0804", "Kg"},
                                       {"x_inf", "infantry", "axis", "0604", "Kg"}};

}  // namespace

TEST_CASE(
    "orders (1.5): each side gives every regiment an order face down, nothing of them shows until all are revealed "
    "together",
    "[regimental][orders]") {
    const std::string scenario = write_scenario(kTwoRegiments);
    Session move = open(scenario), dig = open(scenario);
    for (Session* s : {&move, &dig}) REQUIRE(s->game().decision() == DecisionKind::Orders);
    REQUIRE(move.game().deciding_side() == 0);
    const int first = move.game().formations().index("1st"), kg = move.game().formations().index("Kg");
    move.apply(Action(act::GiveOrder{first, order_index(move.game(), "M")}));
    dig.apply(Action(act::GiveOrder{first, order_index(dig.game(), "D")}));
    // The Axis to give its orders: everything it can read is the same.
    for (Session* s : {&move, &dig}) {
        REQUIRE(s->game().decision() == DecisionKind::Orders);
        CHECK(s->game().deciding_side() == 1);
        CHECK_FALSE(s->game().formation_orders().pending(s->game().formations().index("1st"), 1).has_value());
        CHECK(s->game().formation_orders().of(s->game().formations().index("1st")) ==
              order_index(s->game(), "H"));  // the initial order
    }
    CHECK(move.game().checksum() == dig.game().checksum());
    CHECK(move.game().records().log.size() == dig.game().records().log.size());
    CHECK(move.game().legal_actions() == dig.game().legal_actions());
    CHECK(*move.game().formation_orders().pending(move.game().formations().index("1st"), 0) ==
          order_index(move.game(), "M"));
    move.apply(Action(act::GiveOrder{kg, order_index(move.game(), "H")}));
    dig.apply(Action(act::GiveOrder{kg, order_index(dig.game(), "H")}));
    CHECK(move.game().formation_orders().of(move.game().formations().index("1st")) == order_index(move.game(), "M"));
    CHECK(dig.game().formation_orders().of(dig.game().formations().index("1st")) == order_index(dig.game(), "D"));
    CHECK(logged(move.game(), "orders revealed, Allies: 1st M"));
    CHECK(logged(move.game(), "orders revealed, Axis: Kg H"));
    CHECK(move.game().checksum() != dig.game().checksum());
    // A hot-seat game hands the screen over between the sides (the studio asks the kernel).
    CHECK(move.game().hides_information());
}

TEST_CASE(
    "orders (1.5, 8.0): dug in may only go to hold, only hold may dig in, any order at the start of a day, a day is "
    "four rounds and a night",
    "[regimental][orders][night]") {
    Session s = open(write_scenario(kTwoRegiments));
    auto& g = s.game();
    // Turn 1, the start of the first day: all four orders.
    CHECK(g.legal_actions().size() == 4);
    give_orders(s, {{"1st", "D"}, {"Kg", "M"}});
    play_to_turn(s, 2);
    REQUIRE(g.decision() == DecisionKind::Orders);
    std::set<std::string> offered;
    for (const auto& a : g.legal_actions())
        offered.insert(g.ruleset().orders.list[static_cast<std::size_t>(a.get<act::GiveOrder>().order)].id);
    CHECK(offered == std::set<std::string>{"D", "H"});
    s.apply(Action(act::GiveOrder{g.formations().index("1st"), order_index(g, "H")}));
    offered.clear();
    for (const auto& a : g.legal_actions())
        offered.insert(g.ruleset().orders.list[static_cast<std::size_t>(a.get<act::GiveOrder>().order)].id);
    CHECK(offered == std::set<std::string>{"M", "H", "R"});  // M may not dig in
    // Turn 5 is the night: no orders, no activations, the night's supply
    // (a phase with nothing to decide: play runs through it to turn 6).
    play_to_turn(s, 6);
    CHECK(g.ruleset().day.is_night(5));
    std::vector<std::string> night;
    for (const auto& e : g.records().log)
        if (e.turn == 5) night.push_back(e.text);
    CHECK(std::any_of(night.begin(), night.end(),
                      [](const std::string& t) { return t.find("Night Supply phase") != std::string::npos; }));
    CHECK(std::none_of(night.begin(), night.end(), [](const std::string& t) {
        return t.find("Orders phase") != std::string::npos || t.find("activates") != std::string::npos;
    }));
    CHECK_FALSE(g.ruleset().day.is_night(g.state().at.turn));
    CHECK(g.ruleset().day.day_of(6) == 2);
    REQUIRE(g.decision() == DecisionKind::Orders);
    CHECK(g.legal_actions().size() == 4);  // a new day: any order
}

TEST_CASE("the status chart (3.2) as data: hit numbers by who rolls and both statuses, the gap's reading, and doubles",
          "[regimental][dice_pool]") {
    const auto rs =
        sandtable::load::load_ruleset(std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/regimental/ruleset.yaml");
    const auto* chart = rs.dice_pool_table("status_chart");
    REQUIRE(chart);
    auto rule = [&](const char* role, const char* firer, const char* target) -> const sandtable::rules::DicePoolRule& {
        return chart->rule_for(role, firer, target);
    };
    CHECK(rule("attack", "M", "H").hit_on == 6);  // Moving unit attacking Hold or Dug In: 6
    CHECK(rule("attack", "M", "H").double_on == 0);
    CHECK(rule("attack", "M", "D").hit_on == 6);
    CHECK(rule("defend", "H", "M").hit_on == 5);  // H unit attacked by H or M: 5, 6
    CHECK(rule("defend", "H", "H").hit_on == 5);
    CHECK(rule("attack", "M", "M").hit_on == 6);  // M vs M: 6 or Double 5
    CHECK(rule("attack", "M", "M").double_on == 5);
    CHECK(rule("defend", "M", "M").double_on == 5);
    CHECK(rule("attack", "H", "M").double_on == 5);  // H attacking M
    CHECK(rule("defend", "M", "H").double_on == 5);  // M defending against an H attacker
    CHECK(rule("defend", "D", "M").hit_on == 5);     // D attacked by M or H: 5, 6 or Double 4
    CHECK(rule("defend", "D", "H").double_on == 4);
    CHECK(rule("attack", "M", "R").hit_on == 5);  // M, H or any Art vs Retreating: 5, 6 or Double 4
    CHECK(rule("attack", "H", "R").double_on == 4);
    // The gap: an H attacker against H or D is not on the chart; the ruleset reads it as 6.
    CHECK(rule("attack", "H", "H").hit_on == 6);
    CHECK(rule("attack", "H", "D").hit_on == 6);
    CHECK(&rule("attack", "H", "D") == &chart->otherwise);
    // "6 or Double 5": each 6, and each pair of 5s.
    const auto& mm = rule("attack", "M", "M");
    CHECK(chart->hits({6, 5, 3}, mm) == 1);
    CHECK(chart->hits({6, 5, 5}, mm) == 2);
    CHECK(chart->hits({5, 5, 5, 5, 6}, mm) == 3);
    auto each_die = *chart;
    each_die.doubles = sandtable::rules::DicePoolTable::Doubles::EachDie;
    CHECK(each_die.hits({5, 5, 5, 5, 6}, mm) == 5);
    CHECK(each_die.hits({5, 3, 6}, mm) == 1);
    // The exact distribution agrees with counting every roll of three dice.
    const auto dist = chart->distribution(3, mm);
    std::vector<double> counted(7, 0.0);
    for (int a = 1; a <= 6; ++a)
        for (int b = 1; b <= 6; ++b)
            for (int c = 1; c <= 6; ++c) counted[static_cast<std::size_t>(chart->hits({a, b, c}, mm))] += 1.0 / 216;
    for (std::size_t k = 0; k < dist.size(); ++k) CHECK(dist[k] == Approx(counted[k]));
    CHECK(chart->expected_hits(3, rule("defend", "H", "M")) == Approx(1.0));
}

TEST_CASE("a scenario may set up a worn stand (`hits:`): fewer than its strength points, kept when saved",
          "[regimental][scenario]") {
    const std::string file = write_scenario(kTwoRegiments);
    std::string text = sandtable::test::text_of(file);
    const std::string at = "at: \"0504\", formation: \"1st\"";
    REQUIRE(text.find(at) != std::string::npos);
    sandtable::test::write_text(file, text.replace(text.find(at), at.size(), at + ", hits: 2"));
    Session s = open(file);
    CHECK(s.game().unit(s.game().scenario().unit_index("a_inf")).hits() == 2);
    CHECK(s.game().combat().strength_points_left(s.game().scenario().unit_index("a_inf")) == 3);
    const auto loaded = sandtable::load::load_scenario(file);
    CHECK(sandtable::load::scenario_to_yaml(*loaded.scenario, *loaded.ruleset).find("hits: 2") != std::string::npos);
    text = sandtable::test::text_of(file);
    sandtable::test::write_text(file, text.replace(text.find("hits: 2"), 7, "hits: 5"));
    try {
        sandtable::load::load_scenario(file);
        FAIL("a stand with no strength points left loaded");
    } catch (const std::exception& e) {
        CHECK(std::string(e.what()).find("'a_inf' would set up with no strength points left: 5 hits of 5") !=
              std::string::npos);
        CHECK(std::string(e.what()).find("scenario.yaml:") != std::string::npos);
    }
}

TEST_CASE("battle strength (1.3, 3.1): a stand rolls its BS in dice, no more than the strength points it has left",
          "[regimental][dice_pool]") {
    Session s = open(write_scenario(kTwoRegiments));
    auto& g = s.game();
    const int inf = g.scenario().unit_index("a_inf"), target = g.scenario().unit_index("x_inf");
    CHECK(g.combat().strength_points_left(inf) == 5);
    CHECK(g.combat().odds_for_phase("combat", {inf}, {target}).attack == 3);
    g.set_hits(inf, 3);  // the text's example: an infantry stand with 3 SP losses gets 2D6
    CHECK(g.combat().strength_points_left(inf) == 2);
    CHECK(g.combat().odds_for_phase("combat", {inf}, {target}).attack == 2);
    g.set_hits(inf, 5);
    CHECK_FALSE(g.state().unit(inf).on_map);  // no strength points left: removed
}

TEST_CASE(
    "close combat (3.2, 4.0-4.2): both roll at once, at most 2 SP a hex, the side with fewer hits falls back and the "
    "winner may pursue",
    "[regimental][dice_pool]") {
    // Roll-off: Allies 6+6, Axis 1+1. Attack M against H: 3 dice, 6 6 6 (3 hits, 2 taken);
    // defence H against M: 3 dice, 5 5 1 (2 hits).
    Session s = open(write_scenario(kTwoRegiments), {6, 6, 1, 1, 6, 6, 6, 5, 5, 1});
    auto& g = s.game();
    to_first_regiment_combat(s, {{"1st", "M"}, {"Kg", "H"}});
    REQUIRE(g.phase_id() == "combat");
    const int a_inf = g.scenario().unit_index("a_inf"), x_inf = g.scenario().unit_index("x_inf");
    attack(s, "x_inf", {"a_inf"});
    const auto& c = g.state().combat;
    CHECK(c.close_combat);
    CHECK(c.attack == 3);
    CHECK(c.defend == 3);
    CHECK(c.attacker_hits == 3);
    CHECK(c.defender_hits == 2);
    CHECK(g.unit(x_inf).hits() == 2);  // 3 hits, at most 2 SP from the hex
    CHECK(g.unit(a_inf).hits() == 2);
    // The defender scored fewer hits: it falls back one hex (its owner picks where).
    REQUIRE(g.decision() == DecisionKind::Retreat);
    CHECK(g.deciding_side() == 1);
    const Action back = g.legal_actions().front();
    CHECK(sandtable::geometry::distance(*back.hex(), *g.grid().parse_label("0604")) == 1);
    s.apply(back);
    // Pursuit (4.2): the attacker may take the hex.
    REQUIRE(g.decision() == DecisionKind::Advance);
    const auto& legal = g.legal_actions();
    CHECK(std::any_of(legal.begin(), legal.end(),
                      [&](const Action& a) { return a.kind() == ActionKind::AdvanceTo && a.unit() == a_inf; }));
    const auto& why = g.records().combats.back();
    CHECK(why.result == "3-2");
    CHECK(why.table == "Combat Status Chart");
}

TEST_CASE(
    "a D stand defeated in close combat may lose another SP and hold (4.1), attacking a D stand costs each core stand "
    "a die (3.7.1), pairs of 4s hit (3.2)",
    "[regimental][dice_pool]") {
    // Attack M against D: 3 dice less 1 = 2 dice, 6 6 (2 hits); defence D: 3 dice 4 4 1 (1 hit: a pair of 4s).
    Session s = open(write_scenario(kTwoRegiments), {6, 6, 1, 1, 6, 6, 4, 4, 1});
    auto& g = s.game();
    to_first_regiment_combat(s, {{"1st", "M"}, {"Kg", "D"}});
    const int x_inf = g.scenario().unit_index("x_inf");
    attack(s, "x_inf", {"a_inf"});
    CHECK(g.state().combat.attack == 2);
    CHECK(g.state().combat.attacker_hits == 2);
    CHECK(g.state().combat.defender_hits == 1);
    REQUIRE(g.decision() == DecisionKind::Retreat);
    const auto& legal = g.legal_actions();
    REQUIRE(std::any_of(legal.begin(), legal.end(),
                        [](const Action& a) { return a.kind() == ActionKind::StiffResistance; }));
    s.apply(Action(act::StiffResistance{}));
    CHECK(g.unit(x_inf).hits() == 3);
    CHECK(g.state().unit(x_inf).hex == *g.grid().parse_label("0604"));
}

TEST_CASE(
    "support when defending (3.5.2): an H stand calls in its regiment's fire support in range and up to two divisional "
    "batteries, each spending a shot",
    "[regimental][dice_pool][lua]") {
    std::vector<Stand> stands = kTwoRegiments;
    stands.push_back({"x_fs", "fire_support", "axis", "0804", "Kg"});  // with its HQ, 2 hexes from the target
    stands.push_back({"x_gun", "artillery", "axis", "1004", ""});
    stands.push_back({"x_gun2", "artillery", "axis", "1005", ""});
    stands.push_back({"x_gun3", "artillery", "axis", "1003", ""});
    Session s = open(write_scenario(stands), {6, 6, 1, 1});
    auto& g = s.game();
    to_first_regiment_combat(s, {{"1st", "M"}, {"Kg", "H"}});
    attack(s, "x_inf", {"a_inf"});
    CHECK(g.state().combat.defend == 3 + 1 + 2 + 2);  // the stand, its fire support, two guns of three
    int shots = 0;
    for (const char* gun : {"x_gun", "x_gun2", "x_gun3"})
        shots += g.state().mark(g.scenario().unit_index(gun), "shots");
    CHECK(shots == 3 + 3 + 3 - 2);
    CHECK(g.unit(g.scenario().unit_index("x_fs")).hits() == 0);  // supporters take no losses
}

TEST_CASE(
    "retreating regiments (2.5, 3.6): they move first, at strategic distance, they do not fight back, and are hit on "
    "5, 6 or a double 4",
    "[regimental][dice_pool][movement]") {
    Session s = open(write_scenario(kTwoRegiments), {6, 6, 1, 1, 5, 1, 1});
    auto& g = s.game();
    give_orders(s, {{"1st", "M"}, {"Kg", "R"}});
    REQUIRE(g.phase_id() == "retreat_moves");
    // The Allies have nobody retreating; the Axis regiment moves at its strategic allowance.
    REQUIRE(g.state().at.active_side == 1);
    const int x_inf = g.scenario().unit_index("x_inf");
    CHECK(g.unit(x_inf).movement_budget() == 4);  // foot: 2, strategic 4
    s.apply(Action(act::EndPhase{}));             // it stays, to be attacked
    activate(s, "1st");
    s.apply(Action(act::EndPhase{}));
    attack(s, "x_inf", {"a_inf"});
    CHECK(g.state().combat.defend == 0);
    CHECK(g.state().combat.attacker_hits == 1);  // the 5
}

TEST_CASE(
    "who attacks (3.3, 3.4): two core stands of an M regiment on one hex, one of an H regiment, none of a D regiment, "
    "once a round",
    "[regimental][dice_pool]") {
    const std::vector<Stand> three{
        {"a_hq", "hq", "allies", "0404", "1st"},     {"a1", "infantry", "allies", "0504", "1st"},
        {"a2", "infantry", "allies", "0505", "1st"}, {"a3", "infantry", "allies", "0603", "1st"},
        {"x_hq", "hq", "axis", "0904", "Kg"},        {"x_inf", "infantry", "axis", "0604", "Kg"}};
    auto attackers_offered = [&](const std::string& order) {
        Session s = open(write_scenario(three), {6, 6, 1, 1});
        auto& g = s.game();
        give_orders(s, {{"1st", order}, {"Kg", "H"}});
        activate(s, "1st");
        if (g.decision() == DecisionKind::Movement) s.apply(Action(act::EndPhase{}));
        if (g.phase_id() != "combat" || g.activation().formation() != g.formations().index("1st")) return -1;
        const auto& legal = g.legal_actions();
        if (std::none_of(legal.begin(), legal.end(), [](const Action& a) { return a.kind() == ActionKind::Declare; }))
            return -1;
        s.apply(Action(act::Declare{g.scenario().unit_index("x_inf")}));
        int added = 0;
        for (;;) {
            const auto& now = g.legal_actions();
            const auto add = std::find_if(now.begin(), now.end(),
                                          [](const Action& a) { return a.kind() == ActionKind::AddAttacker; });
            if (add == now.end()) break;
            s.apply(*add);
            ++added;
        }
        return added;
    };
    CHECK(attackers_offered("M") == 2);
    CHECK(attackers_offered("H") == 1);
    CHECK(attackers_offered("D") == -1);
    CHECK(attackers_offered("R") == -1);
}

TEST_CASE(
    "companies (3.1, 3.7): an anti-tank company rolls 2D against armour, infantry loses a die against it, an engineer "
    "company in close combat saves the die lost against D",
    "[regimental][dice_pool][lua]") {
    const std::vector<Stand> stands{
        {"a_hq", "hq", "allies", "0404", "1st"},           {"a_inf", "infantry", "allies", "0504", "1st"},
        {"a_at", "at_company", "allies", "0504", "1st"},   {"a_eng", "engineers", "allies", "0505", "1st"},
        {"a_inf2", "infantry", "allies", "0505", "1st"},   {"x_hq", "hq", "axis", "0904", "Kg"},
        {"x_tank", "medium_armour", "axis", "0604", "Kg"}, {"x_inf", "infantry", "axis", "0605", "Kg"}};
    Session s = open(write_scenario(stands), {6, 6, 1, 1});
    auto& g = s.game();
    to_first_regiment_combat(s, {{"1st", "M"}, {"Kg", "D"}});
    // Infantry (3) and its AT company (1) against a tank: +1 for the company
    // against armour (3.1: AT 2 against armour), -1 for infantry firing on armour.
    s.apply(Action(act::Declare{g.scenario().unit_index("x_tank")}));
    s.apply(Action(act::AddAttacker{g.scenario().unit_index("a_inf")}));
    s.apply(Action(act::AddAttacker{g.scenario().unit_index("a_at")}));
    const auto odds = g.combat().odds_for(g.state().combat.attackers, g.state().combat.defenders);
    CHECK(odds.attack == 4);  // before the rule modules
    s.apply(Action(act::Resolve{}));
    CHECK(g.state().combat.attack == 4 + 1 - 1);
    CHECK(g.state().combat.defend == 4);  // the tank's BS: nothing added or taken at close quarters

    // The other pair, in a game of its own (one attack a round): infantry (3)
    // with its engineers (1) in close combat against a D stand: no die lost
    // for attacking the D stand (3.7.1).
    Session e = open(write_scenario(stands), {6, 6, 1, 1});
    auto& h = e.game();
    to_first_regiment_combat(e, {{"1st", "M"}, {"Kg", "D"}});
    attack(e, "x_inf", {"a_inf2", "a_eng"});
    CHECK(h.state().combat.close_combat);
    CHECK(h.state().combat.attack == 3 + 1);
}

TEST_CASE(
    "command (2.2, 3.4) and distant fire (3.3): a stand more than 2 hexes from its HQ may not attack, fire passes no "
    "stand but overhead fire does, fire support joins from afar, other companies from a stand's hex",
    "[regimental][dice_pool]") {
    // 1st: HQ 0204; stands 0404 (in command) and 0704 (5 hexes off); a fire
    // support company at 0304, an MG company with the near stand. The target
    // 0604 is two hexes from 0404 with a stand of ours in between at 0504;
    // 0402 is two hexes off with nothing between.
    const std::vector<Stand> stands{
        {"a_hq", "hq", "allies", "0204", "1st"},          {"a_near", "infantry", "allies", "0404", "1st"},
        {"a_block", "infantry", "allies", "0504", "2nd"}, {"a_hq2", "hq", "allies", "0502", "2nd"},
        {"a_far", "infantry", "allies", "0703", "1st"},   {"a_fs", "fire_support", "allies", "0304", "1st"},
        {"a_mg", "mg_company", "allies", "0404", "1st"},  {"x_hq", "hq", "axis", "0908", "Kg"},
        {"x_inf", "infantry", "axis", "0604", "Kg"},      {"x_other", "infantry", "axis", "0402", "Kg"}};
    Session s = open(write_scenario(stands), {6, 6, 1, 1});
    auto& g = s.game();
    to_first_regiment_combat(s, {{"1st", "M"}, {"2nd", "H"}, {"Kg", "H"}});
    REQUIRE(g.phase_id() == "combat");
    CHECK(g.state().mark(g.scenario().unit_index("a_far"), "cannot_attack") == 1);  // out of command
    CHECK(g.state().mark(g.scenario().unit_index("a_near"), "cannot_attack") == 0);
    const int near = g.scenario().unit_index("a_near"), inf = g.scenario().unit_index("x_inf");
    CHECK(g.combat().reaches(near, g.scenario().unit_index("x_other")));  // a clear line at 2 hexes
    CHECK_FALSE(g.combat().reaches(near, inf));                           // a stand in the way (3.3)
    CHECK(g.combat().reaches(g.scenario().unit_index("a_fs"), inf));      // fire support fires overhead, 3 hexes
    s.apply(Action(act::Declare{g.scenario().unit_index("x_other")}));
    s.apply(Action(act::AddAttacker{near}));
    std::set<int> joiners;
    for (const auto& a : g.legal_actions())
        if (a.kind() == ActionKind::AddAttacker) joiners.insert(a.unit());
    CHECK(joiners.count(g.scenario().unit_index("a_mg")) == 1);  // attached: in the stand's hex
    CHECK(joiners.count(g.scenario().unit_index("a_far")) == 0);
}

TEST_CASE("a fall back (4.1) may pass through an enemy zone but goes on until clear of zones and friends",
          "[regimental][dice_pool]") {
    // The defender at 0604 loses; every hex next to it is in the zone of an
    // Allied stand (0504, 0803, 0706) or held: it falls back through a zone
    // to a hex two away, clear of zones and friends.
    const std::vector<Stand> stands{
        {"a_hq", "hq", "allies", "0304", "1st"},          {"a_inf", "infantry", "allies", "0504", "1st"},
        {"a_hq2", "hq", "allies", "0902", "2nd"},         {"a_side", "infantry", "allies", "0803", "2nd"},
        {"a_below", "infantry", "allies", "0706", "2nd"}, {"x_hq", "hq", "axis", "1008", "Kg"},
        {"x_inf", "infantry", "axis", "0604", "Kg"}};
    // Attack 6 6 6 (3 hits, 2 taken); defence 1 1 1.
    Session s = open(write_scenario(stands), {6, 6, 1, 1, 6, 6, 6, 1, 1, 1});
    auto& g = s.game();
    to_first_regiment_combat(s, {{"1st", "M"}, {"2nd", "H"}, {"Kg", "H"}});
    attack(s, "x_inf", {"a_inf"});
    const int x = g.scenario().unit_index("x_inf");
    const auto destinations = g.combat().retreat_destinations(x, 1);
    REQUIRE_FALSE(destinations.empty());
    for (const auto& h : destinations) {
        INFO(g.grid().label(h));
        CHECK(sandtable::geometry::distance(h, *g.grid().parse_label("0604")) == 2);
        CHECK_FALSE(g.hex_board().in_enemy_zoc(1, h));
        CHECK(g.hex_board().units_at(h).empty());
    }
}

TEST_CASE(
    "strategic movement (2.0): a regiment starting more than 2 hexes from the enemy may move at its strategic "
    "allowance, never within 2 hexes of an enemy stand, and may not attack",
    "[regimental][movement]") {
    const std::vector<Stand> far{{"a_hq", "hq", "allies", "0103", "1st"},
                                 {"a_inf", "infantry", "allies", "0203", "1st"},
                                 {"x_hq", "hq", "axis", "1003", "Kg"},
                                 {"x_inf", "infantry", "axis", "0803", "Kg"}};
    Session s = open(write_scenario(far), {6, 6, 1, 1});
    auto& g = s.game();
    give_orders(s, {{"1st", "M"}, {"Kg", "H"}});
    while (g.decision() != DecisionKind::Activate) s.apply(Action(act::EndPhase{}));
    s.apply(Action(act::Activate{g.formations().index("1st")}));
    REQUIRE(g.decision() == DecisionKind::Question);
    s.apply(Action(act::Choose{0}));  // strategic
    const int inf = g.scenario().unit_index("a_inf");
    CHECK(g.unit(inf).movement_budget() == 4);  // foot: 2, strategic 4
    const auto& range = sandtable::kernel::MovementProcedure::movement_range(g, inf);
    const auto at = [&](const char* l) { return *g.grid().parse_label(l); };
    CHECK(range.reached(at("0503")));        // 3 hexes from the enemy
    CHECK_FALSE(range.reached(at("0603")));  // 2 hexes from it: not on a strategic move
    s.apply(Action(act::EndPhase{}));
    CHECK(g.state().mark(inf, "cannot_attack") == 1);

    // A regiment with a stand within 2 hexes of the enemy is not asked.
    Session near = open(write_scenario(kTwoRegiments), {6, 6, 1, 1});
    give_orders(near, {{"1st", "M"}, {"Kg", "H"}});
    activate(near, "1st");
    CHECK(near.game().decision() == DecisionKind::Movement);
    CHECK(near.game().unit(near.game().scenario().unit_index("a_inf")).movement_budget() == 2);
}

TEST_CASE(
    "reshuffles (2.1, 2.4): an H regiment's stands move only into hexes where stands of their regiment are, never "
    "across a vacant one",
    "[regimental][movement]") {
    const std::vector<Stand> stands{{"a_hq", "hq", "allies", "0303", "1st"},
                                    {"a_inf", "infantry", "allies", "0404", "1st"},
                                    {"a_mg", "mg_company", "allies", "0405", "1st"},
                                    {"a_far", "infantry", "allies", "0707", "1st"},
                                    {"x_hq", "hq", "axis", "1008", "Kg"},
                                    {"x_inf", "infantry", "axis", "1007", "Kg"}};
    Session s = open(write_scenario(stands), {6, 6, 1, 1});
    auto& g = s.game();
    give_orders(s, {{"1st", "H"}, {"Kg", "H"}});
    activate(s, "1st");
    REQUIRE(g.decision() == DecisionKind::Movement);
    std::set<int> movable;
    for (const auto& a : g.legal_actions())
        if (a.kind() == ActionKind::SelectUnit) movable.insert(a.unit());
    CHECK(movable.count(g.scenario().unit_index("a_inf")) == 1);  // in command: it may reshuffle
    CHECK(movable.count(g.scenario().unit_index("a_far")) == 0);  // out of command: it holds
    CHECK(movable.count(g.scenario().unit_index("a_mg")) == 0);   // 2.4: not while a core stand is out of command
    const auto at = [&](const char* l) { return *g.grid().parse_label(l); };
    const auto& inf = sandtable::kernel::MovementProcedure::movement_range(g, g.scenario().unit_index("a_inf"));
    CHECK(inf.reached(at("0405")));        // where its MG company stands
    CHECK_FALSE(inf.reached(at("0403")));  // vacant

    // Every core stand in command: the company reshuffles too.
    Session t = open(write_scenario({stands[0], stands[1], stands[2], stands[4], stands[5]}), {6, 6, 1, 1});
    give_orders(t, {{"1st", "H"}, {"Kg", "H"}});
    activate(t, "1st");
    auto& h = t.game();
    bool mg_movable = false;
    for (const auto& a : h.legal_actions())
        mg_movable = mg_movable || (a.kind() == ActionKind::SelectUnit && a.unit() == h.scenario().unit_index("a_mg"));
    CHECK(mg_movable);
    const auto& mg = sandtable::kernel::MovementProcedure::movement_range(h, h.scenario().unit_index("a_mg"));
    CHECK(mg.reached(at("0404")));        // onto its battalion's hex
    CHECK_FALSE(mg.reached(at("0406")));  // vacant
}

TEST_CASE(
    "movement (2.3): woods stop a stand that enters them, a large river is entered only as a move's first step, and "
    "stops it",
    "[regimental][movement]") {
    // Column 4 is woods from top to bottom, column 7 a large river.
    std::string rows;
    for (int r = 1; r <= 8; ++r) rows += "    ...w..r...\n";
    Session s = open(write_scenario({{"a_hq", "hq", "allies", "0104", "1st"},
                                     {"a_mot", "motor_infantry", "allies", "0204", "1st"},
                                     {"a_bank", "motor_infantry", "allies", "0604", "1st"},
                                     {"a_back", "motor_infantry", "allies", "0505", "1st"},
                                     {"x_hq", "hq", "axis", "1008", "Kg"},
                                     {"x_inf", "infantry", "axis", "1007", "Kg"}},
                                    rows),
                     {6, 6, 1, 1});
    auto& g = s.game();
    give_orders(s, {{"1st", "M"}, {"Kg", "H"}});
    activate(s, "1st");
    const auto at = [&](const char* l) { return *g.grid().parse_label(l); };
    CHECK(sandtable::kernel::MovementProcedure::movement_range(g, g.scenario().unit_index("a_mot"))
              .reached(at("0404")));  // into the woods, 2 MP of 3
    CHECK_FALSE(sandtable::kernel::MovementProcedure::movement_range(g, g.scenario().unit_index("a_mot"))
                    .reached(at("0504")));  // but not through them
    CHECK(sandtable::kernel::MovementProcedure::movement_range(g, g.scenario().unit_index("a_bank"))
              .reached(at("0704")));  // the river, as the first step
    CHECK_FALSE(sandtable::kernel::MovementProcedure::movement_range(g, g.scenario().unit_index("a_bank"))
                    .reached(at("0804")));  // and it halts there
    CHECK_FALSE(sandtable::kernel::MovementProcedure::movement_range(g, g.scenario().unit_index("a_back"))
                    .reached(at("0704")));  // not after another step
    CHECK(
        sandtable::kernel::MovementProcedure::movement_range(g, g.scenario().unit_index("a_back")).reached(at("0604")));
}

TEST_CASE(
    "HQs (6.0): a regiment whose HQ is lost gets no orders and goes from M to H, the HQ returns next round beside its "
    "stands, a regiment reduced to its HQ is removed",
    "[regimental][hq]") {
    const std::vector<Stand> stands{{"a_hq", "hq", "allies", "0204", "1st"},
                                    {"a_inf", "infantry", "allies", "0304", "1st"},
                                    {"a_inf2", "infantry", "allies", "0305", "1st"},
                                    {"x_hq", "hq", "axis", "0904", "Kg"},
                                    {"x_inf", "infantry", "axis", "0804", "Kg"}};
    Session s = open(write_scenario(stands));
    auto& g = s.game();
    give_orders(s, {{"1st", "M"}, {"Kg", "H"}});
    g.eliminate(g.scenario().unit_index("a_hq"));
    play_to_turn(s, 2);
    REQUIRE(g.decision() == DecisionKind::Orders);
    CHECK(g.formation_orders().of(g.formations().index("1st")) == order_index(g, "H"));  // M goes to H
    CHECK(g.deciding_side() == 1);  // the Allies give no order: their only regiment has no HQ
    s.apply(Action(act::GiveOrder{g.formations().index("Kg"), order_index(g, "H")}));
    while (g.decision() != DecisionKind::Activate || g.deciding_side() != 0)
        s.apply(g.decision() == DecisionKind::Activate ? g.legal_actions().front() : Action(act::EndPhase{}));
    s.apply(Action(act::Activate{g.formations().index("1st")}));
    const auto& hq = g.state().unit(g.scenario().unit_index("a_hq"));
    CHECK(hq.on_map);
    CHECK(logged(g, "a_hq returns at"));
    // No other movement the round it returns.
    CHECK(std::none_of(g.legal_actions().begin(), g.legal_actions().end(),
                       [](const Action& a) { return a.kind() == ActionKind::SelectUnit; }));
    // Reduced to its HQ: removed.
    g.eliminate(g.scenario().unit_index("a_inf"));
    g.eliminate(g.scenario().unit_index("a_inf2"));
    CHECK_FALSE(g.state().unit(g.scenario().unit_index("a_hq")).on_map);
    CHECK(logged(g, "1st is reduced to its HQ and removed"));
}

TEST_CASE("the night (8.0): strength points pooled, 2 a regiment, go to worn stands within command radius",
          "[regimental][night]") {
    const std::vector<Stand> stands{{"a_hq", "hq", "allies", "0204", "1st"},
                                    {"a_inf", "infantry", "allies", "0304", "1st"},
                                    {"a_far", "infantry", "allies", "0704", "1st"},
                                    {"x_hq", "hq", "axis", "0908", "Kg"},
                                    {"x_inf", "infantry", "axis", "1008", "Kg"}};
    Session s = open(write_scenario(stands));
    auto& g = s.game();
    give_orders(s, {{"1st", "H"}, {"Kg", "H"}});
    g.set_hits(g.scenario().unit_index("a_inf"), 3);
    g.set_hits(g.scenario().unit_index("a_far"), 1);  // 5 hexes from its HQ: out of command
    play_to_turn(s, 6);
    CHECK(g.unit(g.scenario().unit_index("a_inf")).hits() == 1);  // 2 points for one regiment
    CHECK(g.unit(g.scenario().unit_index("a_far")).hits() == 1);
    CHECK(logged(g, "Allies: night supply for 1 regiments; 0 strength and 1 support points unused"));
}

TEST_CASE(
    "artillery (5.0-5.2): three shots a round, a battery fires in the artillery phase only at what a stand near its HQ "
    "spots, at most one hit a gun, unanswered",
    "[regimental][artillery]") {
    const std::vector<Stand> stands{
        {"a_hq", "hq", "allies", "0203", "1st"},      {"a_inf", "infantry", "allies", "0304", "1st"},
        {"a_gun", "artillery", "allies", "0101", ""}, {"x_hq", "hq", "axis", "1008", "Kg"},
        {"x_inf", "infantry", "axis", "0505", "Kg"},  {"x_far", "infantry", "axis", "0908", "Kg"}};
    // Roll-offs for two activations, then the battery's two dice: 6 6.
    Session s = open(write_scenario(stands), {6, 6, 1, 1, 6, 6, 6, 6});
    auto& g = s.game();
    give_orders(s, {{"1st", "H"}, {"Kg", "H"}});
    const int gun = g.scenario().unit_index("a_gun");
    CHECK(g.state().mark(gun, "shots") == 3);
    while (g.phase_id() != "artillery_fire")
        s.apply(g.decision() == DecisionKind::Activate ? g.legal_actions().front() : Action(act::EndPhase{}));
    REQUIRE(g.state().at.active_side == 0);
    std::set<int> targets;
    for (const auto& a : g.legal_actions())
        if (a.kind() == ActionKind::Declare) targets.insert(a.target());
    CHECK(targets.count(g.scenario().unit_index("x_inf")) == 1);  // 2 hexes from a_inf, in the open: spotted
    CHECK(targets.count(g.scenario().unit_index("x_far")) == 0);  // nobody sees it
    attack(s, "x_inf", {"a_gun"});
    CHECK(g.state().combat.defend == 0);
    CHECK(g.state().combat.attacker_hits == 1);  // 6 6: two hits, one gun
    CHECK(g.state().mark(gun, "shots") == 2);
    // 5.1: any unused shots are fired: a barrage for each shot left, at the same target too.
    REQUIRE(g.phase_id() == "artillery_fire");
    attack(s, "x_inf", {"a_gun"});
    CHECK(g.state().mark(gun, "shots") == 1);
    REQUIRE(g.phase_id() == "artillery_fire");
    attack(s, "x_inf", {"a_gun"});
    // The last shot fired, the battery has nothing more to do: the game moves on.
    CHECK((g.phase_id() != "artillery_fire" || g.state().at.active_side != 0 || g.state().at.turn > 1));
    int barrages = 0;
    for (const auto& e : g.records().log)
        barrages += e.turn == 1 && e.text.find("combat: a_gun against x_inf") != std::string::npos;
    CHECK(barrages == 3);
}

TEST_CASE(
    "air power (9.0): a point called in adds 2D to the attack, AA within 2 hexes fires 2D hitting on 6, and a hit "
    "stops it",
    "[regimental][lua]") {
    auto with_air = [](const std::vector<Stand>& stands) {
        const std::string file = write_scenario(stands);
        sandtable::test::write_text(
            file, sandtable::test::text_of(file) + "rules:\n  air_power: { params: { points: [1, 0] } }\n");
        return file;
    };
    auto attack_with_strike = [](Session& s) {
        auto& g = s.game();
        to_first_regiment_combat(s, {{"1st", "M"}, {"Kg", "H"}});
        attack(s, "x_inf", {"a_inf"});
        REQUIRE(g.decision() == DecisionKind::Question);
        CHECK(g.question()->prompt() == "Call in an air strike (1 left today)?");
        s.apply(Action(act::Choose{0}));  // yes
    };
    SECTION("no AA near: +2D") {
        Session s = open(with_air(kTwoRegiments), {6, 6, 1, 1});
        attack_with_strike(s);
        CHECK(s.game().state().combat.attack == 3 + 2);
    }
    SECTION("AA next to the target: a 6 stops the strike") {
        std::vector<Stand> stands = kTwoRegiments;
        stands.push_back({"x_aa", "aa_company", "axis", "0804", "Kg"});
        Session s = open(with_air(stands), {6, 6, 1, 1, 6, 2});
        attack_with_strike(s);
        CHECK(s.game().state().combat.attack == 3);
        CHECK(logged(s.game(), "AA (x_aa) stops the attacker's air strike"));
    }
}

TEST_CASE(
    "The Hill Line: bot games of the two-day scenario end with a result, and their replays re-execute to the same "
    "checksums",
    "[regimental][scenario]") {
    const std::string scenario = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/regimental/hill_line.yaml";
    const auto loaded = sandtable::load::load_scenario(scenario);
    CHECK(loaded.scenario->turns == 10);  // two days of four rounds and a night
    sandtable::test::check_bot_games_end_and_replay(scenario, loaded);
}
