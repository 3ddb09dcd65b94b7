// The balance lab's background batch: progress, stop, results.
#include "core/balance_run.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

using namespace sandtable;

namespace {
bots::BatchSpec wendle_fords(std::uint64_t games) {
    bots::BatchSpec s;
    s.scenario = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/bmw/wendle-fords.yaml";
    s.bots = {"random"};
    s.games = games;
    s.jobs = 2;
    return s;
}

void wait_for(const studio::BalanceRun& run) {
    for (int i = 0; i < 600 && !run.progress().finished; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    REQUIRE(run.progress().finished);
}
}  // namespace

TEST_CASE("a background batch runs to the end and gives its games", "[studio][balance]") {
    studio::BalanceRun run(wendle_fords(20));
    wait_for(run);
    const auto p = run.progress();
    CHECK(p.error.empty());
    CHECK(p.done == 20);
    CHECK(p.total == 20);
    const auto results = run.results();
    CHECK(results.games.size() == 20);
    CHECK(bots::report(results).find("Batch report: 20 games of ") == 0);
}

TEST_CASE("a background batch stops when asked, keeping what it finished", "[studio][balance]") {
    studio::BalanceRun run(wendle_fords(5000));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    run.stop();
    wait_for(run);
    const auto results = run.results();
    CHECK(results.games.size() < 5000);
    CHECK(run.progress().error.empty());
}

TEST_CASE("a background batch that cannot start says why", "[studio][balance]") {
    auto spec = wendle_fords(5);
    spec.scenario = "no-such-scenario.yaml";
    studio::BalanceRun run(spec);
    wait_for(run);
    CHECK(run.progress().error.find("no-such-scenario.yaml") != std::string::npos);
    CHECK(run.results().games.empty());
}
