// Unit types edited in the studio: every command undoes to the identical
// document, values are checked as a designer types them, and saving writes the
// unit types into ruleset.yaml (and leaves it alone when they did not change).
#include "core/unit_type_commands.h"
#include "load/loader.h"
#include "load/ruleset_writer.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace sandtable;
using studio::CounterFace;
using studio::ScenarioDocument;
namespace fs = std::filesystem;

namespace {

// The BMW ruleset, the scripts library and wendle-fords.yaml in a fresh folder,
// laid out as the scenario's `ruleset: ../../rulesets/bmw` expects.
std::string copy_project() {
    static int counter = 0;
    const fs::path root = fs::temp_directory_path() /
                          ("sandtable-unit-types-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    const fs::path source = SANDTABLE_SOURCE_DIR;
    fs::remove_all(root);
    fs::create_directories(root / "rulesets");
    fs::create_directories(root / "scenarios" / "bmw");
    fs::copy(source / "rulesets" / "bmw", root / "rulesets" / "bmw", fs::copy_options::recursive);
    fs::copy(source / "scripts", root / "scripts", fs::copy_options::recursive);
    fs::copy(source / "scenarios" / "bmw" / "wendle-fords.yaml", root / "scenarios" / "bmw" / "wendle-fords.yaml");
    return (root / "scenarios" / "bmw" / "wendle-fords.yaml").string();
}

std::string ruleset_file_of(const std::string& scenario) {
    return (fs::path(scenario).parent_path().parent_path().parent_path() / "rulesets" / "bmw" / "ruleset.yaml")
        .string();
}

std::string text_of(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), {});
}

// Everything the document would save, scenario and unit types.
std::string state_of(const ScenarioDocument& doc) { return doc.to_yaml() + load::unit_types_to_yaml(doc.ruleset()); }

int type_index(const ScenarioDocument& doc, const std::string& id) {
    const int i = doc.ruleset().unit_type_index(id);
    REQUIRE(i >= 0);
    return i;
}

int attribute(const ScenarioDocument& doc, const std::string& id) { return doc.ruleset().attribute_index(id); }

// Wendle Fords places every BMW type: take the levies off the map so that
// one type in the middle of the list is free to remove.
int unplace_levies(ScenarioDocument& doc) {
    const int levy = type_index(doc, "levy");
    auto& units = doc.edit().units;
    units.erase(std::remove_if(units.begin(), units.end(), [levy](const auto& u) { return u.type == levy; }),
                units.end());
    return levy;
}

}  // namespace

TEST_CASE("every unit type command applied then undone gives the identical document", "[studio][unit_types]") {
    auto doc = ScenarioDocument::open(copy_project());
    const int unplaced = unplace_levies(doc);
    const std::string before = state_of(doc);
    const int spearmen = type_index(doc, "spearmen"), knights = type_index(doc, "knights"),
              leader = type_index(doc, "leader");
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::AddUnitType>(doc));
    CHECK(history.undo_name() == "Add Unit Type");
    history.perform(doc, std::make_unique<studio::AddUnitType>(doc, spearmen));
    CHECK(history.undo_name() == "Duplicate Spearmen");
    history.perform(doc, std::make_unique<studio::SetUnitTypeAttribute>(doc, spearmen, CounterFace::Front,
                                                                        attribute(doc, "combat"), "5"));
    CHECK(history.undo_name() == "Set Combat of Spearmen");
    history.perform(doc, std::make_unique<studio::SetUnitTypeAttribute>(doc, knights, CounterFace::Back,
                                                                        attribute(doc, "dot"), "solid"));
    CHECK(history.undo_name() == "Set Back Dot of Knights");
    history.perform(
        doc, std::make_unique<studio::SetUnitTypeText>(doc, spearmen, studio::SetUnitTypeText::Field::Name, "Pikemen"));
    CHECK(history.undo_name() == "Rename Spearmen");
    history.perform(doc, std::make_unique<studio::SetUnitTypeText>(doc, knights, studio::SetUnitTypeText::Field::Symbol,
                                                                   "horse_archers"));
    history.perform(doc, std::make_unique<studio::SetUnitTypeMovementClass>(
                             doc, leader, CounterFace::Front, doc.ruleset().movement_class_index("horse")));
    CHECK(history.undo_name() == "Set Movement Class of Leader");
    history.perform(doc, std::make_unique<studio::SetUnitTypeBackFace>(doc, leader, true));
    CHECK(history.undo_name() == "Add Back Face to Leader");
    history.perform(doc, std::make_unique<studio::SetUnitTypeBackFace>(doc, knights, false));
    history.perform(doc, std::make_unique<studio::RemoveUnitType>(doc, unplaced));
    CHECK(history.undo_name() == "Remove Unit Type Levy");
    while (history.can_undo()) history.undo(doc);
    CHECK(state_of(doc) == before);
    // And forward again: the same edits give the same document as the first time.
    while (history.can_redo()) history.redo(doc);
    CHECK(doc.ruleset().unit_types[static_cast<std::size_t>(spearmen)].name == "Pikemen");
    CHECK(!doc.ruleset().unit_types[static_cast<std::size_t>(knights > unplaced ? knights - 1 : knights)].back);
}

