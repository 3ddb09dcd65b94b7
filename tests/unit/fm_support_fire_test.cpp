// F&M support fire markers (7.0), bombardment (8.1), fortifications (8.2.3),
// the exact retreat (8.3) and the advance along the path of retreat (8.5),
// played on the bundled rulesets/fm with small scenarios written here.
#include "bot_games.h"
#include "project_copies.h"

#include "bots/bot.h"
#include "bots/session.h"
#include "load/loader.h"
#include "load/scenario_writer.h"
#include "kernel/procedures/movement.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <set>

namespace fs = std::filesystem;
using sandtable::bots::Session;
using sandtable::kernel::Action;
using sandtable::kernel::ActionKind;
using sandtable::kernel::DecisionKind;
using sandtable::kernel::Game;
namespace act = sandtable::kernel::act;

namespace {

struct Unit {
    std::string id, type, side, at;
};

// An 8x6 clear map under the bundled F&M ruleset; `terrain_rows` overrides it.
std::string write_scenario(const std::vector<Unit>& units, const std::string& pools, const std::string& allotments,
                           const std::string& terrain_rows = "", const std::string& map_extra = "") {
    const fs::path dir = sandtable::test::fresh_directory();
    std::string rows = terrain_rows;
    if (rows.empty())
        for (int r = 0; r < 6; ++r) rows += "    ........\n";
    std::string text =
        "id: t\nruleset: " + std::string(SANDTABLE_SOURCE_DIR) +
        "/rulesets/fm\nturns: 3\nfirst_side: allies\nsides:\n"
        "  - { id: allies, name: Allies }\n  - { id: axis, name: Axis }\n"
        "map:\n  columns: 8\n  rows: 6\n  legend: { \".\": clear, f: fort, w: woods, x: sea }\n  terrain: |\n" +
        rows + map_extra + "units:\n";
    for (const auto& u : units)
        text += "  - { id: " + u.id + ", type: " + u.type + ", side: " + u.side + ", at: \"" + u.at + "\" }\n";
    text += "support_fire:\n  pools: " + pools + "\n  allotments: " + allotments + "\n";
    sandtable::test::write_text(dir / "scenario.yaml", text);
    return (dir / "scenario.yaml").string();
}

Session open(const std::string& scenario, std::uint64_t seed = 1, std::vector<int> dice = {}) {
    return Session(sandtable::load::load_scenario(scenario), scenario, seed, std::move(dice), true);
}

// Ends phases until the one named is in progress and its side decides.
void play_to_phase(Session& s, const std::string& phase) {
    while (s.game().phase_id() != phase) s.apply(Action(act::EndPhase{}));
}

// Declares a ground combat against `target` with `attackers` and closes the building.
void declare(Session& s, const std::string& target, const std::vector<std::string>& attackers) {
    auto& g = s.game();
    s.apply(Action(act::Declare{g.scenario().unit_index(target)}));
    for (const auto& a : attackers) s.apply(Action(act::AddAttacker{g.scenario().unit_index(a)}));
    s.apply(Action(act::Resolve{}));
}

std::vector<std::string> log_since(const Game& g, std::size_t from) {
    std::vector<std::string> out;
    for (std::size_t i = from; i < g.records().log.size(); ++i) out.push_back(g.records().log[i].text);
    return out;
}

// The worked example's units: two 4-4 infantry next to a commando (defense 3).
const std::vector<Unit> kExample{
    {"a1", "infantry", "allies", "0502"}, {"a2", "infantry", "allies", "0402"}, {"d", "commando", "axis", "0503"}};

// a1 and a2 attack d in the Allies' combat phase, the die forced; support not yet placed.
Session combat_of(const std::vector<Unit>& units, const std::string& pools, const std::string& allotments, int die,
                  const std::string& rows = "") {
    Session s = open(write_scenario(units, pools, allotments, rows), 1, {die});
    s.game().recording().explain = true;
    play_to_phase(s, "combat");
    declare(s, "d", {"a1", "a2"});
    return s;
}

}  // namespace

