// Renaming ids (issue 19): a unit's id, and a unit type's id with the
// scenario's units and the rule modules' parameters following, one undo step;
// refused, with the place named, where the id is written in a file the studio
// does not rewrite.
#include "core/edit_commands.h"
#include "core/rename_ids.h"
#include "core/scenario_document.h"
#include "load/loader.h"
#include "project_copies.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace sandtable;
using studio::ScenarioDocument;
namespace fs = std::filesystem;

TEST_CASE("a unit's id is renamed, unique and plain", "[studio][rename]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    studio::EditHistory history;
    const std::string other = doc.scenario().units[1].id;
    history.perform(doc, studio::set_unit_id(doc, 0, "margrave"));
    CHECK(doc.scenario().units[0].id == "margrave");
    CHECK_THROWS_WITH(studio::set_unit_id(doc, 0, other), Catch::Contains("another unit has the id"));
    CHECK_THROWS_WITH(studio::set_unit_id(doc, 0, "the margrave"), Catch::Contains("plain name"));
    history.undo(doc);
    CHECK_FALSE(doc.modified());
}

TEST_CASE("a unit type's id is renamed with its units and the modules' parameters that name it, one undo step",
          "[studio][rename]") {
    const std::string file = test::copy_bmw_project();
    fs::remove(fs::path(file).parent_path() /
               "skirmish.yaml");  // the project's other scenario would be left naming the old id
    auto doc = ScenarioDocument::open(file);
    const int spearmen = doc.ruleset().unit_type_index("spearmen");
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::RenameUnitType>(doc, spearmen, "pikemen"));
    CHECK(history.undo_name() == "Rename Unit Type Id spearmen to pikemen");
    doc.save();
    const auto loaded = load::load_scenario(file);
    CHECK(loaded.ruleset->unit_type_index("pikemen") == spearmen);
    CHECK(loaded.ruleset->unit_type_index("spearmen") < 0);
    CHECK(std::count_if(loaded.scenario->units.begin(), loaded.scenario->units.end(), [&](const auto& u) {
              return u.type == spearmen;
          }) == std::count_if(doc.scenario().units.begin(), doc.scenario().units.end(), [&](const auto& u) {
              return u.type == spearmen;
          }));
    history.undo(doc);
    CHECK(doc.ruleset().unit_types[static_cast<std::size_t>(spearmen)].id == "spearmen");
}

TEST_CASE("a unit type's id named by another scenario of the project is not renamed, the scenario named",
          "[studio][rename]") {
    const std::string file = test::copy_bmw_project();
    auto doc = ScenarioDocument::open(file);
    const int knights = doc.ruleset().unit_type_index("knights");
    CHECK_THROWS_WITH(studio::RenameUnitType(doc, knights, "lances"),
                      Catch::Contains("skirmish.yaml places units of 'knights'"));
    CHECK_THROWS_WITH(studio::RenameUnitType(doc, knights, "levy"), Catch::Contains("another unit type has the id"));
}

TEST_CASE("a module parameter naming a unit type follows its new id", "[studio][rename]") {
    const std::string file = test::copy_bmw_project();
    fs::remove(fs::path(file).parent_path() / "skirmish.yaml");
    auto doc = ScenarioDocument::open(file);
    // Berserkers (a library module) names the types it makes berserk.
    auto& modules = doc.edit_ruleset().modules;
    rules::RuleModule berserkers;
    berserkers.module = "berserkers";
    berserkers.params.value = rules::Param::Map{
        {"unit_types", rules::Param{rules::Param::List{rules::Param{std::string("spearmen"), {}}}, {}}}};
    modules.push_back(berserkers);
    const int spearmen = doc.ruleset().unit_type_index("spearmen");
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::RenameUnitType>(doc, spearmen, "pikemen"));
    const auto* listed = doc.ruleset().modules.back().params.find("unit_types");
    REQUIRE(listed);
    CHECK(std::get<std::string>(listed->list()->front().value) == "pikemen");
    history.undo(doc);
    CHECK(std::get<std::string>(doc.ruleset().modules.back().params.find("unit_types")->list()->front().value) ==
          "spearmen");
}
