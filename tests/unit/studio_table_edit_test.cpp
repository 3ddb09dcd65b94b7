// Editing a tabletop in the studio without a display: every table edit
// (areas, lines, units placed as formations, turned, moved, removed,
// objectives, the table's size) undone gives the identical document and
// redone the edited one; refused edits change nothing; the editor's tools
// (draw an area or a line point by point, place a unit turned with the
// wheel, select and drag, delete, the ruler) make those edits; a table
// saves and loads back; the lint checks units on the table, not on hexes;
// a ruleset whose unit types come with a house rule opens.
#include "core/tabletop_tools.h"
#include "core/project_issues.h"
#include "load/loader.h"
#include "studio_field_fixture.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>

using namespace sandtable::studio;
using namespace sandtable::studio::tabletop;
using Mode = TableTools::Mode;

namespace {
struct Field {
    ScenarioDocument doc = ScenarioDocument::open(sandtable::test::write_field_project());
    EditHistory history;
    int terrain(const std::string& id) const { return doc.ruleset().terrain_index(id); }
    // Performs an edit and checks that undo gives back the document as it
    // was and redo the document as edited.
    void round_trip(Edit edit, const std::string& name = {}) {
        REQUIRE(edit);
        const std::string before = doc.to_yaml();
        if (!name.empty()) CHECK(edit->name() == name);
        history.perform(doc, std::move(edit));
        const std::string after = doc.to_yaml();
        CHECK(after != before);
        history.undo(doc);
        CHECK(doc.to_yaml() == before);
        history.redo(doc);
        CHECK(doc.to_yaml() == after);
    }
};
}  // namespace

TEST_CASE("tabletop edits: each one undone gives the identical document, redone the edited one",
          "[studio][tabletop]") {
    Field f;
    const std::string original = f.doc.to_yaml();
    CHECK_FALSE(f.doc.modified());
    f.round_trip(add_area(f.doc, f.terrain("forest"), {{60, 5}, {75, 5}, {70, 20}}), "Draw Forest");
    CHECK(f.doc.scenario().table.map.areas.size() == 4);
    CHECK(f.doc.scenario().table.map.areas[3].sight == gt::AreaSight::Screen);
    CHECK(f.doc.scenario().table.areas[3].trees.empty());  // drawn as its outline
    f.round_trip(add_area(f.doc, f.terrain("hill"), {{90, 40}, {110, 40}, {110, 50}}, 3), "Draw Hill");
    CHECK(f.doc.scenario().table.map.areas[4].level == 3);
    f.round_trip(add_line(f.doc, f.terrain("road"), {{0, 30}, {60, 30}, {60, 30}, {120, 35}}), "Draw Road");
    const auto& road = f.doc.scenario().table.map.lines[1];
    CHECK(road.line.points.size() == 3);  // the repeated point is one
    CHECK(road.line.width == Approx(4));  // the terrain's width
    NewUnit n;
    n.type = 1;
    n.side = 1;
    n.front_centre = {80, 50};
    n.facing = 195;
    n.files = 2;
    n.figures = 9;
    f.round_trip(place_unit(f.doc, n), "Place Horse");
    const auto& placed = f.doc.scenario().units[2];
    CHECK(placed.id == "horse_1");
    CHECK(placed.table.facing == 195);
    CHECK(placed.table.files == 2);
    CHECK(placed.table.figures == 9);
    f.round_trip(turn_unit(f.doc, 2, 375), "Turn Horse to 15°");
    CHECK(f.doc.scenario().units[2].table.facing == 15);
    f.round_trip(set_unit_formation(f.doc, 2, 3, 6));
    f.round_trip(set_unit_position(f.doc, 2, "81.5, 49"));
    CHECK(f.doc.scenario().units[2].table.front_centre == gt::Point{81.5, 49});
    f.round_trip(add_objective(f.doc, {100, 20}, 7.5, 4), "Add Objective");
    f.round_trip(move_item(f.doc, {Hit::Area, 2}, {5, 5}), "Move Forest");
    CHECK(f.doc.scenario().table.areas[2].trees.front() == gt::Point{75, 15});  // the trees move with their wood
    CHECK(f.doc.scenario().table.map.areas[2].outline.front().x >= 75);
    f.round_trip(move_item(f.doc, {Hit::Line, 0}, {0, -10}), "Move River");
    f.round_trip(move_item(f.doc, {Hit::Unit, 0}, {1, 2}), "Move Red Foot");
    CHECK(f.doc.scenario().units[0].table.front_centre == gt::Point{31, 52});
    f.round_trip(move_item(f.doc, {Hit::Objective, 0}, {-10, 0}));
    f.round_trip(remove_item(f.doc, {Hit::Area, 0}), "Delete Hill");
    CHECK(f.doc.scenario().table.areas.size() == f.doc.scenario().table.map.areas.size());
    f.round_trip(remove_item(f.doc, {Hit::Line, 1}), "Delete Road");
    f.round_trip(remove_item(f.doc, {Hit::Unit, 1}), "Delete Blue Horse");
    f.round_trip(remove_item(f.doc, {Hit::Objective, 1}), "Delete Objective");
    f.round_trip(resize_table(f.doc, 150, 90), "Resize Table");
    CHECK(f.doc.scenario().table.map.width == 150);
    CHECK(f.doc.modified());
    while (f.history.can_undo()) f.history.undo(f.doc);
    CHECK(f.doc.to_yaml() == original);
    CHECK_FALSE(f.doc.modified());
}