TEST_CASE(
    "support fire, 7.2's example: two 4-4 with two +2 markers make 12, against 3 with a +6 marker, 9, the differential "
    "is +3",
    "[fm][support]") {
    Session s = combat_of(kExample, "{ allies: [2, 2], axis: [6] }", "{ allies: [2], axis: [1] }", 4);
    auto& g = s.game();
    // 8.2.1 b: attacker, defender, attacker, defender; a side with nothing left passes by itself.
    REQUIRE(g.decision() == DecisionKind::Support);
    CHECK(g.deciding_side() == 0);
    s.apply(Action(act::CommitSupport{}));
    CHECK(g.deciding_side() == 1);
    s.apply(Action(act::CommitSupport{}));
    CHECK(g.deciding_side() == 0);
    s.apply(Action(act::CommitSupport{}));
    const auto& c = g.state().combat;
    CHECK(c.support_revealed);
    CHECK(c.support_attack == 4);
    CHECK(c.support_defence == 6);
    CHECK(c.attack == 12);
    CHECK(c.defend == 9);
    // +3 on the clear line is the +2/+3 column; the die (4) reads "Ex" there.
    REQUIRE(!g.records().combats.empty());
    CHECK(g.records().combats.back().column == "+2/+3");
    CHECK(c.result == "Ex");
    bool named = false;
    for (const auto& m : g.records().combats.back().modifiers)
        named =
            named || m.what.find("support fire: attacker +4 (2 markers), defender +6 (1 marker)") != std::string::npos;
    CHECK(named);
}

TEST_CASE("support fire: a pass is final, each step is open whatever came before, markers are spent for the game turn",
          "[fm][support]") {
    const auto path = write_scenario(kExample, "{ allies: [2, 3, 4], axis: [1, 6] }", "{ allies: [3], axis: [2] }");
    Session s = open(path, 7, {6});
    auto& g = s.game();
    play_to_phase(s, "combat");
    CHECK(g.combat().support_draws_left(0) == 3);
    declare(s, "d", {"a1"});
    s.apply(Action(act::Decline{}));  // the attacker passes at step 1 …
    CHECK(g.deciding_side() == 1);
    s.apply(Action(act::CommitSupport{}));
    CHECK(g.deciding_side() == 0);  // … and may still place one at step 3
    s.apply(Action(act::CommitSupport{}));
    CHECK(g.deciding_side() == 1);
    s.apply(Action(act::Decline{}));
    CHECK(g.state().combat.support_revealed);
    CHECK(g.state().combat.support_attacker_markers == 1);
    CHECK(g.state().combat.support_defender_markers == 1);
    // Used markers are gone until the next game turn (7.2).
    CHECK(g.combat().support_draws_left(0) == 2);
    CHECK(g.combat().support_draws_left(1) == 1);
    // The next game turn each side may draw its allotment afresh: nothing carried over, nothing lost.
    while (g.state().at.turn == 1 && !g.over()) {
        const auto& legal = g.legal_actions();
        s.apply(legal.back());  // end phases, decline advances, …
    }
    CHECK(g.state().at.turn == 2);
    CHECK(g.combat().support_draws_left(0) == 3);
    CHECK(g.combat().support_draws_left(1) == 2);
}

TEST_CASE(
    "support fire: each marker is drawn at random from what is left of the pool when placed, the same on the same "
    "seed, the combat dice are not touched",
    "[fm][support]") {
    const auto path =
        write_scenario(kExample, "{ allies: [1, 2, 3, 4, 5, 6, 7, 8, 9], axis: [1] }", "{ allies: [3], axis: [0] }");
    auto drawn = [&](std::uint64_t seed) {
        Session s = open(path, seed, {5});
        play_to_phase(s, "combat");
        declare(s, "d", {"a1", "a2"});
        s.apply(Action(act::CommitSupport{}));
        s.apply(Action(act::CommitSupport{}));
        REQUIRE(s.game().state().combat.support_revealed);
        CHECK(s.game().state().combat.roll == 5);  // the forced die is the combat's: the draws have their own
        return *s.game().combat().committed_support(0);
    };
    std::set<std::vector<int>> seen;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const auto markers = drawn(seed);
        CHECK(markers.size() == 2);
        CHECK(markers[0] != markers[1]);  // drawn without replacement
        CHECK(drawn(seed) == markers);
        seen.insert(markers);
    }
    CHECK(seen.size() > 6);
}

