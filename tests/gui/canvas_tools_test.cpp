// The map canvas hands the mouse, located on its board, to the tool in use,
// and pans with a press no tool takes (issue 22: one Tool interface for every
// canvas tool, a board view per kind of board); the hex brush visits every
// hex a fast drag passes over.
#include "app/hex_tools.h"
#include "app/map_canvas.h"
#include "gui_fixture.h"
#include "load/loader.h"

#include <catch2/catch.hpp>

#include <wx/frame.h>

#include <string>
#include <vector>

using namespace sandtable;
using namespace sandtable::studio;
using namespace sandtable::gui_test;

namespace {
std::string scenario_file(const std::string& path) { return std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/" + path; }

// Remembers what it was told and takes the presses it is told to.
struct RecordingTool : CanvasTool {
    bool take_press = false;
    std::vector<CanvasMouse> seen;
    bool mouse(const CanvasMouse& m, const MapView&) override {
        seen.push_back(m);
        return m.kind == CanvasMouse::Down && take_press;
    }
    bool saw(CanvasMouse::Kind kind) const {
        for (const auto& m : seen)
            if (m.kind == kind) return true;
        return false;
    }
};

void send(MapCanvas& canvas, wxEventType type, Point at) {
    wxMouseEvent e(type);
    e.m_x = static_cast<wxCoord>(at.x);
    e.m_y = static_cast<wxCoord>(at.y);
    e.m_leftDown = type == wxEVT_LEFT_DOWN || type == wxEVT_MOTION;
    e.SetEventObject(&canvas);
    canvas.ProcessWindowEvent(e);
}

struct CanvasOn {
    load::LoadedGame game;
    wxFrame* frame = new wxFrame(nullptr, wxID_ANY, "canvas", wxDefaultPosition, wxSize(800, 600));
    MapCanvas* canvas = new MapCanvas(frame);
    explicit CanvasOn(const std::string& scenario) : game(load::load_scenario(scenario_file(scenario))) {
        frame->Show();
        pump_for(20);
        canvas->set_scenario(game.ruleset.get(), game.scenario.get());
        canvas->fit();
    }
    ~CanvasOn() {
        frame->Destroy();
        pump_for(20);
    }
};
}  // namespace

TEST_CASE("Canvas: a hex map locates the mouse on a hex; a press no tool takes pans and comes back as a click",
          "[gui][canvas]") {
    RecordingTool tool;  // outlives the canvas that holds it
    CanvasOn on("bmw/wendle-fords.yaml");
    on.canvas->set_tool(&tool);
    const geometry::Hex target = on.game.scenario->units.front().hex;
    const Point at = on.canvas->view().centre(target);
    send(*on.canvas, wxEVT_LEFT_DOWN, at);
    send(*on.canvas, wxEVT_LEFT_UP, at);
    REQUIRE(tool.saw(CanvasMouse::Click));
    const CanvasMouse& click = tool.seen.back();
    CHECK(click.kind == CanvasMouse::Click);
    REQUIRE(click.hex);
    CHECK(*click.hex == target);
    CHECK(click.on_board);
}

TEST_CASE("Canvas: a tabletop locates the mouse in cm; a press the tool takes gets the drag and the release",
          "[gui][canvas]") {
    RecordingTool tool;
    CanvasOn on("cady/hollins_farm.yaml");
    tool.take_press = true;
    on.canvas->set_tool(&tool);
    const Point from = on.canvas->view().to_pixel({50, 40});
    const Point to = on.canvas->view().to_pixel({80, 60});
    send(*on.canvas, wxEVT_LEFT_DOWN, from);
    send(*on.canvas, wxEVT_MOTION, to);
    send(*on.canvas, wxEVT_LEFT_UP, to);
    REQUIRE(tool.seen.size() >= 3);
    CHECK(tool.seen[0].kind == CanvasMouse::Down);
    CHECK_FALSE(tool.seen[0].hex);
    CHECK(tool.seen[0].on_board);
    CHECK(tool.seen[0].cm.x == Approx(50).margin(0.5));
    CHECK(tool.seen[0].cm.y == Approx(40).margin(0.5));
    CHECK(tool.seen[1].kind == CanvasMouse::Move);
    CHECK(tool.seen[1].pressed);
    CHECK(tool.seen.back().kind == CanvasMouse::Up);
    CHECK_FALSE(tool.saw(CanvasMouse::Click));  // a drag the tool took is not a click
}

TEST_CASE("Hex brush: a fast drag paints every hex between its samples, and the stroke ends once", "[gui][canvas]") {
    const auto game = load::load_scenario(scenario_file("bmw/wendle-fords.yaml"));
    const auto& grid = game.scenario->map.grid;
    MapView view(&grid);
    view.fit(800, 600);
    HexStrokeTool brush;
    std::vector<geometry::Hex> painted;
    int ends = 0;
    brush.on_hex = [&](geometry::Hex h) { painted.push_back(h); };
    brush.on_end = [&] { ++ends; };
    const geometry::Hex a = *grid.parse_label("0305"), b = *grid.parse_label("1105");
    CanvasMouse m;
    m.kind = CanvasMouse::Down;
    m.pixel = view.centre(a);
    m.hex = a;
    CHECK(brush.mouse(m, view));
    m.kind = CanvasMouse::Move;  // one jump of eight hexes
    m.pressed = true;
    m.pixel = view.centre(b);
    m.hex = b;
    CHECK(brush.mouse(m, view));
    m.kind = CanvasMouse::Up;
    CHECK(brush.mouse(m, view));
    REQUIRE(painted.size() >= 9);
    CHECK(painted.front() == a);
    CHECK(painted.back() == b);
    for (std::size_t i = 1; i < painted.size(); ++i) CHECK(geometry::distance(painted[i - 1], painted[i]) <= 1);
    CHECK(ends == 1);
}

TEST_CASE(
    "Hex brush: Esc during a stroke calls it off; the rest of the drag paints nothing and the stroke does not end",
    "[gui][canvas]") {
    const auto game = load::load_scenario(scenario_file("bmw/wendle-fords.yaml"));
    const auto& grid = game.scenario->map.grid;
    MapView view(&grid);
    view.fit(800, 600);
    HexStrokeTool brush;
    int painted = 0, ends = 0, cancels = 0;
    brush.on_hex = [&](geometry::Hex) { ++painted; };
    brush.on_end = [&] { ++ends; };
    brush.on_cancel = [&] { ++cancels; };
    CHECK_FALSE(brush.key(WXK_ESCAPE));  // no stroke: Esc is not the brush's
    const geometry::Hex a = *grid.parse_label("0305"), b = *grid.parse_label("0705");
    CanvasMouse m;
    m.kind = CanvasMouse::Down;
    m.pixel = view.centre(a);
    m.hex = a;
    brush.mouse(m, view);
    const int before = painted;
    CHECK(before > 0);
    CHECK(brush.key(WXK_ESCAPE));
    m.kind = CanvasMouse::Move;
    m.pressed = true;
    m.pixel = view.centre(b);
    m.hex = b;
    CHECK(brush.mouse(m, view));  // still the brush's drag, but it paints nothing
    m.kind = CanvasMouse::Up;
    brush.mouse(m, view);
    CHECK(painted == before);
    CHECK(cancels == 1);
    CHECK(ends == 0);
}

TEST_CASE("Hex hand: a press on a counter drags it to the hex released on; a press elsewhere is a click that pans",
          "[gui][canvas]") {
    const auto game = load::load_scenario(scenario_file("bmw/wendle-fords.yaml"));
    MapView view(&game.scenario->map.grid);
    wxFrame* frame = new wxFrame(nullptr, wxID_ANY, "hand");
    HexSelectTool hand(frame);
    hand.scenario = game.scenario.get();
    std::vector<geometry::Hex> clicked;
    int moved_unit = -1;
    geometry::Hex moved_to{};
    hand.on_click = [&](geometry::Hex h) { clicked.push_back(h); };
    hand.on_unit_moved = [&](int unit, geometry::Hex to) { moved_unit = unit, moved_to = to; };
    const auto& units = game.scenario->units;
    const geometry::Hex from = units.front().hex;
    geometry::Hex empty = *game.scenario->map.grid.parse_label("0101");
    for (const auto& u : units) REQUIRE(u.hex != empty);
    CanvasMouse m;
    m.kind = CanvasMouse::Down;
    m.hex = from;
    CHECK(hand.mouse(m, view));
    m.kind = CanvasMouse::Up;
    m.hex = empty;
    CHECK(hand.mouse(m, view));
    int top = -1;  // the last-listed unit in the hex is the one on top
    for (std::size_t i = 0; i < units.size(); ++i)
        if (units[i].hex == from) top = static_cast<int>(i);
    CHECK(moved_unit == top);
    CHECK(moved_to == empty);
    m.kind = CanvasMouse::Down;
    CHECK_FALSE(hand.mouse(m, view));  // nothing to drag: the canvas pans
    CHECK(clicked.size() == 2);
    frame->Destroy();
    pump_for(10);
}
