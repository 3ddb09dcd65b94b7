// The studio's document model without a display: edits undo to the identical
// document, saving round-trips, an unchanged file is written back byte for
// byte, and a failed save leaves the original file intact.
#include "core/edit_commands.h"
#include "core/map_resize.h"
#include "load/loader.h"
#include "project_copies.h"
#include "studio_free_hex.h"
#include "core/scenario_commands.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace sandtable;
using studio::ScenarioDocument;
namespace fs = std::filesystem;

namespace {
std::string copy_project() { return test::copy_bmw_project(); }

std::string text_of(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), {});
}
}  // namespace

TEST_CASE("every edit applied then undone gives the identical document", "[studio][document]") {
    auto doc = ScenarioDocument::open(copy_project());
    const std::string before = doc.to_yaml();
    const auto& grid = doc.scenario().map.grid;
    studio::EditHistory history;
    const int woods = doc.ruleset().terrain_index("woods"), river = doc.ruleset().hexside_feature_index("river");
    history.perform(doc,
                    std::make_unique<studio::PaintTerrain>(
                        doc, woods, std::vector<geometry::Hex>{grid.from_offset({0, 0}), grid.from_offset({1, 0})}));
    history.perform(doc, std::make_unique<studio::SetHexsideLayer>(doc, studio::SetHexsideLayer::Layer::Feature,
                                                                   grid.from_offset({5, 5}), 0, river));
    history.perform(doc, std::make_unique<studio::MoveUnit>(doc, 0, grid.from_offset({3, 3})));
    CHECK(doc.modified());
    CHECK(history.undo_name() ==
          "Move " + doc.scenario().units[0].name + " to " + grid.label(grid.from_offset({3, 3})));
    history.undo(doc);
    CHECK(history.undo_name() == "Draw River");
    history.undo(doc);
    CHECK(history.undo_name() == "Paint Woods");
    history.undo(doc);
    CHECK(!history.can_undo());
    CHECK(doc.to_yaml() == before);
    CHECK(!doc.modified());
    history.redo(doc);
    CHECK(doc.scenario().map.terrain[0] == woods);
    CHECK(history.redo_name() == "Draw River");
}

TEST_CASE("saving an edited scenario round-trips through the loader", "[studio][document]") {
    const std::string file = copy_project();
    auto doc = ScenarioDocument::open(file);
    const auto& grid = doc.scenario().map.grid;
    studio::EditHistory history;
    const int swamp = doc.ruleset().terrain_index("swamp");
    history.perform(doc, std::make_unique<studio::PaintTerrain>(
                             doc, swamp, std::vector<geometry::Hex>{grid.from_offset({31, 21})}));
    doc.save();
    CHECK(!doc.modified());
    const auto reloaded = ScenarioDocument::open(file);
    CHECK(reloaded.to_yaml() == doc.to_yaml());
    CHECK(reloaded.scenario().map.terrain[static_cast<std::size_t>(grid.index(grid.from_offset({31, 21})))] == swamp);
    CHECK(reloaded.scenario().units.size() == doc.scenario().units.size());
    CHECK(reloaded.scenario().map.paths == doc.scenario().map.paths);
    CHECK(reloaded.scenario().map.sides == doc.scenario().map.sides);
}

TEST_CASE("an unchanged scenario is written back byte for byte", "[studio][document]") {
    const std::string file = copy_project();
    const std::string original = text_of(file);
    auto doc = ScenarioDocument::open(file);
    doc.save();
    CHECK(text_of(file) == original);
    // An edit undone again is no change either.
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::MoveUnit>(doc, 0, doc.scenario().map.grid.from_offset({0, 0})));
    history.undo(doc);
    doc.save();
    CHECK(text_of(file) == original);
}

