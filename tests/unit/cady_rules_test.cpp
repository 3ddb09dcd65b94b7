// Cady's Miniature War Game Rules on the tabletop (rulesets/cady and its
// era packs): the charts as the text prints them, written orders, movement
// in thirds and its modifiers, fire, artillery, shock, melee, morale, the
// 3-DT and the special troops; and both bundled scenarios played by bots.
#include "bot_games.h"
#include "cady_fixture.h"

#include "geometry/tabletop/point.h"

#include <cmath>
#include <set>

namespace act = sandtable::kernel::act;

using namespace sandtable::test::cady;
namespace gt = sandtable::geometry::tabletop;
using sandtable::rules::MoraleReaction;

namespace {

const sandtable::rules::Ruleset& era(const std::string& name) {
    static std::map<std::string, sandtable::load::LoadedGame> loaded;
    auto it = loaded.find(name);
    if (it == loaded.end()) {
        const std::string file =
            write_scenario({{"a", name == "musket" ? "regulars" : "medium_infantry", "red", 50, 50, 0, 2}}, name);
        it = loaded.emplace(name, sandtable::load::load_scenario(file)).first;
    }
    return *it->second.ruleset;
}

std::vector<int> faces_of(const sandtable::rules::StepLadder& l, int step) {
    std::vector<int> out;
    for (int f = 1; f <= l.die_faces; ++f)
        if (l.hits(step, f)) out.push_back(f);
    return out;
}

using V = std::vector<int>;

}  // namespace

TEST_CASE("Cady kill shots: medieval archery starts on the target's armour and climbs with range", "[cady]") {
    const auto& l = *era("ancient-medieval").step_ladder("fire_ladder");
    CHECK(faces_of(l, l.start_for("light")) == V{2, 4, 6});
    CHECK(faces_of(l, l.start_for("medium")) == V{4, 6});
    CHECK(faces_of(l, l.start_for("heavy")) == V{6});
    // Archers (40 cm): beyond 2/3 no step, within 2/3 one, within 1/3 two.
    CHECK(l.range_bonus(30, 40) == 0);
    CHECK(l.range_bonus(26, 40) == 1);
    CHECK(l.range_bonus(13, 40) == 2);
    CHECK(faces_of(l, l.start_for("light") + 2) == V{2, 4, 6, 8, 10});
    CHECK(faces_of(l, l.start_for("heavy") - 1).empty());  // less one step from a 6 is 0
}

TEST_CASE("Cady musketry: 6 in the far third of the range, 4, 6 in the middle, 2, 4, 6 near", "[cady]") {
    // The ladder's steps; which band a range falls in is each type's near_range and mid_range
    // (the musket pack's range_bands module, played in rulesets/cady/tests/musketry.yaml).
    const auto& l = *era("musket").step_ladder("fire_ladder");
    const int start = l.start_for("");
    CHECK(l.range_bonus(8, 30) == 0);
    CHECK(faces_of(l, start) == V{6});
    CHECK(faces_of(l, start + 1) == V{4, 6});
    CHECK(faces_of(l, start + 2) == V{2, 4, 6});
    // Behind a fence a step less: 2, 4, 6 becomes 4, 6; 6 becomes nothing.
    CHECK(faces_of(l, start + 2 - 1) == V{4, 6});
    CHECK(faces_of(l, start - 1).empty());
}

TEST_CASE("Cady shock chart: one die per shock per figure, by attacker against receiver", "[cady]") {
    const auto& m = *era("ancient-medieval").hit_matrix("shock_chart");
    CHECK(m.hits("heavy_cavalry", "light_infantry") == V{1, 2, 4, 5, 6});
    CHECK(m.hits("medium_cavalry", "medium_infantry") == V{2, 4, 6});
    CHECK(m.hits("infantry", "heavy_infantry") == V{6});
    CHECK(m.hits("light_cavalry", "medium_cavalry").empty());  // "---"
    CHECK(m.hits("heavy_cavalry", "artillery") == V{2, 4, 6});
}

TEST_CASE("Cady post-melee morale chart, normalised, and its column shifts", "[cady]") {
    const auto& c = *era("ancient-medieval").morale_table("post_melee_morale");
    // The text's example unit: ten medium infantry figures (morale 3) are worth 30.
    const int col = c.column_for(30);
    CHECK(c.result(col, 1 * 3) == MoraleReaction::BackAndTurn);  // one figure lost: 3, in 3-4
    CHECK(c.result(c.column_for(40), 2) == MoraleReaction::None);
    CHECK(c.result(c.column_for(40), 3) == MoraleReaction::Back);
    CHECK(c.result(c.column_for(40), 7) == MoraleReaction::Rout);
    CHECK(c.result(c.column_for(10), 1) == MoraleReaction::Rout);   // 1-10: any loss routs
    CHECK(c.result(c.column_for(95), 25) == MoraleReaction::Back);  // the overlap at 25, read as back
    CHECK(c.result(c.column_for(95), 26) == MoraleReaction::BackAndTurn);
    CHECK(c.result(c.column_for(180), 89) == MoraleReaction::BackAndTurn);  // 36 cuirassiers' worth at most
    CHECK(c.result(c.column_for(500), 200) == MoraleReaction::Rout);        // beyond 400: the last column
    // Cavalry count two columns to the right: 12 losses of 60 rout foot, only back for horse.
    CHECK(c.result(c.column_for(60), 12) == MoraleReaction::Rout);
    CHECK(c.result(c.column_for(60, 2), 12) == MoraleReaction::Back);
}