TEST_CASE(
    "support fire is hidden: face down, no player learns a marker's value through the public API until the reveal",
    "[fm][support][hidden]") {
    // Two games alike in everything but the values of the Allies' markers.
    const auto weak = write_scenario(kExample, "{ allies: [1, 1, 2], axis: [6, 2] }", "{ allies: [2], axis: [2] }");
    const auto strong = write_scenario(kExample, "{ allies: [6, 6, 4], axis: [6, 2] }", "{ allies: [2], axis: [2] }");
    Session a = open(weak, 3), b = open(strong, 3);
    a.game().recording().explain = true;
    b.game().recording().explain = true;
    // Everything a player may read of a game, apart from the scenario itself.
    auto seen = [](const Game& g) {
        std::vector<std::string> out;
        out.push_back(std::to_string(g.checksum()));
        out.push_back(std::to_string(sandtable::kernel::checksum(g.state())));
        for (const auto& e : g.records().log) out.push_back(e.text);
        for (const auto& d : g.records().dice)
            out.push_back(std::to_string(d.faces) + ":" + std::to_string(d.value) + ":" + d.why);
        for (const auto& x : g.records().combats) out.push_back(x.column + x.result);
        out.push_back(std::string(sandtable::kernel::decision_kind_name(g.decision())) +
                      std::to_string(g.deciding_side()));
        for (const auto& action : g.legal_actions()) out.push_back(g.describe(action));
        out.push_back(std::to_string(g.combat().support_draws_left(0)) + "/" +
                      std::to_string(g.combat().support_draws_left(1)));
        const auto& c = g.state().combat;
        out.push_back(std::to_string(c.support_attacker_markers) + std::to_string(c.support_defender_markers) +
                      std::to_string(c.support_attack) + std::to_string(c.attack));
        CHECK(!g.combat().committed_support(0).has_value());
        CHECK(!g.combat().committed_support(1).has_value());
        return out;
    };
    CHECK(seen(a.game()) == seen(b.game()));
    // At the Axis's first commitment step: the Allies' marker is face down.
    for (Session* s : {&a, &b}) {
        play_to_phase(*s, "combat");
        declare(*s, "d", {"a1", "a2"});
        s->apply(Action(act::CommitSupport{}));
        REQUIRE(s->game().decision() == DecisionKind::Support);
        REQUIRE(s->game().deciding_side() == 1);
    }
    CHECK(seen(a.game()) == seen(b.game()));
    // After the Allies' second marker and before the reveal both know only the counts.
    for (Session* s : {&a, &b}) {
        s->apply(Action(act::Decline{}));
        s->apply(Action(act::CommitSupport{}));
        REQUIRE(s->game().deciding_side() == 1);
        CHECK(s->game().state().combat.support_attacker_markers == 2);
    }
    CHECK(seen(a.game()) == seen(b.game()));
    // Once revealed, all may see them.
    for (Session* s : {&a, &b}) s->apply(Action(act::Decline{}));
    CHECK(a.game().state().combat.support_revealed);
    REQUIRE(a.game().combat().committed_support(0).has_value());
    CHECK(a.game().combat().committed_support(0)->size() == 2);
    CHECK(a.game().state().combat.support_attack != b.game().state().combat.support_attack);
    // Blind to both, there is nothing to hide from one player more than the other.
    CHECK(!a.game().hides_information());
}

TEST_CASE("bombardment: markers alone, at most two, any enemy on the map, on its hex's terrain line",
          "[fm][bombardment]") {
    // The target is far from every Allied unit; 6 + 6 against 3 is +9 on clear: the 8/9 column. Die 1: De.
    const auto path = write_scenario({{"a1", "infantry", "allies", "0106"}, {"d", "commando", "axis", "0702"}},
                                     "{ allies: [6, 6, 6], axis: [1] }", "{ allies: [3], axis: [1] }");
    Session s = open(path, 1, {1});
    auto& g = s.game();
    play_to_phase(s, "bombardment");
    REQUIRE(g.decision() == DecisionKind::CombatDeclare);
    s.apply(Action(act::Declare{g.scenario().unit_index("d")}));
    REQUIRE(g.decision() == DecisionKind::Support);
    // A bombardment is its markers: the first may not be passed.
    for (const auto& a : g.legal_actions()) CHECK(a.kind() == ActionKind::CommitSupport);
    s.apply(Action(act::CommitSupport{}));
    s.apply(Action(act::CommitSupport{}));
    // Two markers: no third step, no Axis step.
    CHECK(g.state().combat.support_attack == 12);
    CHECK(g.state().combat.attack == 12);
    CHECK(g.state().combat.defend == 3);
    CHECK(g.state().combat.result == "De");
    CHECK(!g.state().unit(g.scenario().unit_index("d")).on_map);
    CHECK(g.combat().support_draws_left(0) == 1);
}

