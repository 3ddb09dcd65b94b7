// A skill trace (issue 23): the scenario played by the search bot at doubling
// budgets against greedy, from each side in turn, beside greedy against
// greedy; the search bot at each budget against itself at the budget before
// (half the look-aheads); and against itself at the same budget, for the
// first player's result at each strength. A side whose result climbs with the
// budget is won by skill; one that stays flat is decided by the dice or the
// scenario. The Balance Lab runs the steps one after another and charts the points.
#pragma once

#include "bots/batch.h"
#include "bots/batch_report.h"

#include <string>
#include <vector>

namespace sandtable::studio {

// The search bot's look-aheads per decision at each point of the trace.
inline constexpr int kTraceBudgets[] = {12, 25, 50, 100, 200};

// Who a side plays against: greedy, or the search bot at a budget.
struct TraceOpponent {
    int budget = 0;  // look-aheads per decision; 0: greedy
    bool is_greedy() const { return budget == 0; }
    friend bool operator==(const TraceOpponent&, const TraceOpponent&) = default;
};

struct SkillTraceStep {
    int budget = 0;  // look-aheads per decision; 0: greedy against greedy (the baseline)
    int side = -1;   // the side the search bot plays; -1 when every side plays alike
    TraceOpponent opponent;  // what plays the other sides
    bots::BatchSpec spec;
};

// The baseline first, then each budget from each side against greedy, then
// each budget but the first against the one before it, from each side, then
// each budget against itself; `base` gives the scenario, games and jobs.
std::vector<SkillTraceStep> skill_trace_steps(const bots::BatchSpec& base, std::size_t sides);

struct SkillTracePoint {
    int budget = 0;
    int side = 0;  // whose wins these are
    TraceOpponent opponent;
    std::uint64_t wins = 0, games = 0;
    double low = 0, high = 0;  // 95% Wilson interval, 0-1
    // Every side played by the same bot (greedy, or the search bot at one budget).
    bool equal_strength() const { return opponent.budget == budget; }
};

// A step's games as points: the search bot's side's wins (every side's, when every side plays alike: the baseline, a budget against itself).
std::vector<SkillTracePoint> trace_points(const SkillTraceStep& step, const bots::BatchResults& results);

// The trace as the report's text: per side, greedy's result and the search
// bot's at each budget against greedy, then against itself one budget weaker;
// then the first side's wins at equal strength, bot by bot.
std::string skill_trace_text(const std::vector<SkillTracePoint>& points, const std::vector<std::string>& side_names,
                             int first_side);

}  // namespace sandtable::studio
