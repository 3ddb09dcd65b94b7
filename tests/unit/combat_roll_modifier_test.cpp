// combat.roll: rule modules add to the CRT die before it is rolled; the row
// read is the sum clamped to the table, and the modifier is part of the state.
// Checked on BMW's real CRT with one extra test module (BMW itself sets none).
#include "bmw_fixture.h"

#include <algorithm>

using namespace bmw_test;

namespace {
bool logged(const Game& g, const std::string& text) {
    return std::any_of(g.records().log.begin(), g.records().log.end(),
                       [&](const auto& e) { return e.text.find(text) != std::string::npos; });
}

// Two handlers: the first sees the modifier at 0 and adds 1, the second adds `extra`.
std::string module(int extra) {
    return R"(
game.on("combat.roll", function(ctx)
  game.log("combat.roll on column " .. ctx.column .. " with modifier " .. ctx.modifier)
  ctx.modifier = ctx.modifier + 1
end)
game.on("combat.roll", function(ctx)
  ctx.modifier = ctx.modifier + )" +
           std::to_string(extra) + R"(
end)
game.on("combat.result", function(ctx)
  game.log("combat.result: roll " .. ctx.roll .. ", modifier " .. ctx.modifier .. ", result " .. ctx.result)
end)
)";
}

int column_index(const Game& g, const std::string& label) {
    const auto& cols = g.ruleset().odds_table("crt")->columns;
    for (std::size_t i = 0; i < cols.size(); ++i)
        if (cols[i].label == label) return static_cast<int>(i);
    FAIL("no column " << label);
    return -1;
}
}  // namespace

TEST_CASE("combat.roll: handlers add to the die in order, the sum picks the row, and the log shows both",
          "[lua][api][combat]") {
    // Spearmen 4 against levy 2: the 2-1 column, whose rows are DR DR - DR EX AR.
    Battlefield b;
    b.units = {{"sp", "spearmen", "a", "0504"}, {"lv", "levy", "b", "0505"}};
    SECTION("2 + 1 reads row 3") {
        b.extra_rule_module = module(0);
        auto s = b.start({2});
        run_until(s, DecisionKind::CombatDeclare);
        attack(s, {"sp"}, "lv");
        const Game& g = s.game();
        const auto& c = g.state().combat;
        CHECK(c.roll == 2);
        CHECK(c.roll_modifier == 1);
        CHECK(c.result == "-");
        CHECK(logged(g, "combat.roll on column " + std::to_string(column_index(g, "2-1")) + " with modifier 0"));
        CHECK(logged(g, "roll d6 = 2 (combat on the 2-1 column)"));
        CHECK(logged(g, "modified roll 2 +1 = 3"));
        CHECK(logged(g, "combat.result: roll 2, modifier 1, result -"));
    }
    SECTION("above the last row reads the last row") {
        b.extra_rule_module = module(8);
        auto s = b.start({2});
        run_until(s, DecisionKind::CombatDeclare);
        attack(s, {"sp"}, "lv");
        CHECK(s.game().state().combat.roll_modifier == 9);
        CHECK(s.game().state().combat.result == "AR");
        CHECK(logged(s.game(), "modified roll 2 +9 = 11, read as 6 (the table's last row)"));
    }
    SECTION("below the first row reads the first row") {
        b.extra_rule_module = module(-4);
        auto s = b.start({3});  // unmodified, 3 would be no effect
        run_until(s, DecisionKind::CombatDeclare);
        attack(s, {"sp"}, "lv");
        CHECK(s.game().state().combat.roll_modifier == -3);
        CHECK(s.game().state().combat.result == "DR");
        CHECK(logged(s.game(), "modified roll 3 -3 = 0, read as 1 (the table's first row)"));
    }
    SECTION("without a handler the die is read as rolled and nothing more is logged") {
        auto s = b.start({2});
        run_until(s, DecisionKind::CombatDeclare);
        attack(s, {"sp"}, "lv");
        CHECK(s.game().state().combat.roll_modifier == 0);
        CHECK(s.game().state().combat.result == "DR");
        CHECK(!logged(s.game(), "modified roll"));
    }
}

TEST_CASE("combat.roll is not raised when no die is rolled: an automatic column", "[lua][api][combat]") {
    // Three spearmen, 12 against 2: 6-1, an automatic DL.
    Battlefield b;
    b.units = {{"sp1", "spearmen", "a", "0504"},
               {"sp2", "spearmen", "a", "0405"},
               {"sp3", "spearmen", "a", "0506"},
               {"lv", "levy", "b", "0505"}};
    b.extra_rule_module = module(0);
    auto s = b.start({2});
    run_until(s, DecisionKind::CombatDeclare);
    attack(s, {"sp1", "sp2", "sp3"}, "lv");
    const auto& c = s.game().state().combat;
    CHECK(c.result == "DL");
    CHECK(c.roll == 0);
    CHECK(c.roll_modifier == 0);
    CHECK(s.game().state().dice_rolled == 0);
    CHECK(!logged(s.game(), "combat.roll on column"));
    CHECK(logged(s.game(), "combat.result: roll 0, modifier 0, result DL"));
}

TEST_CASE(
    "combat.roll: the modifier is in the state, so the same dice give the same checksum, and a different modifier "
    "another",
    "[lua][api][combat][replay]") {
    Battlefield b;
    b.units = {{"sp", "spearmen", "a", "0504"},
               {"lv", "levy", "b", "0505"},
               {"x", "spearmen", "a", "0808"},
               {"y", "levy", "b", "0801"}};
    auto checksum_after_combat = [&](int extra) {
        Battlefield with = b;
        with.extra_rule_module = module(extra);
        auto s = with.start({4});
        run_until(s, DecisionKind::CombatDeclare);
        attack(s, {"sp"}, "lv");
        REQUIRE(s.game().state().combat.result == "AR");  // 4 + 1 + 1, and 4 + 1 + 3 clamped, both row 6
        return s.game().checksum();
    };
    CHECK(checksum_after_combat(1) == checksum_after_combat(1));
    CHECK(checksum_after_combat(1) != checksum_after_combat(3));
}