TEST_CASE(
    "bombardment results (8.1.3): Ex and the attacker's retreats do nothing, (A) only with a friend next to the target",
    "[fm][bombardment]") {
    // +2 against 3: differential -1, the -1 column of the clear line; die 4 reads A3, die 1 reads Ex, die 6 "(A)".
    auto bombard = [](const std::vector<Unit>& units, int die) {
        const auto path = write_scenario(units, "{ allies: [2], axis: [1] }", "{ allies: [1], axis: [1] }");
        Session s = open(path, 1, {die});
        play_to_phase(s, "bombardment");
        s.apply(Action(act::Declare{s.game().scenario().unit_index("d")}));
        const std::size_t before = s.game().records().log.size();
        s.apply(Action(act::CommitSupport{}));
        return std::make_pair(std::move(s), log_since(s.game(), before));
    };
    const std::vector<Unit> far{{"a1", "infantry", "allies", "0106"}, {"d", "commando", "axis", "0702"}};
    const std::vector<Unit> near{
        {"a1", "infantry", "allies", "0106"}, {"a2", "infantry", "allies", "0701"}, {"d", "commando", "axis", "0702"}};
    {
        auto [s, log] = bombard(far, 1);
        CHECK(s.game().state().combat.result == "Ex");
        CHECK(std::find(log.begin(), log.end(), "  Ex has no effect in a bombardment") != log.end());
        CHECK(s.game().state().unit(s.game().scenario().unit_index("d")).back == false);
    }
    {
        auto [s, log] = bombard(far, 4);
        CHECK(s.game().state().combat.result == "A3");
        CHECK(s.game().state().unit(s.game().scenario().unit_index("a1")).hex == s.game().grid().parse_label("0106"));
    }
    {
        auto [s, log] = bombard(far, 6);
        CHECK(s.game().state().combat.result == "(A)");
        CHECK(std::find(log.begin(), log.end(), "  (A): no friendly unit next to the target, no effect") != log.end());
        CHECK(!s.game().state().unit(s.game().scenario().unit_index("a1")).back);
    }
    {
        auto [s, log] = bombard(near, 6);  // friendly fire on a2, next to the target (0701 touches 0702)
        CHECK(s.game().state().unit(s.game().scenario().unit_index("a2")).back);
        CHECK(!s.game().state().unit(s.game().scenario().unit_index("a1")).back);
    }
}

TEST_CASE(
    "fortifications (8.2.3): the defender doubled, the attacker's markers halved (rounded down), the defender's not",
    "[fm][fortification]") {
    std::string rows;
    for (int r = 1; r <= 6; ++r) rows += std::string("    ") + (r == 3 ? "....f..." : "........") + "\n";
    Session s = combat_of(kExample, "{ allies: [3, 3], axis: [5] }", "{ allies: [2], axis: [1] }", 3, rows);
    auto& g = s.game();
    s.apply(Action(act::CommitSupport{}));
    s.apply(Action(act::CommitSupport{}));
    s.apply(Action(act::CommitSupport{}));
    const auto& c = g.state().combat;
    CHECK(c.support_attack == 2);   // +3 and +3, each halved to 1
    CHECK(c.support_defence == 5);  // the defender's own marker in full
    CHECK(c.attack == 10);          // 4 + 4 + 2
    CHECK(c.defend == 11);          // 3 doubled + 5
}

TEST_CASE(
    "retreat (8.3) ends exactly the result's distance away, the attackers advance along the path of retreat, one to a "
    "hex (8.5)",
    "[fm][retreat][advance]") {
    // 8 + 6 against 3 is +11, the last column of the clear line, which reads De, De, D3, D2, D2, Ex: die 4 is D2.
    Session s = combat_of(kExample, "{ allies: [6], axis: [1] }", "{ allies: [1], axis: [0] }", 4);
    auto& g = s.game();
    s.apply(Action(act::CommitSupport{}));  // +6
    REQUIRE(g.state().combat.result == "D2");
    // The defender chooses where; every choice is two hexes away.
    REQUIRE(g.decision() == DecisionKind::Retreat);
    const auto start = *g.grid().parse_label("0503");
    for (const auto& a : g.legal_actions())
        if (a.kind() == ActionKind::RetreatTo) CHECK(sandtable::geometry::distance(*a.hex(), start) == 2);
    Action retreat{};
    for (const auto& a : g.legal_actions())
        if (a.kind() == ActionKind::RetreatTo) retreat = a;
    s.apply(retreat);
    REQUIRE(g.decision() == DecisionKind::Advance);
    const auto& trail = g.state().combat.retreat_path;
    REQUIRE(trail.size() == 3);  // its hex, then the two it passed
    CHECK(trail.front() == start);
    CHECK(trail.back() == *retreat.hex());
    // Both attackers may advance into either free hex of the path; none off it.
    for (const auto& a : g.legal_actions())
        if (a.kind() == ActionKind::AdvanceTo) CHECK(std::find(trail.begin(), trail.end(), *a.hex()) != trail.end());
    s.apply(act::AdvanceTo{g.scenario().unit_index("a1"), trail[1]});
    REQUIRE(g.decision() == DecisionKind::Advance);
    bool a2_to_first = false;
    for (const auto& a : g.legal_actions()) {
        CHECK(!(a.kind() == ActionKind::AdvanceTo && a.hex() == trail[1]));  // one unit to a hex
        a2_to_first = a2_to_first || (a.kind() == ActionKind::AdvanceTo && a.unit() == g.scenario().unit_index("a2") &&
                                      a.hex() == start);
    }
    CHECK(a2_to_first);
    s.apply(act::AdvanceTo{g.scenario().unit_index("a2"), start});
    CHECK(g.state().unit(g.scenario().unit_index("a1")).hex == trail[1]);
    CHECK(g.state().unit(g.scenario().unit_index("a2")).hex == start);
}

