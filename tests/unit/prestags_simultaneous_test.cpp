// PRESTAGS optional rules 19.0-23.0, the Simultaneous Movement Sequence:
// secret orders, their resolution phase by phase, movement hex by hex with
// its collisions, and the defensive strength variation. The scenario plays
// the ruleset's sequence variant `simultaneous`. Hexes: flat tops, odd
// columns half a hex higher: column 05 runs 0503, 0504, 0505, …; 0505 and
// 0605 are neighbours, 0504 and 0605 are not.
#include "prestags_fixture.h"

#include "bots/bot.h"
#include "kernel/game_state.h"
#include "load/scenario_writer.h"

using namespace prestags_test;
using sandtable::kernel::Plot;
using sandtable::kernel::PlotTask;
namespace act = sandtable::kernel::act;

namespace {

Field simultaneous() {
    Field f;
    f.sequence = "simultaneous";
    return f;
}

// Writes one unit's order (its side must be plotting).
void order(sandtable::bots::Session& s, const std::string& id, PlotTask task, const std::string& at = "") {
    Game& g = s.game();
    REQUIRE(g.decision() == DecisionKind::Plot);
    const int u = unit(g, id);
    s.apply(act::SelectUnit{u});
    const auto h = at.empty() ? g.state().unit(u).hex : hex(g, at);
    s.apply(act::Plot{u, task, h});
}

// Ends the plotting side's orders (its other units hold).
void done(sandtable::bots::Session& s) {
    REQUIRE(s.game().decision() == DecisionKind::Plot);
    end_phase(s);
}

}  // namespace

TEST_CASE(
    "19.0 the simultaneous sequence plays to the end with both sides plotted by bots, the same seed giving the same "
    "game",
    "[prestags][simultaneous][bots]") {
    Field f = simultaneous();
    f.turns = 4;
    f.units = {{"a_pp", "PP", "a", "0302"}, {"a_lb", "LB", "a", "0402"}, {"a_hc", "HC", "a", "0602"},
               {"a_mi", "MI", "a", "0702"}, {"a_l", "L2", "a", "0302"},  {"b_ax", "AX", "b", "0307"},
               {"b_cb", "CB", "b", "0407"}, {"b_mc", "MC", "b", "0607"}, {"b_ms", "MS", "b", "0707"},
               {"b_l", "L3", "b", "0707"}};
    for (const char* kind : {"random", "greedy"}) {
        std::uint64_t checksums[2]{};
        std::size_t actions[2]{};
        for (int run = 0; run < 2; ++run) {
            auto s = f.start();
            auto a = sandtable::bots::make_bot(kind, 11), b = sandtable::bots::make_bot(kind, 12);
            actions[run] = s.play({a.get(), b.get()});
            INFO(kind << " bots");
            CHECK(s.game().over());
            CHECK(logged(s.game(), "both sides have written their orders"));
            checksums[run] = s.game().checksum();
        }
        CHECK(checksums[0] == checksums[1]);
        CHECK(actions[0] == actions[1]);
    }
}

TEST_CASE("20.1 orders stay hidden from the other side: only what the units do shows them",
          "[prestags][simultaneous][hidden]") {
    Field f = simultaneous();
    // The bowmen's defensive fire keeps the game waiting after the reveal.
    f.units = {{"a_mi", "MI", "a", "0503"}, {"b_mi", "MI", "b", "0507"}, {"b_bw", "BW", "b", "0605"}};
    auto b_plotting = [&](bool a_moves) {
        auto s = f.start();
        if (a_moves)
            order(s, "a_mi", PlotTask::Move, "0505");
        else
            order(s, "a_mi", PlotTask::Hold);
        done(s);
        return s;
    };
    auto moved = b_plotting(true);
    auto held = b_plotting(false);
    Game& g = moved.game();
    REQUIRE(g.deciding_side() == 1);
    // B asks about A's orders and learns nothing; A sees its own.
    CHECK(!g.plots().of(unit(g, "a_mi"), 1).has_value());
    REQUIRE(g.plots().of(unit(g, "a_mi"), 0).has_value());
    CHECK(g.plots().of(unit(g, "a_mi"), 0)->task == PlotTask::Move);
    CHECK(!g.plots().revealed());
    // Nothing B can read differs between A moving and A holding: the state,
    // B's choices, the log.
    CHECK(sandtable::kernel::checksum(g.state()) == sandtable::kernel::checksum(held.game().state()));
    CHECK(g.legal_actions() == held.game().legal_actions());
    CHECK(log_text(g) == log_text(held.game()));
    CHECK(!logged(g, "a_mi move"));
    // B plots; now both sides' orders are known.
    order(moved, "b_bw", PlotTask::DefensiveFire);
    done(moved);
    REQUIRE(g.phase_id() == "sim_defensive_fire");
    // Carried out, the move shows; the chart itself stays hidden, as do the
    // bowmen's defensive fire orders from A, until the game is over.
    CHECK(logged(g, "a_mi moves 0503 to 0505"));
    CHECK(!g.plots().revealed());
    CHECK(!g.plots().of(unit(g, "a_mi"), 1).has_value());
    CHECK(!g.plots().of(unit(g, "b_bw"), 0).has_value());
    CHECK(!logged(g, "defensive_fire"));
}