TEST_CASE("saving with nothing changed touches no file: no write, no rename", "[studio][document]") {
    const std::string file = copy_project();
    auto doc = ScenarioDocument::open(file);
    load::FileOps ops = load::real_file_ops();
    int renames = 0;
    const auto rename = ops.rename;
    ops.rename = [&](const std::string& from, const std::string& to) {
        ++renames;
        return rename(from, to);
    };
    doc.save(ops);
    CHECK(renames == 0);
    CHECK(doc.pending_files().empty());
    // A real change is written, once.
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::MoveUnit>(doc, 0, doc.scenario().map.grid.from_offset({0, 0})));
    doc.save(ops);
    CHECK(renames == 1);
}

TEST_CASE("a save whose rename fails leaves the original intact", "[studio][document]") {
    const std::string file = copy_project();
    const std::string original = text_of(file);
    auto doc = ScenarioDocument::open(file);
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::MoveUnit>(doc, 0, doc.scenario().map.grid.from_offset({0, 0})));
    load::FileOps ops = load::real_file_ops();
    ops.rename = [](const std::string&, const std::string&) { return false; };
    CHECK_THROWS_WITH(doc.save(ops), Catch::Contains("the original is unchanged"));
    CHECK(text_of(file) == original);
    CHECK(!fs::exists(file + ".tmp"));
    CHECK(doc.modified());  // still unsaved
}

TEST_CASE("work autosaved before a crash is recovered and saving clears the autosave", "[studio][document]") {
    const std::string file = copy_project();
    const std::string original = text_of(file);
    {
        auto doc = ScenarioDocument::open(file);
        studio::EditHistory history;
        history.perform(doc, std::make_unique<studio::MoveUnit>(doc, 0, doc.scenario().map.grid.from_offset({0, 0})));
        doc.autosave();
    }  // the studio "crashes": nothing saved
    CHECK(text_of(file) == original);
    REQUIRE(ScenarioDocument::has_newer_autosave(file));
    auto doc = ScenarioDocument::recover(file, ScenarioDocument::autosave_path(file));
    CHECK(doc.modified());
    CHECK(doc.scenario().units[0].hex == doc.scenario().map.grid.from_offset({0, 0}));
    doc.save();
    CHECK(!fs::exists(ScenarioDocument::autosave_path(file)));
    CHECK(ScenarioDocument::open(file).scenario().units[0].hex == doc.scenario().map.grid.from_offset({0, 0}));
}

TEST_CASE("a road laid across a hexside saves and undoes", "[studio][document]") {
    const std::string file = copy_project();
    auto doc = ScenarioDocument::open(file);
    const std::string before = doc.to_yaml();
    const auto& grid = doc.scenario().map.grid;
    const auto h = grid.from_offset({20, 20});
    studio::EditHistory history;
    const int road = doc.ruleset().path_feature_index("road");
    history.perform(doc,
                    std::make_unique<studio::SetHexsideLayer>(doc, studio::SetHexsideLayer::Layer::Path, h, 0, road));
    CHECK(history.undo_name() == "Lay Road");
    CHECK(doc.scenario().map.path_feature(sandtable::geometry::neighbour(h, 0), 3) == road);  // both hexes see it
    doc.save();
    CHECK(ScenarioDocument::open(file).scenario().map.path_feature(h, 0) == road);
    history.undo(doc);
    CHECK(doc.to_yaml() == before);
}

