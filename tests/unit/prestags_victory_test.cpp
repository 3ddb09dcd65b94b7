// PRESTAGS 11.4 (exiting units) and 15.0 (tactical concession).
#include "prestags_fixture.h"

#include "bots/bot.h"

namespace act = sandtable::kernel::act;

using namespace prestags_test;

namespace {

// A field whose scenario lets side A's units leave by `exit_hexes`.
std::string with_exits(Field& f, const std::string& exits) {
    const std::string file = f.write();
    std::ofstream(file, std::ios::app) << "exits:\n  - { side: a, hexes: [" << exits << "]"
                                       << " }\n";
    return file;
}

sandtable::bots::Session start(const std::string& file, std::vector<int> dice = {}) {
    return sandtable::bots::Session(sandtable::load::load_scenario(file), file, 1, std::move(dice), true);
}

}  // namespace

TEST_CASE("11.4 a unit leaves the map from an exit hex with a movement point to spare, for good, and scores",
          "[prestags][victory][exit]") {
    Field f;
    // Militia (4 MP, in command) in 0104; the exit hexes are on the west edge.
    f.units = {
        {"mi", "MI", "a", "0104"}, {"ld", "L1", "a", "0204"}, {"far", "MI", "a", "0404"}, {"enemy", "MI", "b", "1008"}};
    const std::string file = with_exits(f, "\"0101\", \"0105\"");
    auto s = start(file);
    Game& g = s.game();
    run_to_phase(s, "movement", 0);
    select(s, "mi");
    // 0101 is 3 MP away (1 to spare), 0105 is 1.
    CHECK(find(g.legal_actions(), ActionKind::Exit, unit(g, "mi")));
    s.apply(act::Exit{unit(g, "mi"), hex(g, "0101")});
    CHECK(!on_map(g, "mi"));
    CHECK(g.state().unit(unit(g, "mi")).exited);
    CHECK(!g.state().unit(unit(g, "mi")).eliminated);
    CHECK(g.state().sides[0].exited_points == 1);  // its victory points: MI 2 is worth 1
    CHECK(logged(g, "mi leaves the map from 0101"));
    // 0404 to the edge is 3 hexes: no point to spare for 0101, which is further.
    select(s, "far");
    for (const auto& a : g.legal_actions())
        if (a.kind() == ActionKind::Exit) CHECK(sandtable::geometry::distance(hex(g, "0404"), *a.hex()) <= 3);
}

TEST_CASE("11.4 exit hexes must lie on the map's edge", "[prestags][victory][exit][load]") {
    Field f;
    f.units = {{"mi", "MI", "a", "0104"}, {"enemy", "MI", "b", "1008"}};
    const std::string file = with_exits(f, "\"0505\"");
    try {
        sandtable::load::load_scenario(file);
        FAIL("loaded");
    } catch (const sandtable::load::LoadError& e) {
        REQUIRE(e.diagnostics().size() == 1);
        CHECK(e.diagnostics().front().message == "exit hex 0505 is not on the map's edge");
    }
}

TEST_CASE("15.0-15.1 a player who concedes grants at least a Substantive Victory", "[prestags][victory][concession]") {
    SECTION("victory points alone would give nothing: Substantive") {
        Field f;
        f.units = {{"mi", "MI", "a", "0104"}, {"ld", "L1", "a", "0204"}, {"enemy", "MI", "b", "1008"}};
        auto s = f.start();
        run_to_phase(s, "movement", 0);
        Game& g = s.game();
        REQUIRE(find(g.legal_actions(), ActionKind::Concede));
        s.apply(act::Concede{});
        CHECK(g.over());
        CHECK(g.state().result.winner == 1);
        CHECK(g.state().result.level == "substantive");
        CHECK(g.state().result.reason == "concession");
    }
    SECTION("the winner keeps a higher level its points give") {
        Field f;
        f.units = {{"pp1", "PP", "b", "0503"}, {"pp2", "PP", "b", "0503"}, {"lb", "L1", "b", "0503"},
                   {"ax", "AX", "a", "0504"},  {"mi", "MI", "a", "0108"},  {"la", "L1", "a", "0108"}};
        f.turns = 3;
        auto s = f.start({6, 6});
        run_to_phase(s, "melee", 1);
        attack(s, {"pp1", "pp2"}, "ax");  // 12 against 4: E
        REQUIRE(!on_map(s.game(), "ax"));
        run_to_phase(s, "movement", 0);
        s.apply(act::Concede{});
        CHECK(s.game().state().result.winner == 1);
        CHECK(s.game().state().result.level == "decisive_ratio");  // 2 VP to 0
    }
    SECTION("\"at any time\": also once a unit has moved, and in the opponent's phase; bots never concede") {
        Field f;
        f.units = {{"mi", "MI", "a", "0104"}, {"ld", "L1", "a", "0204"}, {"enemy", "MI", "b", "1008"}};
        auto s = f.start();
        run_to_phase(s, "movement", 0);
        move(s, "mi", "0105");
        CHECK(find(s.game().legal_actions(), ActionKind::Concede));
        run_to_phase(s, "movement", 1);
        REQUIRE(s.game().deciding_side() == 1);
        CHECK(find(s.game().legal_actions(), ActionKind::Concede));
        for (const char* bot : {"random", "greedy"}) {
            auto first = sandtable::bots::make_bot(bot, 3);
            auto second = sandtable::bots::make_bot(bot, 4);
            auto s2 = f.start();
            s2.play({first.get(), second.get()});
            CHECK(s2.game().state().result.reason != "concession");
        }
    }
}
