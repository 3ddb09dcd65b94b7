// game.neighbour: the hex next to another in a direction, nil off the map.
#include "bmw_fixture.h"

#include <algorithm>

namespace act = sandtable::kernel::act;

using namespace bmw_test;

namespace {
bool logged(const Game& g, const std::string& text) {
    return std::any_of(g.records().log.begin(), g.records().log.end(),
                       [&](const auto& e) { return e.text.find(text) != std::string::npos; });
}
}  // namespace

TEST_CASE("game.neighbour goes round a hex in order and gives nil off the map", "[lua][api]") {
    Battlefield b;
    b.units = {{"sp", "spearmen", "a", "0504"}, {"lv", "levy", "b", "0101"}};
    b.extra_rule_module = R"(
game.on("phase.begin", function()
  local ring = {}
  for d = 0, 5 do
    local n = game.neighbour("0504", d)
    assert(game.distance("0504", n) == 1)
    -- d and d + 1 are next to each other, d and d + 3 opposite.
    assert(game.distance(n, game.neighbour("0504", (d + 1) % 6)) == 1)
    assert(game.distance(n, game.neighbour("0504", (d + 3) % 6)) == 2)
    ring[#ring + 1] = n
  end
  game.log("ring " .. table.concat(ring, " "))
  local off = 0
  for d = 0, 5 do if game.neighbour("0101", d) == nil then off = off + 1 end end
  game.log("off the map around 0101: " .. off)
  local ok, err = pcall(game.neighbour, "0504", 6)
  game.log(tostring(ok) .. " " .. err)
end, { phase = "movement" })
)";
    auto s = b.start();
    const Game& g = s.game();
    CHECK(std::any_of(g.records().log.begin(), g.records().log.end(), [](const auto& e) {
        return e.text.find("ring ") != std::string::npos && e.text.find("0503") != std::string::npos &&
               e.text.find("0505") != std::string::npos;
    }));
    CHECK(logged(g, "off the map around 0101: 4"));
    CHECK(std::any_of(g.records().log.begin(), g.records().log.end(), [](const auto& e) {
        return e.text.find("direction must be 0 to 5, got 6") != std::string::npos;
    }));
}

TEST_CASE("a handler filter by unit_types runs only for units of those types, and an unknown type is an error",
          "[lua][api][filter]") {
    Battlefield b;
    b.units = {{"sp", "spearmen", "a", "0504"}, {"ar", "archers", "a", "0304"}, {"lv", "levy", "b", "0101"}};
    b.extra_rule_module = R"(
game.on("move.end", function(ctx) game.log("filtered move.end " .. game.unit(ctx.unit).id) end, { unit_types = { "spearmen" } })
game.on("move.end", function(ctx) game.log("never " .. game.unit(ctx.unit).id) end, { unit_types = {} })
local ok, err = pcall(game.on, "move.end", function() end, { unit_types = { "spearman" } })
game.log("bad type: " .. tostring(ok) .. " " .. err)
)";
    auto s = b.start();
    run_until(s, DecisionKind::Movement);
    for (const char* id : {"sp", "ar"}) {
        s.apply(act::SelectUnit{s.game().scenario().unit_index(id)});
        const auto& legal = s.game().legal_actions();
        const int u = s.game().scenario().unit_index(id);
        const auto move = std::find_if(legal.begin(), legal.end(), [&](const Action& a) {
            return a.kind() == ActionKind::MoveTo && a.hex() != s.game().state().unit(u).hex;
        });
        REQUIRE(move != legal.end());
        s.apply(*move);
    }
    const Game& g = s.game();
    CHECK(logged(g, "filtered move.end sp"));
    CHECK_FALSE(logged(g, "filtered move.end ar"));
    CHECK_FALSE(logged(g, "never "));
    CHECK(logged(g, "the ruleset has no unit type 'spearman'"));
}

// game.units_within: a side's units on the map within a radius, borders included, in scenario order.
TEST_CASE("game.units_within lists a side's units up to and including the range, none of the other side's",
          "[lua][api]") {
    Battlefield b;
    b.units = {{"far", "spearmen", "a", "0804"},  // 3 hexes from 0504
               {"in", "spearmen", "a", "0505"},   // 1 hex
               {"at", "levy", "a", "0504"},       // 0 hexes
               {"two", "archers", "a", "0704"},   // 2 hexes
               {"foe", "levy", "b", "0503"}};     // 1 hex, the other side
    b.extra_rule_module = R"(
local function ids(list)
  local out = {}
  for _, u in ipairs(list) do out[#out + 1] = game.id(u) end
  return table.concat(out, ",")
end
game.on("phase.begin", function()
  local a = game.side(0)
  for _, r in ipairs({ 0, 1, 2, 3 }) do
    game.log("within " .. r .. ": " .. ids(game.units_within("0504", r, a)) .. ".")
  end
  game.log("other side within 1: " .. ids(game.units_within("0504", 1, game.side(4))) .. ".")
  for _, bad in ipairs({ -1, 1.5 }) do
    local ok, err = pcall(game.units_within, "0504", bad, a)
    game.log(tostring(ok) .. " " .. err)
  end
end, { phase = "movement" })
)";
    auto s = b.start();
    const Game& g = s.game();
    for (const char* line : {"within 0: at.", "within 1: in,at.", "within 2: in,at,two.", "within 3: far,in,at,two.",
                             "other side within 1: foe.", "range must be 0 to 2147483647, got -1",
                             "range must be a whole number, got 1.5"})
        CHECK(logged(g, line));
}
