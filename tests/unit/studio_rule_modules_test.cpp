// Rule modules edited in the studio: switching a module off or on and setting
// a parameter undo to the identical document, parameters keep their type,
// and saving writes the `rules:` block of ruleset.yaml (and leaves the file
// alone when the modules did not change).
#include "core/rule_module_commands.h"
#include "core/unit_type_commands.h"
#include "load/loader.h"
#include "load/ruleset_writer.h"
#include "project_copies.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace sandtable;
using studio::ScenarioDocument;
using studio::SetModuleEnabled;
using studio::SetModuleParam;
namespace fs = std::filesystem;

namespace {

std::string ruleset_file_of(const std::string& scenario) {
    return (fs::path(scenario).parent_path().parent_path().parent_path() / "rulesets" / "bmw" / "ruleset.yaml")
        .string();
}

std::string text_of(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), {});
}

// Everything the document would save: scenario, unit types and rule modules.
std::string state_of(const ScenarioDocument& doc) {
    return doc.to_yaml() + load::unit_types_to_yaml(doc.ruleset()) + load::rule_modules_to_yaml(doc.ruleset());
}

int module_index(const ScenarioDocument& doc, const std::string& name) {
    const auto& modules = doc.ruleset().modules;
    for (std::size_t i = 0; i < modules.size(); ++i)
        if (modules[i].module == name) return static_cast<int>(i);
    FAIL("no rule module " << name);
    return -1;
}

const rules::RuleModule& module_of(const ScenarioDocument& doc, const std::string& name) {
    return doc.ruleset().modules[static_cast<std::size_t>(module_index(doc, name))];
}

// A copy of the project whose cavalry module also has a double and a text
// parameter (its file's declarations are taken out: they name only two).
std::string copy_project_with_more_params() {
    const std::string file = test::copy_bmw_project();
    const std::string ruleset_file = ruleset_file_of(file);
    const fs::path cavalry_lua = fs::path(ruleset_file).parent_path() / "rules" / "cavalry.lua";
    std::string lua = text_of(cavalry_lua.string());
    lua.erase(lua.find("--[[ params:"), lua.find("]]") + 2 - lua.find("--[[ params:"));
    std::ofstream(cavalry_lua, std::ios::binary | std::ios::trunc) << lua;
    std::string text = text_of(ruleset_file);
    const std::string cavalry = "{ retreat_hexes: 3, advance_hexes: 3 }";
    text.replace(text.find(cavalry), cavalry.size(),
                 "{ retreat_hexes: 3, advance_hexes: 3, share: 0.5, banner: Red Dragon, hexes: [1, 2] }");
    std::ofstream(ruleset_file, std::ios::binary | std::ios::trunc) << text;
    return file;
}

}  // namespace

TEST_CASE("switching a module off or on, and setting its params, then undoing gives the identical document",
          "[studio][rule_modules]") {
    auto doc = ScenarioDocument::open(copy_project_with_more_params());
    const std::string before = state_of(doc);
    const rules::Param retreat_before = *module_of(doc, "cavalry").params.find("retreat_hexes");
    const int charges = module_index(doc, "charges");
    const int cavalry = module_index(doc, "cavalry");

    std::vector<std::unique_ptr<studio::EditCommand>> commands;
    commands.push_back(std::make_unique<SetModuleEnabled>(doc, charges, false));
    commands.push_back(std::make_unique<SetModuleParam>(doc, charges, "mandatory_advance", "false"));
    commands.push_back(std::make_unique<SetModuleParam>(doc, cavalry, "retreat_hexes", " 2 "));
    commands.push_back(std::make_unique<SetModuleParam>(doc, cavalry, "advance_hexes", rules::Param{5LL, {}}));
    commands.push_back(std::make_unique<SetModuleParam>(doc, cavalry, "share", "0.75"));
    commands.push_back(std::make_unique<SetModuleParam>(doc, cavalry, "banner", "White Horse"));
    for (auto& command : commands) {
        INFO(command->name());
        command->apply(doc);
        CHECK(doc.modified());
        CHECK(state_of(doc) != before);
        command->undo(doc);
        CHECK(state_of(doc) == before);
        CHECK(!doc.modified());
    }
    // Undo restores the value exactly, where it was written included.
    const rules::Param& retreat_after = *module_of(doc, "cavalry").params.find("retreat_hexes");
    CHECK(std::get<long long>(retreat_after.value) == std::get<long long>(retreat_before.value));
    CHECK(retreat_after.where.line == retreat_before.where.line);
    CHECK(retreat_after.where.column == retreat_before.where.column);
}

