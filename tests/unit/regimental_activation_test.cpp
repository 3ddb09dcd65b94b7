// The regimental rules' sequence of play (1.4-1.6): hidden orders revealed
// together, the activation loop by 2D6 roll-off (never three running by one
// side, every regiment once a round), days of four rounds and a night.
#include "project_copies.h"

#include "bots/session.h"
#include "load/loader.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <random>
#include <set>

namespace fs = std::filesystem;
using sandtable::bots::Session;
using sandtable::kernel::Action;
using sandtable::kernel::ActionKind;
using sandtable::kernel::DecisionKind;
using sandtable::kernel::Game;
namespace act = sandtable::kernel::act;

namespace {

// A ruleset whose game turn is one activation loop over a movement phase:
// the loop's own behaviour, with nothing else in the way.
std::string write_loop_ruleset(const std::string& step_options) {
    const fs::path dir = sandtable::test::fresh_directory() / "loop";
    fs::create_directories(dir);
    sandtable::test::write_text(
        dir / "ruleset.yaml",
        "id: loop\nversion: 1\ngeometry: { kind: hex, top: flat, parity: odd, first_column: 1, first_row: 1, "
        "label_digits: 2 }\n"
        "attributes:\n  movement: { type: int, min: 0, max: 9, required: true }\n  combat: { type: int, min: 0, max: "
        "9, default: 1 }\n"
        "movement_classes: [foot]\nunit_types:\n  - { id: stand, name: Stand, class: foot, front: { movement: 1 } }\n"
        "terrain:\n  - { id: clear, name: Clear, cost: 1 }\n"
        "phases:\n  movement: { name: Movement, procedure: movement, options: { stacking: 9 } }\n"
        "sequence:\n  game_turn:\n    - { activations: [movement]" +
            step_options + " }\n");
    return dir.string();
}

// `a` formations of one stand for side a, `b` for side b, far apart.
std::string write_loop_scenario(const std::string& ruleset, int a, int b, int turns) {
    const fs::path dir = sandtable::test::fresh_directory();
    std::string text = "id: t\nruleset: " + ruleset + "\nturns: " + std::to_string(turns) +
                       "\nfirst_side: a\nsides:\n  - { id: a, name: Red }\n  - { id: b, name: Blue }\n"
                       "map:\n  columns: 12\n  rows: 12\n  legend: { \".\": clear }\n  terrain: |\n";
    for (int r = 0; r < 12; ++r) text += "    ............\n";
    text += "units:\n";
    for (int i = 0; i < a; ++i)
        text += "  - { id: a" + std::to_string(i) + ", type: stand, side: a, at: \"01" + (i + 1 < 10 ? "0" : "") +
                std::to_string(i + 1) + "\", formation: \"Red " + std::to_string(i) + "\" }\n";
    for (int i = 0; i < b; ++i)
        text += "  - { id: b" + std::to_string(i) + ", type: stand, side: b, at: \"12" + (i + 1 < 10 ? "0" : "") +
                std::to_string(i + 1) + "\", formation: \"Blue " + std::to_string(i) + "\" }\n";
    sandtable::test::write_text(dir / "scenario.yaml", text);
    return (dir / "scenario.yaml").string();
}

Session open(const std::string& scenario, std::uint64_t seed = 1, std::vector<int> dice = {}) {
    return Session(sandtable::load::load_scenario(scenario), scenario, seed, std::move(dice), true);
}

// Plays rounds: at each pick, a formation at random from those offered; each
// activated formation ends its phase at once. Checks the two properties of
// 1.6 on every activation, and counts the rounds played.
struct LoopAudit {
    int rounds = 0;
    int three_running = 0;         // a side's third activation running while the other had a formation left
    int forced_three_running = 0;  // the same when the other side had none left (every regiment must go)
    int rounds_not_once_each = 0;  // a round where some formation did not activate exactly once
};

LoopAudit play_rounds(Session& s, std::uint64_t seed) {
    auto& g = s.game();
    std::mt19937 rng(static_cast<std::uint32_t>(seed));
    LoopAudit audit;
    int turn = g.state().at.turn, last_side = -1, run = 0;
    std::map<int, int> activated;  // by formation, this round
    auto close_round = [&] {
        ++audit.rounds;
        bool once_each = static_cast<int>(activated.size()) == g.formations().count();
        for (const auto& [f, n] : activated) once_each = once_each && n == 1;
        if (!once_each) ++audit.rounds_not_once_each;
        activated.clear();
        last_side = -1, run = 0;
    };
    while (!g.over()) {
        if (g.state().at.turn != turn) {
            close_round();
            turn = g.state().at.turn;
        }
        if (g.decision() == DecisionKind::Activate) {
            const auto& legal = g.legal_actions();
            const int side = g.deciding_side();
            bool other_has_left = false;
            for (int f = 0; f < g.formations().count(); ++f)
                if (g.formations().side(f) != side && !g.state().activation.done[static_cast<std::size_t>(f)])
                    other_has_left = true;
            run = side == last_side ? run + 1 : 1;
            last_side = side;
            if (run >= 3) ++(other_has_left ? audit.three_running : audit.forced_three_running);
            const Action pick = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
            const int formation = pick.get<act::Activate>().formation;
            REQUIRE(g.formations().side(formation) == side);
            ++activated[formation];
            s.apply(pick);
        } else {
            s.apply(Action(act::EndPhase{}));
        }
    }
    close_round();
    return audit;
}

}  // namespace