TEST_CASE("Written orders are hidden until both sides have written them, and then stand", "[cady]") {
    auto s = open(write_scenario(
        {{"r", "medium_infantry", "red", 50, 60, 90, 2}, {"b", "medium_infantry", "blue", 150, 60, 270, 2}}));
    auto& g = s.game();
    const int r = unit(g, "r"), b = unit(g, "b");
    REQUIRE(g.decision() == DecisionKind::WriteOrders);
    REQUIRE(g.written_orders().next_unit() == r);
    Action a{act::WriteOrder{r, march(90, 12)}};
    s.apply(a);
    CHECK(g.written_orders().pending(r, 0).has_value());
    CHECK_FALSE(g.written_orders().pending(r, 1).has_value());       // blue cannot read red's order
    CHECK(g.written_orders().standing(r).mode == TableOrder::Hold);  // nor has it been carried out
    CHECK(g.written_orders().next_unit() == b);
    CHECK(g.deciding_side() == 1);
    // A march may go any way and any distance up to a charge's reach, not only what the menu offers.
    const Action odd{act::WriteOrder{b, march(253, 7.5)}};
    CHECK(g.is_legal(odd));
    TableOrder too_far = march(253, 7.5);
    too_far.distance = 1000;  // 100 cm: beyond 24 cm and a third
    CHECK_FALSE(g.is_legal(act::WriteOrder{b, too_far}));
    s.apply(odd);
    CHECK(g.written_orders().standing(r) == march(90, 12));  // revealed together
    CHECK(g.tabletop().position(r).x == Approx(62));
    hold_fire_until(s, DecisionKind::WriteOrders);
    // Next turn the menu's first order is the standing order.
    CHECK(g.legal_actions().front().get<act::WriteOrder>().order == march(90, 12));
}

TEST_CASE("Movement in thirds: the faster unit covers more of the ground between", "[cady]") {
    // Light cavalry (90 cm) and light infantry (30 cm) 80 cm apart march at each other.
    auto s = open(write_scenario(
        {{"foot", "light_infantry", "red", 40, 60, 90, 1, 2}, {"horse", "light_cavalry", "blue", 124, 60, 270, 1, 2}}));
    auto& g = s.game();
    write_orders(s, {{"foot", march(90, 30)}, {"horse", march(270, 90)}});
    const int foot = unit(g, "foot"), horse = unit(g, "horse");
    // 84 cm between the bases: each third closes 10 + 30 cm; in the last the foot
    // goes the 4 cm left, and they meet. The foot went into its last third, so
    // they fight next turn ("you need to only move 2/3rds" to melee).
    auto logged = [&](const std::string& words) {
        return std::any_of(g.records().log.begin(), g.records().log.end(),
                           [&](const auto& l) { return l.text.find(words) != std::string::npos; });
    };
    CHECK(logged("foot and horse meet in the last third of a move: they fight next turn"));
    CHECK_FALSE(logged("foot melees horse"));
    CHECK(g.tabletop().position(foot).x - 40 == Approx(24).margin(0.2));
    CHECK(124 - g.tabletop().position(horse).x == Approx(60).margin(0.2));
}

TEST_CASE("Movement loses a third in a forest, for a turn over 45 degrees and for re-forming, a road gives one",
          "[cady]") {
    const std::string terrain =
        "  areas:\n    - { terrain: forest, outline: [[60, 20], [100, 20], [100, 50], [60, 50]] }\n"
        "  lines:\n    - { terrain: road, width: 6, points: [[0, 100], [200, 100]] }\n";
    auto s = open(write_scenario({{"wood", "light_infantry", "red", 62, 40, 90, 1, 2},
                                  {"road", "light_infantry", "red", 20, 100, 90, 1, 2},
                                  {"turn", "light_infantry", "red", 20, 70, 0, 1, 2},
                                  {"reform", "medium_infantry", "red", 150, 30, 90, 2, 8},
                                  {"peasants", "peasants", "red", 150, 70, 90, 2, 8},
                                  {"far", "light_infantry", "blue", 190, 115, 270, 1, 2}},
                                 "ancient-medieval", terrain));
    auto& g = s.game();
    write_orders(s, {{"wood", march(90, 30)},
                     {"road", march(90, 40)},
                     {"turn", march(90, 30)},
                     {"reform", march(90, 24, 1)},
                     {"peasants", march(90, 30)}});
    CHECK(g.tabletop().position(unit(g, "wood")).x == Approx(62 + 20));       // 30 less a third
    CHECK(g.tabletop().position(unit(g, "road")).x == Approx(20 + 40));       // 30 and a third
    CHECK(g.tabletop().position(unit(g, "turn")).x == Approx(20 + 20));       // facing north, marched east
    CHECK(g.tabletop().position(unit(g, "reform")).x == Approx(150 + 16));    // 24 less a third
    CHECK(g.tabletop().position(unit(g, "peasants")).x == Approx(150 + 30));  // keeping its files: the whole move
    CHECK(g.state().unit(unit(g, "reform")).files == 1);
    CHECK(g.state().unit(unit(g, "peasants")).files == 2);  // peasants never re-form
}

TEST_CASE("A river bars the way except at a ford, where it costs a third", "[cady]") {
    const std::string terrain =
        "  areas:\n    - { terrain: ford, outline: [[90, 70], [110, 70], [110, 110], [90, 110]] }\n"
        "  lines:\n    - { terrain: river, width: 5, points: [[100, 0], [100, 120]] }\n";
    auto s = open(write_scenario({{"stopped", "light_infantry", "red", 80, 30, 90, 1, 2},
                                  {"fording", "light_infantry", "red", 80, 90, 90, 1, 2},
                                  {"far", "light_infantry", "blue", 190, 10, 270, 1, 2}},
                                 "ancient-medieval", terrain));
    auto& g = s.game();
    write_orders(s, {{"stopped", march(90, 30)}, {"fording", march(90, 30)}});
    CHECK(g.tabletop().position(unit(g, "stopped")).x < 100 - 2.5);
    CHECK(g.tabletop().position(unit(g, "fording")).x == Approx(80 + 20));  // across the ford: a third less
}