TEST_CASE("rule module commands are named for the Edit menu", "[studio][rule_modules]") {
    const auto doc = ScenarioDocument::open(test::copy_bmw_project());
    CHECK(SetModuleEnabled(doc, module_index(doc, "charges"), false).name() == "Switch Off Charges");
    CHECK(SetModuleEnabled(doc, module_index(doc, "dismounted_cavalry"), true).name() ==
          "Switch On Dismounted Cavalry");
    CHECK(SetModuleParam(doc, module_index(doc, "cavalry"), "retreat_hexes", "2").name() ==
          "Set Retreat Hexes of Cavalry");
}

TEST_CASE("parameters keep their type: values of another kind are refused with a designer's message",
          "[studio][rule_modules]") {
    const auto doc = ScenarioDocument::open(copy_project_with_more_params());
    const int cavalry = module_index(doc, "cavalry");
    const int charges = module_index(doc, "charges");
    CHECK_THROWS_WITH(SetModuleParam(doc, cavalry, "retreat_hexes", "2.5"),
                      "Retreat Hexes of Cavalry must be a whole number, not '2.5'");
    CHECK_THROWS_AS(SetModuleParam(doc, cavalry, "retreat_hexes", "three"), std::invalid_argument);
    CHECK_THROWS_AS(SetModuleParam(doc, cavalry, "retreat_hexes", ""), std::invalid_argument);
    CHECK_THROWS_WITH(SetModuleParam(doc, cavalry, "retreat_hexes", rules::Param{true, {}}),
                      Catch::Contains("must be a whole number, as it is written in ruleset.yaml"));
    CHECK_THROWS_WITH(SetModuleParam(doc, charges, "mandatory_advance", "sometimes"),
                      "Mandatory Advance of Charges must be true or false, not 'sometimes'");
    CHECK_THROWS_WITH(SetModuleParam(doc, cavalry, "share", "half"),
                      Catch::Contains("Share of Cavalry must be a number"));
    CHECK_THROWS_WITH(SetModuleParam(doc, cavalry, "hexes", "[3]"),
                      "Hexes of Cavalry is a list: edit it in ruleset.yaml");
    CHECK_THROWS_WITH(SetModuleParam(doc, cavalry, "missing", "1"),
                      "Cavalry has no parameter 'missing' in ruleset.yaml");
    CHECK_THROWS_WITH(SetModuleParam(doc, module_index(doc, "leaders"), "anything", "1"),
                      Catch::Contains("Leaders has no parameter"));
    CHECK_THROWS_AS(SetModuleEnabled(doc, 99, false), std::out_of_range);
    // What is accepted keeps the kind: yes for a bool, a whole number for a double.
    CHECK_NOTHROW(SetModuleParam(doc, charges, "mandatory_advance", "Yes"));
    CHECK_NOTHROW(SetModuleParam(doc, cavalry, "share", rules::Param{2LL, {}}));
    CHECK_NOTHROW(SetModuleParam(doc, cavalry, "banner", "42"));  // text stays text: written quoted
}

