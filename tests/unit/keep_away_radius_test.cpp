// A movement phase's keep_away (regimental 2.0: a strategic move keeps this
// many hexes from every enemy) may be as large as a designer writes: a radius
// meant as "anywhere" must cost no more than the map, not a spiral of billions
// of hexes around each enemy, and play as a radius that just covers the map.
#include "bots/bot.h"
#include "bots/session.h"
#include "load/loader.h"
#include "rules/ruleset.h"

#include <catch2/catch.hpp>

#include <memory>
#include <string>

using namespace sandtable;

namespace {

const std::string kHillLine = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/regimental/hill_line.yaml";

load::LoadedGame with_keep_away(const load::LoadedGame& loaded, long long radius) {
    auto ruleset = std::make_shared<rules::Ruleset>(*loaded.ruleset);
    int changed = 0;
    for (auto& phase : ruleset->phases) {
        auto* options = std::get_if<rules::Param::Map>(&phase.options.value);
        if (!options || !options->count("keep_away")) continue;
        (*options)["keep_away"].value = radius;
        ++changed;
    }
    REQUIRE(changed > 0);  // the regimental strategic move has one
    load::LoadedGame out = loaded;
    out.ruleset = ruleset;
    return out;
}

std::uint64_t final_checksum(const load::LoadedGame& loaded, std::uint64_t seed) {
    bots::Session session(loaded, kHillLine, seed, {}, false);
    auto a = bots::make_bot("greedy", seed * 2 + 1), b = bots::make_bot("greedy", seed * 2 + 2);
    session.play({a.get(), b.get()});
    REQUIRE(session.game().over());
    return session.game().checksum();
}

}  // namespace

TEST_CASE("a keep_away far beyond the map plays as one that just covers it", "[movement][regimental]") {
    const load::LoadedGame loaded = load::load_scenario(kHillLine);
    const auto& grid = loaded.scenario->map.grid;
    // columns + rows is more than any distance on the map: every hex is within it of every enemy.
    const long long covering = grid.columns() + grid.rows();
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        INFO("seed " << seed);
        const std::uint64_t covered = final_checksum(with_keep_away(loaded, covering), seed);
        CHECK(final_checksum(with_keep_away(loaded, 100'000), seed) == covered);
        CHECK(final_checksum(with_keep_away(loaded, 2'000'000'000), seed) == covered);  // 3k(k+1) overflows
        CHECK(final_checksum(loaded, seed) != covered);  // the ruleset's own 2 hexes plays otherwise
    }
}
