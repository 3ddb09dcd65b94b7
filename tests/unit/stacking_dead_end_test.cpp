// PRESTAGS 5.4: "At the end of the Player's Movement Phase, he may have no
// more than the stated limit of units in any single hex." The kernel lets a
// unit into a crowded hex while a unit there may still leave; when every way
// out of that hex has since filled, the unit it counted on stays rather than
// leave its side with no legal action (the game used to stop there).
#include "bots/bot.h"
#include "bots/session.h"
#include "load/loader.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace sandtable;

TEST_CASE("a selected unit whose every way out has filled may stay: the game never runs out of actions",
          "[movement][stacking]") {
    // Greedy against greedy on the large PRESTAGS scenario, game 807 of a batch: the League's g_pp10 is
    // selected in 2318, where three units moved in counting on it to leave, and every hex it could reach is full.
    const std::string file = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/prestags/large.yaml";
    bots::Session s(load::load_scenario(file), file, 807);
    auto owned = bots::bots_for_game({"greedy"}, 2, 807);
    const std::vector<bots::Bot*> bots{owned[0].get(), owned[1].get()};
    bool stayed_crowded = false;
    while (!s.game().over()) {
        const auto& g = s.game();
        REQUIRE_FALSE(g.legal_actions().empty());
        const auto& legal = g.legal_actions();
        const auto moves = std::count_if(legal.begin(), legal.end(), [](const kernel::Action& a) {
            return a.kind() != kernel::ActionKind::Concede;  // the side may always concede (PRESTAGS 15.0)
        });
        if (g.decision() == kernel::DecisionKind::MoveDestination && moves == 1 &&
            legal.front().hex() == g.state().unit(g.state().selected).hex && g.state().selected >= 0 &&
            g.unit(g.state().selected).id() == "g_pp10")
            stayed_crowded = true;
        s.play(bots, 1);
    }
    CHECK(stayed_crowded);
    CHECK(s.game().state().result.over);
}