TEST_CASE("rule module edits are saved into ruleset.yaml and are there when reopened", "[studio][rule_modules]") {
    const std::string file = copy_project_with_more_params();
    const std::string ruleset_file = ruleset_file_of(file);
    const std::string ruleset_before = text_of(ruleset_file);
    auto doc = ScenarioDocument::open(file);
    studio::EditHistory history;
    history.perform(doc, std::make_unique<SetModuleEnabled>(doc, module_index(doc, "charges"), false));
    history.perform(doc, std::make_unique<SetModuleParam>(doc, module_index(doc, "cavalry"), "retreat_hexes", "2"));
    history.perform(doc, std::make_unique<SetModuleParam>(doc, module_index(doc, "cavalry"), "share", "1"));
    history.perform(doc, std::make_unique<SetModuleParam>(doc, module_index(doc, "cavalry"), "banner", "42"));
    REQUIRE(doc.modified());
    doc.save();
    CHECK(!doc.modified());

    const std::string ruleset_after = text_of(ruleset_file);
    const auto rules_at = ruleset_before.find("\nrules:\n");
    CHECK(ruleset_after.substr(0, rules_at) == ruleset_before.substr(0, rules_at));  // only the rules block changed
    CHECK(ruleset_after.find("  - { module: charges, enabled: false, params: { mandatory_advance: true } }\n") !=
          std::string::npos);
    CHECK(ruleset_after.find("  - { module: cavalry, params: { retreat_hexes: 2, advance_hexes: 3, share: 1.0, banner: "
                             "\"42\", hexes: [1, 2] } }\n") != std::string::npos);

    const auto reopened = ScenarioDocument::open(file);
    CHECK(!module_of(reopened, "charges").enabled);
    const auto& cavalry = module_of(reopened, "cavalry").params;
    CHECK(std::get<long long>(cavalry.find("retreat_hexes")->value) == 2);
    CHECK(std::get<double>(cavalry.find("share")->value) == 1.0);
    CHECK(std::get<std::string>(cavalry.find("banner")->value) == "42");
    CHECK(load::rule_modules_to_yaml(reopened.ruleset()) == load::rule_modules_to_yaml(doc.ruleset()));
    CHECK(!reopened.modified());
}

TEST_CASE("a document whose rule modules did not change leaves ruleset.yaml byte-identical", "[studio][rule_modules]") {
    const std::string file = test::copy_bmw_project();
    const std::string ruleset_file = ruleset_file_of(file);
    const std::string original = text_of(ruleset_file);
    const auto written_at = fs::last_write_time(ruleset_file);
    auto doc = ScenarioDocument::open(file);
    studio::EditHistory history;
    history.perform(doc, std::make_unique<SetModuleEnabled>(doc, module_index(doc, "charges"), false));
    history.perform(doc, std::make_unique<SetModuleParam>(doc, module_index(doc, "cavalry"), "retreat_hexes", "1"));
    history.undo(doc);
    history.undo(doc);
    CHECK(!doc.modified());
    history.perform(doc, std::make_unique<studio::MoveUnit>(doc, 0, doc.scenario().map.grid.from_offset({0, 0})));
    doc.save();
    CHECK(text_of(ruleset_file) == original);
    CHECK(fs::last_write_time(ruleset_file) == written_at);
}

TEST_CASE("unit types and rule modules changed together are written to ruleset.yaml once", "[studio][rule_modules]") {
    const std::string file = test::copy_bmw_project();
    const std::string ruleset_file = ruleset_file_of(file);
    auto doc = ScenarioDocument::open(file);
    studio::EditHistory history;
    history.perform(doc, std::make_unique<SetModuleEnabled>(doc, module_index(doc, "horse_archers"), false));
    history.perform(doc,
                    std::make_unique<studio::SetUnitTypeText>(doc, 0, studio::SetUnitTypeText::Field::Name, "Pikemen"));
    int ruleset_writes = 0;
    load::FileOps ops = load::real_file_ops();
    const auto write = ops.write;
    ops.write = [&](const std::string& path, const std::string& text) {
        if (path.find("ruleset.yaml") != std::string::npos) ++ruleset_writes;
        return write(path, text);
    };
    doc.save(ops);
    CHECK(ruleset_writes == 1);
    const auto reopened = ScenarioDocument::open(file);
    CHECK(!module_of(reopened, "horse_archers").enabled);
    CHECK(reopened.ruleset().unit_types[0].name == "Pikemen");
}
