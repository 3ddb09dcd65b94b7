// A shipped scenario played by bots four ways (greedy against greedy, random
// against random, greedy against random both ways): each game must end with
// a result, and its replay must re-execute to the same final checksum.
#pragma once

#include "project_copies.h"

#include "bots/bot.h"
#include "bots/session.h"
#include "load/loader.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace sandtable::test {

inline void check_bot_games_end_and_replay(const std::string& scenario, const load::LoadedGame& loaded) {
    const std::vector<std::vector<std::string>> pairings{
        {"greedy", "greedy"}, {"random", "random"}, {"greedy", "random"}, {"random", "greedy"}};
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        const auto& names = pairings[seed - 1];
        bots::Session s(loaded, scenario, seed, {}, true);
        auto bots = bots::bots_for_game(names, 2, seed);
        s.play({bots[0].get(), bots[1].get()});
        INFO("seed " << seed << ": " << names[0] << " v " << names[1]);
        REQUIRE(s.game().over());
        CHECK(!s.game().state().result.reason.empty());
        const std::filesystem::path file = fresh_directory() / "replay.yaml";
        write_text(file, s.replay_yaml(file.string()));
        const auto check = bots::verify_replay(file.string());
        CHECK(check.ok);
        CHECK(check.final_checksum == s.game().checksum());
    }
}

}  // namespace sandtable::test