TEST_CASE("19.1 (B) plotted offensive fire is resolved before melee and movement", "[prestags][simultaneous][fire]") {
    Field f = simultaneous();
    f.units = {{"a_lb", "LB", "a", "0502"}, {"b_ax", "AX", "b", "0505"}, {"b_mi", "MI", "b", "0505"}};
    auto s = f.start({4});  // 4 against clear 2: 2-1, rolling 4: D
    order(s, "a_lb", PlotTask::Fire, "0505");
    done(s);
    order(s, "b_ax", PlotTask::Move, "0507");
    done(s);
    const Game& g = s.game();
    CHECK(logged(g, "combat: a_lb against b_ax, b_mi"));
    CHECK(disordered(g, "b_ax"));
    CHECK(disordered(g, "b_mi"));
    // 21.2: disrupted in the fire phase, the axemen cannot carry out their move.
    CHECK(hex_of(g, "b_ax") == "0505");
}

TEST_CASE("20.22, 21.2 a unit disrupted in an earlier phase does not carry out its melee order",
          "[prestags][simultaneous][melee]") {
    Field f = simultaneous();
    f.units = {{"a_ax", "AX", "a", "0504"}, {"b_mi", "MI", "b", "0505"}, {"b_lb", "LB", "b", "0501"}};
    auto s = f.start({4});  // LB 4 against clear 2: 2-1, rolling 4: D
    order(s, "a_ax", PlotTask::Melee, "0505");
    done(s);
    order(s, "b_lb", PlotTask::Fire, "0504");
    done(s);
    const Game& g = s.game();
    CHECK(disordered(g, "a_ax"));
    CHECK(logged(g, "the orders against 0505 cannot be carried out"));
    CHECK(!logged(g, "combat: a_ax"));
}

TEST_CASE("23.11 a unit plotted to move and attacked in melee defends at half", "[prestags][simultaneous][melee]") {
    for (const bool moves : {true, false}) {
        Field f = simultaneous();
        f.units = {{"a_pp", "PP", "a", "0503"}, {"b_ax", "AX", "b", "0504"}};
        auto s = f.start({1});
        order(s, "a_pp", PlotTask::Melee, "0504");
        done(s);
        if (moves) order(s, "b_ax", PlotTask::Move, "0506");
        done(s);
        const auto& c = s.game().state().combat;
        INFO("plotted to move: " << moves);
        CHECK(c.attack == 6);
        CHECK(c.defend == (moves ? 2 : 4));
        CHECK(column_label(s.game()) == (moves ? "3-1" : "1-1"));
    }
}

TEST_CASE("22.21-22.23 opposing units entering the same hex: the stronger side first, a die roll on a tie",
          "[prestags][simultaneous][movement]") {
    SECTION("the stronger enters, the weaker stops before the hex") {
        Field f = simultaneous();
        f.units = {{"a_mi", "MI", "a", "0503"}, {"b_pp", "PP", "b", "0507"}};
        auto s = f.start();
        order(s, "a_mi", PlotTask::Move, "0505");
        done(s);
        order(s, "b_pp", PlotTask::Move, "0505");
        done(s);
        CHECK(hex_of(s.game(), "b_pp") == "0505");
        CHECK(hex_of(s.game(), "a_mi") == "0504");
        CHECK(logged(s.game(), "a_mi stops in 0504: the enemy enters the hex first (22.21)"));
    }
    for (const bool a_wins : {true, false}) {
        DYNAMIC_SECTION("equal strengths: the higher roll enters, " << (a_wins ? "A" : "B")) {
            Field f = simultaneous();
            f.units = {{"a_mi", "MI", "a", "0503"}, {"b_mi", "MI", "b", "0507"}};
            auto s = f.start(a_wins ? std::vector<int>{5, 2}
                                    : std::vector<int>{3, 3, 1, 4});  // A rolls first; 3-3 rolls again
            order(s, "a_mi", PlotTask::Move, "0505");
            done(s);
            order(s, "b_mi", PlotTask::Move, "0505");
            done(s);
            CHECK(hex_of(s.game(), a_wins ? "a_mi" : "b_mi") == "0505");
            CHECK(hex_of(s.game(), a_wins ? "b_mi" : "a_mi") == (a_wins ? "0506" : "0504"));
            CHECK(logged(s.game(), "to enter 0505 first"));
        }
    }
}

