// Drawing a 100×100 hex map with terrain, rivers, roads and 200 counters,
// the whole map fitted into 1026×1199 pixels, offscreen, with the studio's
// own painter. Run under a display (make bench uses xvfb-run).
#include "core/map_view.h"
#include "load/loader.h"
#include "render/map_layer_cache.h"
#include "render/scenario_painter.h"

#include <benchmark/benchmark.h>
#include <wx/bitmap.h>
#include <wx/dcmemory.h>
#include <wx/app.h>
#include <wx/init.h>

#include <memory>

namespace {

using namespace sandtable;

// A large map made in code: every terrain, a river wandering across on
// hexsides, two roads, 200 counters of every type on both sides.
struct BigMap {
    std::shared_ptr<rules::Ruleset> ruleset;
    rules::Scenario scenario;

    BigMap() {
        ruleset =
            std::make_shared<rules::Ruleset>(load::load_ruleset(std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/bmw"));
        geometry::HexLayout layout = ruleset->layout;
        layout.label_digits = 3;
        auto& map = scenario.map;
        map.grid = geometry::HexGrid(layout, 100, 100);
        const std::size_t n = map.grid.size();
        map.terrain.assign(n, 0);
        map.elevation.assign(n, 0);
        map.sides.assign(n, {-1, -1, -1, -1, -1, -1});
        map.paths.assign(n, {-1, -1, -1, -1, -1, -1});
        map.hex_names.assign(n, {});
        std::uint64_t x = 88172645463325252ULL;
        auto next = [&x] {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            return x;
        };
        for (std::size_t i = 0; i < n; ++i)
            map.terrain[i] = next() % 4 == 0 ? static_cast<int>(next() % ruleset->terrain.size()) : 0;
        for (int col = 0; col < 100; ++col) {  // a river along the sides between rows 49 and 50
            const auto h = map.grid.from_offset({col, 49});
            map.set_side_feature(h, 5, 0);
        }
        for (int row = 0; row + 1 < 100; ++row) {  // a road down column 30 and column 70
            for (int col : {30, 70}) map.set_path_feature(map.grid.from_offset({col, row}), 5, 0);
        }
        scenario.sides = {{"a", "A", "#b03a2e", 0, 0, {}, {}}, {"b", "B", "#2e5fa8", 0, 0, {}, {}}};
        for (int u = 0; u < 200; ++u) {
            rules::UnitPlacement p;
            p.id = "u" + std::to_string(u);
            p.type = u % static_cast<int>(ruleset->unit_types.size());
            p.side = u % 2;
            p.hex = map.grid.from_offset({(u * 7) % 100, (u * 13) % 100});
            scenario.units.push_back(p);
        }
    }
};

// Everything drawn from nothing into the bitmap, as a window's first paint.
void redraw_fully(const BigMap& big, const studio::MapView& view, wxBitmap& bitmap) {
    wxMemoryDC dc(bitmap);
    dc.SetBackground(*wxWHITE_BRUSH);
    dc.Clear();
    std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
    studio::draw_map(*gc, view, *big.ruleset, big.scenario, studio::DrawOptions{});
    studio::draw_counters(*gc, view, *big.ruleset, big.scenario);
    gc.reset();  // flushes the drawing into the bitmap
    dc.SelectObject(wxNullBitmap);
}

void BM_FullRedraw(benchmark::State& state) {
    static const BigMap big;
    studio::MapView view(&big.scenario.map.grid);
    view.fit(1026, 1199);
    wxBitmap bitmap(1026, 1199, 24);
    for (auto _ : state) redraw_fully(big, view, bitmap);
}

// Zoomed in three times: hex labels and counter text show, and most of the
// map lies outside the window.
void BM_FullRedrawZoomedIn(benchmark::State& state) {
    static const BigMap big;
    studio::MapView view(&big.scenario.map.grid);
    view.fit(1026, 1199);
    view.zoom(3, {513, 600});
    wxBitmap bitmap(1026, 1199, 24);
    for (auto _ : state) redraw_fully(big, view, bitmap);
}

// A pan frame: the map layer from the cache, copied at a new offset, and the
// counters drawn on top.
void BM_PanFrameCached(benchmark::State& state) {
    static const BigMap big;
    studio::MapView view(&big.scenario.map.grid);
    view.fit(1026, 1199);
    wxBitmap bitmap(1026, 1199, 24);
    studio::MapLayerCache cache;
    int step = 0;
    for (auto _ : state) {
        wxMemoryDC dc(bitmap);
        dc.SetBackground(*wxWHITE_BRUSH);
        dc.Clear();
        view.pan((step++ % 2) ? 3 : -3, 0);
        cache.draw(dc, view, *big.ruleset, big.scenario, studio::DrawOptions{}, 1);
        std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
        studio::draw_counters(*gc, view, *big.ruleset, big.scenario);
        gc.reset();
        dc.SelectObject(wxNullBitmap);
    }
}

}  // namespace

BENCHMARK(BM_FullRedraw)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FullRedrawZoomedIn)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PanFrameCached)->Unit(benchmark::kMillisecond);

// A GUI application object, so wxWidgets initialises GTK (which needs a
// display: run under xvfb-run).
class BenchApp : public wxApp {
public:
    bool OnInit() override { return true; }
};
wxIMPLEMENT_APP_NO_MAIN(BenchApp);

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (!wxEntryStart(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    wxEntryCleanup();
    return 0;
}