TEST_CASE(
    "the activation loop over 10,000 rounds: no side goes three times running while the other has a formation left, "
    "and every formation activates exactly once a round (1.6)",
    "[regimental][activation][property]") {
    const std::string ruleset = write_loop_ruleset("");
    LoopAudit total;
    int games = 0;
    // Even sides, and uneven ones (6 against 2, where the larger side must
    // finish alone once the smaller has gone).
    for (const auto& [a, b] : std::vector<std::pair<int, int>>{{4, 4}, {3, 5}, {6, 2}, {1, 1}}) {
        const std::string scenario = write_loop_scenario(ruleset, a, b, 999);
        for (int round_set = 0; round_set < 3 && total.rounds < 10'000; ++round_set) {
            Session s = open(scenario, 11 + static_cast<std::uint64_t>(games));
            s.game().recording().log = false;
            const LoopAudit audit = play_rounds(s, 100 + static_cast<std::uint64_t>(games));
            ++games;
            total.rounds += audit.rounds;
            total.three_running += audit.three_running;
            total.forced_three_running += audit.forced_three_running;
            total.rounds_not_once_each += audit.rounds_not_once_each;
        }
    }
    INFO(games << " games, " << total.rounds << " rounds");
    CHECK(total.rounds >= 10'000);
    CHECK(total.three_running == 0);
    CHECK(total.rounds_not_once_each == 0);
    // 6 against 2 is bound to leave the larger side going alone at the end.
    CHECK(total.forced_three_running > 0);
}

TEST_CASE(
    "the roll-off (1.6): each side's 2D6, the higher picks, a tie is rolled again, or goes to the side that did not go "
    "last",
    "[regimental][activation]") {
    SECTION("ties: reroll (the default)") {
        // Red 3+4=7, Blue 5+2=7: a tie; then Red 1+1=2, Blue 6+6=12: Blue picks.
        Session s = open(write_loop_scenario(write_loop_ruleset(""), 2, 2, 2), 1, {3, 4, 5, 2, 1, 1, 6, 6});
        REQUIRE(s.game().decision() == DecisionKind::Activate);
        CHECK(s.game().deciding_side() == 1);
        CHECK(s.game().state().dice_rolled == 8);
    }
    SECTION("ties: other_side") {
        // Red 6+1, Blue 2+4: Red picks first; then 3+3 against 4+2: the tie goes to Blue, which did not go last.
        Session s =
            open(write_loop_scenario(write_loop_ruleset(", ties: other_side"), 2, 2, 2), 1, {6, 1, 2, 4, 3, 3, 4, 2});
        REQUIRE(s.game().deciding_side() == 0);
        s.apply(Action(act::Activate{s.game().legal_actions().front().get<act::Activate>().formation}));
        s.apply(Action(act::EndPhase{}));
        REQUIRE(s.game().decision() == DecisionKind::Activate);
        CHECK(s.game().deciding_side() == 1);
        CHECK(s.game().state().dice_rolled == 8);
    }
    SECTION("after two running the other side goes without a roll") {
        // Red wins twice (12 against 2); its third turn is not rolled for.
        Session s = open(write_loop_scenario(write_loop_ruleset(""), 3, 3, 2), 1, {6, 6, 1, 1, 6, 6, 1, 1});
        for (int i = 0; i < 2; ++i) {
            REQUIRE(s.game().deciding_side() == 0);
            s.apply(Action(act::Activate{s.game().legal_actions().front().get<act::Activate>().formation}));
            s.apply(Action(act::EndPhase{}));
        }
        CHECK(s.game().deciding_side() == 1);
        CHECK(s.game().state().dice_rolled == 8);
        bool said = false;
        for (const auto& e : s.game().records().log)
            said = said || e.text.find("Red has gone 2 times running: Blue goes next") != std::string::npos;
        CHECK(said);
    }
}

TEST_CASE("player turns with `first: roll_off` (5.1: the artillery phase): the sides roll off for who goes first",
          "[regimental][activation]") {
    const fs::path dir = fs::path(write_loop_ruleset(""));
    std::string text = sandtable::test::text_of(dir / "ruleset.yaml");
    const std::string step = "    - { activations: [movement] }\n";
    REQUIRE(text.find(step) != std::string::npos);
    text.replace(text.find(step), step.size(), "    - { player_turns: [movement], first: roll_off, roll_off: 1d6 }\n");
    sandtable::test::write_text(dir / "ruleset.yaml", text);
    // Red rolls 2, Blue 5: Blue moves first, then Red.
    Session s = open(write_loop_scenario(dir.string(), 1, 1, 2), 1, {2, 5});
    auto& g = s.game();
    CHECK(g.state().at.active_side == 1);
    CHECK(g.decision() == DecisionKind::Movement);
    s.apply(Action(act::EndPhase{}));
    CHECK(g.state().at.active_side == 0);
    bool said = false;
    for (const auto& e : g.records().log) said = said || e.text.find("Blue goes first") != std::string::npos;
    CHECK(said);
}

TEST_CASE("in an activation only the activated formation moves, the others wait their turn",
          "[regimental][activation]") {
    Session s = open(write_loop_scenario(write_loop_ruleset(""), 2, 2, 2), 1, {6, 6, 1, 1});
    auto& g = s.game();
    REQUIRE(g.deciding_side() == 0);
    s.apply(Action(act::Activate{g.formations().index("Red 1")}));
    REQUIRE(g.decision() == DecisionKind::Movement);
    CHECK(g.activation().formation() == g.formations().index("Red 1"));
    std::set<int> movable;
    for (const auto& a : g.legal_actions())
        if (a.kind() == ActionKind::SelectUnit) movable.insert(a.unit());
    CHECK(movable == std::set<int>{g.scenario().unit_index("a1")});
    CHECK(g.activation().acts_now(g.scenario().unit_index("a1")));
    CHECK_FALSE(g.activation().acts_now(g.scenario().unit_index("a0")));
}

TEST_CASE("the loader checks an activation step's options and a step's `when`", "[regimental][activation][load]") {
    auto error_of = [](const std::string& options) {
        try {
            sandtable::load::load_ruleset(write_loop_ruleset(options) + "/ruleset.yaml");
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK(error_of(", roll_off: 2x6").find("'roll_off' is dice such as 2d6, not '2x6'") != std::string::npos);
    CHECK(error_of(", ties: coin").find("'ties' is reroll or other_side, not 'coin'") != std::string::npos);
    CHECK(error_of(", when: dusk").find("'when' is day or night, not 'dusk'") != std::string::npos);
    CHECK(error_of(", when: night").find("'when: night' needs the ruleset's 'day:'") != std::string::npos);
    CHECK(error_of(", roll_off: 2x6").find("ruleset.yaml:") != std::string::npos);
    CHECK(error_of(", roll_off: 3d10, max_in_a_row: 3, ties: other_side").empty());
}
