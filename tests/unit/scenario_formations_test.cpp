// Formations (issue 8: regiments; F&M 2.3.1's "4/47"): a unit's `formation:`
// in the scenario is kept when saved and read by rule modules.
#include "bmw_fixture.h"
#include "load/scenario_writer.h"

#include <algorithm>

using namespace bmw_test;

TEST_CASE("a unit's formation: loaded, saved as written, and read by rule modules as game.unit(u).formation",
          "[scenario][formation]") {
    Battlefield b;
    b.units = {{"sp1", "spearmen", "a", "0504", false, 1, "1st Regiment"},
               {"sp2", "spearmen", "a", "0505", false, 1, "1st Regiment"},
               {"lv", "levy", "b", "0101"}};
    b.extra_rule_module = R"(
game.on("phase.begin", function()
  for u = 0, game.unit_count() - 1 do
    game.log("formation of " .. game.unit(u).id .. ": " .. tostring(game.unit(u).formation))
  end
end, { phase = "movement" })
)";
    const std::string file = b.write();
    const auto loaded = sandtable::load::load_scenario(file);
    REQUIRE(loaded.scenario->units.size() == 3);
    CHECK(loaded.scenario->units[0].formation == "1st Regiment");
    CHECK(loaded.scenario->units[1].formation == "1st Regiment");
    CHECK(loaded.scenario->units[2].formation.empty());
    const std::string saved = sandtable::load::scenario_to_yaml(*loaded.scenario, *loaded.ruleset);
    CHECK(saved.find("formation: \"1st Regiment\"") != std::string::npos);
    auto s = b.start();
    const auto& log = s.game().records().log;
    auto logged = [&](const std::string& text) {
        return std::any_of(log.begin(), log.end(),
                           [&](const auto& e) { return e.text.find(text) != std::string::npos; });
    };
    CHECK(logged("formation of sp1: 1st Regiment"));
    CHECK(logged("formation of lv: nil"));
}
