// Which numbers a counter prints, worked out from the ruleset alone: the
// strength and movement every system has, a separate defence where the
// combats read one (F&M), and dice, strength points and movement where they
// roll dice pools (the regimental rules' BS-SP-MP).
#include "render/counter_painter.h"

#include "load/loader.h"

#include <catch2/catch.hpp>

using namespace sandtable;

namespace {
std::string printed(const std::string& ruleset, const std::string& type) {
    const auto rs = load::load_ruleset(std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/" + ruleset + "/ruleset.yaml");
    const rules::UnitType* t = nullptr;
    for (const auto& u : rs.unit_types)
        if (u.id == type) t = &u;
    REQUIRE(t);
    return studio::counter_look(rs, *t, false, "#336699").values;
}
}  // namespace

TEST_CASE(
    "a counter prints what its ruleset's combats read: strength-movement, attack-defence-movement, or dice-SP-movement",
    "[studio][render]") {
    CHECK(printed("bmw", "spearmen").find('-') != std::string::npos);
    CHECK(printed("fm", "infantry") == "4-4-6");          // attack-defense-movement
    CHECK(printed("regimental", "infantry") == "3-5-2");  // BS 3, SP 5, foot 2
    CHECK(printed("regimental", "hq") == "1-6-3");
    // A worn stand prints the points it has left, and rolls no more dice than that.
    const auto rs = load::load_ruleset(std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/regimental/ruleset.yaml");
    const auto values = studio::counter_values(rs);
    CHECK(studio::counter_look(values, rs.unit_types[static_cast<std::size_t>(rs.unit_type_index("infantry"))], false,
                               "#336699", 1)
              .values == "3-4-2");
    CHECK(studio::counter_look(values, rs.unit_types[static_cast<std::size_t>(rs.unit_type_index("infantry"))], false,
                               "#336699", 3)
              .values == "2-2-2");
}
