// Save Scenario As and New Scenario (issue 19): the new file has a fresh id
// and still finds its ruleset and house rules from wherever it is written.
#include "core/edit_commands.h"
#include "core/scenario_commands.h"
#include "core/scenario_document.h"
#include "core/scenario_files.h"
#include "load/loader.h"
#include "project_copies.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace sandtable;
using studio::ScenarioDocument;
namespace fs = std::filesystem;

TEST_CASE("a file's name makes a plain id", "[studio][scenario]") {
    CHECK(studio::id_from_file_name("/x/Battle of Elm Creek.yaml") == "battle_of_elm_creek");
    CHECK(studio::id_from_file_name("/x/--.yaml") == "scenario");
    CHECK(studio::id_from_file_name("/x/Rivers-2.yaml") == "rivers_2");
}

TEST_CASE("Save Scenario As writes a new file with a fresh id that loads from another folder, house rules and all",
          "[studio][scenario]") {
    const std::string file = test::copy_bmw_project();
    std::string text = test::text_of(file);
    text.replace(text.find("\nruleset:"), 1, "\nhouse_rules: [../../rulesets/bmw/house-rules/bloodier-crt]\n");
    test::write_text(file, text);
    auto doc = ScenarioDocument::open(file);
    studio::EditHistory history;
    history.perform(doc, studio::set_scenario_notes(doc, "Elm Creek, as the Wendle's fords"));
    const fs::path elsewhere = fs::path(file).parent_path().parent_path().parent_path() / "campaigns" / "autumn";
    fs::create_directories(elsewhere);
    const std::string copy = (elsewhere / "Elm Creek.yaml").string();
    doc.save_as(copy);
    CHECK(doc.file() == copy);
    CHECK_FALSE(doc.modified());
    CHECK(test::text_of(file) == text);  // the old file as it was
    const auto loaded = load::load_scenario(copy);
    CHECK(loaded.scenario->id == "elm_creek");
    CHECK(loaded.scenario->notes == "Elm Creek, as the Wendle's fords");
    CHECK(loaded.scenario->units.size() == doc.scenario().units.size());
    REQUIRE(loaded.ruleset->layers.size() == 2);
    CHECK(loaded.ruleset->layers[1].id == "bloodier-crt");
}

TEST_CASE("New Scenario writes a blank scenario of the ruleset that loads and checks clean of units",
          "[studio][scenario]") {
    const std::string file = test::copy_bmw_project();
    const auto doc = ScenarioDocument::open(file);
    const std::string blank = (fs::path(file).parent_path() / "new-one.yaml").string();
    doc.write_blank_scenario(blank);
    const auto loaded = load::load_scenario(blank);
    CHECK(loaded.scenario->id == "new_one");
    CHECK(loaded.scenario->units.empty());
    CHECK(loaded.scenario->objectives.empty());
    CHECK(loaded.scenario->sides.size() == doc.scenario().sides.size());
    CHECK(loaded.scenario->map.grid.size() == doc.scenario().map.grid.size());
    CHECK(std::all_of(loaded.scenario->map.terrain.begin(), loaded.scenario->map.terrain.end(),
                      [](int t) { return t == 0; }));
    CHECK_THROWS_WITH(doc.write_blank_scenario(blank), Catch::Contains("exists already"));
}

TEST_CASE("a scenario's id and notes are edits like the others", "[studio][scenario]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    studio::EditHistory history;
    history.perform(doc, studio::set_scenario_id(doc, "fords_2"));
    CHECK(doc.scenario().id == "fords_2");
    CHECK_THROWS_WITH(studio::set_scenario_id(doc, "Fords 2"), Catch::Contains("plain name"));
    history.undo(doc);
    CHECK_FALSE(doc.modified());
}