TEST_CASE("tabletop edits: refused edits say why and change nothing", "[studio][tabletop]") {
    Field f;
    const std::string before = f.doc.to_yaml();
    const int forest = f.terrain("forest"), river = f.terrain("river");
    CHECK_THROWS_WITH(add_area(f.doc, forest, {{1, 1}, {5, 5}}), Catch::Contains("at least three points"));
    CHECK_THROWS_WITH(add_area(f.doc, forest, {{1, 1}, {5, 5}, {9, 9}}), Catch::Contains("encloses no area"));
    CHECK_THROWS_WITH(add_area(f.doc, river, {{1, 1}, {5, 1}, {5, 5}}), Catch::Contains("line feature"));
    CHECK_THROWS_WITH(add_line(f.doc, forest, {{1, 1}, {5, 1}}), Catch::Contains("is an area"));
    CHECK_THROWS_WITH(add_line(f.doc, river, {{1, 1}, {500, 1}}), Catch::Contains("off the 120 x 80 cm table"));
    NewUnit n;
    n.front_centre = {130, 10};
    CHECK_THROWS_WITH(place_unit(f.doc, n), Catch::Contains("off the"));
    n.front_centre = {10, 10};
    n.type = 7;
    CHECK_THROWS_WITH(place_unit(f.doc, n), Catch::Contains("no unit type"));
    CHECK_THROWS_WITH(set_unit_position(f.doc, 0, "north"), Catch::Contains("two numbers"));
    CHECK_THROWS_WITH(resize_table(f.doc, 90, 80), Catch::Contains("would be off a 90 x 80 cm table: move it first"));
    CHECK_THROWS_WITH(remove_item(f.doc, {Hit::Area, 9}), Catch::Contains("nothing is selected"));
    CHECK(f.doc.to_yaml() == before);
    // A move is cut short at the table's edge: the hill's west edge is 10 cm from it.
    CHECK(allowed_offset(f.doc.scenario().table.map, item_points(f.doc.scenario(), {Hit::Area, 0}), {-50, 3}).x ==
          Approx(-10));
    f.history.perform(f.doc, move_item(f.doc, {Hit::Area, 0}, {-50, 0}));
    CHECK(f.doc.scenario().table.map.areas[0].outline.front() == gt::Point{0, 10});
    CHECK_THROWS_WITH(move_item(f.doc, {Hit::Area, 0}, {-5, 0}), Catch::Contains("edge"));
}