TEST_CASE("a CRT cell edited in the studio changes the odds and saves to its table file",
          "[studio][document][tables]") {
    const std::string file = copy_project();
    auto doc = ScenarioDocument::open(file);
    const std::string crt_file = doc.ruleset().odds_tables[0].where.file;
    const std::string crt_before = text_of(crt_file);
    const auto& crt = doc.ruleset().odds_tables[0];
    const int column = crt.column_for(13, 4);  // 3-1
    CHECK(crt.distribution(column).at("DL") == Approx(1.0 / 6));
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::SetTableCell>(doc, 0, 2, column, "DL"));  // roll 3: "-" becomes DL
    CHECK(history.undo_name() == "Edit Combat Results Table 3-1, roll 3");
    CHECK(doc.ruleset().odds_tables[0].distribution(column).at("DL") == Approx(2.0 / 6));
    CHECK(doc.modified());
    doc.save();
    CHECK(!doc.modified());
    const auto reloaded = load::load_ruleset(std::filesystem::path(crt_file).parent_path().parent_path().string());
    CHECK(reloaded.odds_tables[0].result(column, 3) == "DL");
    CHECK(reloaded.odds_tables[0].columns.size() == crt.columns.size());
    history.undo(doc);
    doc.save();
    CHECK(load::load_ruleset(std::filesystem::path(crt_file).parent_path().parent_path().string())
              .odds_tables[0]
              .result(column, 3) == "-");
    (void)crt_before;
}

#include "core/project_template.h"

TEST_CASE("a new project from the BMW template opens and plays", "[studio][project]") {
    const fs::path destination = fs::temp_directory_path() / ("sandtable-new-project-" + std::to_string(::getpid()));
    fs::remove_all(destination);
    const auto templates = studio::bundled_templates(SANDTABLE_SOURCE_DIR);
    REQUIRE(std::find(templates.begin(), templates.end(), "bmw") != templates.end());
    const std::string scenario =
        studio::create_project_from_template(SANDTABLE_SOURCE_DIR, "bmw", destination.string());
    CHECK(fs::exists(destination / "rulesets" / "bmw" / "ruleset.yaml"));
    CHECK(fs::exists(destination / "scripts" / "charges.lua"));
    CHECK(fs::exists(destination / "schemas" / "scenario.schema.json"));  // the files' $schema comments resolve
    auto doc = ScenarioDocument::open(scenario);                          // every relative path still holds
    CHECK(doc.scenario().units.size() > 0);
    CHECK_THROWS_WITH(studio::create_project_from_template(SANDTABLE_SOURCE_DIR, "bmw", destination.string()),
                      Catch::Contains("is not empty"));
    CHECK_THROWS_WITH(studio::create_project_from_template(SANDTABLE_SOURCE_DIR, "nope", (destination / "x").string()),
                      Catch::Contains("no bundled ruleset 'nope'"));
}

#include "core/brushes.h"

TEST_CASE("brushes cover one hex, a radius clipped to the map, or a flood fill of one terrain", "[studio][brush]") {
    auto doc = ScenarioDocument::open(copy_project());
    const auto& map = doc.scenario().map;
    const auto corner = map.grid.from_offset({0, 0}), middle = map.grid.from_offset({15, 10});
    CHECK(studio::brush_hexes(map, middle, studio::Brush::Single).size() == 1);
    CHECK(studio::brush_hexes(map, middle, studio::Brush::Radius1).size() == 7);
    CHECK(studio::brush_hexes(map, middle, studio::Brush::Radius2).size() == 19);
    CHECK(studio::brush_hexes(map, corner, studio::Brush::Radius1).size() < 7);  // clipped at the edge
    // A flood fill from a woods hex stays in that wood: every hex woods, all connected.
    const int woods = doc.ruleset().terrain_index("woods");
    int start = -1;
    for (int i = 0; i < static_cast<int>(map.grid.size()) && start < 0; ++i)
        if (map.terrain[static_cast<std::size_t>(i)] == woods) start = i;
    REQUIRE(start >= 0);
    const auto wood = studio::brush_hexes(map, map.grid.hex_at(start), studio::Brush::Fill);
    CHECK(wood.size() > 1);
    for (const auto h : wood) CHECK(map.terrain[static_cast<std::size_t>(map.grid.index(h))] == woods);
    // Painting the fill is one command that changes exactly those hexes.
    studio::EditHistory history;
    const int hill = doc.ruleset().terrain_index("hill");
    history.perform(doc, std::make_unique<studio::PaintTerrain>(doc, hill, wood));
    for (const auto h : wood) CHECK(doc.scenario().map.terrain[static_cast<std::size_t>(map.grid.index(h))] == hill);
    history.undo(doc);
    for (const auto h : wood) CHECK(doc.scenario().map.terrain[static_cast<std::size_t>(map.grid.index(h))] == woods);
}