TEST_CASE("stiff resistance (8.4) on a D2: the defender is reduced in place and nobody advances", "[fm][retreat]") {
    const std::vector<Unit> units{
        {"a1", "infantry", "allies", "0502"}, {"a2", "infantry", "allies", "0402"}, {"d", "infantry", "axis", "0503"}};
    Session s = combat_of(units, "{ allies: [6, 6], axis: [1] }", "{ allies: [2], axis: [0] }", 4);
    auto& g = s.game();
    s.apply(Action(act::CommitSupport{}));  // the Axis holds no marker: its steps pass by themselves
    s.apply(Action(act::CommitSupport{}));
    REQUIRE(g.state().combat.result == "D2");
    s.apply(Action(act::StiffResistance{}));
    const auto& d = g.state().unit(g.scenario().unit_index("d"));
    CHECK(d.back);
    CHECK(d.hex == *g.grid().parse_label("0503"));
    CHECK(g.decision() != DecisionKind::Advance);
}

TEST_CASE("support_fire in a scenario: saved as loaded, bad entries reported with their place", "[fm][support][load]") {
    const auto path = write_scenario(kExample, "{ allies: [2, 2, 6], axis: [3] }", "{ allies: [2, 1], axis: [1] }");
    const auto loaded = sandtable::load::load_scenario(path);
    const auto& sf = loaded.scenario->support_fire;
    CHECK(sf.pools == std::vector<std::vector<int>>{{2, 2, 6}, {3}});
    CHECK(sf.allotment(0, 1) == 2);
    CHECK(sf.allotment(0, 5) == 1);  // the last number repeats
    CHECK(sf.allotment(1, 3) == 1);
    const std::string saved = sandtable::load::scenario_to_yaml(*loaded.scenario, *loaded.ruleset);
    CHECK(saved.find("support_fire:\n  pools:\n    \"allies\": [2, 2, 6]\n    \"axis\": [3]\n  allotments:\n    "
                     "\"allies\": [2, 1]\n") != std::string::npos);
    sandtable::test::write_text(fs::path(path).parent_path() / "saved.yaml", saved);
    const auto again = sandtable::load::load_scenario((fs::path(path).parent_path() / "saved.yaml").string());
    CHECK(again.scenario->support_fire.pools == sf.pools);
    CHECK(again.scenario->support_fire.allotments == sf.allotments);

    auto errors = [](const std::string& pools, const std::string& allotments) {
        const auto bad = write_scenario(kExample, pools, allotments);
        try {
            sandtable::load::load_scenario(bad);
        } catch (const sandtable::load::LoadError& e) {
            std::vector<std::string> out;
            for (const auto& d : e.diagnostics()) out.push_back(d.to_string());
            return out;
        }
        return std::vector<std::string>{};
    };
    auto has = [](const std::vector<std::string>& list, const std::string& text) {
        INFO(text);
        return std::any_of(list.begin(), list.end(),
                           [&](const std::string& d) { return d.find(text) != std::string::npos; });
    };
    CHECK(has(errors("{ allies: [2, 120], axis: [3] }", "{ allies: [1], axis: [1] }"),
              "marker value 120 is out of range [0, 99]"));
    CHECK(has(errors("{ allies: [2], nobody: [3] }", "{ allies: [1] }"), "unknown side 'nobody'"));
    CHECK(has(errors("{ allies: [2], axis: [3] }", "{ allies: [1] }"),
              "support_fire: side 'axis' has a pool of markers but no allotments"));
    CHECK(has(errors("[2, 3]", "{ allies: [1] }"), "'pools' must map side ids to lists of marker values"));
    CHECK(has(errors("{ allies: two }", "{ allies: [1] }"), "the pools of 'allies' must be a list of marker values"));
    // Each with its place: the scenario file, line and column.
    const auto placed = errors("{ allies: [2, 120], axis: [3] }", "{ allies: [1], axis: [1] }");
    REQUIRE(!placed.empty());
    CHECK(placed.front().find("scenario.yaml:") != std::string::npos);
}

