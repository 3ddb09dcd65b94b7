// The studio's tabletop without a window: centimetres to pixels and back,
// the centimetre grid, the ruler's distance and bearing, turning a facing,
// units as their stands (from the placements and from the kernel), hit
// testing of areas, lines, units and objectives, and the playtest's marks.
#include "core/tabletop_view.h"
#include "core/play_session.h"
#include "load/loader.h"
#include "studio_field_fixture.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace sandtable::studio;
using namespace sandtable::studio::tabletop;
using sandtable::kernel::ActionKind;

namespace {
struct Field {
    sandtable::load::LoadedGame loaded = sandtable::load::load_scenario(sandtable::test::write_field_project());
    const sandtable::rules::Ruleset& rs() const { return *loaded.ruleset; }
    const sandtable::rules::Scenario& sc() const { return *loaded.scenario; }
};

void check_near(gt::Point a, gt::Point b) {
    CHECK(a.x == Approx(b.x).margin(1e-9));
    CHECK(a.y == Approx(b.y).margin(1e-9));
}
}  // namespace

TEST_CASE(
    "tabletop view: the table fits the window, cm and pixels convert both ways, zoom keeps the point under the mouse",
    "[studio][tabletop]") {
    MapView view;
    view.set_table(120, 80);
    REQUIRE(view.on_tabletop());
    const auto b = view.map_bounds();
    CHECK(b.left == 0);
    CHECK(b.top == 0);
    CHECK(b.right == 120);
    CHECK(b.bottom == 80);
    view.fit(1220, 820, 10);  // 1200 x 800 inside the margins: 10 px a cm
    CHECK(view.scale() == Approx(10));
    const Point corner = to_pixel(view, {0, 0});
    CHECK(corner.x == Approx(10));
    CHECK(corner.y == Approx(10));
    const Point far = to_pixel(view, {120, 80});
    CHECK(far.x == Approx(1210));
    CHECK(far.y == Approx(810));
    check_near(to_cm(view, to_pixel(view, {37.5, 12.25})), {37.5, 12.25});
    // No hexes on a table.
    CHECK_FALSE(view.hex_at({300, 300}));
    CHECK_FALSE(view.side_at({300, 300}));
    // Zoom about a pixel: the cm under it stays there.
    const Point mouse{400, 300};
    const gt::Point under = to_cm(view, mouse);
    view.zoom(1.2, mouse);
    CHECK(view.scale() == Approx(12));
    check_near(to_cm(view, mouse), under);
    // A 5 m table still fits a small window: zoom goes below a pixel a cm.
    MapView wide;
    wide.set_table(500, 300);
    wide.fit(220, 160, 10);
    CHECK(wide.scale() == Approx(0.4));
    // Back on hexes, the table is forgotten.
    view.set_grid(nullptr);
    CHECK_FALSE(view.on_tabletop());
}

TEST_CASE("tabletop view: grid lines every 10 cm, strong every 50, labelled where there is room",
          "[studio][tabletop]") {
    const auto lines = grid_lines(120, 10);
    REQUIRE(lines.size() == 13);
    CHECK(lines.front().at == 0);
    CHECK(lines.back().at == 120);
    std::vector<double> majors;
    for (const auto& l : lines)
        if (l.major) majors.push_back(l.at);
    CHECK(majors == std::vector<double>{0, 50, 100});
    CHECK(std::all_of(lines.begin(), lines.end(), [](const GridLine& l) { return l.labelled; }));  // 100 px apart
    // 30 px apart: the light lines are drawn, only the strong ones labelled.
    const auto mid = grid_lines(125, 3);
    CHECK(mid.size() == 13);
    CHECK(std::all_of(mid.begin(), mid.end(), [](const GridLine& l) { return l.labelled == l.major; }));
    // 5 px apart: only the strong lines.
    const auto coarse = grid_lines(180, 0.5);
    REQUIRE(coarse.size() == 4);
    CHECK(coarse[3].at == 150);
    CHECK(grid_lines(0, 10).empty());
}

TEST_CASE("tabletop view: the ruler reads the distance in cm and the compass bearing", "[studio][tabletop]") {
    const auto r = ruler_reading({10, 10}, {13, 14});
    CHECK(r.distance == Approx(5));
    CHECK(r.bearing == Approx(143.1301).epsilon(1e-5));  // east 3, south 4: south-east
    CHECK(ruler_text(r) == "5 cm · bearing 143° (SE)");
    CHECK(ruler_reading({0, 10}, {0, 0}).bearing == Approx(0));    // north: y grows to the south
    CHECK(ruler_reading({0, 0}, {10, 0}).bearing == Approx(90));   // east
    CHECK(ruler_reading({10, 0}, {0, 0}).bearing == Approx(270));  // west
    CHECK(ruler_text(ruler_reading({0, 0}, {0, 42.44})) == "42.4 cm · bearing 180° (S)");
    CHECK(compass_point(350) == "N");
    CHECK(compass_point(11) == "N");
    CHECK(compass_point(12) == "NNE");
    CHECK(compass_point(315) == "NW");
    CHECK(cm_text(40) == "40 cm");
}