TEST_CASE("resizing the map keeps what lies inside both sizes and refuses to drop units", "[studio][document]") {
    auto doc = ScenarioDocument::open(copy_project());
    const std::string before = doc.to_yaml();
    const auto old_river = doc.scenario().map.sides;
    studio::EditHistory history;
    history.perform(doc, studio::resize_map(doc, {40, 30}));
    const auto& map = doc.scenario().map;
    CHECK(map.grid.columns() == 40);
    CHECK(map.grid.rows() == 30);
    CHECK(map.terrain[static_cast<std::size_t>(map.grid.index(map.grid.from_offset({39, 29})))] ==
          0);  // new hexes: the first terrain
    // The river of the old map is still there, hexside for hexside.
    int rivers = 0;
    for (const auto& s : map.sides)
        for (auto f : s) rivers += f >= 0;
    int old_rivers = 0;
    for (const auto& s : old_river)
        for (auto f : s) old_rivers += f >= 0;
    CHECK(rivers == old_rivers);
    // The document loads back after a save at the new size.
    doc.save();
    const auto reloaded = load::load_scenario(doc.file());
    CHECK(reloaded.scenario->map.grid.columns() == 40);
    CHECK(reloaded.scenario->units.size() == doc.scenario().units.size());
    history.undo(doc);
    CHECK(doc.to_yaml() == before);
    // Shrinking past a unit is refused, naming it.
    CHECK_THROWS_WITH(studio::resize_map(doc, {5, 5}), Catch::Contains("move it first"));
    CHECK_THROWS_WITH(studio::resize_map(doc, {120, 10}), Catch::Contains("label digits"));
}

TEST_CASE("elevation painted in a stroke saves, loads back and undoes", "[studio][document]") {
    const std::string file = copy_project();
    auto doc = ScenarioDocument::open(file);
    const std::string before = doc.to_yaml();
    const auto& grid = doc.scenario().map.grid;
    const std::vector<sandtable::geometry::Hex> hill{grid.from_offset({3, 3}), grid.from_offset({4, 3})};
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::PaintElevation>(doc, 2, hill));
    CHECK(history.undo_name() == "Paint Elevation 2");
    doc.save();
    const auto reloaded = load::load_scenario(file);
    CHECK(reloaded.scenario->map.elevation[static_cast<std::size_t>(grid.index(hill[0]))] == 2);
    CHECK(reloaded.scenario->map.elevation[static_cast<std::size_t>(grid.index(grid.from_offset({5, 3})))] == 0);
    history.undo(doc);
    CHECK(doc.to_yaml() == before);
    CHECK_THROWS(studio::PaintElevation(doc, 12, hill));
}

TEST_CASE("a project folder lists its scenarios, and a folder without any says so", "[studio][project]") {
    const fs::path scenario = copy_project();
    const fs::path project = scenario.parent_path().parent_path().parent_path();
    const auto found = studio::project_scenarios(project.string());
    REQUIRE(found.size() == 2);
    CHECK(fs::path(found[0]).filename() == "skirmish.yaml");
    CHECK(fs::path(found[1]).filename() == "wendle-fords.yaml");
    CHECK_THROWS_WITH(studio::project_scenarios((project / "rulesets").string()), Catch::Contains("no scenario in"));
}

