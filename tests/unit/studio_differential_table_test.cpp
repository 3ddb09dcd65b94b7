// F&M's differential CRT edited on the studio's Tables page: a cell changes
// the chances, is undone exactly, and saves to the table file, which loads
// back with every line intact.
#include "core/differential_commands.h"
#include "core/edit_commands.h"
#include "core/scenario_document.h"
#include "load/loader.h"
#include "project_copies.h"

#include <catch2/catch.hpp>

#include <filesystem>

namespace fs = std::filesystem;
using sandtable::studio::ScenarioDocument;

TEST_CASE("a differential CRT cell edited in the studio changes the chances and saves to its table file",
          "[studio][document][tables][fm]") {
    const fs::path root = sandtable::test::fresh_directory();
    fs::create_directories(root / "rulesets");
    fs::create_directories(root / "scenarios");
    fs::copy(std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/fm", root / "rulesets" / "fm", fs::copy_options::recursive);
    fs::copy(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/fm", root / "scenarios" / "fm",
             fs::copy_options::recursive);
    auto doc = ScenarioDocument::open((root / "scenarios" / "fm" / "greenline.yaml").string());
    REQUIRE(doc.ruleset().differential_tables.size() == 1);
    CHECK(!doc.modified());  // an unchanged table is not counted as edited
    const auto& crt = doc.ruleset().differential_tables[0];
    // Column 6 is the clear line's 0: roll 1 reads Ex.
    REQUIRE(crt.result(5, 1) == "Ex");
    CHECK(crt.distribution(5).at("Ex") == Approx(2.0 / 6));
    sandtable::studio::EditHistory history;
    history.perform(doc, std::make_unique<sandtable::studio::SetDifferentialCell>(doc, 0, 0, 5, "D2"));
    CHECK(history.undo_name() == "Edit Combat Results Table (reconstruction) column 6, roll 1");
    CHECK(doc.ruleset().differential_tables[0].distribution(5).at("Ex") == Approx(1.0 / 6));
    CHECK(doc.modified());
    doc.save();
    CHECK(!doc.modified());
    const auto reloaded = sandtable::load::load_ruleset((root / "rulesets" / "fm").string());
    REQUIRE(reloaded.differential_tables.size() == 1);
    CHECK(reloaded.differential_tables[0].result(5, 1) == "D2");
    CHECK(reloaded.differential_tables[0].lines.size() == 5);
    CHECK(reloaded.differential_tables[0].notes == crt.notes);
    history.undo(doc);
    CHECK(doc.ruleset().differential_tables[0].result(5, 1) == "Ex");
    doc.save();
    CHECK(sandtable::load::load_ruleset((root / "rulesets" / "fm").string()).differential_tables[0].result(5, 1) ==
          "Ex");
}