TEST_CASE("tabletop view: a facing turns 15 degrees a step, 1 with shift, and stays in 0-359", "[studio][tabletop]") {
    CHECK(turned_facing(0, 1, false) == 15);
    CHECK(turned_facing(0, -1, false) == 345);
    CHECK(turned_facing(350, 1, false) == 5);
    CHECK(turned_facing(10, 3, true) == 13);
    CHECK(turned_facing(0, -1, true) == 359);
    CHECK(turned_facing(720, 0, false) == 0);
}

TEST_CASE("tabletop view: units are drawn as their stands, as the kernel sets them up", "[studio][tabletop]") {
    Field f;
    const auto size = stand_size(f.rs(), 1);  // horse: 40 x 40 mm, three figures a stand
    CHECK(size.width == Approx(4));
    CHECK(size.depth == Approx(4));
    CHECK(size.figures_per_stand == 3);
    const auto shapes = scenario_shapes(f.rs(), f.sc());
    REQUIRE(shapes.size() == 2);
    // Red Foot: 7 figures two a stand, 4 stands in 2 files, facing north from (30, 50).
    const auto& foot = shapes[0];
    CHECK(foot.label == "Red Foot");
    CHECK(foot.side == 0);
    REQUIRE(foot.stands.size() == 4);
    CHECK(foot.figures.size() == 7);
    check_near(foot.stands[0].centre, {28, 51});
    check_near(foot.stands[1].centre, {32, 51});
    check_near(foot.stands[3].centre, {32, 53});
    CHECK(foot.stands[0].width == Approx(4));
    CHECK(foot.stands[0].depth == Approx(2));
    check_near(foot.stands[0].front_centre(), {28, 50});
    // Blue Horse: a column of two 4 x 4 stands facing west.
    const auto& horse = shapes[1];
    REQUIRE(horse.stands.size() == 2);
    check_near(horse.stands[0].centre, {102, 70});
    check_near(horse.stands[1].centre, {106, 70});
    CHECK(horse.figures.size() == 6);
    // The kernel has them in the same place at the start.
    sandtable::studio::PlaySession play(sandtable::load::load_scenario(f.sc().file), f.sc().file, 1,
                                        {Seat{true}, Seat{true}});
    const auto in_game = game_shapes(play.game());
    REQUIRE(in_game.size() == shapes.size());
    for (std::size_t u = 0; u < shapes.size(); ++u) {
        CHECK(in_game[u].unit == shapes[u].unit);
        CHECK(in_game[u].facing == shapes[u].facing);
        check_near(in_game[u].front_centre, shapes[u].front_centre);
        REQUIRE(in_game[u].stands.size() == shapes[u].stands.size());
        for (std::size_t s = 0; s < shapes[u].stands.size(); ++s)
            check_near(in_game[u].stands[s].centre, shapes[u].stands[s].centre);
        CHECK(in_game[u].figures.size() == shapes[u].figures.size());
    }
}

TEST_CASE("tabletop view: hit testing finds what is drawn on top", "[studio][tabletop]") {
    Field f;
    const auto shapes = scenario_shapes(f.rs(), f.sc());
    const double tol = 0.5;
    CHECK(hit_at(f.sc(), shapes, {30, 25}, tol) == Hit{Hit::Area, 1});  // the level 2 hill sits on the level 1
    CHECK(hit_at(f.sc(), shapes, {12, 12}, tol) == Hit{Hit::Area, 0});
    CHECK(hit_at(f.sc(), shapes, {80, 15}, tol) == Hit{Hit::Area, 2});    // inside the hull of the wood's trees
    CHECK(hit_at(f.sc(), shapes, {60, 62.4}, tol) == Hit{Hit::Line, 0});  // the river is 5 cm wide
    CHECK_FALSE(hit_at(f.sc(), shapes, {60, 63.5}, tol));
    CHECK(hit_at(f.sc(), shapes, {30, 51}, tol) == Hit{Hit::Unit, 0});
    CHECK(hit_at(f.sc(), shapes, {34.3, 51}, tol) == Hit{Hit::Unit, 0});  // within the tolerance of its base
    CHECK(hit_at(f.sc(), shapes, {107.9, 71}, tol) == Hit{Hit::Unit, 1});
    CHECK(hit_at(f.sc(), shapes, {60, 40}, tol) == Hit{Hit::Objective, 0});    // its marker
    CHECK(hit_at(f.sc(), shapes, {65, 40}, tol) == Hit{Hit::Objective, 0});    // its ring
    CHECK(hit_at(f.sc(), shapes, {62.5, 41}, tol) == Hit{Hit::Objective, 0});  // inside it, nothing else there
    CHECK_FALSE(hit_at(f.sc(), shapes, {110, 20}, tol));
    CHECK(hit_name(f.rs(), f.sc(), {Hit::Area, 1}) == "Hill (level 2)");
    CHECK(hit_name(f.rs(), f.sc(), {Hit::Line, 0}) == "River");
    CHECK(hit_name(f.rs(), f.sc(), {Hit::Unit, 1}) == "Blue Horse");
    CHECK(hit_name(f.rs(), f.sc(), {Hit::Objective, 0}) == "Objective Cross");
    // Hills are drawn from the lowest level up, whatever the file's order.
    auto map = f.sc().table.map;
    std::swap(map.areas[0], map.areas[1]);
    CHECK(area_draw_order(map) == std::vector<int>{1, 0, 2});
}

