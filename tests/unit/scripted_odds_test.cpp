// Bots and the studio estimate a possible combat as the rules will count it
// (issue 23, item 1): the rule scripts' combat.strengths and combat.odds are
// asked as an estimate before any die, so a Lua shift or strength is seen;
// what a handler writes in an estimate is dropped.
#include "bmw_fixture.h"
#include "bots/greedy_bot.h"

#include <catch2/catch.hpp>

using namespace bmw_test;

namespace {

// Heavy foot (6) between levy (2, 3-1) and spearmen (4, 1-1 as 6 to 4 rounds down).
Battlefield two_targets(const std::string& module) {
    Battlefield b;
    b.units = {{"hf", "heavy_foot", "a", "0505"}, {"lv", "levy", "b", "0506"}, {"sp", "spearmen", "b", "0504"}};
    b.extra_rule_module = module;
    return b;
}

const std::string kFordAtTheLevy = R"(
game.on("combat.odds", function(ctx)
  for _, d in ipairs(game.combat().defenders) do
    if game.unit(d).id == "lv" then ctx.shift = ctx.shift - 10 end  -- the levy holds a ford: the lowest column
  end
end)
)";

int declared_target(const Game& g) {
    sandtable::bots::GreedyBot greedy;
    const Action chosen = greedy.choose(g, g.legal_actions());
    REQUIRE(chosen.kind() == ActionKind::Declare);
    return chosen.target();
}

}  // namespace

TEST_CASE("a Lua column shift is in the odds a bot sees, and changes the greedy bot's choice", "[bots][odds][lua]") {
    auto plain = two_targets("").start();
    run_until(plain, DecisionKind::CombatDeclare);
    const Game& p = plain.game();
    CHECK(p.combat().odds_for({unit(p, "hf")}, {unit(p, "lv")}).label == "3-1");
    CHECK(declared_target(p) == unit(p, "lv"));  // the best odds

    auto ford = two_targets(kFordAtTheLevy).start();
    run_until(ford, DecisionKind::CombatDeclare);
    const Game& f = ford.game();
    const auto at_the_ford = f.combat().odds_for({unit(f, "hf")}, {unit(f, "lv")});
    CHECK(at_the_ford.label == "1-5");  // shifted off the table's low end: the automatic AL column
    CHECK(at_the_ford.column == 0);
    CHECK(f.combat().odds_for({unit(f, "hf")}, {unit(f, "sp")}).label == "1-1");
    CHECK(declared_target(f) == unit(f, "sp"));  // it no longer walks into the automatic loss
}

TEST_CASE("a strength a script adds, and a result a script fixes, are in the estimate", "[bots][odds][lua]") {
    auto stronger = two_targets(R"(
game.on("combat.strengths", function(ctx) ctx.attack = ctx.attack + 6 end)  -- 12 against 4: 3-1
)")
                        .start();
    run_until(stronger, DecisionKind::CombatDeclare);
    const Game& g = stronger.game();
    const auto e = g.combat().odds_for({unit(g, "hf")}, {unit(g, "sp")});
    CHECK(e.attack == 12);
    CHECK(e.defend == 4);
    CHECK(e.label == "3-1");

    auto fixed = two_targets(R"(
game.on("combat.strengths", function(ctx)
  if game.unit(game.combat().defenders[1]).id == "lv" then game.force_result("AL") end
end)
)")
                     .start();
    run_until(fixed, DecisionKind::CombatDeclare);
    const Game& h = fixed.game();
    const auto forced = h.combat().odds_for({unit(h, "hf")}, {unit(h, "lv")});
    CHECK(forced.forced_result == "AL");
    CHECK(forced.label == "AL (fixed by a rule)");
    CHECK(h.combat().odds_for({unit(h, "hf")}, {unit(h, "sp")}).forced_result.empty());
    CHECK(declared_target(h) == unit(h, "sp"));  // an attack the rules make an attacker loss is not chosen
}

TEST_CASE("what a handler writes while a combat is estimated is dropped, and the real combat writes it",
          "[bots][odds][lua]") {
    Battlefield b = two_targets(R"(
game.on("combat.strengths", function(ctx)
  local a = game.combat().attackers[1]
  game.set_mark(a, "fought", game.mark(a, "fought") + 1)
  game.log("counted a combat")
  ctx.attack = ctx.attack + game.mark(a, "fought")
end)
)");
    b.units.pop_back();  // the spearmen alone: heavy foot next to one enemy may attack it alone
    b.units[1] = {"sp", "spearmen", "b", "0506"};
    auto s = b.start();
    run_until(s, DecisionKind::CombatDeclare);
    const Game& g = s.game();
    const auto before = g.checksum();
    const auto logged = g.records().log.size();
    const auto e = g.combat().odds_for({unit(g, "hf")}, {unit(g, "sp")});
    CHECK(e.attack == 6);  // the mark it read was 0: its write was dropped
    CHECK(g.checksum() == before);
    CHECK(g.records().log.size() == logged);
    CHECK(g.state().mark(unit(g, "hf"), "fought") == 0);
    attack(s, {"hf"}, "sp");
    CHECK(g.state().mark(unit(g, "hf"), "fought") == 1);  // the real combat counted once
}