TEST_CASE("tabletop tools: an area drawn point by point closes on a double click, a line ends on Enter",
          "[studio][tabletop]") {
    Field f;
    TableTools tools;
    tools.set_mode(Mode::Area, f.terrain("forest"));
    for (gt::Point p : {gt::Point{60, 5}, gt::Point{75, 5}, gt::Point{70, 20}}) {
        CHECK(tools.press(f.doc, p, 0.5).handled);
        CHECK_FALSE(tools.release(f.doc, p));
    }
    tools.press(f.doc, {70, 20}, 0.5);  // a double click's second press adds no point
    CHECK(tools.draft().size() == 3);
    tools.move(f.doc, {66, 12});
    CHECK(tools.hover() == gt::Point{66, 12});
    Edit area = tools.double_click(f.doc);
    REQUIRE(area);
    CHECK(area->name() == "Draw Forest");
    CHECK(tools.draft().empty());
    f.history.perform(f.doc, std::move(area));
    CHECK(f.doc.scenario().table.map.areas.back().outline.size() == 3);
    // Too few points: the draft stays, with the reason.
    tools.press(f.doc, {1, 70}, 0.5);
    CHECK_FALSE(tools.double_click(f.doc));
    CHECK(tools.take_message().find("three points") != std::string::npos);
    CHECK(tools.draft().size() == 1);
    CHECK(tools.key(f.doc, TableTools::Key::Escape).handled);
    CHECK(tools.draft().empty());
    // A line; Backspace takes back a point; a point off the table is kept on it.
    tools.set_mode(Mode::Line, f.terrain("road"));
    tools.press(f.doc, {0, 30}, 0.5);
    tools.press(f.doc, {40, 35}, 0.5);
    tools.press(f.doc, {80, 20}, 0.5);
    CHECK(tools.key(f.doc, TableTools::Key::Backspace).handled);
    tools.press(f.doc, {130, 30}, 0.5);
    CHECK(tools.draft().back() == gt::Point{120, 30});
    CHECK(tools.hint(f.doc).find("3 points") != std::string::npos);
    auto line = tools.key(f.doc, TableTools::Key::Enter);
    REQUIRE(line.edit);
    CHECK(line.edit->name() == "Draw Road");
    f.history.perform(f.doc, std::move(line.edit));
    CHECK(f.doc.scenario().table.map.lines.back().line.points == std::vector<gt::Point>{{0, 30}, {40, 35}, {120, 30}});
}

TEST_CASE("tabletop tools: a unit placed as a formation turns with the wheel, 15 degrees a notch and 1 with shift",
          "[studio][tabletop]") {
    Field f;
    TableTools tools;
    tools.set_mode(Mode::Place);
    tools.placing.type = 1;
    tools.placing.side = 0;
    tools.placing.files = 2;
    tools.placing.figures = 12;
    CHECK_FALSE(tools.placing_preview(f.doc.ruleset()));  // nowhere yet
    tools.move(f.doc, {60, 20});
    CHECK(tools.wheel(f.doc, {60, 20}, 1, false, 0.5).handled);
    CHECK(tools.wheel(f.doc, {60, 20}, 1, false, 0.5).handled);
    CHECK(tools.wheel(f.doc, {60, 20}, -1, true, 0.5).handled);
    CHECK(tools.placing.facing == 29);
    const auto preview = tools.placing_preview(f.doc.ruleset());
    REQUIRE(preview);
    CHECK(preview->stands.size() == 4);  // 12 figures, 3 a stand
    CHECK(preview->facing == 29);
    CHECK(preview->front_centre == gt::Point{60, 20});
    auto out = tools.press(f.doc, {60, 20}, 0.5);
    REQUIRE(out.edit);
    f.history.perform(f.doc, std::move(out.edit));
    const auto& u = f.doc.scenario().units.back();
    CHECK(u.type == 1);
    CHECK(u.table.facing == 29);
    CHECK(u.table.front_centre == gt::Point{60, 20});
    CHECK(u.table.figures == 12);
    CHECK(u.table.files == 2);
}