TEST_CASE("22.3 opposing units crossing the same hexside, or entering a hex an enemy holds, stop without combat",
          "[prestags][simultaneous][movement]") {
    SECTION("crossing the same hexside") {
        Field f = simultaneous();
        f.units = {{"a_mi", "MI", "a", "0504"}, {"b_mi", "MI", "b", "0505"}};
        auto s = f.start();
        order(s, "a_mi", PlotTask::Move, "0506");
        done(s);
        order(s, "b_mi", PlotTask::Move, "0503");
        done(s);
        CHECK(hex_of(s.game(), "a_mi") == "0504");
        CHECK(hex_of(s.game(), "b_mi") == "0505");
        CHECK(logged(s.game(), "an enemy crosses the same hexside (22.3)"));
        CHECK(!logged(s.game(), "combat:"));
    }
    SECTION("an enemy holding the hex") {
        Field f = simultaneous();
        f.units = {{"a_mi", "MI", "a", "0503"}, {"b_mi", "MI", "b", "0505"}};
        auto s = f.start();
        order(s, "a_mi", PlotTask::Move, "0506");
        done(s);
        done(s);  // B holds
        CHECK(hex_of(s.game(), "a_mi") == "0504");
        CHECK(logged(s.game(), "a_mi stops in 0504: an enemy holds the hex (22.3)"));
    }
}

TEST_CASE("21.1 a fire unit plotted DF fires at an enemy that moved next to it, plotted to move, it has no zone",
          "[prestags][simultaneous][defensive]") {
    SECTION("defensive fire by the unit plotted DF only") {
        Field f = simultaneous();
        f.units = {{"a_mi", "MI", "a", "0503"}, {"b_bw", "BW", "b", "0605"}, {"b_cb", "CB", "b", "0405"}};
        auto s = f.start({1});
        order(s, "a_mi", PlotTask::Move, "0505");
        done(s);
        order(s, "b_bw", PlotTask::DefensiveFire);
        done(s);  // the crossbowmen hold
        Game& g = s.game();
        REQUIRE(g.phase_id() == "sim_defensive_fire");
        REQUIRE(g.deciding_side() == 1);
        s.apply(act::Declare{unit(g, "a_mi")});
        CHECK(find(g.legal_actions(), ActionKind::AddAttacker, unit(g, "b_bw")));
        CHECK(!find(g.legal_actions(), ActionKind::AddAttacker, unit(g, "b_cb")));
    }
    for (const bool bowmen_move : {false, true}) {
        DYNAMIC_SECTION(
            "the bowmen " << (bowmen_move ? "plotted to move: no zone" : "holding: their zone stops the militia")) {
            Field f = simultaneous();
            f.units = {{"a_mi", "MI", "a", "0503"}, {"b_bw", "BW", "b", "0605"}};
            auto s = f.start();
            order(s, "a_mi", PlotTask::Move, "0507");
            done(s);
            if (bowmen_move) order(s, "b_bw", PlotTask::Move, "0805");
            done(s);
            CHECK(hex_of(s.game(), "a_mi") == (bowmen_move ? "0507" : "0505"));
        }
    }
}

TEST_CASE("a scenario's sequence variant is written back as it was read", "[prestags][simultaneous][load]") {
    Field f = simultaneous();
    f.units = {{"a_mi", "MI", "a", "0503"}, {"b_mi", "MI", "b", "0507"}};
    const std::string file = f.write();
    const auto loaded = sandtable::load::load_scenario(file);
    REQUIRE(loaded.scenario->sequence == "simultaneous");
    const std::string written = sandtable::load::scenario_to_yaml(*loaded.scenario, *loaded.ruleset);
    CHECK(written.find("\nsequence: ") != std::string::npos);
    std::ofstream(file, std::ios::trunc) << written;
    CHECK(sandtable::load::load_scenario(file).scenario->sequence == "simultaneous");
}

