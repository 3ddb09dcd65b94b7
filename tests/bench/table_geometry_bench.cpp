// Tabletop geometry at the size of a big miniatures game: for every stand,
// the stands in base contact, found through the spatial index against a
// search of every pair; and lines of sight across a table with hills, woods
// and buildings.
#include "geometry/tabletop/index.h"
#include "geometry/tabletop/los.h"
#include "geometry/tabletop/stand.h"

#include <benchmark/benchmark.h>

#include <random>

namespace {

using namespace sandtable::geometry::tabletop;

std::vector<Stand> scattered_stands(int count) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> x(0, 360), y(0, 180), bearing(0, 360);
    std::vector<Stand> stands;
    for (int i = 0; i < count; ++i) stands.push_back({{x(rng), y(rng)}, 4, 2, bearing(rng)});
    return stands;
}

void BM_TableContactsBruteForce(benchmark::State& state) {
    const auto stands = scattered_stands(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        int contacts = 0;
        for (std::size_t i = 0; i < stands.size(); ++i)
            for (std::size_t j = i + 1; j < stands.size(); ++j) contacts += in_contact(stands[i], stands[j]);
        benchmark::DoNotOptimize(contacts);
    }
    state.counters["stands"] = static_cast<double>(stands.size());
}

void BM_TableContactsIndexed(benchmark::State& state) {
    const auto stands = scattered_stands(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        SpatialIndex index(360, 180, 10);
        for (std::size_t i = 0; i < stands.size(); ++i) index.insert(static_cast<int>(i), bounds(stands[i].corners()));
        int contacts = 0;
        for (std::size_t i = 0; i < stands.size(); ++i)
            for (int j : index.near(stands[i].centre, 4))
                if (j > static_cast<int>(i)) contacts += in_contact(stands[i], stands[static_cast<std::size_t>(j)]);
        benchmark::DoNotOptimize(contacts);
    }
    state.counters["stands"] = static_cast<double>(stands.size());
}

Polygon rectangle(double x0, double y0, double x1, double y1) { return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}; }

void BM_TableLineOfSight(benchmark::State& state) {
    TableMap map{360, 180, {}, {}};
    for (int i = 0; i < 6; ++i) {
        map.areas.push_back({"hill", rectangle(30 + 55 * i, 20, 60 + 55 * i, 60), AreaSight::Hill, 1});
        map.areas.push_back({"forest", rectangle(40 + 55 * i, 100, 70 + 55 * i, 130), AreaSight::Screen, 0, 3, false});
        map.areas.push_back({"building", rectangle(20 + 55 * i, 150, 28 + 55 * i, 158), AreaSight::Building, 2});
    }
    const auto stands = scattered_stands(200);
    for (auto _ : state) {
        int clear = 0;
        for (std::size_t i = 0; i < stands.size(); i += 2)
            clear += line_of_sight(map, {stands[i].centre}, {stands[i + 1].centre}).clear;
        benchmark::DoNotOptimize(clear);
    }
    state.SetItemsProcessed(state.iterations() * 100);
}

}  // namespace

BENCHMARK(BM_TableContactsBruteForce)->Arg(200)->Arg(800);
BENCHMARK(BM_TableContactsIndexed)->Arg(200)->Arg(800);
BENCHMARK(BM_TableLineOfSight);
