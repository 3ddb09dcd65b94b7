// PRESTAGS optional rule 16.0, Facing, switched on by the scenario. A
// unit's front is the hexside it faces and the two beside it. Directions are
// found from the map (geometry::direction_to) rather than written as numbers.
#include "prestags_fixture.h"

#include "load/scenario_writer.h"

namespace act = sandtable::kernel::act;

using namespace prestags_test;
using sandtable::geometry::direction_to;

namespace {

// A field with facing on; each unit faces `toward` (a hex label) when given.
struct Facing {
    Field f;
    std::vector<std::pair<std::string, std::string>> toward;  // unit id, hex it faces

    Facing() { f.rules = "{ facing: { enabled: true } }"; }

    sandtable::bots::Session start(std::vector<int> dice = {}) {
        {
            Field plain = f;  // to read the map's directions
            plain.rules.clear();
            auto probe = plain.start();
            for (const auto& [id, at] : toward)
                for (auto& u : f.units)
                    if (u.id == id) u.facing = direction_to(hex(probe.game(), u.hex), hex(probe.game(), at));
        }
        return f.start(std::move(dice));
    }
};

}  // namespace

TEST_CASE("16.25 worked example: a bracketed [4] heavy cavalry defends at 2, and at 1 from the flank",
          "[prestags][facing][bracket]") {
    for (const bool flank : {false, true}) {
        Facing t;
        // The knights in 0504 face 0503; the militia attack from 0503 (front) or 0505 (rear).
        t.f.units = {{"mi", "MI", "a", flank ? "0505" : "0503"}, {"ld", "L1", "a", "0101"}, {"hc", "HC", "b", "0504"}};
        t.toward = {{"hc", "0503"}, {"mi", "0504"}};
        auto s = t.start({1});
        run_to_phase(s, "melee", 0);
        attack(s, {"mi"}, "hc");
        const auto& c = s.game().state().combat;
        INFO("from the " << (flank ? "flank" : "front"));
        CHECK(c.attack == 2);
        CHECK(c.defend == (flank ? 1 : 2));
        CHECK(column_label(s.game()) == (flank ? "2-1" : "1-1"));
    }
}

TEST_CASE("16.21, 16.24 a combined front and flank attack is a flank attack, 7.5's doubling is not used",
          "[prestags][facing]") {
    Facing t;
    // Axemen in 0504 facing 0503; militia in front (0503) and behind (0505).
    t.f.units = {
        {"mi1", "MI", "a", "0503"}, {"mi2", "MI", "a", "0505"}, {"ld", "L1", "a", "0101"}, {"ax", "AX", "b", "0504"}};
    t.toward = {{"ax", "0503"}, {"mi1", "0504"}, {"mi2", "0504"}};
    auto s = t.start({1});
    run_to_phase(s, "melee", 0);
    attack(s, {"mi1", "mi2"}, "ax");
    const auto& c = s.game().state().combat;
    CHECK(c.attack == 4);  // 2 + 2, not doubled
    CHECK(c.defend == 2);  // the axemen's 4 at half: attacked in part through the flank
    CHECK(column_label(s.game()) == "2-1");
    CHECK(!logged(s.game(), "flank attack: the attackers' strength is doubled"));
}

TEST_CASE("16.0 a unit attacks only enemies in the hexes it fronts upon", "[prestags][facing]") {
    for (const bool facing_enemy : {true, false}) {
        Facing t;
        t.f.units = {{"mi", "MI", "a", "0503"}, {"ld", "L1", "a", "0101"}, {"ax", "AX", "b", "0504"}};
        t.toward = {{"mi", facing_enemy ? "0504" : "0502"}, {"ax", "0505"}};
        auto s = t.start();
        run_to_phase(s, "movement", 0);
        end_phase(s);  // into melee (if anything may attack)
        CHECK((s.game().phase_id() == "melee" &&
               find(s.game().legal_actions(), ActionKind::Declare, -1, unit(s.game(), "ax"))) == facing_enemy);
    }
}

TEST_CASE("16.1, 16.11 a unit moves only into its front hexes, turning in place costs one movement point",
          "[prestags][facing][movement]") {
    Facing t;
    // Militia (4 MP, in command) in 0504 facing north (0503).
    t.f.units = {{"mi", "MI", "a", "0504"}, {"ld", "L1", "a", "0504"}, {"enemy", "MI", "b", "1008"}};
    t.toward = {{"mi", "0503"}};
    auto s = t.start();
    run_to_phase(s, "movement", 0);
    select(s, "mi");
    const Game& g = s.game();
    const int north = direction_to(hex(g, "0504"), hex(g, "0503"));
    const int south = direction_to(hex(g, "0504"), hex(g, "0505"));
    auto offered = [&](const char* at, int facing) {
        return find(g.legal_actions(), ActionKind::MoveTo, unit(g, "mi")).has_value() &&
               std::any_of(g.legal_actions().begin(), g.legal_actions().end(), [&](const Action& a) {
                   return a.kind() == ActionKind::MoveTo && a.hex() == hex(g, at) &&
                          a.get<act::MoveTo>().facing == facing;
               });
    };
    CHECK(offered("0501", north));   // 3 ahead
    CHECK(offered("0507", south));   // turn (1) and 3 behind: 4
    CHECK(!offered("0508", south));  // turn and 4 behind: 5
    CHECK(offered("0504", south));   // a turn in place
    s.apply(act::MoveTo{unit(g, "mi"), hex(g, "0507"), south});
    CHECK(hex_of(g, "mi") == "0507");
    CHECK(g.unit(unit(g, "mi")).facing() == south);
}

TEST_CASE("16.32 the flank hexes of a fire unit stop no one", "[prestags][facing][fire]") {
    for (const bool toward_path : {true, false}) {
        Facing t;
        // Bowmen in 0605; the militia walk down column 05, past 0505 (next to 0605).
        t.f.units = {{"mi", "MI", "a", "0503"}, {"ld", "L1", "a", "0503"}, {"bw", "BW", "b", "0605"}};
        t.toward = {{"mi", "0504"}, {"bw", toward_path ? "0505" : "0705"}};
        auto s = t.start();
        run_to_phase(s, "movement", 0);
        select(s, "mi");
        INFO("the bowmen face " << (toward_path ? "the militia's path" : "away"));
        CHECK(has_move(s.game(), "0507") == !toward_path);
    }
}

TEST_CASE("16.0 a unit set up without a facing faces the nearest enemy, a scenario's facing is written back",
          "[prestags][facing][load]") {
    Facing t;
    t.f.units = {{"mi", "MI", "a", "0503"}, {"ax", "AX", "b", "0506"}};
    t.toward = {{"ax", "0507"}};
    auto s = t.start();
    const Game& g = s.game();
    CHECK(g.unit(unit(g, "mi")).facing() == direction_to(hex(g, "0503"), hex(g, "0504")));
    CHECK(g.unit(unit(g, "ax")).facing() == direction_to(hex(g, "0506"), hex(g, "0507")));
    const std::string written = sandtable::load::scenario_to_yaml(g.scenario(), g.ruleset());
    CHECK(written.find("id: \"ax\"") != std::string::npos);
    CHECK(written.find(", facing: " + std::to_string(g.unit(unit(g, "ax")).facing())) != std::string::npos);
}
