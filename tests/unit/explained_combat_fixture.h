// The combat the explanation tests fight: spearmen 4 with a leader (+1)
// attacking levy 2 on a hill (BMW 7.2, 7.4: one column left), with a house
// module that adds 1 to the attack and 1 to the die. 6 against 2 is 3-1,
// shifted to 2-1.
#pragma once

#include "bmw_fixture.h"

namespace bmw_test {

inline const char* const kBonusModule = R"(
game.on("combat.strengths", function(ctx) ctx.attack = ctx.attack + 1 end)
game.on("combat.roll", function(ctx) ctx.modifier = ctx.modifier + 1 end)
)";

inline Battlefield spearmen_against_levy_on_a_hill() {
    Battlefield b;
    b.rows[4][4] = 'h';  // 0505
    b.units = {{"sp", "spearmen", "a", "0504"}, {"ld", "leader", "a", "0504"}, {"lv", "levy", "b", "0505"}};
    b.extra_rule_module = kBonusModule;
    return b;
}

}  // namespace bmw_test