TEST_CASE("a new unit type gets a fresh id and the declared defaults, or copies a type", "[studio][unit_types]") {
    auto doc = ScenarioDocument::open(copy_project());
    studio::EditHistory history;
    auto add = std::make_unique<studio::AddUnitType>(doc);
    CHECK(add->new_id() == "new_type_1");
    history.perform(doc, std::move(add));
    const auto& added = doc.ruleset().unit_types.back();
    CHECK(added.name == "New Type 1");
    CHECK(added.symbol == "infantry");
    CHECK(!added.back);
    for (std::size_t a = 0; a < doc.ruleset().attributes.size(); ++a)
        CHECK(added.front.values[a] == doc.ruleset().attributes[a].default_value);
    auto copy = std::make_unique<studio::AddUnitType>(doc, type_index(doc, "knights"));
    CHECK(copy->new_id() == "new_type_2");
    history.perform(doc, std::move(copy));
    const auto& knights = doc.ruleset().unit_types[static_cast<std::size_t>(type_index(doc, "knights"))];
    const auto& copied = doc.ruleset().unit_types.back();
    CHECK(copied.name == "Copy of Knights");
    CHECK(copied.front.values == knights.front.values);
    REQUIRE(copied.back);
    CHECK(copied.back->values == knights.back->values);
}

TEST_CASE("an added unit type is saved into ruleset.yaml and is there when reopened", "[studio][unit_types]") {
    const std::string file = copy_project();
    const std::string ruleset_file = ruleset_file_of(file);
    const std::string ruleset_before = text_of(ruleset_file);
    auto doc = ScenarioDocument::open(file);
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::AddUnitType>(doc, type_index(doc, "archers")));
    const int added = static_cast<int>(doc.ruleset().unit_types.size()) - 1;
    history.perform(
        doc, std::make_unique<studio::SetUnitTypeText>(doc, added, studio::SetUnitTypeText::Field::Name, "Longbowmen"));
    history.perform(doc, std::make_unique<studio::SetUnitTypeAttribute>(doc, added, CounterFace::Front,
                                                                        attribute(doc, "range"), "4"));
    REQUIRE(doc.modified());
    doc.save();
    CHECK(!doc.modified());
    const std::string ruleset_after = text_of(ruleset_file);
    CHECK(ruleset_after != ruleset_before);
    // Only the unit types block changed: the header comments and the terrain are as written.
    CHECK(ruleset_after.substr(0, ruleset_after.find("unit_types:")) ==
          ruleset_before.substr(0, ruleset_before.find("unit_types:")));
    CHECK(ruleset_after.substr(ruleset_after.find("\nterrain:")) ==
          ruleset_before.substr(ruleset_before.find("\nterrain:")));

    const auto reopened = ScenarioDocument::open(file);
    const int i = reopened.ruleset().unit_type_index("new_type_1");
    REQUIRE(i >= 0);
    const auto& longbowmen = reopened.ruleset().unit_types[static_cast<std::size_t>(i)];
    CHECK(longbowmen.name == "Longbowmen");
    CHECK(longbowmen.front.values[static_cast<std::size_t>(attribute(reopened, "range"))] == 4);
    CHECK(load::unit_types_to_yaml(reopened.ruleset()) == load::unit_types_to_yaml(doc.ruleset()));
    CHECK(!reopened.modified());
}