TEST_CASE("F&M Greenline: bot games end with a result and their replays re-execute to the same checksums",
          "[fm][scenario]") {
    const std::string scenario = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/fm/greenline.yaml";
    const auto loaded = sandtable::load::load_scenario(scenario);
    int allies = 0, axis = 0;
    for (std::size_t i = 0; i < loaded.scenario->units.size(); ++i)
        (loaded.scenario->units[i].side == 0 ? allies : axis)++;
    CHECK(allies >= 30);
    CHECK(axis >= 30);
    sandtable::test::check_bot_games_end_and_replay(scenario, loaded);
}

TEST_CASE(
    "movement (5.4.1, 5.4.2): half a point a hex along a road, one along a trail whatever the terrain, costs counted "
    "in halves",
    "[fm][movement]") {
    std::string rows;
    for (int r = 1; r <= 6; ++r) rows += std::string("    ") + (r >= 4 ? "..wwww.." : "........") + "\n";
    // A road down column 2 (0201-0206); a trail through the woods of row 5 (0305-0605).
    const std::string paths =
        "  paths:\n    - feature: road\n      hexes: [\"0201\", \"0202\", \"0203\", \"0204\", \"0205\", \"0206\"]\n"
        "    - feature: trail\n      hexes: [\"0305\", \"0405\", \"0505\", \"0605\"]\n";
    const auto path = write_scenario({{"inf", "infantry", "allies", "0201"},
                                      {"walker", "infantry", "allies", "0305"},
                                      {"far", "infantry", "axis", "0801"}},
                                     "{ allies: [1], axis: [1] }", "{ allies: [1], axis: [1] }", rows, paths);
    Session s = open(path);
    auto& g = s.game();
    REQUIRE(g.phase_id() == "movement");
    CHECK(g.ruleset().movement_point_parts == 2);
    const auto at = [&](const char* label) { return *g.grid().parse_label(label); };
    const int inf = g.scenario().unit_index("inf"), walker = g.scenario().unit_index("walker");
    CHECK(g.unit(inf).movement_budget() == 12);  // 6 MP in halves
    // Five road steps: 2 1/2 MP.
    CHECK(sandtable::kernel::MovementProcedure::movement_range(g, inf).cost(at("0206")) == 5);
    // Off the road into clear: a whole point (0201 to 0301 is no road hexside).
    CHECK(sandtable::kernel::MovementProcedure::movement_range(g, inf).cost(at("0301")) == 2);
    // The trail: one point a hex through woods that cost 2 off it.
    CHECK(sandtable::kernel::MovementProcedure::movement_range(g, walker).cost(at("0605")) == 6);
    CHECK(g.hex_board().step_cost(walker, at("0305"), sandtable::geometry::direction_to(at("0305"), at("0205"))) ==
          2);  // clear, not along the road
    CHECK(g.hex_board().step_cost(walker, at("0305"), sandtable::geometry::direction_to(at("0305"), at("0306"))) ==
          4);  // woods, 2 MP
}