TEST_CASE("Archers fire twice standing, once after part of a move, not at all after a whole move", "[cady]") {
    // Two ranks of archers (12 figures each) at a target 20 cm off (within 2/3 of 40: a step up).
    auto count_dice = [](const TableOrder& archer_order) {
        auto s = open(write_scenario({{"archers", "archers", "red", 50, 60, 90, 6, 24},
                                      {"target", "medium_infantry", "blue", 80, 60, 270, 2, 8}}));
        auto& g = s.game();
        write_orders(s, {{"archers", archer_order}});
        const auto before = g.state().dice_rolled;
        while (g.decision() != DecisionKind::Fire && g.decision() != DecisionKind::WriteOrders)
            s.apply(g.legal_actions().back());
        if (g.decision() == DecisionKind::Fire) {
            const auto legal = g.legal_actions();
            REQUIRE(legal.front().kind() == ActionKind::Fire);
            s.apply(legal.front());
        }
        hold_fire_until(s, DecisionKind::WriteOrders);
        return g.state().dice_rolled - before;
    };
    CHECK(count_dice(hold(90)) == 2 * 24);   // both ranks, two volleys
    CHECK(count_dice(march(90, 10)) == 24);  // a third of its move: one volley
    CHECK(count_dice(march(0, 30)) == 0);    // a whole move: no time to shoot
}

TEST_CASE("The second rank of archers shoots a step lower, over the first", "[cady]") {
    // Medium armour at long range starts at 4, 6; the second rank at 6. Every die shows 4.
    auto s = open(write_scenario({{"archers", "archers", "red", 50, 60, 90, 6, 24},
                                  {"target", "medium_infantry", "blue", 85, 60, 270, 4, 16}}),
                  std::vector<int>(48, 4));
    auto& g = s.game();
    write_orders(s, {});
    while (g.decision() != DecisionKind::Fire) s.apply(g.legal_actions().back());
    s.apply(g.legal_actions().front());
    hold_fire_until(s, DecisionKind::WriteOrders);
    // 35 cm of 40: no range step. Front rank 12 figures x 2 volleys hit on 4; the second rank's 4s miss.
    CHECK(g.unit(unit(g, "target")).figures() == 16 - 16);  // 24 hits: the unit is gone
    CHECK(g.state().unit(unit(g, "target")).eliminated);
}

// "Crossbows and arbalists do not fire indirectly (from the second rank.)"; bowmen do (ancient-medieval era).
TEST_CASE("Crossbows fire from the front rank only, bowmen from the second rank too", "[cady]") {
    const auto ranks_firing = [](const char* type) {
        auto s = open(write_scenario({{"shooters", type, "red", 50, 60, 90, 6, 24},
                                      {"target", "medium_infantry", "blue", 85, 60, 270, 4, 16}}),
                      std::vector<int>(96, 6));
        auto& g = s.game();
        write_orders(s, {});
        while (g.decision() != DecisionKind::Fire) s.apply(g.legal_actions().back());
        s.apply(g.legal_actions().front());
        hold_fire_until(s, DecisionKind::WriteOrders);
        std::set<int> ranks;
        for (const auto& l : g.records().log)
            for (int rank : {1, 2})
                if (l.text.find("shooters fires at target") != std::string::npos &&
                    l.text.find("rank " + std::to_string(rank)) != std::string::npos)
                    ranks.insert(rank);
        return ranks;
    };
    CHECK(ranks_firing("archers") == std::set<int>{1, 2});
    CHECK(ranks_firing("crossbows") == std::set<int>{1});
}

// "Peasants and militia do not change their ranks and files" (Effects on Movement): an order that re-forms
// them is refused; regulars beside them may re-form (and lose a third for it).
TEST_CASE("Militia keep their ranks and files: an order to re-form them is refused, regulars may", "[cady]") {
    auto s = open(write_scenario({{"militia", "militia", "red", 50, 60, 90, 4, 16},
                                  {"regulars", "regulars", "red", 50, 90, 90, 4, 16},
                                  {"enemy", "regulars", "blue", 150, 60, 270, 4, 16}},
                                 "musket"));
    auto& g = s.game();
    while (g.decision() != DecisionKind::WriteOrders) s.apply(g.legal_actions().back());
    const auto order = [&](const char* id, TableOrder o) {
        Action a{act::WriteOrder{unit(g, id), o}};
        return g.is_legal(a);
    };
    CHECK_FALSE(order("militia", hold_in_files(2)));
    CHECK(order("militia", hold_in_files(4)));  // its own files: no change
    CHECK(order("militia", march(90, 10)));     // a march that keeps them
    CHECK(order("regulars", hold_in_files(2)));
}

// "On the following move the charging unit may not charge again": the knights charge on turn 1 (and fall
// short); on turn 2 an order to charge is refused them, and allowed the knights beside them that did not.
TEST_CASE("A unit that charged may not charge again on the following move, one that did not may", "[cady]") {
    auto s = open(write_scenario({{"knights", "heavy_cavalry", "red", 20, 60, 90, 1, 2},
                                  {"others", "heavy_cavalry", "red", 20, 100, 90, 1, 2},
                                  {"foot", "light_infantry", "blue", 180, 60, 270, 2, 4}}),
                  std::vector<int>(60, 6));
    auto& g = s.game();
    write_orders(s, {{"knights", charge(90, 60, unit(g, "foot"))}});
    hold_fire_until(s, DecisionKind::WriteOrders);
    REQUIRE(g.state().at.turn == 2);
    REQUIRE(g.tabletop().units_in_contact(unit(g, "knights")).empty());  // the charge fell short: no melee to hold it
    const auto may_charge = [&](const char* id) {
        Action a{act::WriteOrder{unit(g, id), charge(90, 60, unit(g, "foot"))}};
        return g.is_legal(a);
    };
    CHECK_FALSE(may_charge("knights"));
    CHECK(may_charge("others"));
}