TEST_CASE(
    "tabletop view: a table game's playtest marks the unit whose order is written and the orders written, and a "
    "click on a unit offers its actions",
    "[studio][tabletop][play]") {
    Field f;
    sandtable::studio::PlaySession play(sandtable::load::load_scenario(f.sc().file), f.sc().file, 1,
                                        {Seat{true}, Seat{true}});
    const auto& game = play.game();
    REQUIRE(game.ruleset().table.enabled);
    REQUIRE(game.decision() == sandtable::kernel::DecisionKind::WriteOrders);
    const int unit = game.written_orders().next_unit();
    REQUIRE(unit >= 0);
    auto marks = decision_marks(game, -1);
    CHECK(std::any_of(marks.begin(), marks.end(),
                      [&](const UnitMark& m) { return m.unit == unit && m.kind == UnitMark::Selected; }));
    const auto offered = actions_for_unit(game, unit);
    REQUIRE_FALSE(offered.empty());
    CHECK(
        std::all_of(offered.begin(), offered.end(), [](const auto& a) { return a.kind() == ActionKind::WriteOrder; }));
    CHECK(actions_for_unit(game, 1 - unit).empty());  // the other side writes later
    // An advance written: the writer sees its arrow, the other side does not.
    const auto advance = std::find_if(offered.begin(), offered.end(), [](const auto& a) {
        return a.template get<sandtable::kernel::act::WriteOrder>().order.distance > 0;
    });
    REQUIRE(advance != offered.end());
    const int side = game.state().unit(unit).side;
    play.apply(*advance);
    marks = decision_marks(play.game(), side);
    const auto arrow = std::find_if(marks.begin(), marks.end(),
                                    [&](const UnitMark& m) { return m.kind == UnitMark::Order && m.unit == unit; });
    REQUIRE(arrow != marks.end());
    check_near(arrow->from, play.game().tabletop().position(unit));
    CHECK(gt::distance(arrow->from, arrow->to) == Approx(advance->get<sandtable::kernel::act::WriteOrder>().order.distance / 10.0));
    CHECK(gt::turn_between(advance->get<sandtable::kernel::act::WriteOrder>().order.bearing, gt::bearing_of(arrow->to - arrow->from)) == Approx(0).margin(1e-6));
    const auto others = decision_marks(play.game(), 1 - side);
    CHECK(std::none_of(others.begin(), others.end(), [](const UnitMark& m) { return m.kind == UnitMark::Order; }));
}

TEST_CASE("tabletop view: every unit still to be ordered is ringed, and a unit told to hold is named so",
          "[studio][tabletop][play]") {
    const std::string file = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/cady/hollins_farm.yaml";
    sandtable::studio::PlaySession play(sandtable::load::load_scenario(file), file, 1, {Seat{true}, Seat{true}});
    const auto& game = play.game();
    REQUIRE(game.decision() == sandtable::kernel::DecisionKind::WriteOrders);
    const int side = game.state().unit(game.written_orders().next_unit()).side;
    auto marks = decision_marks(game, side);
    int to_order = 0, ringed = 0;
    for (int u = 0; u < static_cast<int>(game.state().units.size()); ++u) {
        if (!game.written_orders().may_order_now(u)) continue;
        ++to_order;
        ringed += std::any_of(marks.begin(), marks.end(),
                              [&](const UnitMark& m) { return m.unit == u && m.kind == UnitMark::Selected; });
    }
    CHECK(to_order > 1);
    CHECK(ringed == to_order);
    const int unit = game.written_orders().next_unit();
    const auto standing = game.written_orders().menu(unit).front();  // the standing order: hold
    REQUIRE(standing.distance == 0);
    const sandtable::kernel::Action hold{sandtable::kernel::act::WriteOrder{unit, standing}};
    play.apply(hold);
    marks = decision_marks(play.game(), side);
    CHECK(std::any_of(marks.begin(), marks.end(),
                      [&](const UnitMark& m) { return m.unit == unit && m.label == "hold"; }));
}