TEST_CASE(
    "zones of control (6.1) in halves: a mobile unit pays half its printed allowance to enter an enemy zone and goes "
    "on, a leg unit stops",
    "[fm][movement][zoc]") {
    const auto path = write_scenario({{"tank", "armour", "allies", "0101"},
                                      {"foot", "infantry", "allies", "0801"},
                                      {"enemy", "infantry", "axis", "0403"}},
                                     "{ allies: [1], axis: [1] }", "{ allies: [1], axis: [1] }");
    Session s = open(path);
    auto& g = s.game();
    const auto at = [&](const char* label) { return *g.grid().parse_label(label); };
    const int tank = g.scenario().unit_index("tank"), foot = g.scenario().unit_index("foot");
    // 0303 is next to the enemy at 0403: two clear steps (0201, 0302) then one into its zone, 1 + 5 MP: 7 MP in all.
    CHECK(sandtable::kernel::MovementProcedure::movement_range(g, tank).cost(at("0302")) == 2 * 2);
    CHECK(sandtable::kernel::MovementProcedure::movement_range(g, tank).cost(at("0303")) == 2 * (2 + 1 + 5));
    // A leg unit pays the terrain alone (three clear steps to 0503), and stops there:
    // no least-cost path of its passes through a hex of the zone on the way.
    CHECK(sandtable::kernel::MovementProcedure::movement_range(g, foot).cost(at("0503")) == 2 * 3);
    const auto& range = sandtable::kernel::MovementProcedure::movement_range(g, foot);
    for (const auto h : range.hexes()) {
        const auto way = range.path_to(h);
        for (std::size_t i = 1; i + 1 < way.size(); ++i) CHECK(!g.hex_board().in_enemy_zoc(0, way[i]));
    }
}

TEST_CASE(
    "displacement (8.3.1): the only hex at the full distance holds a friend, it is pushed on, or the retreat stops "
    "short and costs a step",
    "[fm][retreat][displacement]") {
    // A corridor down column 5: the defender at 0503, a friend at 0505, the only hex two away.
    const std::string rows = "    xxxxxxxx\n    xxx..xxx\n    xxxx.xxx\n    xxxx.xxx\n    xxxx.xxx\n    xxxx.xxx\n";
    const std::vector<Unit> units{{"a1", "infantry", "allies", "0502"},
                                  {"a2", "infantry", "allies", "0402"},
                                  {"d", "infantry", "axis", "0503"},
                                  {"f", "infantry", "axis", "0505"}};
    auto fought = [&] {
        Session s = combat_of(units, "{ allies: [6], axis: [1] }", "{ allies: [1], axis: [0] }", 4, rows);
        s.apply(Action(act::CommitSupport{}));  // 8 + 6 against 4: +10, die 4: D2
        REQUIRE(s.game().state().combat.result == "D2");
        REQUIRE(s.game().decision() == DecisionKind::Retreat);
        return s;
    };
    const auto hex = [](const Game& g, const char* label) { return *g.grid().parse_label(label); };
    SECTION("displaced") {
        Session s = fought();
        auto& g = s.game();
        std::vector<std::string> offered;
        for (const auto& a : g.legal_actions()) offered.push_back(g.describe(a));
        CHECK(offered == std::vector<std::string>{"retreat d 0505", "retreat d 0504", "stiff_resistance"});
        s.apply(act::RetreatTo{g.scenario().unit_index("d"), hex(g, "0505")});
        // The friend's owner chooses where it goes: the one free hex next to it.
        REQUIRE(g.decision() == DecisionKind::Retreat);
        REQUIRE(g.legal_actions().size() == 1);
        CHECK(g.legal_actions().front() == Action(act::RetreatTo{g.scenario().unit_index("f"), hex(g, "0506")}));
        s.apply(g.legal_actions().front());
        const auto& d = g.state().unit(g.scenario().unit_index("d"));
        CHECK(d.hex == hex(g, "0505"));
        CHECK(!d.back);  // the full distance: no step lost
        CHECK(g.state().unit(g.scenario().unit_index("f")).hex == hex(g, "0506"));
        CHECK(g.state().combat.displacing.empty());
    }
    SECTION("or reduced short of it, by choice") {
        Session s = fought();
        auto& g = s.game();
        s.apply(act::RetreatTo{g.scenario().unit_index("d"), hex(g, "0504")});
        const auto& d = g.state().unit(g.scenario().unit_index("d"));
        CHECK(d.hex == hex(g, "0504"));
        CHECK(d.back);
        CHECK(g.state().unit(g.scenario().unit_index("f")).hex == hex(g, "0505"));
    }
}