TEST_CASE("Shock counts only after an order to charge, melee figures survive at or under their melee point", "[cady]") {
    // Heavy cavalry (shock 3, melee 10, 2 figures: TMV 10) charges a line of light infantry
    // (melee 4, 4 figures: TMV 8, so no 3-DT) 20 cm off.
    auto play = [](bool charging, std::vector<int> dice) {
        auto s = open(write_scenario({{"knights", "heavy_cavalry", "red", 60, 60, 90, 1, 2},
                                      {"foot", "light_infantry", "blue", 84, 60, 270, 2, 4}}),
                      std::move(dice));
        auto& g = s.game();
        write_orders(s, {{"knights", charging ? charge(90, 96, unit(g, "foot")) : march(90, 72)}});
        hold_fire_until(s, DecisionKind::WriteOrders);
        std::vector<std::string> lines;
        for (const auto& l : g.records().log)
            if (l.text.find("charges home") != std::string::npos || l.text.find(" melees ") != std::string::npos)
                lines.push_back(l.text);
        return lines;
    };
    // 2 figures x 3 shocks = 6 dice against light infantry (1, 2, 4, 5, 6): only the 1 hits. Then
    // the knights roll 10 (at their 10: survives) and 11 (falls); the 3 foot left roll 4, 5, 4.
    const auto charged = play(true, {3, 3, 3, 3, 3, 1, 10, 11, 4, 5, 4});
    REQUIRE(charged.size() == 3);
    CHECK(charged[0] == "  knights charges home on foot: 6 shock dice, 1 hits");
    CHECK(charged[1] == "  knights melees foot: 2 figures at 10, 1 fall");
    CHECK(charged[2] == "  foot melees knights: 3 figures at 4, 1 fall");
    // Marching into contact: no shock.
    const auto marched = play(false, {10, 11, 4, 5, 4, 4});
    REQUIRE(marched.size() == 2);
    CHECK(marched[0] == "  knights melees foot: 2 figures at 10, 1 fall");
    CHECK(marched[1] == "  foot melees knights: 4 figures at 4, 1 fall");
}

TEST_CASE("Shock needs a run-in: 10 cm straight for cavalry, 6 cm for infantry", "[cady]") {
    // "Infantry stands require a 6 cm. clear and unobstructed path to count shock. Cavalry stands must
    // have at least a 10 cm. clear and unobstructed path straight (no more than 45 degrees right or
    // left) into the defending stand." A charger's run-in is how far it went from where its charge
    // began; here it charges light infantry `gap` cm off along `bearing`, from (60, 60). (A charge
    // heads for the unit it charges, so its path is straight into it.)
    auto shock_counted = [](const std::string& type, double gap, int bearing = 90) {
        const double x = 60 + gap * std::sin(bearing * 3.14159265358979 / 180),
                     y = 60 - gap * std::cos(bearing * 3.14159265358979 / 180);
        auto s = open(write_scenario({{"charger", type, "red", 60, 60, bearing, 1, 2},
                                      {"foot", "light_infantry", "blue", x, y, (bearing + 180) % 360, 2, 4}}),
                      std::vector<int>(60, 3));
        auto& g = s.game();
        write_orders(s, {{"charger", charge(bearing, gap + 10, unit(g, "foot"))}});
        hold_fire_until(s, DecisionKind::WriteOrders);
        bool charged_home = false, too_short = false;
        for (const auto& l : g.records().log) {
            charged_home = charged_home || l.text.find("charger charges home") != std::string::npos;
            too_short = too_short || l.text.find("charger ran in only") != std::string::npos;
        }
        CHECK(charged_home != too_short);  // one or the other: the charge went in
        return charged_home;
    };
    CHECK_FALSE(shock_counted("heavy_cavalry", 5));
    CHECK_FALSE(shock_counted("heavy_cavalry", 9));
    CHECK(shock_counted("heavy_cavalry", 10));
    CHECK(shock_counted("heavy_cavalry", 11));
    CHECK(shock_counted("heavy_cavalry", 10, 0));  // the same northwards
    CHECK_FALSE(shock_counted("hoplites", 5));
    CHECK(shock_counted("hoplites", 6));
    CHECK(shock_counted("hoplites", 7));
}

TEST_CASE("A unit struck in the flank melees a point lower, from the rear two lower", "[cady]") {
    auto point_against = [](double x, double y, int facing) {
        auto s = open(write_scenario({{"target", "medium_infantry", "red", 100, 60, 0, 1, 2},
                                      {"attacker", "medium_infantry", "blue", x, y, facing, 1, 2}}),
                      std::vector<int>(8, 1));
        auto& g = s.game();
        write_orders(s, {});
        hold_fire_until(s, DecisionKind::WriteOrders);
        for (const auto& line : g.records().log)
            if (line.text.find("target melees attacker") != std::string::npos) return line.text;
        return std::string();
    };
    CHECK(point_against(100, 59.5, 180).find("at 6") != std::string::npos);  // in front, facing it
    CHECK(point_against(102.5, 61, 270).find("at 5") != std::string::npos);  // on its right flank
    CHECK(point_against(100, 62.5, 0).find("at 4") != std::string::npos);    // behind it
}

