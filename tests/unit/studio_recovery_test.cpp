// Work lost in a crash comes back whole: a new unit type and a unit of it
// placed in the scenario, a switched-off rule module, a CRT cell, a
// threshold table; the real files stay untouched until the designer saves.
#include "core/edit_commands.h"
#include "core/rule_module_commands.h"
#include "core/scenario_commands.h"
#include "core/threshold_commands.h"
#include "core/unit_type_commands.h"
#include "load/loader.h"
#include "project_copies.h"
#include "studio_free_hex.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace sandtable;
using studio::ScenarioDocument;
namespace fs = std::filesystem;

namespace {
using test::free_clear_hex;
int module_index(const ScenarioDocument& doc, const std::string& name) {
    for (std::size_t m = 0; m < doc.ruleset().modules.size(); ++m)
        if (doc.ruleset().modules[m].module == name) return static_cast<int>(m);
    return -1;
}

}  // namespace

TEST_CASE("ruleset edits autosaved before a crash are recovered with the scenario", "[studio][document][recovery]") {
    const std::string file = test::copy_bmw_project();
    std::map<std::string, std::string> originals;
    std::string crt_file, ruleset_file;
    {
        auto doc = ScenarioDocument::open(file);
        ruleset_file = doc.ruleset().where.file;
        crt_file = doc.ruleset().odds_tables[0].where.file;
        for (const auto& f : {file, ruleset_file, crt_file}) originals[f] = test::text_of(f);
        studio::EditHistory history;
        auto add = std::make_unique<studio::AddUnitType>(doc, 0);
        const int type = add->index();
        history.perform(doc, std::move(add));
        history.perform(doc, std::make_unique<studio::SetUnitTypeText>(doc, type, studio::SetUnitTypeText::Field::Name,
                                                                       "Ford Wardens"));
        history.perform(doc, studio::add_unit(doc, type, 0, free_clear_hex(doc)));
        history.perform(doc, std::make_unique<studio::SetModuleEnabled>(doc, module_index(doc, "charges"), false));
        history.perform(doc, std::make_unique<studio::SetTableCell>(doc, 0, 2, 4, "DL"));
        history.perform(doc, studio::ChangeThresholdTable::set_target(doc, 1, 4));
        doc.autosave();
        CHECK(fs::exists(ScenarioDocument::autosave_path(ruleset_file)));
        CHECK(fs::exists(ScenarioDocument::autosave_path(crt_file)));
    }  // the studio "crashes": nothing saved
    for (const auto& [f, text] : originals) CHECK(test::text_of(f) == text);
    REQUIRE(ScenarioDocument::has_newer_autosave(file));
    auto doc = ScenarioDocument::recover(file, ScenarioDocument::autosave_path(file));
    CHECK(doc.modified());
    const auto& rs = doc.ruleset();
    REQUIRE(rs.unit_types.back().name == "Ford Wardens");
    CHECK(rs.unit_types.back().where.file == ruleset_file);
    CHECK(doc.scenario().units.back().type == static_cast<int>(rs.unit_types.size()) - 1);
    CHECK(doc.scenario().units.back().where.file == file);
    CHECK(!rs.modules[static_cast<std::size_t>(module_index(doc, "charges"))].enabled);
    CHECK(rs.odds_tables[0].rows[2][4] == "DL");
    CHECK(rs.odds_tables[0].where.file == crt_file);
    CHECK(rs.threshold_tables[1].target == 4);
    doc.save();
    for (const auto& f : {file, ruleset_file, crt_file}) CHECK(!fs::exists(ScenarioDocument::autosave_path(f)));
    const auto reloaded = load::load_scenario(file);
    CHECK(reloaded.ruleset->unit_types.back().name == "Ford Wardens");
    CHECK(reloaded.ruleset->odds_tables[0].rows[2][4] == "DL");
}

TEST_CASE("an edit undone before the next autosave leaves no autosave of its file", "[studio][document][recovery]") {
    const std::string file = test::copy_bmw_project();
    auto doc = ScenarioDocument::open(file);
    const std::string crt_file = doc.ruleset().odds_tables[0].where.file;
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::SetTableCell>(doc, 0, 2, 4, "DL"));
    doc.autosave();
    CHECK(fs::exists(ScenarioDocument::autosave_path(crt_file)));
    history.undo(doc);
    doc.autosave();
    CHECK(!fs::exists(ScenarioDocument::autosave_path(crt_file)));
}