TEST_CASE("20.21 a unit disrupted by an earlier combat of the same phase still completes its attack",
          "[prestags][simultaneous][melee]") {
    Field f = simultaneous();
    f.units = {{"a_pp", "PP", "a", "0503"}, {"b_ax", "AX", "b", "0504"}};
    auto s = f.start({6, 1});  // A's 6 against 4: 1-1, rolling 6: D; then B's attack rolls 1
    order(s, "a_pp", PlotTask::Melee, "0504");
    done(s);
    order(s, "b_ax", PlotTask::Melee, "0503");
    done(s);
    const Game& g = s.game();
    CHECK(disordered(g, "b_ax"));
    REQUIRE(logged(g, "combat: b_ax against a_pp"));
    CHECK(logged(g, "4 against 6: column 1-2"));  // the axemen's strength when the phase began
}

TEST_CASE("22.2 a hex someone stays in is not contested: friends join, enemies stop",
          "[prestags][simultaneous][movement]") {
    Field f = simultaneous();
    f.units = {{"a_mi", "MI", "a", "0504"}, {"b_ps", "PS", "b", "0505"}, {"b_ms", "MS", "b", "0506"}};
    auto s = f.start();
    order(s, "a_mi", PlotTask::Move, "0505");
    done(s);
    order(s, "b_ms", PlotTask::Move, "0505");
    done(s);  // b_ps holds
    const Game& g = s.game();
    CHECK(hex_of(g, "b_ms") == "0505");
    CHECK(hex_of(g, "a_mi") == "0504");
    CHECK(logged(g, "a_mi stops in 0504: an enemy holds the hex (22.3)"));
    CHECK(!logged(g, "first"));
}

TEST_CASE("13.0 with 19.0 panicked units get no orders and flee when the movement resolution begins",
          "[prestags][simultaneous][panic]") {
    Field f = simultaneous();
    f.rules = "{ panic: { enabled: true, params: { levels: [50, 10] } } }";
    // A's pikemen destroy the axemen in the first melee resolution: B panics.
    f.units = {{"pp1", "PP", "a", "0503"}, {"pp2", "PP", "a", "0503"}, {"pp3", "PP", "a", "0503"},
               {"ld", "L1", "a", "0503"},  {"ax", "AX", "b", "0504"},  {"ms", "MS", "b", "0909"}};
    f.rows = std::vector<std::string>(16, std::string(16, '.'));  // room to flee in
    f.turns = 2;
    auto s = f.start({6});
    order(s, "pp1", PlotTask::Melee, "0504");
    order(s, "pp2", PlotTask::Melee, "0504");
    order(s, "pp3", PlotTask::Melee, "0504");
    done(s);
    done(s);  // B holds
    Game& g = s.game();
    REQUIRE(!on_map(g, "ax"));
    if (g.decision() == DecisionKind::Advance) s.apply(act::Decline{});
    // All combat of a phase is simultaneous (20.2): the instant is the phase's end.
    REQUIRE(g.state().mark(unit(g, "ms"), "panicked") == 1);
    // It fled when the turn's movement resolution began.
    CHECK(on_map(g, "ms"));
    CHECK(hex_of(g, "ms") != "0909");
    CHECK(logged(g, "ms flees in panic from 0909"));
    // Turn 2: B has no unit to give orders to.
    REQUIRE(g.decision() == DecisionKind::Plot);
    done(s);                        // A
    CHECK(g.deciding_side() != 1);  // B's plotting passed: nothing it may order
    CHECK(logged(g, "B has written its orders"));
}

TEST_CASE("20.2, 20.21 a unit eliminated by the other side's combat in the same phase still makes its own attack",
          "[prestags][simultaneous][melee]") {
    Field f = simultaneous();
    f.units = {{"pp1", "PP", "a", "0503"}, {"pp2", "PP", "a", "0503"}, {"pp3", "PP", "a", "0503"},
               {"ld", "L1", "a", "0101"},  {"ax", "AX", "b", "0504"},  {"mi", "MI", "b", "0603"}};
    auto s = f.start({6, 6});  // A: 18 against 4, 4-1, rolling 6: E; B: 4 + 2 against 6
    for (const char* pp : {"pp1", "pp2", "pp3"}) order(s, pp, PlotTask::Melee, "0504");
    done(s);
    order(s, "ax", PlotTask::Melee, "0503");
    order(s, "mi", PlotTask::Melee, "0503");
    done(s);
    Game& g = s.game();
    if (g.decision() == DecisionKind::Advance) s.apply(act::Decline{});
    CHECK(!on_map(g, "ax"));
    CHECK(logged(g, "combat: ax, mi against pp1, pp2, pp3"));
}