TEST_CASE("Only the worse morale reaction of two units in melee counts, a rout leaves the table", "[cady]") {
    // Four peasants (morale 1, melee 2) and four medium infantry (morale 3) in contact. Two
    // peasants fall (12, 12, 1, 1) and one soldier (12, 1, 1, 1): both would rout (2 of 4
    // and 3 of 12 on the chart); the smaller unit left, the peasants, takes it.
    auto s = open(write_scenario({{"peasants", "peasants", "red", 100, 60, 0, 2, 4},
                                  {"foot", "medium_infantry", "blue", 100, 59.5, 180, 2, 4}}),
                  {12, 12, 1, 1, 12, 1, 1, 1});
    auto& g = s.game();
    write_orders(s, {});
    hold_fire_until(s, DecisionKind::WriteOrders);
    const auto& peasants = g.state().unit(unit(g, "peasants"));
    const auto& foot = g.state().unit(unit(g, "foot"));
    CHECK(peasants.eliminated);
    CHECK(foot.on_map);
    CHECK(foot.reaction == sandtable::kernel::Reaction::None);  // its own reaction (it lost figures too) does not count
}

TEST_CASE("The 3-DT: a unit charged by twice its Total Morale Value tests, and flees when it fails", "[cady]") {
    // 12 heavy cavalry (TMV 60) charge 4 peasants (TMV 4); the peasants roll three dice and need a 1.
    auto s = open(write_scenario({{"knights", "heavy_cavalry", "red", 40, 60, 90, 3, 12},
                                  {"peasants", "peasants", "blue", 100, 60, 270, 2, 4}}),
                  {6, 6, 6});
    auto& g = s.game();
    write_orders(s, {{"knights", charge(90, 96, unit(g, "peasants"))}});
    bool tested = false, fled = false;
    for (const auto& line : g.records().log) {
        tested = tested || line.text.find("peasants fails its 3-DT (3 dice against morale 1)") != std::string::npos;
        fled = fled || line.text.find("peasants turns and flees") != std::string::npos;
    }
    CHECK(tested);
    CHECK(fled);
}

TEST_CASE("Musket artillery: canister in a wedge, explosive shell under its cross-hairs, ammunition counted",
          "[cady]") {
    // A 12-pounder facing east; a regular unit 20 cm off (canister: every figure in the wedge on 2, 4, 6).
    auto s = open(
        write_scenario({{"gun", "gun_12pdr", "red", 40, 60, 90, 1, 1}, {"line", "regulars", "blue", 60, 60, 270, 4, 8}},
                       "musket"),
        std::vector<int>(8, 2));
    auto& g = s.game();
    write_orders(s, {});
    REQUIRE(g.decision() == DecisionKind::Artillery);
    const auto legal = g.legal_actions();
    const auto canister = std::find_if(legal.begin(), legal.end(), [](const Action& a) {
        return a.kind() == ActionKind::Fire && a.get<act::Fire>().called_cm == 0;
    });
    REQUIRE(canister != legal.end());
    s.apply(*canister);
    CHECK(g.unit(unit(g, "line")).figures() < 8);
    CHECK(g.state().mark(unit(g, "gun"), "shots:canister_12") == 1);
}

TEST_CASE(
    "A catapult throws in an arc, beyond a third the wheel is rolled, and at least one figure under its hit area falls",
    "[cady]") {
    // A catapult (100 cm; not under 34) called at 40 cm at a stand 40 cm off: the wheel is rolled
    // (beyond 33 cm). Face 1 keeps the mark; the figures under the 8 cm circle roll 1s (no kill).
    auto s = open(write_scenario({{"onager", "catapult", "red", 40, 60, 90, 1, 1},
                                  {"target", "medium_infantry", "blue", 80, 60, 90, 1, 2}}),
                  {1, 1, 1, 1});
    auto& g = s.game();
    write_orders(s, {});
    REQUIRE(g.decision() == DecisionKind::Artillery);
    const auto legal = g.legal_actions();
    for (const auto& a : legal)
        CHECK((a.kind() != ActionKind::Fire || a.get<act::Fire>().called_cm >= 34));  // it throws in an arc
    const auto at40 = std::find_if(legal.begin(), legal.end(), [](const Action& a) {
        return a.kind() == ActionKind::Fire && a.get<act::Fire>().called_cm == 40;
    });
    REQUIRE(at40 != legal.end());
    s.apply(*at40);
    hold_fire_until(s, DecisionKind::WriteOrders);
    // The stand's two figures stand 1 cm either side of the mark: under the circle, not
    // under the cross-hairs; their dice (1s) spare them, so "at least one" takes one.
    const bool one = std::any_of(g.records().log.begin(), g.records().log.end(), [](const auto& l) {
        return l.text ==
               "  onager fires catapult stone at target, range called 40 cm: lands 40 cm out; 2 figures under it, 1 "
               "hit";
    });
    CHECK(one);
}

TEST_CASE("Special troops: a testudo shrugs off arrows, slingers cannot hurt men-at-arms", "[cady]") {
    auto fire_at = [](const std::string& shooter, const std::string& target_type, int files, int figures) {
        auto s = open(write_scenario({{"shooter", shooter, "red", 50, 60, 90, 6, 12},
                                      {"target", target_type, "blue", 70, 60, 270, files, figures}}),
                      std::vector<int>(48, 6));  // a 6 hits at every step but none
        auto& g = s.game();
        write_orders(s, {});
        while (g.decision() != DecisionKind::Fire) s.apply(g.legal_actions().back());
        s.apply(g.legal_actions().front());
        hold_fire_until(s, DecisionKind::WriteOrders);
        return g.unit(unit(g, "target")).figures();
    };
    CHECK(fire_at("archers", "legionaries", 2, 16) == 16);  // four ranks deep: in testudo
    CHECK(fire_at("archers", "legionaries", 4, 16) < 16);   // two ranks: hit
    CHECK(fire_at("slingers", "men_at_arms", 4, 8) == 8);
    CHECK(fire_at("slingers", "medium_infantry", 4, 8) < 8);
}

