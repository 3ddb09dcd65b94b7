// Scenario edits in the studio without a display: settings, sides, the order
// of battle, objectives and deployment zones; each undone gives the identical
// document, and values a scenario cannot hold are refused with a reason.
#include "core/edit_commands.h"
#include "core/scenario_commands.h"
#include "load/loader.h"
#include "project_copies.h"
#include "studio_free_hex.h"

#include <catch2/catch.hpp>

#include <set>

using namespace sandtable;
using studio::ScenarioDocument;

namespace {
using test::free_clear_hex;
int type_index(const ScenarioDocument& doc, const std::string& id) { return doc.ruleset().unit_type_index(id); }

}  // namespace

TEST_CASE("every scenario edit applied then undone gives the identical document", "[studio][scenario]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const std::string before = doc.to_yaml();
    const auto hex = free_clear_hex(doc);
    studio::EditHistory history;
    history.perform(doc, studio::set_scenario_name(doc, "The Fords, Revised"));
    history.perform(doc, studio::set_turns(doc, 14));
    history.perform(doc, studio::set_first_side(doc, 1));
    history.perform(doc, studio::set_vp_per_enemy_strength(doc, 2));
    history.perform(doc, studio::set_side_name(doc, 0, "Hesk"));
    history.perform(doc, studio::set_side_colour(doc, 0, "#7a1f1f"));
    history.perform(doc, studio::set_side_levels(doc, 0, 40, 70));
    history.perform(doc, studio::set_side_rally_rolls(doc, 0, "5, 6"));
    history.perform(doc, studio::add_unit(doc, type_index(doc, "knights"), 1, hex));
    const int added = static_cast<int>(doc.scenario().units.size()) - 1;
    CHECK(doc.scenario().units.back().id == "knights_1");
    history.perform(doc, studio::set_unit_name(doc, added, "Knights of the Ford"));
    history.perform(doc, studio::set_unit_arrives(doc, added, 4));
    history.perform(doc, studio::set_unit_back(doc, added, true));
    history.perform(doc, studio::set_unit_side(doc, added, 0));
    history.perform(doc, studio::toggle_objective(doc, hex, 5));
    history.perform(doc, studio::set_objective(doc, static_cast<int>(doc.scenario().objectives.size()) - 1, 7, 0));
    history.perform(doc, studio::paint_deployment(doc, 0, {hex}));
    history.perform(doc, studio::remove_unit(doc, 0));
    CHECK(doc.scenario().name == "The Fords, Revised");
    CHECK(doc.scenario().sides[0].rally_rolls == std::vector<int>{5, 6});
    CHECK(doc.scenario().units.back().arrives == 4);
    CHECK(doc.scenario().deployment_zones[0] == std::vector<geometry::Hex>{hex});
    const auto on_disk = load::load_scenario(doc.file());
    const auto& removed = on_disk.scenario->units[0];
    CHECK(history.undo_name() == "Remove " + removed.name + " at " + doc.scenario().map.grid.label(removed.hex));
    while (history.can_undo()) history.undo(doc);
    CHECK(doc.to_yaml() == before);
    CHECK(!doc.modified());
}

TEST_CASE("scenario edits a scenario cannot hold are refused with the reason", "[studio][scenario]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const int swamp = doc.ruleset().terrain_index("swamp");
    geometry::Hex in_swamp{};
    for (int i = 0; i < static_cast<int>(doc.scenario().map.grid.size()); ++i)
        if (doc.scenario().map.terrain[static_cast<std::size_t>(i)] == swamp)
            in_swamp = doc.scenario().map.grid.hex_at(i);
    CHECK_THROWS_WITH(studio::add_unit(doc, type_index(doc, "knights"), 0, in_swamp),
                      Catch::Contains("may not enter Swamp"));
    CHECK_THROWS_WITH(studio::set_turns(doc, 0), Catch::Contains("1 to 999 turns"));
    CHECK_THROWS_WITH(studio::set_side_levels(doc, 0, 50, 30), Catch::Contains("before it is demoralized"));
    CHECK_THROWS_WITH(studio::set_side_colour(doc, 0, "red"), Catch::Contains("#rrggbb"));
    CHECK_THROWS_WITH(studio::set_side_rally_rolls(doc, 0, "5, six"), Catch::Contains("not 'six'"));
    CHECK_THROWS_WITH(studio::set_unit_hex(doc, 0, "9999"), Catch::Contains("not a hex of this map"));
    CHECK_THROWS_WITH(studio::set_unit_arrives(doc, 0, doc.scenario().turns + 1),
                      Catch::Contains("must arrive on a turn of the game"));
    auto history = studio::EditHistory{};
    history.perform(doc, studio::set_unit_arrives(doc, 0, doc.scenario().turns));
    CHECK_THROWS_WITH(studio::set_turns(doc, doc.scenario().turns - 1), Catch::Contains("after the last turn"));
}

TEST_CASE("a unit added and moved by label saves and loads back", "[studio][scenario]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const auto hex = free_clear_hex(doc);
    studio::EditHistory history;
    history.perform(doc, studio::add_unit(doc, type_index(doc, "archers"), 0, doc.scenario().units[0].hex));
    const int added = static_cast<int>(doc.scenario().units.size()) - 1;
    history.perform(doc, studio::set_unit_hex(doc, added, doc.scenario().map.grid.label(hex)));
    history.perform(doc, studio::set_unit_name(doc, added, "Marsh Bowmen"));
    doc.save();
    const auto reloaded = load::load_scenario(doc.file());
    const auto& u = reloaded.scenario->units.back();
    CHECK(u.name == "Marsh Bowmen");
    CHECK(u.hex == hex);
    CHECK(u.type == type_index(doc, "archers"));
}

TEST_CASE("deployment zones: painting moves hexes between sides, erasing empties them", "[studio][scenario]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const auto& grid = doc.scenario().map.grid;
    const std::vector<geometry::Hex> row{grid.from_offset({0, 0}), grid.from_offset({1, 0}), grid.from_offset({2, 0})};
    studio::EditHistory history;
    history.perform(doc, studio::paint_deployment(doc, 0, row));
    history.perform(doc, studio::paint_deployment(doc, 1, {row[1]}));
    CHECK(doc.scenario().deployment_zones[0] == std::vector<geometry::Hex>{row[0], row[2]});
    CHECK(doc.scenario().deployment_zones[1] == std::vector<geometry::Hex>{row[1]});
    history.perform(doc, studio::paint_deployment(doc, -1, row));
    CHECK(doc.scenario().deployment_zones.empty());
    CHECK(history.undo_name() == "Erase Deployment Zone");
}

TEST_CASE("units added of one type get names the log tells apart", "[studio][scenario]") {
    auto doc = sandtable::studio::ScenarioDocument::open(sandtable::test::copy_bmw_project());
    const int knights = doc.ruleset().unit_type_index("knights");
    sandtable::studio::EditHistory history;
    std::vector<std::string> names;
    for (int k = 0; k < 3; ++k) {
        history.perform(doc, sandtable::studio::add_unit(doc, knights, k % 2, sandtable::test::free_clear_hex(doc)));
        names.push_back(doc.scenario().units.back().name);
    }
    CHECK(std::set<std::string>(names.begin(), names.end()).size() == 3);
    for (const auto& name : names) CHECK(name.rfind("Knights", 0) == 0);
}