TEST_CASE(
    "minefields and fortifications (6.1, exception): no move from zone to zone across a minefield or into a "
    "fortification, but for commandos",
    "[fm][movement][zoc]") {
    std::string rows;
    for (int r = 1; r <= 6; ++r)
        rows += std::string("    ") + (r == 2 ? ".....f.." : r == 3 ? ".w......" : "........") + "\n";
    const std::string mines = "  hexsides:\n    - feature: minefield\n      sides: [\"0303/0304\", \"0503/0504\"]\n";
    // The enemy at 0403 holds a zone over 0303, 0304, 0503 and 0504; the guard at 0702 one over 0601 and the
    // fortification at 0602.
    const auto path = write_scenario({{"tank", "armour", "allies", "0303"},
                                      {"cdo", "commando", "allies", "0503"},
                                      {"foot", "infantry", "allies", "0601"},
                                      {"enemy", "infantry", "axis", "0403"},
                                      {"guard", "infantry", "axis", "0702"}},
                                     "{ allies: [1], axis: [1] }", "{ allies: [1], axis: [1] }", rows, mines);
    Session s = open(path);
    auto& g = s.game();
    const auto at = [&](const char* label) { return *g.grid().parse_label(label); };
    const int tank = g.scenario().unit_index("tank"), cdo = g.scenario().unit_index("cdo"),
              foot = g.scenario().unit_index("foot");
    REQUIRE(g.hex_board().in_enemy_zoc(0, at("0304")));
    REQUIRE(g.hex_board().in_enemy_zoc(0, at("0601")));
    REQUIRE(g.hex_board().in_enemy_zoc(0, at("0602")));
    // The tank may not cross the minefield straight into the zone (1 + 1 + 5 MP); it goes round through the woods at
    // 0203: 3 + 1 + 5.
    CHECK(sandtable::kernel::MovementProcedure::movement_range(g, tank).cost(at("0304")) == 2 * 9);
    // The commando crosses it, paying the minefield and nothing for the zone.
    CHECK(sandtable::kernel::MovementProcedure::movement_range(g, cdo).cost(at("0504")) == 2 * 2);
    // Nor straight into the fortification at 0602 from 0601, both in the guard's zone (2 MP): round by 0502, 1 + 2.
    CHECK(sandtable::kernel::MovementProcedure::movement_range(g, foot).cost(at("0602")) == 2 * 3);
}

namespace {
// The scenario with the Axis's retreats drawn towards the given edge (8.3).
std::string with_axis_edge(const std::string& path, const std::string& edge) {
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string plain = "{ id: axis, name: Axis }";
    text.replace(text.find(plain), plain.size(), "{ id: axis, name: Axis, friendly_edges: [" + edge + "] }");
    sandtable::test::write_text(path, text);
    return path;
}
}  // namespace

TEST_CASE(
    "retreat preferences: closer to a friendly map edge (8.3), after a bombardment, farther from the closest enemy "
    "(8.1.5)",
    "[fm][retreat]") {
    const auto column_of = [](const Game& g, sandtable::geometry::Hex h) { return g.grid().to_offset(h).column; };
    SECTION("a friendly edge") {
        const auto path = with_axis_edge(
            write_scenario(kExample, "{ allies: [6], axis: [1] }", "{ allies: [1], axis: [0] }"), "east");
        Session s = open(path, 1, {4});
        auto& g = s.game();
        play_to_phase(s, "combat");
        declare(s, "d", {"a1", "a2"});
        s.apply(Action(act::CommitSupport{}));
        REQUIRE(g.state().combat.result == "D2");
        const int start = column_of(g, *g.grid().parse_label("0503"));
        int offered = 0;
        for (const auto& a : g.legal_actions())
            if (a.kind() == ActionKind::RetreatTo) {
                CHECK(column_of(g, *a.hex()) > start);
                ++offered;
            }
        CHECK(offered > 0);
        // The scenario keeps it when saved.
        const auto loaded = sandtable::load::load_scenario(path);
        CHECK(sandtable::load::scenario_to_yaml(*loaded.scenario, *loaded.ruleset).find("friendly_edges: [east]") !=
              std::string::npos);
    }
    SECTION("a bombardment") {
        const auto path = write_scenario({{"a1", "infantry", "allies", "0402"}, {"d", "commando", "axis", "0702"}},
                                         "{ allies: [6, 6], axis: [1] }", "{ allies: [2], axis: [0] }");
        Session s = open(path, 1, {4});  // 12 against 3: +9, die 4: D2
        auto& g = s.game();
        play_to_phase(s, "bombardment");
        s.apply(Action(act::Declare{g.scenario().unit_index("d")}));
        s.apply(Action(act::CommitSupport{}));
        s.apply(Action(act::CommitSupport{}));
        REQUIRE(g.state().combat.result == "D2");
        const auto enemy = *g.grid().parse_label("0402"), start = *g.grid().parse_label("0702");
        int offered = 0;
        for (const auto& a : g.legal_actions())
            if (a.kind() == ActionKind::RetreatTo) {
                CHECK(sandtable::geometry::distance(*a.hex(), enemy) > sandtable::geometry::distance(start, enemy));
                ++offered;
            }
        CHECK(offered > 0);
    }
}