TEST_CASE("Special troops: Swiss pike take fewer shocks, a phalanx fights with its second rank", "[cady]") {
    auto shock_dice = [](const std::string& defender, int files, int figures) {
        auto s = open(write_scenario({{"knights", "heavy_cavalry", "red", 60, 60, 90, 1, 2},
                                      {"foot", defender, "blue", 84, 60, 270, files, figures}}));
        auto& g = s.game();
        write_orders(s, {{"knights", charge(90, 96, unit(g, "foot"))}});
        hold_fire_until(s, DecisionKind::WriteOrders);
        for (const auto& line : g.records().log)
            if (line.text.find("charges home") != std::string::npos)
                return std::stoi(line.text.substr(line.text.find(": ") + 2));
        return -1;
    };
    CHECK(shock_dice("medium_infantry", 2, 8) == 6);  // 2 figures x 3
    CHECK(shock_dice("swiss_pike", 2, 8) == 4);       // two ranks: a shock fewer each, 2 x 2
    CHECK(shock_dice("swiss_pike", 2, 12) == 2);      // three ranks: two fewer, 2 x 1
    // The foot in front of a phalanx rolls a survival die more for each spear of its second rank.
    auto foot_dice = [](int files, int figures) {
        auto s = open(write_scenario({{"phalanx", "hoplites", "red", 100, 60, 0, files, figures},
                                      {"foot", "medium_infantry", "blue", 100, 59.5, 180, 1, 2}}));
        auto& g = s.game();
        write_orders(s, {});
        hold_fire_until(s, DecisionKind::WriteOrders);
        for (const auto& line : g.records().log)
            if (line.text.find("foot melees phalanx: ") != std::string::npos)
                return std::stoi(line.text.substr(line.text.find(": ") + 2));
        return -1;
    };
    CHECK(foot_dice(2, 8) == 2 + 4);  // two ranks deep: its 2 figures, and the 4 spears behind
    CHECK(foot_dice(4, 8) == 2);      // one rank: no phalanx
}

TEST_CASE("A unit in melee may not charge again, nor be shot at", "[cady]") {
    auto s = open(write_scenario({{"a", "medium_infantry", "red", 100, 60, 0, 2, 4},
                                  {"b", "medium_infantry", "blue", 100, 59.5, 180, 2, 4},
                                  {"archers", "archers", "red", 60, 40, 90, 6, 12}}),
                  std::vector<int>(40, 1));
    auto& g = s.game();
    const int a = unit(g, "a"), b = unit(g, "b");
    Action charge_again{act::WriteOrder{a, charge(180, 10, b)}};
    CHECK_FALSE(g.is_legal(charge_again));
    for (const auto& action : g.legal_actions()) CHECK(action.get<act::WriteOrder>().order.mode != TableOrder::Charge);
    write_orders(s, {});
    while (!g.over() && g.decision() != DecisionKind::WriteOrders) {
        if (g.decision() == DecisionKind::Fire)
            for (const auto& action : g.legal_actions()) CHECK(action.kind() != ActionKind::Fire);  // b is in melee
        s.apply(g.legal_actions().back());
    }
}

TEST_CASE("A gun's range may be called in any whole centimetre it reaches", "[cady]") {
    auto s = open(write_scenario(
        {{"gun", "gun_12pdr", "red", 40, 60, 90, 1, 1}, {"line", "regulars", "blue", 100, 60, 270, 4, 8}}, "musket"));
    auto& g = s.game();
    write_orders(s, {});
    REQUIRE(g.decision() == DecisionKind::Artillery);
    const int gun = unit(g, "gun"), line = unit(g, "line");
    CHECK(g.is_legal(act::Fire{gun, line, 57}));
    CHECK(g.is_legal(act::Fire{gun, line, 120}));
    CHECK_FALSE(g.is_legal(act::Fire{gun, line, 121}));  // beyond its longest shot
    s.apply(act::Fire{gun, line, 57});
    CHECK(g.state().mark(gun, "shots:explosive_12") == 1);  // 31-80 cm: explosive shell
}

TEST_CASE("Special troops: a war elephant takes six hits, then rampages and is gone", "[cady]") {
    auto s = open(write_scenario({{"archers", "archers", "red", 40, 60, 90, 6, 24},
                                  {"elephant", "war_elephant", "blue", 60, 60, 270, 1, 1}}),
                  std::vector<int>(60, 2));
    auto& g = s.game();
    write_orders(s, {});
    while (g.decision() != DecisionKind::Fire) s.apply(g.legal_actions().back());
    while (g.decision() == DecisionKind::Fire) {
        const auto legal = g.legal_actions();
        s.apply(g.unit(legal.front().unit()).id() == "archers" ? legal.front() : legal.back());
    }
    bool rampaged = false;
    for (const auto& line : g.records().log)
        rampaged = rampaged || line.text.find("elephant rampages") != std::string::npos ||
                   line.text.find("crushes") != std::string::npos;
    CHECK(rampaged);
    CHECK(g.state().unit(unit(g, "elephant")).eliminated);
}