TEST_CASE("a document whose unit types did not change leaves ruleset.yaml byte-identical", "[studio][unit_types]") {
    const std::string file = copy_project();
    const std::string ruleset_file = ruleset_file_of(file);
    const std::string original = text_of(ruleset_file);
    const auto written_at = fs::last_write_time(ruleset_file);
    auto doc = ScenarioDocument::open(file);
    studio::EditHistory history;
    history.perform(
        doc, std::make_unique<studio::SetUnitTypeAttribute>(doc, 0, CounterFace::Front, attribute(doc, "combat"), 9));
    history.undo(doc);
    CHECK(!doc.modified());
    // A scenario edit is saved, the ruleset is not touched.
    history.perform(doc, std::make_unique<studio::MoveUnit>(doc, 0, doc.scenario().map.grid.from_offset({0, 0})));
    doc.save();
    CHECK(text_of(ruleset_file) == original);
    CHECK(fs::last_write_time(ruleset_file) == written_at);
}

TEST_CASE("a failed ruleset save leaves ruleset.yaml intact and the document modified", "[studio][unit_types]") {
    const std::string file = copy_project();
    const std::string ruleset_file = ruleset_file_of(file);
    const std::string original = text_of(ruleset_file);
    auto doc = ScenarioDocument::open(file);
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::AddUnitType>(doc));
    load::FileOps ops = load::real_file_ops();
    ops.rename = [](const std::string&, const std::string&) { return false; };
    CHECK_THROWS_WITH(doc.save(ops), Catch::Contains("ruleset.yaml: cannot replace the file"));
    CHECK(text_of(ruleset_file) == original);
    CHECK(doc.modified());
}

TEST_CASE("attribute values a ruleset does not allow are refused with a designer's message", "[studio][unit_types]") {
    auto doc = ScenarioDocument::open(copy_project());
    const int spearmen = type_index(doc, "spearmen"), leader = type_index(doc, "leader");
    using studio::SetUnitTypeAttribute;
    CHECK_THROWS_AS(SetUnitTypeAttribute(doc, spearmen, CounterFace::Front, attribute(doc, "combat"), "120"),
                    std::invalid_argument);
    CHECK_THROWS_WITH(SetUnitTypeAttribute(doc, spearmen, CounterFace::Front, attribute(doc, "combat"), "120"),
                      "Combat of Spearmen must be between 0 and 99, not 120");
    CHECK_THROWS_WITH(SetUnitTypeAttribute(doc, spearmen, CounterFace::Front, attribute(doc, "combat"), "four"),
                      "Combat of Spearmen must be a whole number between 0 and 99, not 'four'");
    CHECK_THROWS_WITH(SetUnitTypeAttribute(doc, spearmen, CounterFace::Front, attribute(doc, "archery"), -1),
                      "Archery of Spearmen must be between 0 and 6, not -1");
    CHECK_THROWS_WITH(SetUnitTypeAttribute(doc, spearmen, CounterFace::Back, attribute(doc, "dot"), "dotted"),
                      "Back Dot of Spearmen must be one of none, solid, open, not 'dotted'");
    CHECK_THROWS_WITH(SetUnitTypeAttribute(doc, spearmen, CounterFace::Front, attribute(doc, "cavalry"), "maybe"),
                      "Cavalry of Spearmen must be true or false, not 'maybe'");
    CHECK_THROWS_WITH(SetUnitTypeAttribute(doc, leader, CounterFace::Back, attribute(doc, "leader"), "2"),
                      Catch::Contains("Leader has a single face"));
    CHECK_THROWS_AS(studio::SetUnitTypeText(doc, spearmen, studio::SetUnitTypeText::Field::Name, "  "),
                    std::invalid_argument);
    // Accepted forms: spaces around a number, yes/no for a flag, an enum word.
    CHECK_NOTHROW(SetUnitTypeAttribute(doc, spearmen, CounterFace::Front, attribute(doc, "combat"), " 7 "));
    CHECK_NOTHROW(SetUnitTypeAttribute(doc, spearmen, CounterFace::Front, attribute(doc, "cavalry"), "Yes"));
    CHECK_NOTHROW(SetUnitTypeAttribute(doc, spearmen, CounterFace::Back, attribute(doc, "dot"), "open"));
}

