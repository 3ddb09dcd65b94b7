// Every pairing of the shipped bots plays the shipped scenarios to a result,
// and the result does not depend on anything but the seed.
#include "bots/session.h"

#include <catch2/catch.hpp>

#include <string>

using namespace sandtable;

namespace {
kernel::GameResult play(const load::LoadedGame& loaded, const std::string& file, std::uint64_t seed,
                        const std::string& first, const std::string& second, std::uint64_t& checksum) {
    bots::Session session(loaded, file, seed, {}, false);
    auto a = bots::make_bot(first, seed * 2 + 1), b = bots::make_bot(second, seed * 2 + 2);
    session.play({a.get(), b.get()}, 100'000);
    checksum = session.game().checksum();
    return session.game().state().result;
}
}  // namespace

TEST_CASE("every bot pairing finishes the shipped BMW scenarios", "[bots]") {
    for (const char* name : {"wendle-fords.yaml", "skirmish.yaml"}) {
        const std::string file = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/bmw/" + name;
        const load::LoadedGame loaded = load::load_scenario(file);
        for (const auto& [first, second] :
             {std::pair{"random", "random"}, {"greedy", "greedy"}, {"random", "greedy"}, {"greedy", "random"}})
            for (std::uint64_t seed = 1; seed <= 4; ++seed) {
                INFO(name << " " << first << " against " << second << ", seed " << seed);
                std::uint64_t checksum = 0, again = 0;
                const auto result = play(loaded, file, seed, first, second, checksum);
                CHECK(result.over);
                CHECK(!result.reason.empty());
                CHECK(result.victory_points.size() == 2);
                play(loaded, file, seed, first, second, again);
                CHECK(checksum == again);
            }
    }
}

TEST_CASE("an unknown bot name is refused with the known names", "[bots]") {
    CHECK_THROWS_WITH(bots::make_bot("clever", 1), Catch::Contains("known: random, greedy, mcts"));
}
