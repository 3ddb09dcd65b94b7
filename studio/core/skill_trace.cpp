#include "core/skill_trace.h"

#include <cstdio>
#include <iterator>

namespace sandtable::studio {

namespace {
std::string search_bot(int budget) { return "mcts:iterations=" + std::to_string(budget); }

// The search bot at `budget` as `side`, every other side played by `opponent`.
SkillTraceStep step_for(const bots::BatchSpec& base, std::size_t sides, int budget, std::size_t side,
                        TraceOpponent opponent) {
    SkillTraceStep step{budget, static_cast<int>(side), opponent, base};
    step.spec.bots.assign(sides, opponent.is_greedy() ? std::string("greedy") : search_bot(opponent.budget));
    step.spec.bots[side] = search_bot(budget);
    return step;
}
}  // namespace

std::vector<SkillTraceStep> skill_trace_steps(const bots::BatchSpec& base, std::size_t sides) {
    std::vector<SkillTraceStep> steps;
    SkillTraceStep baseline{0, -1, {}, base};
    baseline.spec.bots = {"greedy"};
    steps.push_back(baseline);
    for (int budget : kTraceBudgets)
        for (std::size_t side = 0; side < sides; ++side) steps.push_back(step_for(base, sides, budget, side, {}));
    for (std::size_t i = 1; i < std::size(kTraceBudgets); ++i)
        for (std::size_t side = 0; side < sides; ++side)
            steps.push_back(step_for(base, sides, kTraceBudgets[i], side, {kTraceBudgets[i - 1]}));
    for (int budget : kTraceBudgets) {
        SkillTraceStep equal = step_for(base, sides, budget, 0, {budget});
        equal.side = -1;
        steps.push_back(std::move(equal));
    }
    return steps;
}

std::vector<SkillTracePoint> trace_points(const SkillTraceStep& step, const bots::BatchResults& results) {
    std::vector<SkillTracePoint> points;
    const std::size_t sides = results.header.sides.size();
    for (std::size_t side = 0; side < sides; ++side) {
        if (step.side >= 0 && static_cast<int>(side) != step.side) continue;
        SkillTracePoint p{step.budget, static_cast<int>(side), step.opponent, 0, results.games.size(), 0, 0};
        for (const auto& g : results.games) p.wins += g.winner == static_cast<int>(side);
        std::tie(p.low, p.high) = bots::wilson_interval(p.wins, p.games);
        points.push_back(p);
    }
    return points;
}

namespace {
std::string point_line(const SkillTracePoint& p) {
    if (p.games == 0) return "  " + (p.budget == 0 ? std::string("greedy") : std::to_string(p.budget)) + "  stopped\n";
    char line[160];
    std::snprintf(line, sizeof line, "  %-8s %3llu of %3llu  %5.1f%%  (95%% CI %.1f-%.1f%%)\n",
                  p.budget == 0 ? "greedy" : std::to_string(p.budget).c_str(),
                  static_cast<unsigned long long>(p.wins), static_cast<unsigned long long>(p.games),
                  p.games ? 100.0 * static_cast<double>(p.wins) / static_cast<double>(p.games) : 0.0, 100 * p.low,
                  100 * p.high);
    return line;
}
}  // namespace

std::string skill_trace_text(const std::vector<SkillTracePoint>& points, const std::vector<std::string>& side_names,
                             int first_side) {
    std::string text = "Skill trace: wins of a side played by the search bot at each budget (look-aheads a "
                       "decision) against greedy; budget 0 is greedy against greedy. Then against the search "
                       "bot at half the budget\n";
    for (std::size_t side = 0; side < side_names.size(); ++side) {
        text += "\n" + side_names[side] + "\n";
        for (const auto& p : points)
            if (p.side == static_cast<int>(side) && p.opponent.is_greedy()) text += point_line(p);
        bool heading = false;
        for (const auto& p : points) {
            if (p.side != static_cast<int>(side) || p.opponent.is_greedy() || p.equal_strength()) continue;
            if (!heading) text += "  against itself at half the look-aheads:\n";
            heading = true;
            text += point_line(p);
        }
    }
    if (first_side < 0 || static_cast<std::size_t>(first_side) >= side_names.size()) return text;
    text += "\nFirst player: " + side_names[static_cast<std::size_t>(first_side)] +
            "'s wins with every side played alike (greedy, then the search bot at each budget)\n";
    for (const auto& p : points)
        if (p.side == first_side && p.equal_strength()) text += point_line(p);
    return text;
}

}  // namespace sandtable::studio