TEST_CASE("removing a unit type the scenario places is refused, naming the units", "[studio][unit_types]") {
    auto doc = ScenarioDocument::open(copy_project());
    const int spearmen = type_index(doc, "spearmen");
    CHECK_THROWS_AS(studio::RemoveUnitType(doc, spearmen), std::runtime_error);
    CHECK_THROWS_WITH(studio::RemoveUnitType(doc, spearmen),
                      Catch::StartsWith("Spearmen cannot be removed: the scenario sets up"));
    const auto& first = *std::find_if(doc.scenario().units.begin(), doc.scenario().units.end(),
                                      [&](const auto& u) { return u.type == spearmen; });
    CHECK_THROWS_WITH(studio::RemoveUnitType(doc, spearmen), Catch::Contains(first.name));
}

TEST_CASE("removing an unplaced unit type renumbers the units' types, saves and loads back", "[studio][unit_types]") {
    const std::string file = copy_project();
    auto doc = ScenarioDocument::open(file);
    const int removed = unplace_levies(doc);
    const std::string removed_id = doc.ruleset().unit_types[static_cast<std::size_t>(removed)].id;
    std::vector<std::string> unit_type_ids;
    for (const auto& u : doc.scenario().units)
        unit_type_ids.push_back(doc.ruleset().unit_types[static_cast<std::size_t>(u.type)].id);
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::RemoveUnitType>(doc, removed));
    CHECK(doc.ruleset().unit_type_index(removed_id) < 0);
    for (std::size_t i = 0; i < unit_type_ids.size(); ++i)
        CHECK(doc.ruleset().unit_types[static_cast<std::size_t>(doc.scenario().units[i].type)].id == unit_type_ids[i]);
    doc.save();
    const auto reopened = ScenarioDocument::open(file);
    CHECK(reopened.ruleset().unit_type_index(removed_id) < 0);
    CHECK(reopened.to_yaml() == doc.to_yaml());
}

TEST_CASE("a movement class the placed units could not stand in is refused", "[studio][unit_types]") {
    auto doc = ScenarioDocument::open(copy_project());
    // Find a foot unit standing where horses may not go, if the scenario has one.
    const auto& rs = doc.ruleset();
    const auto& map = doc.scenario().map;
    const int horse = rs.movement_class_index("horse");
    for (const auto& u : doc.scenario().units) {
        const auto& terrain =
            rs.terrain[static_cast<std::size_t>(map.terrain[static_cast<std::size_t>(map.grid.index(u.hex))])];
        if (terrain.cost[static_cast<std::size_t>(horse)]) continue;
        CHECK_THROWS_WITH(studio::SetUnitTypeMovementClass(doc, u.type, CounterFace::Front, horse),
                          Catch::Contains(u.name + " stands in " + terrain.name));
        return;
    }
    // Otherwise make one: paint swamp under a unit of a foot type.
    const int spearmen = type_index(doc, "spearmen");
    const auto& unit = *std::find_if(doc.scenario().units.begin(), doc.scenario().units.end(),
                                     [&](const auto& u) { return u.type == spearmen; });
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::PaintTerrain>(doc, rs.terrain_index("swamp"),
                                                                std::vector<geometry::Hex>{unit.hex}));
    CHECK_THROWS_WITH(studio::SetUnitTypeMovementClass(doc, spearmen, CounterFace::Front, horse),
                      Catch::StartsWith("Spearmen cannot move as horse: " + unit.name + " stands in Swamp at "));
}

