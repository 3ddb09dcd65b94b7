// The Balance Lab's skill trace (issue 23): which games it plays, how each
// step's results become points, and the report's text.
#include "core/skill_trace.h"

#include <catch2/catch.hpp>

#include <iterator>

using namespace sandtable;
using studio::SkillTracePoint;
using studio::SkillTraceStep;

namespace {
bots::BatchSpec base_spec() {
    bots::BatchSpec spec;
    spec.scenario = "scenario.yaml";
    spec.games = 20;
    spec.jobs = 2;
    return spec;
}

bots::BatchResults results_with_winners(const std::vector<int>& winners) {
    bots::BatchResults results;
    results.header.sides = {"hesk", "wendlemark"};
    for (int w : winners) {
        bots::BatchGameResult g;
        g.winner = w;
        results.games.push_back(g);
    }
    return results;
}
}  // namespace

TEST_CASE("a skill trace plays greedy, each budget against greedy, then against the one before, then "
          "against itself",
          "[studio][skill_trace]") {
    const auto steps = studio::skill_trace_steps(base_spec(), 2);
    constexpr std::size_t budgets = std::size(studio::kTraceBudgets);
    REQUIRE(steps.size() == 1 + 2 * budgets + 2 * (budgets - 1) + budgets);

    CHECK(steps[0].budget == 0);
    CHECK(steps[0].spec.bots == std::vector<std::string>{"greedy"});

    // Against greedy: the search bot on one side, greedy on the other.
    CHECK(steps[1].budget == 12);
    CHECK(steps[1].side == 0);
    CHECK(steps[1].opponent.is_greedy());
    CHECK(steps[1].spec.bots == std::vector<std::string>{"mcts:iterations=12", "greedy"});
    CHECK(steps[2].spec.bots == std::vector<std::string>{"greedy", "mcts:iterations=12"});

    // Against itself one budget weaker: 25 against 12 first, from each side; 200 against 100 last.
    const SkillTraceStep& first_self = steps[1 + 2 * budgets];
    CHECK(first_self.budget == 25);
    CHECK(first_self.opponent.budget == 12);
    CHECK(first_self.spec.bots == std::vector<std::string>{"mcts:iterations=25", "mcts:iterations=12"});
    const SkillTraceStep& last_self = steps[2 * budgets + 2 * (budgets - 1)];
    CHECK(last_self.budget == 200);
    CHECK(last_self.side == 1);
    CHECK(last_self.spec.bots == std::vector<std::string>{"mcts:iterations=100", "mcts:iterations=200"});

    // At equal strength, for the first player's result: every side at the same budget.
    const SkillTraceStep& first_equal = steps[1 + 2 * budgets + 2 * (budgets - 1)];
    CHECK(first_equal.budget == 12);
    CHECK(first_equal.side == -1);
    CHECK(first_equal.spec.bots == std::vector<std::string>{"mcts:iterations=12", "mcts:iterations=12"});
    CHECK(steps.back().spec.bots == std::vector<std::string>{"mcts:iterations=200", "mcts:iterations=200"});

    for (const auto& s : steps) {
        CHECK(s.spec.games == 20);  // the Lab's games and jobs carry over to every step
        CHECK(s.spec.jobs == 2);
        CHECK(s.spec.scenario == "scenario.yaml");
    }
}

TEST_CASE("a skill trace step counts the search bot's side's wins with a Wilson interval",
          "[studio][skill_trace]") {
    const auto steps = studio::skill_trace_steps(base_spec(), 2);
    const SkillTraceStep& wendlemark_self = steps[steps.size() - 6];  // 200 as Wendlemark against 100
    REQUIRE(wendlemark_self.opponent.budget == 100);
    const auto points = studio::trace_points(wendlemark_self, results_with_winners({1, 1, 0, 1, -1}));
    REQUIRE(points.size() == 1);
    CHECK(points[0].side == 1);
    CHECK(points[0].wins == 3);
    CHECK(points[0].games == 5);
    CHECK(points[0].opponent.budget == 100);
    CHECK(points[0].low < 0.6);
    CHECK(points[0].high > 0.6);

    CHECK_FALSE(points[0].equal_strength());

    // The baseline gives a point for every side, draws counted for neither; so does a budget against itself.
    const auto baseline = studio::trace_points(steps.front(), results_with_winners({0, 0, 1, -1}));
    REQUIRE(baseline.size() == 2);
    CHECK(baseline[0].wins == 2);
    CHECK(baseline[1].wins == 1);
    CHECK(baseline[0].equal_strength());
    const auto equal = studio::trace_points(steps.back(), results_with_winners({0, 1, 0}));
    REQUIRE(equal.size() == 2);
    CHECK(equal[0].wins == 2);
    CHECK(equal[0].budget == 200);
    CHECK(equal[0].equal_strength());
}

TEST_CASE("the skill trace's text lists a side's results against greedy, then against itself, then the "
          "first player's at equal strength",
          "[studio][skill_trace]") {
    std::vector<SkillTracePoint> points;
    points.push_back({0, 1, {}, 3, 20, 0.05, 0.36});
    points.push_back({200, 1, {}, 11, 20, 0.34, 0.74});
    points.push_back({200, 1, {100}, 12, 20, 0.39, 0.78});
    points.push_back({0, 0, {}, 17, 20, 0.64, 0.95});
    points.push_back({200, 0, {200}, 13, 20, 0.43, 0.82});
    points.push_back({200, 1, {200}, 7, 20, 0.18, 0.57});
    const std::string text = studio::skill_trace_text(points, {"Hesk", "Wendlemark"}, 0);
    const auto wendlemark = text.find("Wendlemark\n");
    REQUIRE(wendlemark != std::string::npos);
    const auto greedy = text.find("greedy     3 of  20", wendlemark);
    const auto against_greedy = text.find("200       11 of  20", wendlemark);
    const auto heading = text.find("against itself at half the look-aheads", wendlemark);
    const auto against_self = text.find("200       12 of  20   60.0%", wendlemark);
    CHECK(greedy != std::string::npos);
    CHECK(against_greedy > greedy);
    CHECK(heading > against_greedy);
    CHECK(against_self > heading);
    CHECK(against_self != std::string::npos);
    CHECK(text.find("200        7 of  20") == std::string::npos);  // Wendlemark at equal strength: not its own line

    const auto first_player = text.find("First player: Hesk's wins with every side played alike");
    REQUIRE(first_player != std::string::npos);
    CHECK(first_player > against_self);
    const auto greedy_first = text.find("greedy    17 of  20   85.0%", first_player);
    const auto search_first = text.find("200       13 of  20   65.0%", first_player);
    CHECK(greedy_first != std::string::npos);
    CHECK(search_first > greedy_first);
    CHECK(search_first != std::string::npos);
}
