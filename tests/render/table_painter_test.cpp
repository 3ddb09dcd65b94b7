// The tabletop drawn into an image, without a display: the table's cloth,
// a hill shaded darker for each level, a river at its width in cm, a unit's
// stands in its side's colour with its front edge dark, nothing drawn off
// the table.
#include "render/table_painter.h"

#include <catch2/catch.hpp>

#include <wx/image.h>

#include <memory>

using namespace sandtable;
namespace gt = geometry::tabletop;

namespace {
rules::Ruleset table_ruleset() {
    rules::Ruleset rs;
    rs.table.enabled = true;
    auto terrain = [&](const char* id, const char* colour, rules::TableTerrain::Shape shape, gt::AreaSight sight,
                       double width = 3) {
        rules::TerrainType t;
        t.id = t.name = id;
        t.color = colour;
        t.table.shape = shape;
        t.table.sight = sight;
        t.table.width = width;
        rs.terrain.push_back(t);
    };
    terrain("hill", "#c8b87a", rules::TableTerrain::Shape::Area, gt::AreaSight::Hill);
    terrain("river", "#3a78c8", rules::TableTerrain::Shape::Line, gt::AreaSight::Clear, 5);
    return rs;
}

rules::Scenario table_scenario() {
    rules::Scenario sc;
    sc.sides.push_back({});
    sc.sides.back().color = "#b03a2e";
    sc.table.map.width = 100;
    sc.table.map.depth = 60;
    auto hill = [&](int level, gt::Polygon outline) {
        gt::TerrainArea a;
        a.kind = "hill";
        a.sight = gt::AreaSight::Hill;
        a.level = level;
        a.outline = std::move(outline);
        sc.table.map.areas.push_back(a);
        sc.table.areas.push_back({0, {}, {}});
    };
    hill(1, {{5, 5}, {45, 5}, {45, 35}, {5, 35}});
    hill(2, {{15, 12}, {35, 12}, {35, 28}, {15, 28}});
    gt::TerrainLine river;
    river.kind = "river";
    river.line = {{{0, 50}, {100, 50}}, 5};
    sc.table.map.lines.push_back(river);
    sc.table.lines.push_back({1, {}});
    return sc;
}

struct Picture {
    wxImage image{400, 300};
    Picture(const rules::Ruleset& rs, const rules::Scenario& sc,
            const std::vector<studio::tabletop::UnitShape>& units) {
        image.SetRGB(wxRect(0, 0, 400, 300), 255, 255, 255);
        studio::MapView view;
        view.set_table(sc.table.map.width, sc.table.map.depth);
        view.fit(400, 300, 0);  // 4 px a cm, the table's corner at (0, 30)
        std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(image));
        REQUIRE(gc);
        studio::DrawOptions options;
        options.labels = false;  // text is the font's business
        studio::draw_table(*gc, view, rs, sc, options);
        studio::draw_table_units(*gc, view, sc, units);
    }
    wxColour at(int x, int y) const { return {image.GetRed(x, y), image.GetGreen(x, y), image.GetBlue(x, y)}; }
};

int brightness(const wxColour& c) { return c.Red() + c.Green() + c.Blue(); }
}  // namespace

TEST_CASE("the tabletop drawn: cloth, hills darker by level, a river at its width, stands in the side's colour",
          "[studio][render][tabletop]") {
    const auto rs = table_ruleset();
    const auto sc = table_scenario();
    studio::tabletop::UnitShape unit;
    unit.unit = 0;
    unit.side = 0;
    unit.facing = 0;
    unit.front_centre = {70, 20};
    unit.stands = {{{66, 22}, 8, 4, 0}, {{74, 22}, 8, 4, 0}};
    const Picture p(rs, sc, {unit});
    // Off the table (above it: 400 x 300 fitted to a 100 x 60 table leaves bands) nothing is painted.
    CHECK(p.at(200, 10) == wxColour(255, 255, 255));
    // The bare table (at 80, 40 cm; away from grid lines).
    const wxColour cloth = p.at(4 * 82 + 2, 30 + 4 * 42 + 2);
    CHECK(brightness(cloth) < 3 * 255);
    CHECK(cloth.Green() > cloth.Red());
    // Hills: the second level darker than the first, both darker than white.
    const wxColour level1 = p.at(4 * 8, 30 + 4 * 8), level2 = p.at(4 * 22, 30 + 4 * 22);
    CHECK(brightness(level2) < brightness(level1));
    CHECK(level1.Red() > level1.Blue());
    // The river: 5 cm wide is 20 px, blue near its middle (its middle is a grid line) and 8 px off it, not 14 px off.
    CHECK(p.at(4 * 72, 30 + 4 * 50 + 4).Blue() > 150);
    CHECK(p.at(4 * 72, 30 + 4 * 50 + 8).Blue() > 150);
    CHECK(p.at(4 * 72, 30 + 4 * 50 - 14) == cloth);
    // The unit: its side's red inside a stand, dark along its front edge.
    const wxColour stand = p.at(4 * 66 - 10, 30 + 4 * 22 + 4);
    CHECK(stand.Red() > 150);
    CHECK(stand.Blue() < 90);
    CHECK(brightness(p.at(4 * 66 - 10, 30 + 4 * 20)) < 150);
}