TEST_CASE("a back face that moved like the front follows its class, one with its own class keeps it",
          "[studio][unit_types]") {
    auto doc = ScenarioDocument::open(copy_project());
    const auto& rs = doc.ruleset();
    const int spearmen = type_index(doc, "spearmen"), sergeants = type_index(doc, "mounted_sergeants");
    const int foot = rs.movement_class_index("foot"), horse = rs.movement_class_index("horse"),
              leader = rs.movement_class_index("leader");
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::SetUnitTypeMovementClass>(doc, spearmen, CounterFace::Front, leader));
    CHECK(rs.unit_types[static_cast<std::size_t>(spearmen)].back->movement_class == leader);
    history.perform(doc,
                    std::make_unique<studio::SetUnitTypeMovementClass>(doc, sergeants, CounterFace::Front, leader));
    CHECK(rs.unit_types[static_cast<std::size_t>(sergeants)].back->movement_class == horse);
    history.undo(doc);
    history.undo(doc);
    CHECK(rs.unit_types[static_cast<std::size_t>(spearmen)].back->movement_class == foot);
    CHECK(rs.unit_types[static_cast<std::size_t>(sergeants)].front.movement_class == foot);
}

TEST_CASE("taking away a back face turns units set up on it to their front, and undo turns them back",
          "[studio][unit_types]") {
    auto doc = ScenarioDocument::open(copy_project());
    const int spearmen = type_index(doc, "spearmen");
    const auto unit = std::find_if(doc.scenario().units.begin(), doc.scenario().units.end(),
                                   [&](const auto& u) { return u.type == spearmen; }) -
                      doc.scenario().units.begin();
    doc.edit().units[static_cast<std::size_t>(unit)].back = true;  // set up disordered
    const std::string before = state_of(doc);
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::SetUnitTypeBackFace>(doc, spearmen, false));
    CHECK(history.undo_name() == "Remove Back Face of Spearmen");
    CHECK(!doc.ruleset().unit_types[static_cast<std::size_t>(spearmen)].back);
    CHECK(!doc.scenario().units[static_cast<std::size_t>(unit)].back);
    doc.save();  // a scenario that loads: no unit stands on a face its type lacks
    CHECK(ScenarioDocument::open(doc.file()).to_yaml() == doc.to_yaml());
    history.undo(doc);
    CHECK(state_of(doc) == before);
}

TEST_CASE("a unit type's symbol is saved by its name, and only a symbol the loader knows is taken",
          "[studio][unit_types]") {
    const std::string file = copy_project();
    auto doc = ScenarioDocument::open(file);
    const int knights = type_index(doc, "knights");
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::SetUnitTypeText>(doc, knights, studio::SetUnitTypeText::Field::Symbol,
                                                                   "mounted_infantry"));
    CHECK_THROWS_WITH(studio::SetUnitTypeText(doc, knights, studio::SetUnitTypeText::Field::Symbol, "7"),
                      Catch::Contains("not a counter symbol"));
    doc.save();
    const std::string ruleset = text_of(doc.ruleset().where.file);
    CHECK(ruleset.find("id: knights, name: Knights, symbol: mounted_infantry") != std::string::npos);
    CHECK(load::load_scenario(file).ruleset->unit_types[static_cast<std::size_t>(knights)].symbol ==
          "mounted_infantry");
}
