// Rivers and roads drawn by dragging (issue 19): one stroke over hexsides,
// or from hex to hex, is one undo step; a stroke that begins on the feature
// takes it away.
#include "core/edit_commands.h"
#include "core/scenario_document.h"
#include "core/side_stroke.h"
#include "project_copies.h"

#include <catch2/catch.hpp>

#include <set>

using namespace sandtable;
using studio::ScenarioDocument;
using studio::SideRef;
using studio::SideStroke;

namespace {
// The north sides of a row of hexes, west to east: what a drag along a row's top edge passes over.
std::vector<SideRef> north_sides(const ScenarioDocument& doc, int row, int from, int count) {
    const auto& grid = doc.scenario().map.grid;
    std::vector<SideRef> sides;
    for (int c = from; c < from + count; ++c) {
        const geometry::Hex h = grid.from_offset({c, row});
        const geometry::Hex above = grid.from_offset({c, row - 1});
        sides.push_back({h, geometry::direction_to(h, above)});
    }
    return sides;
}

// Two sides meet end to end: they share one hex, and the other two hexes are neighbours.
bool touch(SideRef x, SideRef y) {
    const geometry::Hex xs[] = {x.first, geometry::neighbour(x.first, x.second)},
                        ys[] = {y.first, geometry::neighbour(y.first, y.second)};
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
            if (xs[i] == ys[j] && xs[1 - i] != ys[1 - j]) return geometry::distance(xs[1 - i], ys[1 - j]) == 1;
    return false;
}

int rivers_on(const ScenarioDocument& doc, const std::vector<SideRef>& sides, int river) {
    int n = 0;
    for (const auto& [h, d] : sides) n += doc.scenario().map.side_feature(h, d) == river;
    return n;
}
}  // namespace

TEST_CASE("a river dragged along a row is one line of hexsides, end to end, one edit and one undo", "[studio][map]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const int river = doc.ruleset().hexside_feature_index("river");
    // The pointer passes near the north side of 15 hexes in a row; on a flat-topped map those
    // do not meet, and the sides joining them are drawn too.
    const auto sides = north_sides(doc, 18, 1, 15);
    SideStroke stroke(doc.scenario().map, SideStroke::Kind::Hexsides, std::nullopt, sides.front());
    for (const auto& s : sides) {
        stroke.moved(std::nullopt, s);
        stroke.moved(std::nullopt, s);  // the pointer lingers: each side once
    }
    const auto drawn = stroke.sides();
    REQUIRE(drawn.size() >= 15);
    for (std::size_t i = 1; i < drawn.size(); ++i) CHECK(touch(drawn[i - 1], drawn[i]));
    const int feature = studio::stroke_feature(doc.scenario().map, SideStroke::Kind::Hexsides, drawn, river);
    CHECK(feature == river);
    studio::EditHistory history;
    history.perform(
        doc, std::make_unique<studio::SetHexsideLayer>(doc, studio::SetHexsideLayer::Layer::Feature, drawn, feature));
    CHECK(history.undo_name() == "Draw River (" + std::to_string(drawn.size()) + " hexsides)");
    CHECK(rivers_on(doc, drawn, river) == static_cast<int>(drawn.size()));
    history.undo(doc);
    CHECK(rivers_on(doc, drawn, river) == 0);
    // A stroke that begins on a river takes the river away.
    history.redo(doc);
    SideStroke again(doc.scenario().map, SideStroke::Kind::Hexsides, std::nullopt, sides[3]);
    for (std::size_t i = 3; i < 8; ++i) again.moved(std::nullopt, sides[i]);
    CHECK(studio::stroke_feature(doc.scenario().map, SideStroke::Kind::Hexsides, again.sides(), river) == -1);
}

TEST_CASE("a road dragged from hex to hex crosses the side between each and the next, jumps filled in",
          "[studio][map]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const auto& grid = doc.scenario().map.grid;
    const geometry::Hex start = grid.from_offset({2, 16});
    SideStroke stroke(doc.scenario().map, SideStroke::Kind::Path, start, std::nullopt);
    stroke.moved(grid.from_offset({3, 16}), std::nullopt);
    stroke.moved(grid.from_offset({7, 16}), std::nullopt);  // a fast drag: the hexes between are filled in
    const auto sides = stroke.sides();
    REQUIRE(sides.size() == 5);
    geometry::Hex at = start;
    for (const auto& [h, d] : sides) {
        CHECK(h == at);  // each step leaves the hex the last one entered
        at = geometry::neighbour(h, d);
    }
    CHECK(at == grid.from_offset({7, 16}));
    // A press on a side without leaving the hex lays the road across that side.
    SideStroke click(doc.scenario().map, SideStroke::Kind::Path, start, SideRef{start, 0});
    CHECK(click.sides() == std::vector<SideRef>{{start, 0}});
}

TEST_CASE("a river stroke leaves no spur beside its line", "[studio][map]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const auto sides = north_sides(doc, 18, 1, 6);
    SideStroke stroke(doc.scenario().map, SideStroke::Kind::Hexsides, std::nullopt, sides.front());
    for (const auto& s : sides) stroke.moved(std::nullopt, s);
    const auto line = stroke.sides();
    // The pointer wobbles onto a side that meets the line at one end only, then goes on.
    const geometry::Hex h = line[2].first;
    const SideRef beside{h, (line[2].second + 3) % 6};  // the far side of that hex: it does not join the line
    SideStroke wobbly(doc.scenario().map, SideStroke::Kind::Hexsides, std::nullopt, sides.front());
    for (std::size_t i = 0; i < sides.size(); ++i) {
        wobbly.moved(std::nullopt, sides[i]);
        if (i == 2) wobbly.moved(std::nullopt, beside);
    }
    const auto drawn = wobbly.sides();
    for (std::size_t i = 1; i + 1 < drawn.size(); ++i) {
        int joined = 0;  // each inner side meets the line at both its ends
        for (std::size_t j = 0; j < drawn.size(); ++j) joined += j != i && touch(drawn[i], drawn[j]);
        CHECK(joined >= 2);
    }
    CHECK(drawn.front() == line.front());
    CHECK(drawn.back() == line.back());
}
