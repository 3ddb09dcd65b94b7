// Threshold tables edited in the studio: the chance of success follows,
// saving rewrites only the table that changed, undo is exact.
#include "core/threshold_commands.h"
#include "load/loader.h"
#include "load/table_writer.h"
#include "project_copies.h"

#include <catch2/catch.hpp>

using namespace sandtable;
using studio::ChangeThresholdTable;
using studio::ScenarioDocument;

namespace {
int threshold_index(const ScenarioDocument& doc, const std::string& id) {
    const auto& tables = doc.ruleset().threshold_tables;
    for (std::size_t i = 0; i < tables.size(); ++i)
        if (tables[i].id == id) return static_cast<int>(i);
    return -1;
}
}  // namespace

TEST_CASE("reorganizing on 4-6 instead of 5-6 changes the chance and saves to its file only",
          "[studio][tables][threshold]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const int reorg = threshold_index(doc, "reorganization"), archery = threshold_index(doc, "archery");
    REQUIRE(reorg >= 0);
    REQUIRE(archery >= 0);
    const auto& table = doc.ruleset().threshold_tables[static_cast<std::size_t>(reorg)];
    CHECK(table.probability(table.target, 0) == Approx(2.0 / 6));  // 11.1: 5-6
    const std::string archery_text =
        load::read_file(doc.ruleset().threshold_tables[static_cast<std::size_t>(archery)].where.file);
    studio::EditHistory history;
    history.perform(doc, ChangeThresholdTable::set_target(doc, reorg, 4));
    CHECK(history.undo_name() == "Set Target of Reorganization");
    CHECK(doc.modified());
    CHECK(doc.ruleset().threshold_tables[static_cast<std::size_t>(reorg)].probability(4, 0) == Approx(3.0 / 6));
    CHECK(doc.ruleset().threshold_tables[static_cast<std::size_t>(reorg)].probability(4, -1) ==
          Approx(2.0 / 6));  // adjacent to an enemy
    doc.save();
    const auto reloaded = load::load_scenario(doc.file());
    CHECK(reloaded.ruleset->threshold_table("reorganization")->target == 4);
    CHECK(load::read_file(doc.ruleset().threshold_tables[static_cast<std::size_t>(archery)].where.file) ==
          archery_text);
    history.undo(doc);
    CHECK(doc.ruleset().threshold_tables[static_cast<std::size_t>(reorg)].target == 5);
}

TEST_CASE("threshold edits a table cannot hold are refused", "[studio][tables][threshold]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const int archery = threshold_index(doc, "archery");
    CHECK_THROWS_WITH(ChangeThresholdTable::set_die(doc, archery, 1), Catch::Contains("2 to 100 faces"));
    CHECK_THROWS_WITH(ChangeThresholdTable::set_target_attribute(doc, archery, "bowmanship"),
                      Catch::Contains("not an attribute"));
    studio::EditHistory history;
    history.perform(doc, ChangeThresholdTable::set_target_attribute(doc, archery, "range"));
    history.perform(doc, ChangeThresholdTable::set_compare(doc, archery, rules::ThresholdTable::Compare::AtLeast));
    const auto text = load::threshold_table_to_yaml(doc.ruleset().threshold_tables[static_cast<std::size_t>(archery)]);
    CHECK_THAT(text, Catch::Contains("hit_on: at_least"));
    CHECK_THAT(text, Catch::Contains("target_attribute: range"));
    history.undo(doc);
    history.undo(doc);
    CHECK(!doc.modified());
}