TEST_CASE("tabletop tools: select and drag moves a thing, Delete removes it, the wheel over a selected unit turns it",
          "[studio][tabletop]") {
    Field f;
    const std::string original = f.doc.to_yaml();
    TableTools tools;
    // A press on the bare table is not the tool's: the canvas pans.
    CHECK_FALSE(tools.press(f.doc, {110, 20}, 0.5).handled);
    CHECK_FALSE(tools.release(f.doc, {100, 20}));
    CHECK_FALSE(tools.selection());
    // A click selects without moving.
    CHECK(tools.press(f.doc, {30, 51}, 0.5).handled);
    CHECK(tools.selection() == Hit{Hit::Unit, 0});
    CHECK_FALSE(tools.release(f.doc, {30.1, 51}));
    // A drag moves it by what the mouse moved.
    tools.press(f.doc, {30, 51}, 0.5);
    tools.move(f.doc, {38, 46});
    CHECK(tools.drag_offset(f.doc.scenario()) == gt::Point{8, -5});
    Edit move = tools.release(f.doc, {40, 46});
    REQUIRE(move);
    f.history.perform(f.doc, std::move(move));
    CHECK(f.doc.scenario().units[0].table.front_centre == gt::Point{40, 45});
    // The wheel over it turns it; elsewhere it is the canvas's (zoom).
    auto turned = tools.wheel(f.doc, {40, 46}, -1, false, 0.5);
    REQUIRE(turned.edit);
    f.history.perform(f.doc, std::move(turned.edit));
    CHECK(f.doc.scenario().units[0].table.facing == 345);
    CHECK_FALSE(tools.wheel(f.doc, {110, 20}, 1, false, 0.5).handled);
    // The wood, dragged and deleted.
    tools.press(f.doc, {80, 15}, 0.5);
    CHECK(tools.selection() == Hit{Hit::Area, 2});
    f.history.perform(f.doc, tools.release(f.doc, {85, 20}));
    CHECK(f.doc.scenario().table.areas[2].trees.front() == gt::Point{75, 15});
    auto removed = tools.key(f.doc, TableTools::Key::Delete);
    REQUIRE(removed.edit);
    CHECK(removed.edit->name() == "Delete Forest");
    f.history.perform(f.doc, std::move(removed.edit));
    CHECK(f.doc.scenario().table.map.areas.size() == 2);
    CHECK_FALSE(tools.selection());
    // A selection undone away is let go.
    tools.press(f.doc, {60, 40}, 0.5);
    CHECK(tools.selection() == Hit{Hit::Objective, 0});
    tools.release(f.doc, {60, 40});
    f.history.perform(f.doc, remove_item(f.doc, {Hit::Objective, 0}));
    tools.document_changed(f.doc);
    CHECK_FALSE(tools.selection());
    while (f.history.can_undo()) f.history.undo(f.doc);
    CHECK(f.doc.to_yaml() == original);
}

TEST_CASE("tabletop tools: points and moves snap to the step, the ruler does not", "[studio][tabletop]") {
    Field f;
    TableTools tools;
    tools.snap = 0.5;
    tools.set_mode(Mode::Place);
    tools.placing.type = 0;
    tools.placing.figures = 2;
    tools.move(f.doc, {60.13, 20.38});
    CHECK(tools.hover() == gt::Point{60, 20.5});
    f.history.perform(f.doc, tools.press(f.doc, {60.13, 20.38}, 0.5).edit);
    CHECK(f.doc.scenario().units.back().table.front_centre == gt::Point{60, 20.5});
    tools.set_mode(Mode::Select);
    tools.press(f.doc, {30, 51}, 0.5);
    f.history.perform(f.doc, tools.release(f.doc, {33.2, 48.9}));
    CHECK(f.doc.scenario().units[0].table.front_centre == gt::Point{33, 48});  // moved by (3, -2), not (3.2, -2.1)
    tools.set_mode(Mode::Ruler);
    tools.press(f.doc, {10.13, 10}, 0.5);
    tools.move(f.doc, {20.13, 10});
    CHECK(tools.ruler()->first == gt::Point{10.13, 10});
    CHECK(tools.ruler()->second == gt::Point{20.13, 10});
}