TEST_CASE("Loading a tabletop: errors name the place", "[cady]") {
    auto error_of = [](const std::string& terrain, const std::vector<Unit>& units) {
        try {
            sandtable::load::load_scenario(write_scenario(units, "ancient-medieval", terrain));
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    const std::vector<Unit> two{{"a", "medium_infantry", "red", 20, 20, 0, 2},
                                {"b", "medium_infantry", "blue", 180, 100, 0, 2}};
    CHECK(error_of("  areas:\n    - { terrain: forest, trees: [[1, 1], [5, 5]] }\n", two)
              .find("needs at least 3 points") != std::string::npos);
    CHECK(error_of("  areas:\n    - { terrain: river, outline: [[1, 1], [5, 5], [1, 5]] }\n", two)
              .find("a line: list it under lines") != std::string::npos);
    CHECK(error_of("  lines:\n    - { terrain: road, points: [[1, 1], [500, 5]] }\n", two)
              .find("is off the 200 x 120 cm table") != std::string::npos);
    CHECK(error_of("", {{"a", "medium_infantry", "red", 250, 20, 0, 2}, {"b", "medium_infantry", "blue", 10, 10, 0, 2}})
              .find("stands off the") != std::string::npos);
    CHECK(error_of("  areas:\n    - { terrain: hill, level: 1, outline: [[1, 1], [5, 5], [1, 5]], trees: [[1, 1], [2, "
                   "2], [1, 2]] }\n",
                   two)
              .find("either an outline or trees") != std::string::npos);
    CHECK(error_of("  areas:\n    - { terrain: forset, outline: [[1, 1], [5, 5], [1, 5]] }\n", two)
              .find("did you mean 'forest'") != std::string::npos);
    CHECK(error_of("", {{"a", "medium_infantry", "red", 20, 20, 0, 2}, {"b", "medium_infantry", "blue", 21, 21, 0, 2}})
              .find("'b' stands on top of 'a'") != std::string::npos);
    CHECK(error_of("", {{"a", "medium_infantry", "red", 20, 1, 0, 2}, {"b", "medium_infantry", "blue", 100, 100, 0, 2}})
              .empty());
    CHECK(error_of("",
                   {{"a", "medium_infantry", "red", 20, 0.5, 180, 2}, {"b", "medium_infantry", "blue", 100, 100, 0, 2}})
              .find("stands off the table") != std::string::npos);
    CHECK(error_of("", two).empty());
}

TEST_CASE("Both Cady scenarios end with a result under bots and replay identically", "[cady][bots]") {
    for (const char* name : {"river_of_legions", "hollins_farm"}) {
        const std::string file = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/cady/" + name + ".yaml";
        const auto loaded = sandtable::load::load_scenario(file);
        INFO(name);
        CHECK(loaded.scenario->units.size() >= 16);
        sandtable::test::check_bot_games_end_and_replay(file, loaded);
    }
}

TEST_CASE("Special troops: a berserker loses a melee point for each kill until none is left", "[cady]") {
    // A lone berserker in contact with two soldiers: it rolls 12 (killed: fights on a point lower), they roll 1, 1.
    // Next turn it fights at 8 - 1 for the kill - 1 for the continuing melee.
    auto s = open(write_scenario({{"viking", "berserkers", "red", 100, 60, 0, 1, 1},
                                  {"foot", "medium_infantry", "blue", 100, 59.5, 180, 1, 2}}),
                  {12, 1, 1, 12, 1, 1});
    auto& g = s.game();
    write_orders(s, {});
    const int viking = unit(g, "viking");
    CHECK(g.state().unit(viking).on_map);
    CHECK(g.state().mark(viking, "wounds") == 1);
    hold_fire_until(s, DecisionKind::WriteOrders);
    write_orders(s, {});
    CHECK(g.state().mark(viking, "wounds") == 2);
    const bool at_six = std::any_of(g.records().log.begin(), g.records().log.end(), [](const auto& l) {
        return l.text == "  viking melees foot: 1 figures at 6, 1 fall";
    });
    CHECK(at_six);
}

TEST_CASE("A charge gains a third of a move, and the charger loses a third the turn after", "[cady]") {
    auto s = open(write_scenario({{"knights", "heavy_cavalry", "red", 20, 20, 90, 1, 2},
                                  {"far", "light_infantry", "blue", 190, 110, 270, 1, 2}}));
    auto& g = s.game();
    const int knights = unit(g, "knights"), far = unit(g, "far");
    // Charging the far unit (it follows it): 72 cm and a third, 96 cm.
    write_orders(s, {{"knights", charge(90, 96, far)}});
    const gt::Point after_charge = g.tabletop().position(knights);
    CHECK(gt::distance(after_charge, {20, 20}) == Approx(96).margin(0.5));
    hold_fire_until(s, DecisionKind::WriteOrders);
    // Next turn a plain march on (no turn): 72 cm less a third, 48 cm.
    const int on = static_cast<int>(std::lround(gt::bearing_of(after_charge - gt::Point{20, 20})));
    write_orders(s, {{"knights", march(on, 72)}});
    CHECK(gt::distance(g.tabletop().position(knights), after_charge) == Approx(48).margin(0.5));
}

TEST_CASE("Going up a hill section costs a third, attacking uphill a melee point", "[cady]") {
    const std::string terrain =
        "  areas:\n    - { terrain: hill, level: 1, outline: [[60, 40], [120, 40], [120, 82], [60, 82]] }\n";
    auto s = open(write_scenario({{"climber", "light_infantry", "red", 40, 60, 90, 1, 2},
                                  {"far", "light_infantry", "blue", 190, 110, 270, 1, 2}},
                                 "ancient-medieval", terrain));
    auto& g = s.game();
    write_orders(s, {{"climber", march(90, 30)}});
    CHECK(g.tabletop().position(unit(g, "climber")).x == Approx(40 + 20));  // it crosses the hill's edge
    auto uphill = open(write_scenario({{"below", "medium_infantry", "red", 100, 82.5, 0, 1, 2},
                                       {"above", "medium_infantry", "blue", 100, 82, 180, 1, 2}},
                                      "ancient-medieval", terrain),
                       std::vector<int>(8, 1));
    auto& u = uphill.game();
    write_orders(uphill, {{"below", march(0, 1)}});
    const bool minus_one = std::any_of(u.records().log.begin(), u.records().log.end(), [](const auto& l) {
        return l.text.find("below melees above: 2 figures at 5") != std::string::npos;
    });
    CHECK(minus_one);  // melee 6, attacking uphill
}

TEST_CASE("En-passant fire: a unit that passed through range during the move may be shot at", "[cady]") {
    // Light cavalry rides across the front of archers, in range only in the middle of its move.
    auto s = open(write_scenario(
        {{"archers", "archers", "red", 100, 60, 180, 6, 12}, {"riders", "light_cavalry", "blue", 55, 95, 90, 1, 2}}));
    auto& g = s.game();
    write_orders(
        s, {{"riders", march(90, 90)}});  // x 55 -> 85 -> 115 -> 145 along y = 95: in range and arc only on the way
    REQUIRE(g.decision() == DecisionKind::Fire);
    const auto legal = g.legal_actions();
    const int riders = unit(g, "riders");
    CHECK(g.tabletop().distance(unit(g, "archers"), riders) > 40);  // out of range now
    CHECK(std::any_of(legal.begin(), legal.end(),
                      [&](const Action& a) { return a.kind() == ActionKind::Fire && a.target() == riders; }));
}

TEST_CASE("Special troops: legionaries throw pilums when they first come into melee", "[cady]") {
    auto s = open(write_scenario({{"legion", "legionaries", "red", 100, 60, 0, 2, 8},
                                  {"foot", "medium_infantry", "blue", 100, 59.5, 180, 2, 4}}),
                  std::vector<int>(8, 4));
    auto& g = s.game();
    write_orders(s, {});
    int throws = 0;
    for (const auto& l : g.records().log) throws += l.text.find("throws 8 pilums at foot") != std::string::npos;
    CHECK(throws == 1);  // the two ranks' 8 legionaries, once; every 4 hits
    CHECK(g.state().mark(unit(g, "legion"), "pilums_thrown") == 1);
}

TEST_CASE("Hidden troop movement: a marker is unseen and cannot be shot at until an enemy sees it", "[cady]") {
    // Archers 40 cm from a hidden unit: it is revealed at once (sight 90 cm), and may be shot at.
    auto near = open(write_scenario({{"archers", "archers", "red", 50, 60, 90, 6, 12},
                                     hidden({"lurkers", "medium_infantry", "blue", 80, 60, 270, 2, 8})}));
    CHECK_FALSE(near.game().tabletop().hidden_from(unit(near.game(), "lurkers"), 0));
    // Deep in a wood (more than 3 cm in), it stays a marker: no target, the other side sees only "?".
    const std::string wood =
        "  areas:\n    - { terrain: forest, outline: [[70, 30], [110, 30], [110, 90], [70, 90]] }\n";
    auto s = open(write_scenario({{"archers", "archers", "red", 50, 60, 90, 6, 12},
                                  hidden({"lurkers", "medium_infantry", "blue", 90, 60, 270, 2, 8})},
                                 "ancient-medieval", wood));
    auto& g = s.game();
    const int lurkers = unit(g, "lurkers");
    CHECK(g.tabletop().hidden_from(lurkers, 0));
    CHECK_FALSE(g.tabletop().hidden_from(lurkers, 1));  // its own side knows
    write_orders(s, {});
    if (g.decision() == DecisionKind::Fire)
        for (const auto& a : g.legal_actions()) CHECK(a.target() != lurkers);
}

TEST_CASE("Hidden troop movement: a phantom marker seen is taken off, and a hidden unit seen is revealed", "[cady]") {
    auto s = open(write_scenario({{"scouts", "light_cavalry", "red", 10, 10, 90, 1, 2},
                                  phantom({"ghost", "medium_infantry", "blue", 170, 60, 270, 2, 4}),
                                  hidden({"real", "medium_infantry", "blue", 180, 20, 270, 2, 4})}));
    auto& g = s.game();
    const int ghost = unit(g, "ghost"), real = unit(g, "real");
    CHECK(g.tabletop().hidden_from(ghost, 0));
    CHECK(g.tabletop().hidden_from(real, 0));
    write_orders(s, {{"scouts", march(90, 90)}});  // rides to x = 100: within 90 cm of both markers
    CHECK_FALSE(g.state().unit(ghost).on_map);
    CHECK_FALSE(g.tabletop().hidden_from(real, 0));
    CHECK(g.state().unit(real).on_map);
}

TEST_CASE("The 3-DT to break off a melee: a unit that fails it stays in the fight", "[cady]") {
    // Peasants (morale 1) in contact, ordered to withdraw: three dice, none a 1.
    auto s = open(write_scenario({{"peasants", "peasants", "red", 100, 60, 0, 2, 4},
                                  {"foot", "medium_infantry", "blue", 100, 59.5, 180, 2, 4}}),
                  {6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1});
    auto& g = s.game();
    write_orders(s, {{"peasants", {TableOrder::Withdraw, 180, 300, 0, -1, -1}}});
    const bool failed = std::any_of(g.records().log.begin(), g.records().log.end(), [](const auto& l) {
        return l.text.find("peasants cannot break off the melee") != std::string::npos;
    });
    CHECK(failed);
    CHECK(g.tabletop().position(unit(g, "peasants")).y == Approx(60));
}