TEST_CASE("after a save in the studio's layout, issues point at the lines of the file as written",
          "[studio][document]") {
    const std::string file = copy_project();
    auto doc = ScenarioDocument::open(file);
    studio::EditHistory history;
    history.perform(doc, std::make_unique<studio::MoveUnit>(doc, 5, doc.scenario().map.grid.from_offset({0, 0})));
    doc.save();  // the scenario is rewritten: its comments go, lines move
    const std::string text = text_of(file);
    std::vector<std::string> lines{""};
    for (char c : text) {
        if (c == '\n')
            lines.emplace_back();
        else
            lines.back().push_back(c);
    }
    for (const auto& u : doc.scenario().units) {
        REQUIRE(u.where.line > 0);
        REQUIRE(static_cast<std::size_t>(u.where.line) < lines.size() + 1);
        CHECK(lines[static_cast<std::size_t>(u.where.line - 1)].find(u.id) != std::string::npos);
    }
}

TEST_CASE("resizing with the old map anchored in the middle moves units, objectives and terrain together, one undo",
          "[studio][document]") {
    auto doc = ScenarioDocument::open(copy_project());
    const std::string before = doc.to_yaml();
    const auto& old = doc.scenario().map.grid;
    const auto size = studio::anchored(old, old.columns() + 4, old.rows() + 4, 1, 1);  // two more on every side
    CHECK(size.shift_columns == 2);
    CHECK(size.shift_rows == 2);
    const auto unit_at = old.to_offset(doc.scenario().units[0].hex);
    const int terrain_at = doc.scenario().map.terrain[static_cast<std::size_t>(old.index(doc.scenario().units[0].hex))];
    studio::EditHistory history;
    history.perform(doc, studio::resize_map(doc, size));
    CHECK(history.undo_name() == "Resize Map to " + std::to_string(size.columns) + "x" + std::to_string(size.rows));
    const auto& grid = doc.scenario().map.grid;
    const auto now = grid.to_offset(doc.scenario().units[0].hex);
    CHECK(now.column == unit_at.column + 2);
    CHECK(now.row == unit_at.row + 2);
    CHECK(doc.scenario().map.terrain[static_cast<std::size_t>(grid.index(doc.scenario().units[0].hex))] == terrain_at);
    doc.save();
    CHECK(load::load_scenario(doc.file()).scenario->units.size() == doc.scenario().units.size());
    history.undo(doc);
    CHECK(doc.to_yaml() == before);
    // An odd shift across a flat-topped map's columns would bend it.
    CHECK_THROWS_WITH(studio::resize_map(doc, studio::MapSize{old.columns() + 1, old.rows(), 1, 0}),
                      Catch::Contains("two at a time"));
}

// The seventh walkthrough: two units of one type added one after the other were
// "Undo Add Heavy Foot" and "Redo Add Heavy Foot", the same words for two units.
TEST_CASE("undo and redo name the unit an edit adds, moves or removes, and where", "[studio][history]") {
    const std::string file = test::copy_bmw_project();
    auto doc = ScenarioDocument::open(file);
    const auto& grid = doc.scenario().map.grid;
    studio::EditHistory history;
    const geometry::Hex first = test::free_clear_hex(doc);
    history.perform(doc, studio::add_unit(doc, 0, 0, first));
    const std::string first_name = doc.scenario().units.back().name;
    const geometry::Hex second = test::free_clear_hex(doc);
    history.perform(doc, studio::add_unit(doc, 0, 0, second));
    const std::string second_name = doc.scenario().units.back().name;
    REQUIRE(first_name != second_name);
    CHECK(history.undo_name() == "Add " + second_name + " at " + grid.label(second));
    history.undo(doc);
    CHECK(history.redo_name() == "Add " + second_name + " at " + grid.label(second));
    CHECK(history.undo_name() == "Add " + first_name + " at " + grid.label(first));
    CHECK(history.undo_name() != history.redo_name());
    const int last = static_cast<int>(doc.scenario().units.size()) - 1;
    history.perform(doc, studio::remove_unit(doc, last));
    CHECK(history.undo_name() == "Remove " + first_name + " at " + grid.label(first));
}