TEST_CASE("tabletop tools: the ruler measures a drag in cm with its bearing, and the objective tool adds one",
          "[studio][tabletop]") {
    Field f;
    TableTools tools;
    tools.set_mode(Mode::Ruler);
    CHECK(tools.press(f.doc, {10, 10}, 0.5).handled);
    tools.move(f.doc, {40, 50});
    CHECK_FALSE(tools.release(f.doc, {40, 50}));
    const auto ruler = tools.ruler();
    REQUIRE(ruler);
    CHECK(ruler_reading(ruler->first, ruler->second).distance == Approx(50));
    CHECK(tools.hint(f.doc) == "Ruler: 50 cm · bearing 143° (SE)");
    tools.key(f.doc, TableTools::Key::Escape);
    CHECK_FALSE(tools.ruler());
    tools.set_mode(Mode::Objective);
    tools.objective_radius = 4;
    auto added = tools.press(f.doc, {90, 30}, 0.5);
    REQUIRE(added.edit);
    f.history.perform(f.doc, std::move(added.edit));
    CHECK(f.doc.scenario().objectives.back().table_at == gt::Point{90, 30});
    CHECK(f.doc.scenario().objectives.back().radius == 4);
}

TEST_CASE("tabletop: a table scenario saves atomically and loads back as edited", "[studio][tabletop]") {
    Field f;
    f.history.perform(f.doc, add_area(f.doc, f.terrain("building"), {{95, 20}, {103, 20}, {103, 26}, {95, 26}}, 2));
    f.history.perform(f.doc, add_line(f.doc, f.terrain("road"), {{0, 30}, {120, 35}}));
    NewUnit n;
    n.front_centre = {60, 10};
    n.facing = 90;
    n.files = 3;
    n.figures = 6;
    f.history.perform(f.doc, place_unit(f.doc, n));
    f.history.perform(f.doc, move_item(f.doc, {Hit::Area, 2}, {-5, 0}));
    f.doc.save();
    CHECK_FALSE(f.doc.modified());
    CHECK_FALSE(std::filesystem::exists(f.doc.file() + ".tmp"));
    const auto loaded = sandtable::load::load_scenario(f.doc.file());
    const auto& table = loaded.scenario->table;
    REQUIRE(table.map.areas.size() == 4);
    CHECK(table.map.areas[3].sight == gt::AreaSight::Building);
    CHECK(table.map.areas[3].level == 2);
    CHECK(table.areas[2].trees.front() == gt::Point{65, 10});  // the moved wood, still its trees
    REQUIRE(table.map.lines.size() == 2);
    CHECK(table.map.lines[1].line.width == Approx(4));
    REQUIRE(loaded.scenario->units.size() == 3);
    CHECK(loaded.scenario->units[2].table.facing == 90);
    CHECK(loaded.scenario->units[2].table.files == 3);
    CHECK(sandtable::load::scenario_to_yaml(*loaded.scenario, *loaded.ruleset) == f.doc.to_yaml());
}

TEST_CASE("tabletop: the project check reads units on the table, not on hexes", "[studio][tabletop]") {
    Field f;
    auto issues = lint(f.doc.ruleset(), f.doc.scenario());
    CHECK(issues.empty());
    // Stands over the edge: a warning; the front centre stays on the table.
    f.history.perform(f.doc, set_unit_position(f.doc, 1, "119, 70"));
    issues = lint(f.doc.ruleset(), f.doc.scenario());
    REQUIRE(issues.size() == 1);
    CHECK_FALSE(issues[0].error());
    CHECK(issues[0].message.find("over the table's edge") != std::string::npos);
    CHECK(issues[0].target.kind != IssueTarget::Kind::Hex);
}

TEST_CASE("tabletop: a scenario whose unit types come with a house rule opens, and they are the house rule's",
          "[studio][tabletop]") {
    auto doc = ScenarioDocument::open(sandtable::test::write_field_project_with_house_units());
    REQUIRE(doc.layers());
    CHECK(doc.ruleset().unit_types.size() == 2);
    CHECK(doc.layers()->origin_of_unit_type(doc.ruleset(), "foot") == 1);
    CHECK(doc.scenario().units.size() == 2);
}
