// New Module (issue 19): a module's file and its registration in one step and
// one undo, written when the project is saved; in a house rule while edits
// go into one.
#include "core/edit_commands.h"
#include "core/new_rule_module.h"
#include "core/scenario_document.h"
#include "load/loader.h"
#include "project_copies.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace sandtable;
using studio::ScenarioDocument;
namespace fs = std::filesystem;

TEST_CASE("New Module registers a module and writes its file from a template when saved, and the game loads it",
          "[studio][scripts]") {
    const std::string file = test::copy_bmw_project();
    auto doc = ScenarioDocument::open(file);
    studio::EditHistory history;
    auto add = std::make_unique<studio::AddRuleModule>(doc, "fog_of_war");
    const std::string lua = add->file();
    CHECK(add->new_file());
    CHECK(fs::path(lua).filename() == "fog_of_war.lua");
    history.perform(doc, std::move(add));
    CHECK(history.undo_name() == "New Module fog_of_war");
    CHECK(doc.modified());
    CHECK_FALSE(fs::exists(lua));  // not before the save
    doc.save();
    REQUIRE(fs::exists(lua));
    CHECK(test::text_of(lua).find("Fog Of War: a rule module of") != std::string::npos);
    const auto loaded = load::load_scenario(file);
    const auto& modules = loaded.ruleset->modules;
    CHECK(std::any_of(modules.begin(), modules.end(), [](const auto& m) { return m.module == "fog_of_war"; }));
}

TEST_CASE("New Module undone before a save writes nothing", "[studio][scripts]") {
    const std::string file = test::copy_bmw_project();
    auto doc = ScenarioDocument::open(file);
    const std::string ruleset_text = test::text_of(doc.ruleset().where.file);
    studio::EditHistory history;
    auto add = std::make_unique<studio::AddRuleModule>(doc, "fog");
    const std::string lua = add->file();
    history.perform(doc, std::move(add));
    history.undo(doc);
    CHECK_FALSE(doc.modified());
    doc.save();
    CHECK_FALSE(fs::exists(lua));
    CHECK(test::text_of(doc.ruleset().where.file) == ruleset_text);
}

TEST_CASE(
    "New Module refuses a name that is not plain or is registered already, and registers a library module as it is",
    "[studio][scripts]") {
    const std::string file = test::copy_bmw_project();
    auto doc = ScenarioDocument::open(file);
    CHECK_THROWS_WITH(studio::AddRuleModule(doc, "Fog War"), Catch::Contains("plain lowercase name"));
    CHECK_THROWS_WITH(studio::AddRuleModule(doc, "../evil"), Catch::Contains("plain lowercase name"));
    CHECK_THROWS_WITH(studio::AddRuleModule(doc, "charges"), Catch::Contains("registered already"));
    const studio::AddRuleModule library(doc, "berserkers");  // scripts/berserkers.lua
    CHECK_FALSE(library.new_file());
    CHECK(fs::path(library.file()).parent_path().filename() == "scripts");
}

TEST_CASE("New Module while edits go into a house rule: the file goes into its rules/, the entry into its patch",
          "[studio][scripts][house]") {
    const std::string file = test::copy_bmw_project();
    auto doc = ScenarioDocument::open(file);
    doc.start_house_rule("foggy", "Foggy");
    studio::EditHistory history;
    auto add = std::make_unique<studio::AddRuleModule>(doc, "fog");
    const std::string lua = add->file();
    CHECK(fs::path(lua).parent_path().parent_path().filename() == "foggy");
    history.perform(doc, std::move(add));
    doc.save();
    REQUIRE(fs::exists(lua));
    const auto loaded = load::load_scenario(file);
    const auto& modules = loaded.ruleset->modules;
    const auto fog = std::find_if(modules.begin(), modules.end(), [](const auto& m) { return m.module == "fog"; });
    REQUIRE(fog != modules.end());
    CHECK(fs::equivalent(fog->file, lua));
}
